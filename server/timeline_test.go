package server_test

import (
	"strings"
	"testing"

	"harbor"
	"harbor/game"
	"harbor/server"
	"harbor/table"
)

// TestTimelineOverTheWire: the host allows take-backs in the lobby; a move
// is taken back over the WebSocket; the finished game's replay answers at
// any move for members and the TV (not for strangers), an exported file
// replays without being stored, and "play on from here" opens a lobby.
func TestTimelineOverTheWire(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host := e.person("Ana")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 4}})
	id := lobby.ID
	if got := host.must("POST", "/api/tables/"+id+"/timeline", map[string]any{"undo": true}); !got.Undo || got.HideHands {
		t.Fatalf("the lobby after the timeline setting: %+v", got)
	}
	host.must("POST", "/api/tables/"+id+"/start", nil)
	w := host.mustDial("table=" + id)
	w.next("state")
	w.send("move", 0, map[string]any{"type": "take", "n": 3})
	if f := w.next("state"); f.V != 1 {
		t.Fatalf("version %d after a move", f.V)
	}
	// A take-back sent against any version but the table's is refused as
	// stale, and the move stands: the sender gets its view again (once a
	// version), still at version 1.
	for i, v := range []int{0, 2} {
		w.send("undo", v, map[string]any{})
		if err := errorOf(w.next("error")); err.Code != harbor.EStale {
			t.Fatalf("a take-back at version %d: %+v, want %s", v, err, harbor.EStale)
		}
		if i == 0 {
			if f := w.next("state"); f.V != 1 || len(f.State.Events) != 1 || f.State.Events[0].Type == "undo" {
				t.Fatalf("after a stale take-back: version %d, events %+v", f.V, f.State.Events)
			}
		}
	}
	w.send("undo", 1, map[string]any{})
	f := w.next("state")
	if f.V != 2 || len(f.State.Events) != 1 || f.State.Events[0].Type != "undo" {
		t.Fatalf("after the take-back: version %d, events %+v", f.V, f.State.Events)
	}
	w.send("undo", 2, map[string]any{})
	if err := errorOf(w.next("error")); err.Code != harbor.EConflict {
		t.Fatalf("a second take-back: %+v", err)
	}
	stranger := e.person("Eve")
	if err := stranger.call("GET", "/api/tables/"+id+"/replay?at=1", nil, nil); code(err) != harbor.EForbidden {
		t.Fatalf("a stranger's replay: %v", err)
	}
	if err := host.call("GET", "/api/tables/"+id+"/replay?at=1", nil, nil); code(err) != harbor.EConflict {
		t.Fatalf("a running game's replay: %v", err)
	}
	for v := 2; v < 6; v++ { // one token a move: four tokens end the game at version 6
		w.send("move", v, map[string]any{"type": "take", "n": 1})
		w.next("state")
	}
	var pos table.Position
	if err := host.call("GET", "/api/tables/"+id+"/replay?at=3&hands=1", nil, &pos); err != nil {
		t.Fatal(err)
	}
	if pos.At != 3 || pos.Total != 6 || len(pos.Seats) != 1 || pos.View.(map[string]any)["pile"] != float64(3) {
		t.Fatalf("replay at 3: %+v", pos)
	}
	if err := host.call("GET", "/api/tables/"+id+"/replay?at=x", nil, nil); code(err) != harbor.EInvalid {
		t.Fatalf("a replay at x: %v", err)
	}
	var tv server.TVReplay
	if err := stranger.call("GET", "/api/tv/"+lobby.TV+"/replay?at=2", nil, &tv); err != nil {
		t.Fatal(err)
	}
	if tv.At != 2 || tv.Seats != nil || tv.View.(map[string]any)["pile"] != float64(4) || tv.Table.ID != id {
		t.Fatalf("the TV's replay at 2 (after a move and its take-back): %+v", tv)
	}
	var doc game.Export
	if err := host.call("GET", "/api/tables/"+id+"/export", nil, &doc); err != nil {
		t.Fatal(err)
	}
	if err := stranger.call("POST", "/api/replay", map[string]any{"export": doc, "at": 6}, &pos); err != nil || pos.View.(map[string]any)["pile"] != float64(0) {
		t.Fatalf("an exported file's replay: %+v %v", pos, err)
	}
	doc.Moves[0].Move = []byte(`{"type":"take","n":9}`)
	err := stranger.call("POST", "/api/replay", map[string]any{"export": doc, "at": 1}, nil)
	if code(err) != harbor.EInvalid || !strings.Contains(err.Error(), "this game file does not replay") {
		t.Fatalf("a file that does not replay: %v", err)
	}
	for _, raw := range []string{"replay: move", "PILE-", "seat 0", "illegal_move"} {
		if strings.Contains(harbor.ErrorMessage(err), raw) {
			t.Fatalf("the refusal of a file that does not replay says %q: %v", raw, err)
		}
	}
	if err := stranger.call("POST", "/api/replay", map[string]any{"export": doc, "at": 7}, nil); code(err) != harbor.EInvalid || !strings.Contains(err.Error(), "moves 0 to 6") {
		t.Fatalf("a file's replay past its end: %v", err)
	}
	var forked table.LobbyView
	if err := host.call("POST", "/api/tables/"+id+"/fork", map[string]any{"at": 4}, &forked); err != nil {
		t.Fatal(err)
	}
	if forked.ID == id || forked.Status != table.Lobby || forked.ForkAt != 4 || !forked.Undo {
		t.Fatalf("the fork's lobby: %+v", forked)
	}
	host.must("POST", "/api/tables/"+forked.ID+"/start", nil)
	w2 := host.mustDial("table=" + forked.ID)
	if st := w2.next("state"); !strings.Contains(string(st.State.View), `"pile":2,`) || st.V != 0 {
		t.Fatalf("the fork starts with %s at version %d, want 2 tokens at 0", st.State.View, st.V)
	}
}

