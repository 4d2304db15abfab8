package table_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"harbor/sqlite"
	"harbor/table"
)

// countingStore counts the moves read from the store.
type countingStore struct {
	*sqlite.Store
	mu   sync.Mutex
	read int
}

func (c *countingStore) Moves(ctx context.Context, id string, from int) ([]table.Move, error) {
	moves, err := c.Store.Moves(ctx, id, from)
	c.mu.Lock()
	c.read += len(moves)
	c.mu.Unlock()
	return moves, err
}

func (c *countingStore) reads() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.read
}

// TestOldLogPagesAndReplaysReadTheStoreOnce: a game's old log pages, its
// log and its replay steps are replayed from the store once and then
// served from the server's cache, which reads only the moves added since;
// what they say is what a replay of the whole game says, take-backs right
// after a cached read included.
func TestOldLogPagesAndReplaysReadTheStoreOnce(t *testing.T) {
	ctx := context.Background()
	store := &countingStore{Store: openStore(t)}
	tables := table.NewTables(store, table.Options{})
	defer tables.Close()
	r, _, subs, conns := pileTable(t, tables, 200, true, "Ana", "Bo")
	take := func() {
		t.Helper()
		turn := lastState(conns[0]).Actors[0]
		if err := r.Move(ctx, subs[turn], r.Version(), json.RawMessage(`{"type":"take","n":1}`)); err != nil {
			t.Fatal(err)
		}
	}
	for range 150 {
		take()
	}
	page := func(before int) {
		t.Helper()
		if err := r.EarlierLog(subs[0], before); err != nil {
			t.Fatal(err)
		}
	}
	page(60)
	first := store.reads()
	if first != 150 {
		t.Fatalf("the first old page read %d moves, not the game's 150", first)
	}
	page(110)
	page(80)
	if n := store.reads() - first; n != 0 {
		t.Fatalf("two more old pages read %d moves from the store again", n)
	}
	// A move, then its take-back, each read once.
	take()
	page(60)
	turn := lastState(conns[0]).Actors[0]
	if err := r.Undo(ctx, subs[1-turn], r.Version()); err != nil {
		t.Fatal(err)
	}
	page(60)
	if n := store.reads() - first; n != 2 {
		t.Fatalf("a move and its take-back made the pages read %d moves, not 2", n)
	}
	for lastState(conns[0]).Result.Winners == 0 && len(lastState(conns[0]).Actors) > 0 {
		take()
	}
	doc, err := r.Export(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for at := 0; at <= len(doc.Moves); at++ {
		got, err := r.ReplayAt(ctx, at, false)
		if err != nil {
			t.Fatal(err)
		}
		want, err := table.ReplayExport(doc, at)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.View, want.View) || !reflect.DeepEqual(got.Actor, want.Actor) || !reflect.DeepEqual(got.Events, want.Events) || got.Total != want.Total {
			t.Fatalf("replay at %d: %+v, a fresh replay says %+v", at, got, want)
		}
	}
	before := store.reads()
	if _, err := r.Log(ctx); err != nil {
		t.Fatal(err)
	}
	if n := store.reads() - before; n > len(doc.Moves) {
		t.Fatalf("the log and %d replay steps read %d moves", len(doc.Moves)+1, n)
	}
}
