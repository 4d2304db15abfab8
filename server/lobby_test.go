package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/server"
	"harbor/sqlite"
	"harbor/table"
)

// lobbyOf decodes a lobby frame.
func lobbyOf(t *testing.T, f frame) table.LobbyView {
	t.Helper()
	var v table.LobbyView
	if err := json.Unmarshal(f.D, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestLobbyOverTheWire(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host, bo, cy := e.person("Ana"), e.person("Bo"), e.person("Cy")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana"})
	id := lobby.ID
	hw := host.mustDial("table=" + id)
	if l := lobbyOf(t, hw.next("lobby")); !l.Members[0].Online || l.Host != host.id() {
		t.Fatalf("host's first lobby %+v", l)
	}
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	if l := lobbyOf(t, hw.next("lobby")); len(l.Members) != 2 || l.Members[1].Online {
		t.Fatalf("after Bo joined: %+v", l.Members)
	}
	bw := bo.mustDial("table=" + id)
	if l := lobbyOf(t, hw.next("lobby")); !l.Members[1].Online {
		t.Fatalf("Bo connected but shows offline: %+v", l.Members)
	}
	l := bo.must("POST", "/api/tables/"+id+"/seat", map[string]any{"seat": 4, "color": "teal"})
	if l.Seats[4].Player != bo.id() || l.Seats[4].Color != "teal" || l.Seats[1].Kind != table.Empty {
		t.Fatalf("Bo moved to seat 4: %+v", l.Seats)
	}
	cy.must("POST", "/api/join", map[string]any{"code": lobby.Code, "name": "Cy"})
	cw := cy.mustDial("table=" + id)
	bo.must("POST", "/api/tables/"+id+"/ready", map[string]any{"ready": true})
	l = host.must("POST", "/api/tables/"+id+"/options", map[string]any{"options": map[string]int{"size": 10}, "turnSeconds": 0})
	if l.Seats[4].Ready || string(l.Options) != `{"size":10}` {
		t.Fatalf("changing the options keeps ready marks or loses the options: %+v", l)
	}
	if err := host.call("POST", "/api/tables/"+id+"/start", nil, nil); code(err) != harbor.EConflict {
		t.Fatalf("start with Bo and Cy not ready: %v", err)
	}
	host.must("POST", "/api/tables/"+id+"/kick", map[string]any{"player": cy.id()})
	if e := errorOf(cw.next("error")); e.Code != harbor.EForbidden {
		t.Fatalf("the removed person was told %+v", e)
	}
	if err := cy.call("POST", "/api/join", map[string]any{"code": lobby.Code, "name": "Cy"}, nil); code(err) != harbor.EForbidden {
		t.Fatalf("a removed person joined again: %v", err)
	}
	bo.must("POST", "/api/tables/"+id+"/ready", map[string]any{"ready": true})
	host.must("POST", "/api/tables/"+id+"/bots", map[string]any{"seat": 2})
	l = host.must("POST", "/api/tables/"+id+"/start", nil)
	if l.Status != table.Playing || len(l.Seats) != 3 || l.Seats[1].Kind != table.Bot || l.Seats[2].Player != bo.id() {
		t.Fatalf("started table %+v", l.Seats)
	}
	if s := bw.next("state"); s.State.Seat != 2 {
		t.Fatalf("Bo, in the third filled seat, plays seat %d", s.State.Seat)
	}

	if resp, err := host.http.Get(e.url + "/api/tv/" + lobby.TV + "/qr.png"); err != nil || resp.StatusCode != 403 {
		t.Fatalf("the TV code gave the invite's QR code after the start: %v %v", resp.Status, err)
	}
	for _, path := range []string{"/api/tables/" + id + "/qr.png"} {
		resp, err := host.http.Get(e.url + path)
		if err != nil {
			t.Fatal(err)
		}
		png, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Fatalf("%s: %s, %d bytes", path, resp.Status, len(png))
		}
	}
	// The removed person's connection is closed by the server, but its count
	// goes down only once its handler has returned: the metric is read until
	// it has, for at most ten seconds.
	for path, want := range map[string]string{"/healthz": `"ok":true`, "/metrics": "harbor_connections 2", "/t/" + id: "<title>Harbor", "/join/x": "<title>Harbor"} {
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			resp, err := host.http.Get(e.url + path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if strings.Contains(string(body), want) {
				break
			}
			if path != "/metrics" || time.Now().After(deadline) {
				t.Fatalf("%s does not contain %q: %.300s", path, want, body)
			}
		}
	}
	var games []game.Info
	if err := host.call("GET", "/api/games", nil, &games); err != nil || len(games) == 0 || games[len(games)-1].ID != "pile" {
		t.Fatalf("games %+v %v", games, err)
	}
}

func TestTurnTimer(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host, bo := e.person("Ana"), e.person("Bo")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "turnSeconds": 1, "options": map[string]int{"size": 40}})
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	bo.must("POST", "/api/tables/"+lobby.ID+"/ready", map[string]any{"ready": true})
	host.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	hw, bw := host.mustDial("table="+lobby.ID), bo.mustDial("table="+lobby.ID)
	var first struct{ Deadline int64 }
	json.Unmarshal(hw.next("state").D, &first)
	if wait := time.Until(time.UnixMilli(first.Deadline)); first.Deadline == 0 || wait > time.Second {
		t.Fatalf("the host's turn timer runs out in %v", wait)
	}
	// Ana does nothing: after a second a computer player stands in for her.
	f := bw.next("state")
	for f.V == 0 {
		f = bw.next("state")
	}
	if f.V != 1 || f.State.Actors[0] != 1 {
		t.Fatalf("after Ana's timer: version %d, actors %v", f.V, f.State.Actors)
	}
	l := lobbyOf(t, hw.next("lobby"))
	for !l.Seats[0].Away {
		l = lobbyOf(t, hw.next("lobby"))
	}
	bw.send("move", 1, map[string]any{"type": "take", "n": 1})
	// The stand-in moves for Ana again, at once, while she is away.
	for f = hw.next("state"); f.V < 3; f = hw.next("state") {
	}
	hw.send("back", f.V, struct{}{})
	for l = lobbyOf(t, hw.next("lobby")); l.Seats[0].Away; l = lobbyOf(t, hw.next("lobby")) {
	}
}

