package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"harbor"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

// FuzzMove sends arbitrary moves at arbitrary versions to a live table: a
// refused move must change neither the version nor the view, an accepted
// one must advance the version by one and be stored.
func FuzzMove(f *testing.F) {
	for _, seed := range []struct {
		v    int
		move string
	}{
		{0, `{"type":"take","n":1}`}, {0, `{"type":"take","n":4}`}, {3, `{"type":"take","n":1}`},
		{0, `{"type":"grab"}`}, {0, `{`}, {0, ``}, {0, `null`}, {0, `{"type":"take","n":1,"x":1}`},
		{-1, `{"type":"take","n":2}`}, {0, `[{"type":"take","n":1}]`}, {0, `"take"`},
	} {
		f.Add(seed.v, []byte(seed.move))
	}
	store, err := sqlite.Open(filepath.Join(f.TempDir(), "harbor.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { store.Close() })
	tables := table.NewTables(store, table.Options{})
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())
	var (
		r   *table.Runner
		sub *table.Sub
	)
	fresh := func() {
		r, err = tables.Create(ctx, gametest.ID, host, "Ana", json.RawMessage(`{"size":1000}`), 0)
		if err != nil {
			f.Fatal(err)
		}
		if err := r.Start(ctx, host); err != nil {
			f.Fatal(err)
		}
		sub, err = r.Subscribe(&recorder{}, host, false)
		if err != nil {
			f.Fatal(err)
		}
	}
	fresh()
	f.Fuzz(func(t *testing.T, v int, move []byte) {
		if r.Table().Status == table.Finished {
			fresh()
		}
		before, version := r.Table(), r.Version()
		beforeView, _ := json.Marshal(before)
		err := r.Move(ctx, sub, v, json.RawMessage(move))
		if err != nil {
			if harbor.ErrorCode(err) == harbor.EInternal {
				t.Fatalf("move %q at %d: %v", move, v, err)
			}
			after, _ := json.Marshal(r.Table())
			if r.Version() != version || string(after) != string(beforeView) {
				t.Fatalf("refused move %q at %d changed the table", move, v)
			}
			return
		}
		if v != version || r.Version() != version+1 {
			t.Fatalf("move %q accepted at version %d (table at %d), now %d", move, v, version, r.Version())
		}
		stored, _ := store.Moves(ctx, r.ID(), version)
		if len(stored) != 1 || string(stored[0].Move) != string(move) {
			t.Fatalf("accepted move %q stored as %+v", move, stored)
		}
	})
}
