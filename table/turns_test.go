package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

// TestTurnNoticeOnlyWithoutAPage: the runner tells OnTurn when the game
// comes to wait on a person, and only while that person has no connection
// to the table.
func TestTurnNoticeOnlyWithoutAPage(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var mu sync.Mutex
	var turns []table.Turn
	tables := table.NewTables(store, table.Options{OnTurn: func(tu table.Turn) {
		mu.Lock()
		turns = append(turns, tu)
		mu.Unlock()
	}})
	defer tables.Close()
	took := func() []table.Turn {
		mu.Lock()
		defer mu.Unlock()
		out := turns
		turns = nil
		return out
	}
	ctx := context.Background()
	r, anaSub, ana, bo := twoAtPile(t, tables)
	if got := took(); len(got) != 0 {
		t.Fatalf("Ana has the table open at the start, yet: %+v", got)
	}
	take := json.RawMessage(`{"type":"take","n":1}`)
	if err := r.Move(ctx, anaSub, 0, take); err != nil {
		t.Fatal(err)
	}
	want := table.Turn{Person: bo, Table: r.ID(), Game: gametest.ID, GameName: gametest.Definition.Info().Name, Name: "Bo", Others: []string{"Ana"}, Seat: 1, Version: 1}
	if got := took(); len(got) != 1 || !reflect.DeepEqual(got[0], want) {
		t.Fatalf("Bo's turn without a page: %+v, want %+v", got, want)
	}
	boSub, err := r.Subscribe(&recorder{}, bo, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Move(ctx, boSub, 1, take); err != nil {
		t.Fatal(err)
	}
	if got := took(); len(got) != 0 {
		t.Fatalf("Ana's turn while her page is open: %+v", got)
	}
	if err := r.Move(ctx, anaSub, 2, take); err != nil {
		t.Fatal(err)
	}
	r.Unsubscribe(anaSub)
	if got := took(); len(got) != 0 {
		t.Fatalf("Bo's turn while his page is open: %+v", got)
	}
	if err := r.Move(ctx, boSub, 3, take); err != nil {
		t.Fatal(err)
	}
	if got := took(); len(got) != 1 || got[0].Person != ana || got[0].Name != "Ana" || got[0].Seat != 0 || got[0].Version != 4 {
		t.Fatalf("Ana's turn after she left: %+v", got)
	}
}

// twoAtPile starts a game of Pile between Ana, the host, whose page is
// open (anaSub), and Bo, who has none; Ana moves first.
func twoAtPile(t *testing.T, tables *table.Tables) (r *table.Runner, anaSub *table.Sub, ana, bo string) {
	t.Helper()
	ctx := context.Background()
	ana, bo = table.KeyOf(table.NewToken()), table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, gametest.ID, ana, "Ana", json.RawMessage(`{"size":10}`), 0)
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
	if anaSub, err = r.Subscribe(&recorder{}, ana, false); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ana); err != nil {
		t.Fatal(err)
	}
	return r, anaSub, ana, bo
}