func TestResumeAfterRestart(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	slow := serve(t, store, server.Limits{}, table.Options{BotDelay: time.Hour})
	host := slow.person("Ana")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 30}})
	host.must("POST", "/api/tables/"+lobby.ID+"/bots", map[string]any{})
	host.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	w := host.mustDial("table=" + lobby.ID)
	w.next("state")
	w.send("move", 0, map[string]any{"type": "take", "n": 1})
	if f := w.next("state"); f.V != 1 {
		t.Fatalf("version %d after one move", f.V)
	}
	slow.stop() // the computer player had not moved yet

	again := serve(t, store, server.Limits{}, table.Options{})
	host.e = again
	w = host.mustDial("table=" + lobby.ID)
	for f := w.next("state"); f.V < 2; f = w.next("state") {
	}
	tb, err := again.store.Table(context.Background(), lobby.ID)
	if err != nil || tb.Version != 2 {
		t.Fatalf("after the restart the computer player's move is not stored: %+v %v", tb, err)
	}
}

// TestPaceOverTheWire: the host sets the pace with the options; the lobby
// JSON shows it, and during play the deadline of the turn on, so the home
// page can show the time left.
func TestPaceOverTheWire(t *testing.T) {
	e := newEnv(t, server.Limits{})
	host, bo := e.person("Ana"), e.person("Bo")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana"})
	id := lobby.ID
	if lobby.Pace.Mode != table.PaceLive || lobby.Deadline != 0 {
		t.Fatalf("a new table: pace %+v, deadline %d", lobby.Pace, lobby.Deadline)
	}
	err := host.call("POST", "/api/tables/"+id+"/options", map[string]any{"options": map[string]int{"size": 10}, "turnSeconds": 0,
		"pace": map[string]any{"mode": "own", "limit": 600, "rule": "computer"}}, nil)
	if code(err) != harbor.EInvalid || !strings.Contains(err.Error(), "3600 (1 hour)") {
		t.Fatalf("a limit that is not offered: %v", err)
	}
	l := host.must("POST", "/api/tables/"+id+"/options", map[string]any{"options": map[string]int{"size": 10}, "turnSeconds": 0,
		"pace": map[string]any{"mode": "own", "limit": 86400, "rule": "skip"}})
	if want := (table.Pace{Mode: table.PaceOwn, Limit: 86400, Rule: table.RuleSkip}); l.Pace != want {
		t.Fatalf("pace %+v, want %+v", l.Pace, want)
	}
	// Options sent without a pace keep it.
	l = host.must("POST", "/api/tables/"+id+"/options", map[string]any{"options": map[string]int{"size": 12}, "turnSeconds": 0})
	if l.Pace.Mode != table.PaceOwn {
		t.Fatalf("the options without a pace changed it: %+v", l.Pace)
	}
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	bo.must("POST", "/api/tables/"+id+"/ready", map[string]any{"ready": true})
	before := time.Now()
	host.must("POST", "/api/tables/"+id+"/start", nil)
	var got map[string]any
	if err := bo.call("GET", "/api/tables/"+id, nil, &got); err != nil {
		t.Fatal(err)
	}
	pace, _ := got["pace"].(map[string]any)
	deadline, _ := got["deadline"].(float64)
	left := time.UnixMilli(int64(deadline)).Sub(before)
	if pace["mode"] != "own" || pace["limit"] != float64(86400) || pace["rule"] != "skip" || left < 24*time.Hour-time.Minute || left > 24*time.Hour+time.Minute {
		t.Fatalf("the lobby JSON during play: pace %v, deadline %v (%v left)", pace, got["deadline"], left)
	}
	// The home page's list shows the same time left.
	if mine := bo.myTables(); len(mine) != 1 || mine[0].Deadline != int64(deadline) {
		t.Fatalf("Bo's tables %+v, want the deadline %d", mine, int64(deadline))
	}
}
