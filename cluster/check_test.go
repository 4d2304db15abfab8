package cluster_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"harbor/game"
	"harbor/game/gametest"
	_ "harbor/games/all"
	"harbor/table"
)

func init() { game.Register(gametest.Definition) }

// checkTable compares what every client received with the table's stored
// log. The log must be whole (moves 0..n-1, each legal in turn: none lost,
// none applied twice); each client's versions never go back (an
// acknowledged move is never lost, even across a failover); and every state
// frame, on whichever node it came from, is exactly its viewer's view of
// the game at that version, with the events of the move that led there as
// that viewer may see them, and nothing of another seat's.
func checkTable(t *testing.T, c *cluster, id string, clients []*client) (stored int) {
	t.Helper()
	ctx := context.Background()
	tb, err := c.store.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := c.store.Moves(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		if m.N != i {
			t.Fatalf("table %s: stored move %d has number %d", id, i, m.N)
		}
	}
	if len(moves) < tb.Version { // a move may land between the two reads
		t.Fatalf("table %s: version %d, %d stored moves", id, tb.Version, len(moves))
	}
	def, err := game.Lookup(tb.Game)
	if err != nil {
		t.Fatal(err)
	}
	// Frames by version, to compare while the log is replayed once. A
	// frame that came as a patch was rebuilt from it, and the patch checked
	// to hold nothing else (patchChain), so the checks cover patches too.
	byVersion := map[int][]seen{}
	states, patched := 0, 0
	for i, cl := range clients {
		last := -1
		for _, f := range cl.seen() {
			states++
			if f.patched {
				patched++
			}
			if f.v < last {
				t.Fatalf("client %d of table %s went back from version %d to %d (on %s): an acknowledged move was lost", i, id, last, f.v, f.node)
			}
			last = f.v
			if f.v > len(moves) {
				t.Fatalf("client %d of table %s saw version %d; the store has %d moves", i, id, f.v, len(moves))
			}
			byVersion[f.v] = append(byVersion[f.v], f)
		}
	}
	if states > 4*len(clients) && patched == 0 {
		t.Fatalf("table %s: none of %d states came as a patch", id, states)
	}
	var setup game.Log
	g, err := def.NewLogged(tb.Config(), &setup)
	if err != nil {
		t.Fatal(err)
	}
	events := setup.Events
	for v := 0; v <= len(moves); v++ {
		for _, f := range byVersion[v] {
			wantView(t, id, v, f, g.View(game.Seat(f.st.Seat)), events)
		}
		if v == len(moves) {
			break
		}
		var log game.Log
		if err := g.Apply(moves[v].Seat, moves[v].Move, &log); err != nil {
			t.Fatalf("table %s: stored move %d does not replay: %v", id, v, err)
		}
		events = log.Events
	}
	if tb.Status == table.Finished && !g.Result().Over {
		t.Fatalf("table %s is %s but its replayed game over=%v", id, tb.Status, g.Result().Over)
	}
	return len(moves)
}

func wantView(t *testing.T, id string, v int, f seen, view any, events []game.Event) {
	t.Helper()
	if !sameJSON(f.st.View, view) {
		t.Fatalf("table %s version %d: the frame for seat %d from %s is not that seat's view:\n got %s", id, v, f.st.Seat, f.node, f.st.View)
	}
	// A frame after a reconnect or a takeover carries no events; any other
	// carries the last move's, filtered for its viewer.
	var got []game.Event
	if err := json.Unmarshal(f.st.Events, &got); err != nil {
		t.Fatalf("table %s version %d: the events for seat %d from %s do not read: %v", id, v, f.st.Seat, f.node, err)
	}
	if len(got) == 0 {
		return
	}
	for i := range got {
		got[i].PutOwnName(f.st.Names) // as the page reads them
	}
	want := make([]game.Event, len(events))
	for i, e := range events {
		want[i] = e.For(game.Seat(f.st.Seat))
	}
	if read, _ := json.Marshal(got); !sameJSON(read, want) {
		t.Fatalf("table %s version %d: the events for seat %d from %s are not that seat's:\n got %s", id, v, f.st.Seat, f.node, f.st.Events)
	}
}

func sameJSON(raw json.RawMessage, want any) bool {
	w, err := json.Marshal(want)
	if err != nil {
		return false
	}
	var a, b any
	if json.Unmarshal(raw, &a) != nil || json.Unmarshal(w, &b) != nil {
		return false
	}
	return reflect.DeepEqual(a, b)
}
