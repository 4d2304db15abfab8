package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// Once the move log holds foldAt moves, each commit folds along the
// oldest moves of the log, twice as many as it adds (alongCount), in its
// own transaction: the log stays near foldAt, and no fold holds the writer
// while moves wait. Once the log has stopped growing for foldIdle it is
// folded wholly, foldBatch at a time (each batch one transaction). Should
// the log grow past foldAt twice over all the same (folds along that
// fail), the folder folds it down too. The more moves of a table a fold
// holds, the fewer pages of moves it writes for each move; but a fold of
// many moves held the writer for up to 12 ms, ten times a second at 5,000
// moves/s, and the moves that came meanwhile waited (docs/performance.md,
// "The move log"). Reading a table's moves scans the log, which has no
// index, so it is kept short.
const (
	foldAt    = 1024
	foldBatch = 512
	foldIdle  = 2 * time.Second
	// foldAlongLeast is the fewest moves a commit folds along.
	foldAlongLeast = 32
)

// alongCount is how many moves a commit that adds logged moves folds along.
func alongCount(logged int64) int {
	return int(min(max(2*logged, foldAlongLeast), foldBatch))
}

// folder folds the move log when the committer says it has grown, or once
// it stays the same for foldIdle, until Close.
func (s *Store) folder() {
	defer close(s.folding)
	t := time.NewTicker(foldIdle)
	defer t.Stop()
	last := int64(-1)
	for {
		select {
		case <-s.queue.Quit():
			return
		case <-s.foldNow:
			s.foldDown(foldBatch)
		case <-t.C:
			if n := s.logged.Load(); n > 0 && n == last {
				s.foldDown(1)
			}
		}
		last = s.logged.Load()
	}
}

// foldDown folds batches of the log until fewer than left moves remain,
// a fold fails (a full disk: the log is folded later) or the store closes.
func (s *Store) foldDown(left int64) {
	for s.logged.Load() >= left {
		select {
		case <-s.queue.Quit():
			return
		default:
		}
		if n, err := s.FoldMoves(context.Background(), foldBatch); err != nil || n == 0 {
			return
		}
	}
}

// FoldMoves folds the oldest max moves of the move log (fewer if it holds
// fewer) into moves, in one transaction, and returns how many it folded.
// A fold copies moves into moves and clears them from the log together,
// so a crash keeps either both or neither; and it skips a move found in
// moves already, so folding twice changes nothing.
func (s *Store) FoldMoves(ctx context.Context, max int) (int, error) {
	return s.fold(ctx, max, nil)
}

// fold is FoldMoves; copied, unless nil, runs once the moves are copied,
// before they are cleared from the log, with a function that commits the
// fold there; an error it returns ends the fold, rolled back (what is not
// committed yet).
func (s *Store) fold(ctx context.Context, max int, copied func(commit func() error) error) (int, error) {
	s.writing.Lock()
	defer s.writing.Unlock()
	n, err := s.c.folds.fold(ctx, max, copied)
	if err != nil {
		return 0, storageError(err)
	}
	if n == 0 {
		s.logged.Store(0) // the log is empty; the committer, which adds to it, waits
	}
	s.logged.Add(-n)
	return int(n), nil
}

// lastToFold finds the seq of the last move a fold of the log's oldest ?
// moves takes. Its limit is an expression, not the bare parameter: SQLite
// plans a LIMIT by a bare parameter's bound value and plans the statement
// again each time that value changes, as it does from one fold along to
// the next (twice the moves of each commit). That planning cost more than
// the query (BenchmarkLastToFold).
const lastToFold = `SELECT max(seq) FROM (SELECT seq FROM move_log ORDER BY seq LIMIT ?+0)`

// foldStmts are a fold's statements, prepared on the connection the
// committer writes moves on: folds and commits take turns (Store.writing),
// and a connection's cache of pages is emptied whenever another connection
// has written, so folding on a connection of its own made each fold read
// again the pages of moves it writes, and each commit after a fold those
// of the log.
type foldStmts struct {
	begin, commit, rollback  *sql.Stmt
	last, copy, clear        *sql.Stmt
	savepoint, undo, release *sql.Stmt // a fold inside a commit's transaction
}

