package table_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"harbor/game"
	"harbor/table"
)

// TestLogMemoryIsBounded: a running table keeps the events of its last
// moves only, however long its game, while a page that connects still
// gets the whole log as its viewer may see it (the last part at once, the
// rest on demand, replayed from the store), also after a restart.
func TestLogMemoryIsBounded(t *testing.T) {
	store := openStore(t)
	tables := table.NewTables(store, table.Options{})
	defer tables.Close()
	ctx := context.Background()
	const moves = 5*table.LogPageMoves + 17
	r, keys, subs, _ := pileTable(t, tables, moves+10, true, "Ana", "Bo")
	most := 0
	for v := 0; v < moves; v++ {
		if v == 1 { // the first move is taken back, and told as such
			if err := r.Undo(ctx, subs[0], v); err != nil {
				t.Fatal(err)
			}
			continue
		}
		st, _ := r.StateFor(game.Public)
		mover := subs[st.Actors[0]]
		if err := r.Move(ctx, mover, v, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
			t.Fatal(err)
		}
		most = max(most, r.HistoryLen())
	}
	if most > table.LogPageMoves {
		t.Fatalf("the table held the events of up to %d moves in memory, want at most %d", most, table.LogPageMoves)
	}

	// What Ana must read: every move, hers told to her as her own.
	stored, err := store.Moves(ctx, r.ID(), 0)
	if err != nil || len(stored) != moves {
		t.Fatalf("%d stored moves (%v), want %d", len(stored), err, moves)
	}
	want := make([]string, len(stored))
	for i, m := range stored {
		switch {
		case string(m.Move) == string(game.UndoMove):
			want[i] = []string{"Ana", "Bo"}[m.Seat] + " took back their last move"
		case m.Seat == 0:
			want[i] = "You took 1"
		default:
			want[i] = "Bo took 1"
		}
	}
	checkFullLog(t, r, keys[0], want)

	// After a restart the table is loaded with the same bounded window.
	again := table.NewTables(store, table.Options{})
	defer again.Close()
	r2, err := again.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	if n := r2.HistoryLen(); n > table.LogPageMoves {
		t.Fatalf("a reloaded table holds the events of %d moves, want at most %d", n, table.LogPageMoves)
	}
	checkFullLog(t, r2, keys[0], want)
}

// checkFullLog connects the person with key to r and reads the whole log
// as they see it, the first frame and then every earlier page, and
// compares each move's text with want (want[i] for version i+1).
func checkFullLog(t *testing.T, r *table.Runner, key string, want []string) {
	t.Helper()
	c := &recorder{}
	sub, err := r.Subscribe(c, key, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Unsubscribe(sub)
	page := lastLog(t, c)
	if page.Complete || len(page.Entries) != table.LogPageMoves || page.Entries[len(page.Entries)-1].V != len(want) {
		t.Fatalf("the first log frame: complete %v, %d entries", page.Complete, len(page.Entries))
	}
	all := page.Entries
	for pages := 0; !page.Complete; pages++ {
		if pages > len(want) {
			t.Fatal("the earlier pages never reach the start")
		}
		if err := r.EarlierLog(sub, all[0].V); err != nil {
			t.Fatal(err)
		}
		page = lastLog(t, c)
		all = append(page.Entries, all...)
	}
	got := make([]string, len(all))
	for i, e := range all {
		if e.V != i+1 || len(e.Events) != 1 {
			t.Fatalf("entry %d is version %d with %d events", i, e.V, len(e.Events))
		}
		got[i] = e.Events[0].Text
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Fatalf("the log reads\n%.300s\nwant\n%.300s", g, w)
	}
}

// lastLog returns the last log frame c received.
func lastLog(t *testing.T, c *recorder) table.LogPage {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(c.frames) - 1; i >= 0; i-- {
		if strings.HasPrefix(c.frames[i], `{"t":"log"`) {
			var f struct {
				D table.LogPage `json:"d"`
			}
			if err := json.Unmarshal([]byte(c.frames[i]), &f); err != nil {
				t.Fatal(err)
			}
			return f.D
		}
	}
	t.Fatalf("no log frame in %d frames", len(c.frames))
	return table.LogPage{}
}
