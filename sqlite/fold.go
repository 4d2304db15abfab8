package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// The move log is folded into moves once it holds foldAt moves, foldBatch
// at a time (each batch one transaction, so the committer waits for one
// at most), until fewer than foldBatch are left; and wholly once it has
// stopped growing for foldIdle. The more moves of a table a batch holds,
// the fewer pages of moves a fold writes for each move (BenchmarkMoveLayout:
// 0.76 WAL frames a move at 50 tables, the log's own included, against
// 2.26 for moves put in place); but the longer a fold holds the writer,
// and reading a table's moves scans the log, which has no index.
const (
	foldAt    = 1024
	foldBatch = 512
	foldIdle  = 2 * time.Second
)

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
// before they are cleared from the log, and an error it returns ends the
// fold there, rolled back.
func (s *Store) fold(ctx context.Context, max int, copied func(*sql.Tx) error) (int, error) {
	s.writing.Lock()
	defer s.writing.Unlock()
	n, err := foldLog(ctx, s.db, max, copied)
	if err != nil {
		return 0, storageError(err)
	}
	if n == 0 {
		s.logged.Store(0) // the log is empty; the committer, which adds to it, waits
	}
	s.logged.Add(-n)
	return int(n), nil
}

// foldLog folds the oldest max moves of db's log in one transaction, as
// fold does, and returns how many it folded.
func foldLog(ctx context.Context, db *sql.DB, max int, copied func(*sql.Tx) error) (int64, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var last sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(seq) FROM (SELECT seq FROM move_log ORDER BY seq LIMIT ?)`, max).Scan(&last); err != nil || !last.Valid {
		return 0, err
	}
	// The moves up to last but those in moves already and those of a
	// table deleted since.
	if _, err := tx.ExecContext(ctx, `INSERT INTO moves (table_id, n, seat, move, at, stand_in)
		SELECT table_id, n, seat, move, at, stand_in FROM move_log
		WHERE seq <= ?
		ORDER BY table_id, n
		ON CONFLICT DO NOTHING`, last.Int64); err != nil {
		return 0, err
	}
	if copied != nil {
		if err := copied(tx); err != nil {
			return 0, err
		}
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM move_log WHERE seq <= ?`, last.Int64)
	if err != nil {
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// LoggedMoves is how many moves the move log holds, not yet folded.
func (s *Store) LoggedMoves(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM move_log`).Scan(&n)
	return n, err
}
