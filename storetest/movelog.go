package storetest

import (
	"context"
	"reflect"
	"testing"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// MoveLog is a store that appends new moves to one log in commit order and
// folds the log into each table's moves now and then.
type MoveLog interface {
	table.Store
	// FoldMoves folds the oldest max moves of the log (fewer if it holds
	// fewer) and returns how many it folded.
	FoldMoves(ctx context.Context, max int) (int, error)
	// LoggedMoves is how many moves the log holds.
	LoggedMoves(ctx context.Context) (int, error)
}

// MoveLogSide opens a MoveLog store for RunMoveLog.
type MoveLogSide struct {
	// Open returns a new, empty store that folds only when FoldMoves is
	// called.
	Open func(t *testing.T) MoveLog
	// Reopen closes s and opens its database again, as a restart would.
	Reopen func(t *testing.T, s MoveLog) MoveLog
	// StopFold runs a fold of at most max moves that stops once it has
	// copied them, before it clears them from the log: rolled back, as a
	// crash there leaves it, or, with keep, committed so.
	StopFold func(t *testing.T, s MoveLog, max int, keep bool)
}

// RunMoveLog runs the conformance tests of a store's move log.
func RunMoveLog(t *testing.T, side MoveLogSide) {
	tests := []struct {
		name string
		fn   func(t *testing.T, side MoveLogSide, s MoveLog) MoveLog
	}{
		{"moves read back across the log and the folded moves", testLogAndFolded},
		{"a fold stopped half way, then done again", testFoldStopped},
		{"a restart with moves not folded", testRestartUnfolded},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.fn(t, side, side.Open(t))
			s.Close()
		})
	}
}

// logged checks that s's log holds want moves.
func logged(t *testing.T, s MoveLog, want int) {
	t.Helper()
	n, err := s.LoggedMoves(ctx)
	if err != nil || n != want {
		t.Fatalf("the log holds %d moves (%v), want %d", n, err, want)
	}
}

// fold folds up to max moves of s and checks that it folded want.
func fold(t *testing.T, s MoveLog, max, want int) {
	t.Helper()
	n, err := s.FoldMoves(ctx, max)
	if err != nil || n != want {
		t.Fatalf("a fold of up to %d moves folded %d (%v), want %d", max, n, err, want)
	}
}

// readBack checks that s holds moves as the whole log of tb, read from
// every point, and as its version.
func readBack(t *testing.T, s table.Store, tb *table.Table, moves []table.Move) {
	t.Helper()
	for from := 0; from <= len(moves); from++ {
		got, err := s.Moves(ctx, tb.ID, from)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 && from == len(moves) {
			continue
		}
		if !reflect.DeepEqual(got, moves[from:]) {
			t.Fatalf("moves from %d:\n got %+v\nwant %+v", from, got, moves[from:])
		}
	}
	stored, err := s.Table(ctx, tb.ID)
	if err != nil || stored.Version != len(moves) {
		t.Fatalf("the table's version %+v (%v), want %d", stored, err, len(moves))
	}
}

// testLogAndFolded: moves of two tables, interleaved, some folded and some
// not, read back whole and in order; a move that repeats one folded or one
// logged is refused.
func testLogAndFolded(t *testing.T, _ MoveLogSide, s MoveLog) MoveLog {
	a, b := newPile(t, 200), newPile(t, 200)
	var ga, gb = startPile(t, s, a), startPile(t, s, b)
	var ma, mb []table.Move
	for range 3 {
		ma = append(ma, play(t, s, a, ga, 2)...)
		mb = append(mb, play(t, s, b, gb, 1)...)
	}
	logged(t, s, 9)
	fold(t, s, 4, 4) // a's first two and b's first, then a's third
	logged(t, s, 5)
	readBack(t, s, a, ma)
	readBack(t, s, b, mb)
	ma = append(ma, play(t, s, a, ga, 2)...)
	logged(t, s, 7)
	readBack(t, s, a, ma)
	for _, n := range []int{1, 5, len(ma) + 1} { // folded, logged, a gap
		m := ma[0]
		m.N = n
		wantCode(t, s.AppendMove(ctx, a.ID, m, nil, nil), harbor.EConflict)
	}
	fold(t, s, 100, 7)
	logged(t, s, 0)
	fold(t, s, 100, 0)
	readBack(t, s, a, ma)
	readBack(t, s, b, mb)
	return s
}

// startPile stores tb and starts its game.
func startPile(t *testing.T, s table.Store, tb *table.Table) game.Game {
	t.Helper()
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	return start(t, s, tb)
}

// testFoldStopped: a fold stopped after copying its moves, whether that
// was rolled back or kept, loses and repeats no move, and the next fold
// finishes it.
func testFoldStopped(t *testing.T, side MoveLogSide, s MoveLog) MoveLog {
	tb := newPile(t, 200)
	g := startPile(t, s, tb)
	moves := play(t, s, tb, g, 6)
	fold(t, s, 2, 2)
	side.StopFold(t, s, 2, false)
	logged(t, s, 4)
	readBack(t, s, tb, moves)
	side.StopFold(t, s, 3, true)
	logged(t, s, 4)
	readBack(t, s, tb, moves)
	moves = append(moves, play(t, s, tb, g, 1)...)
	readBack(t, s, tb, moves)
	fold(t, s, 3, 3) // the three copied already
	logged(t, s, 2)
	readBack(t, s, tb, moves)
	fold(t, s, 100, 2)
	readBack(t, s, tb, moves)
	return s
}

// testRestartUnfolded: after a restart the log's moves are read back, count
// in the table's version and are followed by the next move; the fold then
// keeps them.
func testRestartUnfolded(t *testing.T, side MoveLogSide, s MoveLog) MoveLog {
	tb := newPile(t, 200)
	g := startPile(t, s, tb)
	moves := play(t, s, tb, g, 5)
	fold(t, s, 2, 2)
	s = side.Reopen(t, s)
	logged(t, s, 3)
	readBack(t, s, tb, moves)
	stale := moves[4]
	wantCode(t, s.AppendMove(ctx, tb.ID, stale, nil, nil), harbor.EConflict)
	moves = append(moves, play(t, s, tb, g, 2)...)
	logged(t, s, 5)
	readBack(t, s, tb, moves)
	fold(t, s, 100, 5)
	s = side.Reopen(t, s)
	logged(t, s, 0)
	readBack(t, s, tb, moves)
	return s
}
