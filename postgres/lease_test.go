package postgres_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"harbor"
	"harbor/postgres"
	"harbor/postgres/pgtest"
	"harbor/storetest"
	"harbor/table"
)

// TestFencing: once another node has taken a table over, the node that
// held it can write neither a move nor its lobby, and learns it lost the
// lease.
func TestFencing(t *testing.T) {
	dsn := pgtest.Schema(t)
	// Long enough that a's lease outlives the setup below even when the
	// disk stalls a commit for a second; short enough to wait out.
	opts := postgres.Options{Node: "a", LeaseTTL: 2 * time.Second}
	a := open(t, dsn, opts)
	defer a.Close()
	opts.Node = "b"
	b := open(t, dsn, opts)
	defer b.Close()

	tb := storetest.NewTable(t)
	if err := a.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	tb.Status = table.Playing
	if err := a.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	move := func(n int) table.Move {
		return table.Move{N: n, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}
	}
	if err := a.AppendMove(ctx, tb.ID, move(0), nil, nil); err != nil {
		t.Fatal(err)
	}
	second := storetest.NewTable(t)
	if err := a.CreateTable(ctx, second); err != nil {
		t.Fatal(err)
	}
	if ok, err := b.Claim(ctx, tb.ID); ok || err != nil {
		t.Fatalf("b claimed a running lease: %v %v", ok, err)
	}
	if err := b.AppendMove(ctx, tb.ID, move(1), nil, nil); err != postgres.ErrLeaseLost {
		t.Fatalf("b appended without the lease: %v", err)
	}
	// a stops renewing (paused); b takes its tables once the leases expire.
	for _, id := range []string{tb.ID, second.ID} {
		deadline := time.Now().Add(10 * time.Second)
		for {
			ok, err := b.Claim(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("b never took the expired lease")
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if owner, running, err := b.Owner(ctx, tb.ID); owner != "b" || !running || err != nil {
		t.Fatalf("owner after the takeover: %q %v %v", owner, running, err)
	}

	t.Run("the old owner's move and its notice are refused", func(t *testing.T) {
		var then error
		m := move(1)
		m.Notices = []table.Turn{{Person: "bo", Table: tb.ID, Version: 2}}
		err := a.AppendMove(ctx, tb.ID, m, nil, func(err error) { then = err })
		if err != postgres.ErrLeaseLost || then != postgres.ErrLeaseLost {
			t.Fatalf("append by the old owner: %v (then %v), want the lease lost", err, then)
		}
		if next, ok, err := b.Notices().NextNotice(ctx); ok || err != nil {
			t.Fatalf("a notice due %v (%v) after the old owner's refused move", next, err)
		}
		if a.Holds(tb.ID) {
			t.Fatal("a still believes it holds the table")
		}
	})
	t.Run("the old owner's lobby change is refused", func(t *testing.T) {
		a2 := open(t, dsn, postgres.Options{Node: "a"})
		defer a2.Close()
		changed := tb.Clone()
		changed.Seats[0].Name = "Mallory"
		if err := a2.SaveTable(ctx, changed); harbor.ErrorCode(err) != harbor.EConflict {
			t.Fatalf("save by a node without the lease: %v", err)
		}
	})
	t.Run("the old owner's turn deadlines and missed turns are refused", func(t *testing.T) {
		stale := &table.Deadlines{Version: 1, Missed: []int{table.HeldAfter, 0}}
		if err := a.SaveDeadlines(ctx, tb.ID, stale, nil, time.Now()); err != postgres.ErrLeaseLost {
			t.Fatalf("deadlines saved by the old owner: %v, want the lease lost", err)
		}
		got, err := b.Table(ctx, tb.ID)
		if err != nil || got.Deadlines != nil {
			t.Fatalf("the table's deadlines after the old owner's save: %+v, %v", got.Deadlines, err)
		}
	})
	t.Run("the new owner carries on", func(t *testing.T) {
		if err := b.AppendMove(ctx, tb.ID, move(1), nil, nil); err != nil {
			t.Fatal(err)
		}
		moves, err := b.Moves(ctx, tb.ID, 0)
		if err != nil || len(moves) != 2 {
			t.Fatalf("stored moves %+v %v, want 2", moves, err)
		}
		got, _ := b.Table(ctx, tb.ID)
		if got.Seats[0].Name == "Mallory" {
			t.Fatal("the old owner's lobby change landed")
		}
	})
	t.Run("a move's deadlines go with it under the lease, and not without it", func(t *testing.T) {
		own := storetest.NewTable(t)
		if err := b.CreateTable(ctx, own); err != nil {
			t.Fatal(err)
		}
		own.Status = table.Playing
		if err := b.SaveTable(ctx, own); err != nil {
			t.Fatal(err)
		}
		d := &table.Deadlines{Version: 1, Seats: []table.Deadline{{Seat: 0, Due: 1796000000000}}}
		m := move(0)
		m.Deadlines = &table.DeadlinesAfter{Set: d}
		if err := a.AppendMove(ctx, own.ID, m, nil, nil); err != postgres.ErrLeaseLost {
			t.Fatalf("a move with deadlines by a node without the lease: %v, want the lease lost", err)
		}
		if got, err := b.Table(ctx, own.ID); err != nil || got.Deadlines != nil || got.Version != 0 {
			t.Fatalf("after that move: version %d, deadlines %+v, %v; want 0 and none", got.Version, got.Deadlines, err)
		}
		if err := b.AppendMove(ctx, own.ID, m, nil, nil); err != nil {
			t.Fatal(err)
		}
		if got, err := b.Table(ctx, own.ID); err != nil || got.Version != 1 || got.Deadlines == nil || got.Deadlines.Seats[0] != d.Seats[0] {
			t.Fatalf("after the owner's move: %+v, %v; want version 1 with deadlines %+v", got, err, d)
		}
	})
	t.Run("a node restarted under the same name takes its leases back at once", func(t *testing.T) {
		again := open(t, dsn, postgres.Options{Node: "b", LeaseTTL: time.Minute})
		defer again.Close()
		if ok, err := again.Claim(ctx, tb.ID); !ok || err != nil {
			t.Fatalf("claim by the new b: %v %v", ok, err)
		}
		if err := b.AppendMove(ctx, tb.ID, move(2), nil, nil); err != postgres.ErrLeaseLost {
			t.Fatalf("the old b appended after the new b took its lease: %v", err)
		}
		if err := again.AppendMove(ctx, tb.ID, move(2), nil, nil); err != nil {
			t.Fatal(err)
		}
		if err := again.Release(ctx, tb.ID); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("renewing tells the old owner what it lost", func(t *testing.T) {
		// tb, whose move was refused, and second, found at renewal.
		lost, err := a.Renew(ctx)
		if err != nil || !slices.Equal(lost, []string{tb.ID, second.ID}) {
			t.Fatalf("a lost %v (%v), want %s and %s", lost, err, tb.ID, second.ID)
		}
		if lost, err := a.Renew(ctx); err != nil || len(lost) != 0 {
			t.Fatalf("a lost %v (%v) again", lost, err)
		}
		// The table its namesake took back.
		if lost, err := b.Renew(ctx); err != nil || !slices.Equal(lost, []string{tb.ID}) {
			t.Fatalf("b lost %v (%v), want %s", lost, err, tb.ID)
		}
	})
}
