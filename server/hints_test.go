package server_test

import (
	"encoding/json"
	"slices"
	"testing"

	"harbor"
	"harbor/game/gametest"
	"harbor/server"
)

// TestHintOverTheWire: a seated person asks "what would the computer do?"
// on the WebSocket and gets the move; only the host may switch hints, and
// with them off the request is refused as forbidden.
func TestHintOverTheWire(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	host, guest := e.person("Ana"), e.person("Bo")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": gametest.ID, "name": "Ana", "options": map[string]any{"size": 10}})
	id := lobby.ID
	if lobby.Hints {
		t.Fatal("hints on at a table of people only")
	}
	if lobby = host.must("POST", "/api/tables/"+id+"/bots", map[string]any{}); !lobby.Hints {
		t.Fatal("hints stay off with a computer player seated")
	}
	guest.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	guest.must("POST", "/api/tables/"+id+"/seat", map[string]any{"seat": -1})
	if err := guest.call("POST", "/api/tables/"+id+"/hints", map[string]any{"on": false}, nil); harbor.ErrorCode(err) != harbor.EForbidden {
		t.Fatalf("a guest switched hints: %v", err)
	}
	host.must("POST", "/api/tables/"+id+"/start", nil)
	ws := host.mustDial("table=" + id)
	f := ws.next("state")
	for !slices.Contains(f.State.Actors, 0) {
		f = ws.next("state")
	}
	ws.send("hint", f.V, struct{}{})
	// Everyone's log hears of the hint first, then the asker gets it.
	if note := ws.next("note"); !json.Valid(note.D) {
		t.Fatalf("note %s", note.D)
	}
	hint := ws.next("hint")
	var got struct{ Move json.RawMessage }
	if err := json.Unmarshal(hint.D, &got); err != nil || len(got.Move) == 0 {
		t.Fatalf("hint frame %s: %v", hint.D, err)
	}
	if off := host.must("POST", "/api/tables/"+id+"/hints", map[string]any{"on": false}); off.Hints {
		t.Fatal("the host could not switch hints off")
	}
	ws.send("hint", f.V, struct{}{})
	if err := errorOf(ws.next("error")); err.Code != harbor.EForbidden {
		t.Fatalf("hint with hints off: %+v", err)
	}
}
