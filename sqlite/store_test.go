package sqlite_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"harbor"
	"harbor/people"
	"harbor/sqlite"
	"harbor/storetest"
	"harbor/table"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) table.Store {
		s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestReopenKeepsEverything: tables, moves and rate buckets outlast a
// close and reopen.
func TestReopenKeepsEverything(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tb := storetest.NewTable(t)
	ctx := context.Background()
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	tb.Status = table.Playing
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendMove(ctx, tb.ID, table.Move{N: 0, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil, nil); err != nil {
		t.Fatal(err)
	}
	limit := people.Bucket{Key: "p:ana/create", Rate: 1e-6, Burst: 1}
	now := time.Now()
	if ok, err := s.People().Spend(ctx, limit, true, now); !ok || err != nil {
		t.Fatalf("the first token of a new bucket: %v %v", ok, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = sqlite.Open(path) // migrations run again and must be a no-op
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Table(ctx, tb.ID)
	if err != nil || got.Version != 1 || got.Status != table.Playing {
		t.Fatalf("reopened table %+v %v", got, err)
	}
	moves, err := s.Moves(ctx, tb.ID, 0)
	if err != nil || len(moves) != 1 {
		t.Fatalf("reopened moves %+v %v", moves, err)
	}
	if ok, err := s.People().Spend(ctx, limit, true, now); ok || err != nil {
		t.Fatalf("a bucket spent before the restart is full again after it: %v %v", ok, err)
	}
	if err := s.AppendMove(ctx, tb.ID, table.Move{N: 1, Move: json.RawMessage(`{}`), At: time.Now()}, nil, nil); err != nil {
		t.Fatal(err)
	}
}

func TestNewFileHasSmallPages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	raw, err := os.ReadFile(path)
	if err != nil || len(raw) < 100 {
		t.Fatalf("database file: %v", err)
	}
	if size := int(raw[16])<<8 | int(raw[17]); size != 1024 {
		t.Fatalf("page size %d, want 1024", size)
	}
}

// TestSaveTableAfterMoves checks that the committer's record of a table's
// log does not outlive a status change made by SaveTable.
func TestSaveTableAfterMoves(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	tb := storetest.NewTable(t)
	tb.Status = table.Playing
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	move := func(n int) error {
		return s.AppendMove(ctx, tb.ID, table.Move{N: n, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil, nil)
	}
	for n := range 3 {
		if err := move(n); err != nil {
			t.Fatal(err)
		}
	}
	if err := move(1); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("a move out of order: %v, want a conflict", err)
	}
	tb.Status = table.Finished
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if err := move(3); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("a move after the table was saved as finished: %v, want a conflict", err)
	}
	tb.Status = table.Playing
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if err := move(3); err != nil {
		t.Fatalf("the next move once playing again: %v", err)
	}
	if moves, err := s.Moves(ctx, tb.ID, 0); err != nil || len(moves) != 4 {
		t.Fatalf("stored %d moves (%v), want 4", len(moves), err)
	}
}

// TestAppendMoveRunsThen: then runs once, after the commit and before
// AppendMove returns, with the move already stored; a move that does not
// follow the log runs then with the same refusal AppendMove returns.
// Concurrent appends to many tables are each finished in order.
func TestAppendMoveRunsThen(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	const tables, moves = 8, 40
	ids := make([]string, tables)
	for i := range ids {
		ids[i] = playing(t, s).ID
	}
	errs := make(chan error, tables)
	for _, id := range ids {
		go func() {
			for n := range moves {
				calls := 0
				var seen error = harbor.Errorf(harbor.EInternal, "not called")
				err := s.AppendMove(ctx, id, table.Move{N: n, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil,
					func(err error) { calls++; seen = err })
				if err != nil || calls != 1 || seen != nil {
					errs <- fmt.Errorf("move %d of %s: %v, then called %d times with %v", n, id, err, calls, seen)
					return
				}
			}
			errs <- nil
		}()
	}
	for range ids {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range ids {
		if got, err := s.Moves(ctx, id, 0); err != nil || len(got) != moves {
			t.Fatalf("%s holds %d moves (%v), want %d", id, len(got), err, moves)
		}
	}
	var seen error
	err = s.AppendMove(ctx, ids[0], table.Move{N: 3, Move: json.RawMessage(`{}`), At: time.Now()}, nil, func(err error) { seen = err })
	if harbor.ErrorCode(err) != harbor.EConflict || seen != err {
		t.Fatalf("a move off the log: %v, then saw %v", err, seen)
	}
}

// TestAppendAfterCloseFails: a move appended after Close is refused at once
// rather than left waiting for a committer that has stopped.
func TestAppendAfterCloseFails(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for n := range 50 {
		done := make(chan error, 1)
		go func() {
			done <- s.AppendMove(context.Background(), "t", table.Move{N: n, Move: json.RawMessage(`{}`), At: time.Now()}, nil, nil)
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Fatal("a move was stored after Close")
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("append %d after Close still waits", n)
		}
	}
}

// playing stores a new table of Pile whose game has started.
func playing(t *testing.T, s *sqlite.Store) *table.Table {
	t.Helper()
	ctx := context.Background()
	tb := storetest.NewTable(t)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	tb.Status = table.Playing
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestMoveLog(t *testing.T) {
	paths := make(map[storetest.MoveLog]string)
	open := func(t *testing.T, path string) storetest.MoveLog {
		s, err := sqlite.OpenUnfolded(path)
		if err != nil {
			t.Fatal(err)
		}
		paths[s] = path
		return s
	}
	storetest.RunMoveLog(t, storetest.MoveLogSide{
		Open: func(t *testing.T) storetest.MoveLog { return open(t, filepath.Join(t.TempDir(), "harbor.db")) },
		Reopen: func(t *testing.T, s storetest.MoveLog) storetest.MoveLog {
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			return open(t, paths[s])
		},
		StopFold: func(t *testing.T, s storetest.MoveLog, max int, keep bool) {
			s.(*sqlite.Store).StopFold(t, max, keep)
		},
	})
}

// TestFoldsByItself: once the log holds sqlite.FoldAt moves, the store
// folds it by itself, and every move is read back once, in order.
func TestFoldsByItself(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	const tables = 64
	per := sqlite.FoldAt/tables + 1
	ids := playingTables(t, s, tables)
	appendMoves(t, s, ids, per)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		n, err := s.LoggedMoves(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n < sqlite.FoldBatch {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log still holds %d moves", n)
		}
	}
	checkMovesBack(t, s, ids, per)
}

// checkMovesBack reads back the per moves appendMoves gave each table of
// ids: each once, in order.
func checkMovesBack(t *testing.T, s *sqlite.Store, ids []string, per int) {
	t.Helper()
	for _, id := range ids {
		moves, err := s.Moves(context.Background(), id, 0)
		if err != nil || len(moves) != per {
			t.Fatalf("table %s: %d moves (%v), want %d", id, len(moves), err, per)
		}
		for n, m := range moves {
			if m.N != n || string(m.Move) != fmt.Sprintf(`{"n":%d}`, n) {
				t.Fatalf("table %s: move %d is %+v", id, n, m)
			}
		}
	}
}

// TestFoldsAlong: once the log holds sqlite.FoldAt moves, each commit
// folds the oldest moves along with its own, so the log stays near FoldAt
// with no fold of its own (this store has no folder), and every move is
// read back once, in order.
func TestFoldsAlong(t *testing.T) {
	s, err := sqlite.OpenFoldingAlong(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	const tables = 16
	per := 3 * sqlite.FoldAt / tables
	ids := playingTables(t, s, tables)
	// A round of one move each at a time, so no batch holds more than
	// one move of each table.
	most := 0
	for n := 0; n < per; n++ {
		appendRange(t, s, ids, n, n+1)
		logged, err := s.LoggedMoves(ctx)
		if err != nil {
			t.Fatal(err)
		}
		most = max(most, logged)
	}
	if most >= sqlite.FoldAt+tables {
		t.Fatalf("the log held %d moves, want under %d", most, sqlite.FoldAt+tables)
	}
	if most < sqlite.FoldAt-tables {
		t.Fatalf("the log held %d moves at most: folded before it held %d", most, sqlite.FoldAt)
	}
	checkMovesBack(t, s, ids, per)
}

// TestDeleteTableWithLoggedMoves: a table deleted with moves folded and
// moves still logged leaves none behind, and the next fold goes on.
func TestDeleteTableWithLoggedMoves(t *testing.T) {
	s := openUnfolded(t)
	ctx := context.Background()
	ids := playingTables(t, s, 2)
	appendMoves(t, s, ids[:1], 3)
	appendMoves(t, s, ids[1:], 3)
	if n, err := s.FoldMoves(ctx, 2); err != nil || n != 2 { // the first table's first two
		t.Fatalf("folded %d (%v), want 2", n, err)
	}
	if err := s.DeleteTable(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if moves, err := s.Moves(ctx, ids[0], 0); err != nil || len(moves) != 0 {
		t.Fatalf("the deleted table's moves: %+v %v", moves, err)
	}
	if n, err := s.FoldMoves(ctx, 100); err != nil || n != 3 {
		t.Fatalf("folded %d (%v), want the other table's 3", n, err)
	}
	if moves, err := s.Moves(ctx, ids[1], 0); err != nil || len(moves) != 3 {
		t.Fatalf("the other table's moves: %+v %v", moves, err)
	}
}