func prepareFold(ctx context.Context, conn *sql.Conn) (*foldStmts, error) {
	f := new(foldStmts)
	if err := prepareAll(ctx, conn, []prepared{
		{&f.begin, `BEGIN IMMEDIATE`},
		{&f.commit, `COMMIT`},
		{&f.rollback, `ROLLBACK`},
		{&f.last, lastToFold},
		// The moves up to last but those in moves already.
		{&f.copy, `INSERT INTO moves (table_id, n, seat, move, at, stand_in)
			SELECT table_id, n, seat, move, at, stand_in FROM move_log
			WHERE seq <= ?
			ORDER BY table_id, n
			ON CONFLICT DO NOTHING`},
		{&f.clear, `DELETE FROM move_log WHERE seq <= ?`},
		{&f.savepoint, `SAVEPOINT fold`},
		{&f.undo, `ROLLBACK TO fold`},
		{&f.release, `RELEASE fold`},
	}); err != nil {
		f.close()
		return nil, err
	}
	return f, nil
}

func (f *foldStmts) close() {
	for _, st := range []*sql.Stmt{f.begin, f.commit, f.rollback, f.last, f.copy, f.clear, f.savepoint, f.undo, f.release} {
		if st != nil {
			st.Close()
		}
	}
}

// fold folds the oldest max moves of the log in one transaction, as
// Store.fold does, and returns how many it folded.
func (f *foldStmts) fold(ctx context.Context, max int, copied func(commit func() error) error) (n int64, err error) {
	if _, err := f.begin.ExecContext(ctx); err != nil {
		f.rollback.ExecContext(ctx) // whatever failed, no transaction stays open
		return 0, err
	}
	defer func() {
		if err != nil {
			f.rollback.ExecContext(ctx)
		}
	}()
	if n, err = f.move(ctx, max, copied); err != nil {
		return 0, err
	}
	if _, err := f.commit.ExecContext(ctx); err != nil {
		return 0, err
	}
	return n, nil
}

// move copies the oldest max moves of the log into moves and clears them
// from the log, inside the transaction open on the connection, and returns
// how many it cleared; copied is as for Store.fold.
func (f *foldStmts) move(ctx context.Context, max int, copied func(commit func() error) error) (int64, error) {
	var last sql.NullInt64
	if err := f.last.QueryRowContext(ctx, max).Scan(&last); err != nil {
		return 0, err
	}
	if !last.Valid {
		return 0, nil
	}
	if _, err := f.copy.ExecContext(ctx, last.Int64); err != nil {
		return 0, err
	}
	if copied != nil {
		commit := func() error {
			_, err := f.commit.ExecContext(ctx)
			return err
		}
		if err := copied(commit); err != nil {
			return 0, err
		}
	}
	res, err := f.clear.ExecContext(ctx, last.Int64)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// along folds the oldest max moves of the log inside the transaction open
// on the connection, under a savepoint: a fold that fails is undone alone,
// and the transaction's own writes stand. It returns how many moves it
// folded; an error says the fold could not be undone, and the transaction
// must not commit.
func (f *foldStmts) along(ctx context.Context, max int) (int64, error) {
	if _, err := f.savepoint.ExecContext(ctx); err != nil {
		return 0, nil // no fold this time
	}
	n, err := f.move(ctx, max, nil)
	if err != nil {
		if _, err := f.undo.ExecContext(ctx); err != nil {
			return 0, err
		}
		n = 0
	}
	if _, err := f.release.ExecContext(ctx); err != nil {
		return 0, err
	}
	return n, nil
}

// LoggedMoves is how many moves the move log holds, not yet folded.
func (s *Store) LoggedMoves(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM move_log`).Scan(&n)
	return n, err
}
