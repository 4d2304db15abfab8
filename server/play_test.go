package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"harbor"
	"harbor/game"
	_ "harbor/games/all"
	"harbor/server"
	"harbor/table"
)

// TestFullTable runs whole tables from creation to the final result, for
// every registered game (Harbor Holdings plays its whole 20 rounds), with a
// host, a friend, a computer player and a TV.
func TestFullTable(t *testing.T) {
	defs := game.All()
	if len(defs) < 5 {
		t.Fatalf("%d games registered, want the four Harbor games and Pile", len(defs))
	}
	for _, d := range defs {
		id := d.Info().ID
		t.Run(id, func(t *testing.T) { playFullTable(t, id, json.RawMessage(`{}`)) })
	}
}

// seated is a person's connection and the seat it plays.
type seated struct {
	p    *person
	ws   *wsClient
	seat game.Seat
}

// playFullTable plays one table of gameID. The people move by picking
// among the legal moves each state frame offers them. At the end it checks
// that every state frame a connection received is exactly that viewer's
// view (and legal moves and events) at that version, recomputed by
// replaying the stored log: a seat sees its own view only, the TV the
// public view only.
func playFullTable(t *testing.T, gameID string, options json.RawMessage) {
	// These clients answer every frame at once, far faster than people, so
	// the per-connection message rate is raised for them.
	limits := server.DefaultLimits
	limits.MsgRate, limits.MsgBurst = 10000, 10000
	e := newEnv(t, limits)
	host, friend, screen := e.person("Ana"), e.person("Bo"), e.person("TV")
	lobby := host.must("POST", "/api/tables", map[string]any{"game": gameID, "name": "Ana", "options": options})
	id := lobby.ID
	if lobby.Status != table.Lobby || lobby.Host != host.id() || len(lobby.Invite) < 20 || lobby.Code == "" || lobby.TV == "" {
		t.Fatalf("new table %+v", lobby)
	}
	friend.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	lobby = host.must("POST", "/api/tables/"+id+"/bots", map[string]any{})
	if s := lobby.Seats; s[0].Player != host.id() || s[1].Player != friend.id() || s[2].Kind != table.Bot {
		t.Fatalf("seats %+v", s)
	}
	if tv := screen.must("GET", "/api/tv/"+lobby.TV, nil); tv.ID != id {
		t.Fatalf("the TV code found table %s", tv.ID)
	}
	tv := screen.mustDial("tv=" + url.QueryEscape(lobby.TV))
	people := []*seated{{p: host, seat: 0}, {p: friend, seat: 1}}
	for _, s := range people {
		s.ws = s.p.mustDial("table=" + id)
		s.ws.next("lobby")
	}
	tv.next("lobby")
	friend.must("POST", "/api/tables/"+id+"/ready", map[string]any{"ready": true})
	host.must("POST", "/api/tables/"+id+"/start", nil)
	// While the game runs its export (with the seed, which tells the dice
	// to come) is refused.
	if err := host.call("GET", "/api/tables/"+id+"/export", nil, nil); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("export of a running game: %v, want a conflict", err)
	}

	if err := driveAll(people); err != nil {
		t.Fatal(err)
	}
	f := tv.next("state")
	for !f.State.Result.Over {
		f = tv.next("state")
	}
	final := f.State
	stored, err := e.store.Table(context.Background(), id)
	if err != nil || stored.Status != table.Finished || stored.Result == nil || stored.Result.Winners != final.Result.Winners {
		t.Fatalf("stored table %+v %v, final result %+v", stored, err, final.Result)
	}
	var log struct {
		Setup []game.Event
		Moves []table.LogEntry
	}
	if err := host.call("GET", "/api/tables/"+id+"/log", nil, &log); err != nil || len(log.Moves) != stored.Version || log.Setup == nil {
		t.Fatalf("log of %d moves (%v), want %d, and setup events %v", len(log.Moves), err, stored.Version, log.Setup)
	}
	if gameID == "greatharbor" && (len(log.Setup) == 0 || log.Setup[0].Type != "roll") {
		t.Fatalf("the log does not show The Great Harbor's first roll: %+v", log.Setup)
	}
	var exp game.Export
	if err := host.call("GET", "/api/tables/"+id+"/export", nil, &exp); err != nil || len(exp.Moves) != stored.Version || exp.Game != gameID {
		t.Fatalf("export of %d moves of %q (%v), want %d of %q", len(exp.Moves), exp.Game, err, stored.Version, gameID)
	}
	def, err := game.Lookup(exp.Game)
	if err != nil {
		t.Fatal(err)
	}
	if replayed, err := game.Replay(def, exp.Config, exp.Moves); err != nil || replayed.Result().Winners != final.Result.Winners {
		t.Fatalf("the export does not replay to the result: %v", err)
	}
	checkViews(t, e, stored, append(people, &seated{p: screen, ws: tv, seat: game.Public}))
}

