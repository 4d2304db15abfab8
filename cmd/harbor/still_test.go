package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync/atomic"
	"testing"

	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

// TestStillTurn: a turn notice the runner gave stays true until its
// person moves, also across others' moves while the game waits on them,
// and is no longer true for another person, an unknown table, or a table
// that has finished.
func TestStillTurn(t *testing.T) {
	ctx := context.Background()
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	turns := make(chan table.Turn, 8) // OnTurn must not block
	tables := table.NewTables(store, table.Options{OnTurn: func(tu table.Turn) { turns <- tu }})
	defer tables.Close()
	var live atomic.Pointer[table.Tables]
	live.Store(tables)
	still := stillTurn(store, &live)
	want := func(what string, tu table.Turn, ok bool) {
		t.Helper()
		if got, err := still(ctx, tu); err != nil || got != ok {
			t.Fatalf("%s: still %v %v, want %v", what, got, err, ok)
		}
	}
	ana, bo := table.KeyOf(table.NewToken()), table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, gametest.ID, ana, "Ana", json.RawMessage(`{"size":4}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Change(ctx, func(tb *table.Table) error {
		if err := tb.Join(bo, "Bo"); err != nil {
			return err
		}
		return tb.SetReady(bo, true)
	}); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ana); err != nil {
		t.Fatal(err)
	}
	anaSub, err := r.Subscribe(quietConn{}, ana, false)
	if err != nil {
		t.Fatal(err)
	}
	take := json.RawMessage(`{"type":"take","n":1}`)
	if err := r.Move(ctx, anaSub, 0, take); err != nil {
		t.Fatal(err)
	}
	if len(turns) != 2 {
		t.Fatalf("%d turns, want Ana's at the start and then Bo's", len(turns))
	}
	anas, bos := <-turns, <-turns
	if anas.Person != ana || bos.Person != bo {
		t.Fatalf("turns of %s and %s, want Ana's and then Bo's", anas.Name, bos.Name)
	}
	want("Bo's turn, before he moves", bos, true)
	want("Ana's first turn, after she moved", anas, false)
	// As in a phase where several seats play at once: Bo's notice from
	// before Ana's move holds while the game waits on him.
	earlier := bos
	earlier.Version = anas.Version
	want("Bo's turn from before Ana's move", earlier, true)
	other := bos
	other.Person = ana
	want("Bo's turn told to Ana", other, false)
	gone := bos
	gone.Table = "nosuchtable"
	want("a turn at an unknown table", gone, false)
	boSub, err := r.Subscribe(quietConn{}, bo, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Move(ctx, boSub, 1, take); err != nil {
		t.Fatal(err)
	}
	want("Bo's turn, after he moved", bos, false)
	for v := 2; v < 4; v++ {
		sub := anaSub
		if v%2 == 1 {
			sub = boSub
		}
		if err := r.Move(ctx, sub, v, take); err != nil {
			t.Fatal(err)
		}
	}
	last := bos
	last.Version = 4
	want("a turn at a finished table", last, false)
}

// quietConn is a page of the table that ignores what it is sent.
type quietConn struct{}

func (quietConn) Send(*table.Msg) {}
func (quietConn) Close(string)    {}
