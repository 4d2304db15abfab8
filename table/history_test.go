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
// RecentLogMoves versions only, however long its game, and holds that many
// from the moment its game is that long (its memory is then at its steady
// size), while a page that connects still gets the whole log as its viewer
// may see it (the last part at once, the rest on demand, replayed from the
// store), also after a restart.
func TestLogMemoryIsBounded(t *testing.T) {
	store := openStore(t)
	tables := table.NewTables(store, table.Options{})
	defer tables.Close()
	ctx := context.Background()
	const moves = 5*table.LogPageMoves + 17
	r, keys, subs, _ := pileTable(t, tables, moves+10, true, "Ana", "Bo")
	if n := r.HistoryLen(); n != 1 {
		t.Fatalf("a game just started holds %d versions' events, want 1 (its setup)", n)
	}
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
		// Versions 0 (the setup) to v+1: the ring fills, then stays full.
		if n, want := r.HistoryLen(), min(v+2, table.RecentLogMoves); n != want {
			t.Fatalf("at version %d the table holds %d versions' events, want %d", v+1, n, want)
		}
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
			want[i] = "table.undo who=" + []string{"Ana", "Bo"}[m.Seat]
		case m.Seat == 0:
			want[i] = "pile.youTook n=1"
		default:
			want[i] = "pile.took n=1 who=Bo"
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
	if n := r2.HistoryLen(); n != table.RecentLogMoves {
		t.Fatalf("a reloaded table holds the events of %d versions, want %d", n, table.RecentLogMoves)
	}
	checkFullLog(t, r2, keys[0], want)
}

// checkFullLog connects the person with key to r and reads the whole log
// as they see it, the first frame (the last RecentLogMoves versions) and
// then every earlier page (LogPageMoves versions each, asked for before
// the first version read so far), and compares each move's text with want
// (want[i] for version i+1; the setup of Pile tells nothing).
func checkFullLog(t *testing.T, r *table.Runner, key string, want []string) {
	t.Helper()
	c := &recorder{}
	sub, err := r.Subscribe(c, key, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Unsubscribe(sub)
	page := lastLog(t, c)
	if page.Complete || page.To != len(want) || page.From != len(want)+1-table.RecentLogMoves || len(page.Entries) != table.RecentLogMoves ||
		page.Entries[len(page.Entries)-1].V != len(want) {
		t.Fatalf("the first log frame: complete %v, versions %d to %d, %d entries", page.Complete, page.From, page.To, len(page.Entries))
	}
	all := page.Entries
	for pages := 0; !page.Complete; pages++ {
		if pages > len(want) {
			t.Fatal("the earlier pages never reach the start")
		}
		before := page.From
		if err := r.EarlierLog(sub, before); err != nil {
			t.Fatal(err)
		}
		page = lastLog(t, c)
		if page.To != before-1 || page.From != max(0, before-table.LogPageMoves) || page.Complete != (page.From == 0) {
			t.Fatalf("the page before %d: versions %d to %d, complete %v", before, page.From, page.To, page.Complete)
		}
		all = append(page.Entries, all...)
	}
	got := make([]string, len(all))
	for i, e := range all {
		if e.V != i+1 || len(e.Events) != 1 {
			t.Fatalf("entry %d is version %d with %d events", i, e.V, len(e.Events))
		}
		got[i] = said(e.Events[0])
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

// TestEarlierLogFromMemory: in a game shorter than the ring, an earlier
// part of the log is read from the table's memory, with its versions.
func TestEarlierLogFromMemory(t *testing.T) {
	tables := table.NewTables(openStore(t), table.Options{})
	defer tables.Close()
	ctx := context.Background()
	r, keys, subs, _ := pileTable(t, tables, 100, false, "Ana", "Bo")
	const moves = table.RecentLogMoves - 5
	for v := 0; v < moves; v++ {
		st, _ := r.StateFor(game.Public)
		if err := r.Move(ctx, subs[st.Actors[0]], v, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
			t.Fatal(err)
		}
	}
	c := &recorder{}
	sub, err := r.Subscribe(c, keys[1], false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Unsubscribe(sub)
	if first := lastLog(t, c); !first.Complete || first.From != 0 || first.To != moves || len(first.Entries) != moves {
		t.Fatalf("the first log frame of a short game: complete %v, versions %d to %d, %d entries", first.Complete, first.From, first.To, len(first.Entries))
	}
	if err := r.EarlierLog(sub, 10); err != nil {
		t.Fatal(err)
	}
	page := lastLog(t, c)
	if !page.Complete || page.From != 0 || page.To != 9 || len(page.Entries) != 9 {
		t.Fatalf("the page before version 10: complete %v, versions %d to %d, %d entries", page.Complete, page.From, page.To, len(page.Entries))
	}
	for i, e := range page.Entries {
		want := "pile.took n=1 who=Ana"
		if i%2 == 1 {
			want = "pile.youTook n=1"
		}
		if e.V != i+1 || len(e.Events) != 1 || said(e.Events[0]) != want {
			t.Fatalf("entry %d is version %d: %+v, want %q", i, e.V, e.Events, want)
		}
	}
}