// driveAll plays for every person at once until the game is over, or
// until the first error (the others stop when the test closes their
// connections).
func driveAll(people []*seated) error {
	done := make(chan error, len(people))
	for _, s := range people {
		go func() { done <- drive(s) }()
	}
	for range people {
		if err := <-done; err != nil {
			return err
		}
	}
	return nil
}

// drive plays for one person until the game is over: whenever a state
// frame offers legal moves, it sends one of them with the frame's version.
func drive(s *seated) error {
	for f := range s.ws.frames {
		switch {
		case f.T == "error" && errorOf(f).Code == harbor.EStale:
			// Another seat that could act at the same time moved first;
			// a fresh state follows.
		case f.T == "error":
			return fmt.Errorf("seat %d was refused: %s", s.seat, f.D)
		case f.State == nil:
		case f.State.Seat != s.seat:
			return fmt.Errorf("seat %d got the view of seat %d", s.seat, f.State.Seat)
		case f.State.Result.Over:
			return nil
		case len(f.State.Legal) > 0:
			m := f.State.Legal[f.V%len(f.State.Legal)]
			s.ws.sendRaw(fmt.Sprintf(`{"t":"move","v":%d,"d":%s}`, f.V, m))
		}
	}
	return fmt.Errorf("seat %d: connection closed before the end", s.seat)
}

func canonical(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(raw, &x); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(x)
	return string(out)
}

// checkViews replays the stored log and compares every state frame each
// connection received with what its viewer may see at that version.
func checkViews(t *testing.T, e *env, tb *table.Table, conns []*seated) {
	t.Helper()
	moves, err := e.store.Moves(context.Background(), tb.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := game.Lookup(tb.Game)
	var setup game.Log // the first state shows what setup did
	g, err := def.NewLogged(tb.Config(), &setup)
	if err != nil {
		t.Fatal(err)
	}
	type expect struct{ view, legal, events string }
	want := make([]map[game.Seat]expect, len(moves)+1)
	events := setup.Events
	for v := 0; ; v++ {
		want[v] = map[game.Seat]expect{}
		for _, c := range conns {
			legal := []any{}
			if c.seat >= 0 {
				legal = append(legal, g.Legal(c.seat)...)
			}
			evs := []game.Event{}
			for _, ev := range events {
				evs = append(evs, ev.For(c.seat))
			}
			want[v][c.seat] = expect{canonical(t, g.View(c.seat)), canonical(t, legal), canonical(t, evs)}
		}
		if v == len(moves) {
			break
		}
		var log game.Log
		if err := g.Apply(moves[v].Seat, moves[v].Move, &log); err != nil {
			t.Fatal(err)
		}
		events = log.Events
	}
	secrets := []string{}
	for _, c := range conns {
		u, _ := url.Parse(e.url)
		for _, ck := range c.p.http.Jar.Cookies(u) {
			secrets = append(secrets, ck.Value, table.KeyOf(ck.Value))
		}
	}
	for _, c := range conns {
		states, patches := 0, 0
		for _, f := range c.ws.received() {
			for _, s := range secrets {
				if strings.Contains(string(f.Raw), s) {
					t.Fatalf("seat %d received a token or key in a %s frame", c.seat, f.T)
				}
			}
			if f.State == nil {
				continue
			}
			// A patch's state is rebuilt from it, and the patch checked to
			// hold nothing but that state's own values (wsClient.applyPatch):
			// so the checks below cover the patches too.
			states++
			if f.Patch != nil {
				patches++
			}
			w := want[f.V][c.seat]
			if f.State.Seat != c.seat {
				t.Fatalf("seat %d received a state for seat %d", c.seat, f.State.Seat)
			}
			if got := canonical(t, f.State.View); got != w.view {
				t.Fatalf("seat %d at version %d saw\n %s\nwant\n %s", c.seat, f.V, got, w.view)
			}
			if got := canonical(t, f.State.Legal); got != w.legal {
				t.Fatalf("seat %d at version %d was offered %s, want %s", c.seat, f.V, got, w.legal)
			}
			if got := canonical(t, f.State.Events); got != w.events {
				t.Fatalf("seat %d at version %d got events %s, want %s", c.seat, f.V, got, w.events)
			}
		}
		if states < len(moves) {
			t.Fatalf("seat %d received %d states for %d moves", c.seat, states, len(moves))
		}
		c.ws.mu.Lock()
		gaps := c.ws.gaps
		c.ws.mu.Unlock()
		if gaps != 0 {
			t.Fatalf("seat %d got %d patches that did not follow on from its state", c.seat, gaps)
		}
		if patches < states/2 {
			t.Fatalf("seat %d received %d of its %d states as patches", c.seat, patches, states)
		}
	}
}
