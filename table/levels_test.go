package table_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"harbor/game"
	_ "harbor/games/neko"
	"harbor/sqlite"
	"harbor/table"
)

// TestComputerLevelsPlayALiveTable: a Neko Harbour table of an easy, a
// normal and a hard computer player (the host only watches) plays on by
// itself while the host watches, every seat moving, and the lobby shows
// each level.
func TestComputerLevelsPlayALiveTable(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	tables := table.NewTables(store, table.Options{HardBudget: 2 * time.Millisecond})
	defer tables.Close()
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, "neko", host, "Ana", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	levels := []game.Level{game.LevelEasy, game.LevelNormal, game.LevelHard}
	err = r.Change(ctx, func(tb *table.Table) error {
		if err := tb.Sit(host, -1, ""); err != nil {
			return err
		}
		for i, l := range levels {
			if err := tb.PutBot(host, i, l); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range levels {
		if got := r.Lobby().Seats[i].Level; got != l {
			t.Fatalf("seat %d shows level %q, want %q", i, got, l)
		}
	}
	if err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	// Computer players move while someone watches: the host does.
	if _, err := r.Subscribe(&recorder{}, host, false); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for r.Version() < 40 {
		if time.Now().After(deadline) {
			t.Fatalf("the computer players stopped after %d moves", r.Version())
		}
		time.Sleep(20 * time.Millisecond)
	}
	moves, err := store.Moves(ctx, r.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var moved game.SeatSet
	for _, m := range moves {
		moved = moved.With(m.Seat)
	}
	if moved != game.AllSeats(3) {
		t.Fatalf("seats that moved in %d moves: %v", len(moves), moved.List())
	}
}