// TestPlayOnOverTheWire: Bo plays on from move 2 of a finished game of
// Ana, Bo and a computer player. Ana's page and the TV are told of the new
// table, where everyone has their old seat; the start waits for Ana to be
// ready, a seat left empty is refused in words, and the game then runs.
func TestPlayOnOverTheWire(t *testing.T) {
	e := newEnv(t, server.Limits{})
	ana, bo := e.person("Ana"), e.person("Bo")
	lobby := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 3}})
	id := lobby.ID
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	bo.must("POST", "/api/tables/"+id+"/ready", map[string]any{"ready": true})
	ana.must("POST", "/api/tables/"+id+"/bots", map[string]any{})
	aw, bw, tw := ana.mustDial("table="+id), bo.mustDial("table="+id), e.person("TV").mustDial("tv="+lobby.TV)
	ana.must("POST", "/api/tables/"+id+"/start", nil)
	aw.send("move", 0, map[string]any{"type": "take", "n": 1})
	for bw.next("state").V < 1 {
	}
	bw.send("move", 1, map[string]any{"type": "take", "n": 1})
	nextLobby(t, aw, func(l table.LobbyView) bool { return l.Status == table.Finished }) // the computer takes the last

	forked := bo.must("POST", "/api/tables/"+id+"/fork", map[string]any{"at": 2})
	for who, w := range map[string]*wsClient{"Ana": aw, "the TV": tw} {
		if l := nextLobby(t, w, func(l table.LobbyView) bool { return l.Next != "" }); l.Next != forked.ID || l.NextTV != forked.TV {
			t.Fatalf("%s was told of %s/%s, not %s/%s", who, l.Next, l.NextTV, forked.ID, forked.TV)
		}
	}
	seats := ana.must("GET", "/api/tables/"+forked.ID, nil).Seats
	if seats[0].Player != ana.id() || seats[1].Player != bo.id() || seats[2].Kind != table.Bot || forked.Host != bo.id() {
		t.Fatalf("the new table's seats %+v, host %s", seats, forked.Host)
	}
	if err := bo.call("POST", "/api/tables/"+forked.ID+"/start", nil, nil); code(err) != harbor.EConflict || !strings.Contains(err.Error(), "Ana is not ready") {
		t.Fatalf("start before Ana is ready: %v", err)
	}
	ana.must("POST", "/api/tables/"+forked.ID+"/seat", map[string]any{"seat": -1})
	err := bo.call("POST", "/api/tables/"+forked.ID+"/start", nil, nil)
	if code(err) != harbor.EConflict || !strings.Contains(err.Error(), "seat 1 is empty") {
		t.Fatalf("start with Ana's seat empty: %v", err)
	}
	ana.must("POST", "/api/tables/"+forked.ID+"/seat", map[string]any{"seat": 0})
	ana.must("POST", "/api/tables/"+forked.ID+"/ready", map[string]any{"ready": true})
	bo.must("POST", "/api/tables/"+forked.ID+"/start", nil)
	aw2 := ana.mustDial("table=" + forked.ID)
	if st := aw2.next("state"); !strings.Contains(string(st.State.View), `"pile":1,`) || st.State.Actors[0] != 2 {
		t.Fatalf("the new game starts with %s, waiting on %v; want 1 token, the computer on turn", st.State.View, st.State.Actors)
	}
}
