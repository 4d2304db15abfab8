package storetest

import (
	"testing"
	"time"

	"harbor/table"
)

// testSeated: the store lists the tables a person sits at, running games
// first, then lobbies, then finished games, with the moves they have
// seen; a person who leaves their seat is no longer listed there, and a
// stranger sees nothing.
func testSeated(t *testing.T, s table.Store) {
	idx, ok := s.(table.SeatIndex)
	if !ok {
		t.Fatalf("%T keeps no index of seats (table.SeatIndex)", s)
	}
	bo := table.KeyOf(table.NewToken())
	ana := func(tb *table.Table) string { return tb.Host }

	lobby := NewTable(t)
	if err := lobby.Join(bo, "Bo"); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	running := NewTable(t)
	running.Host = ana(lobby)
	running.Members[0].Key, running.Seats[0].Key = running.Host, running.Host
	if err := s.CreateTable(ctx, running); err != nil {
		t.Fatal(err)
	}
	g := start(t, s, running)
	play(t, s, running, g, 3)
	finished := NewTable(t)
	finished.Host = ana(lobby)
	finished.Members[0].Key, finished.Seats[0].Key = finished.Host, finished.Host
	if err := s.CreateTable(ctx, finished); err != nil {
		t.Fatal(err)
	}
	play(t, s, finished, start(t, s, finished), 100)

	got, err := idx.Seated(ctx, ana(lobby), 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []table.Seated{{ID: running.ID, Status: table.Playing}, {ID: lobby.ID, Status: table.Lobby}, {ID: finished.ID, Status: table.Finished}}
	if len(got) != len(want) {
		t.Fatalf("Ana's tables %+v, want %+v", got, want)
	}
	for i, w := range want {
		if got[i].ID != w.ID || got[i].Status != w.Status || got[i].Seen != 0 || got[i].Active.IsZero() {
			t.Fatalf("Ana's table %d is %+v, want %+v", i, got[i], w)
		}
	}
	if got, _ := idx.Seated(ctx, ana(lobby), 2); len(got) != 2 {
		t.Fatalf("a limit of 2 gives %d tables", len(got))
	}

	if err := idx.MarkSeen(ctx, ana(lobby), running.ID, 2); err != nil {
		t.Fatal(err)
	}
	if err := idx.MarkSeen(ctx, ana(lobby), running.ID, 1); err != nil {
		t.Fatal(err)
	}
	if err := idx.MarkSeen(ctx, bo, running.ID, 3); err != nil {
		t.Fatal(err)
	}
	if got, _ := idx.Seated(ctx, ana(lobby), 1); len(got) != 1 || got[0].Seen != 2 {
		t.Fatalf("after seeing 2 moves, then 1: %+v", got)
	}

	if got, _ := idx.Seated(ctx, bo, 10); len(got) != 1 || got[0].ID != lobby.ID {
		t.Fatalf("Bo's tables %+v, want the lobby alone", got)
	}
	if err := lobby.Sit(bo, -1, ""); err != nil {
		t.Fatal(err)
	}
	lobby.Updated = time.Now().UTC()
	if err := s.SaveTable(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	if got, _ := idx.Seated(ctx, bo, 10); len(got) != 0 {
		t.Fatalf("Bo stood up, and still sits at %+v", got)
	}
	if got, _ := idx.Seated(ctx, table.KeyOf(table.NewToken()), 10); len(got) != 0 {
		t.Fatalf("a stranger sits at %+v", got)
	}
}
