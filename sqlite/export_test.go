package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"

	"harbor/table/groupcommit"
)

// OpenUnfolded is Open for a store that folds its move log only when
// FoldMoves is called.
func OpenUnfolded(path string) (*Store, error) { return open(path, foldNone) }

// OpenFoldingAlong is Open for a store whose commits fold the move log
// along, without the folder.
func OpenFoldingAlong(path string) (*Store, error) { return open(path, foldAlong) }

// FoldAt and FoldBatch say when the store folds its move log, and how
// much at a time.
const FoldAt, FoldBatch = foldAt, foldBatch

// LastToFold is the query that finds where a fold ends.
const LastToFold = lastToFold

// FoldLog folds the oldest max moves of db's move log as the store does,
// on one of db's connections.
func FoldLog(db *sql.DB, max int) (int64, error) {
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	f, err := prepareFold(ctx, conn)
	if err != nil {
		return 0, err
	}
	defer f.close()
	return f.fold(ctx, max, nil)
}

var errStopped = errors.New("the fold stopped")

// StopFold runs a fold of at most max moves that stops once it has copied
// them into moves, before it clears them from the log: rolled back, as a
// crash there would leave it, or, with keep, committed so, as a fold
// written in two transactions would leave it.
func (s *Store) StopFold(t *testing.T, max int, keep bool) {
	t.Helper()
	_, err := s.fold(context.Background(), max, func(commit func() error) error {
		if keep {
			if err := commit(); err != nil {
				return err
			}
		}
		return errStopped
	})
	if !errors.Is(err, errStopped) {
		t.Fatalf("the fold that was to stop: %v", err)
	}
}

// Commit writes batch as the committer writes a batch it gathered, and
// returns each request's answer.
func (s *Store) Commit(batch []*groupcommit.Request) []error {
	s.commit(s.c, batch)
	errs := make([]error, len(batch))
	for i, r := range batch {
		errs[i] = r.Err
	}
	return errs
}

// InsertRows are the numbers of moves the committer inserts at once.
var InsertRows = insertRows[:]

// LogOrder is the moves the move log holds, as "table/n", in the order
// they were logged.
func (s *Store) LogOrder(t *testing.T) []string {
	t.Helper()
	rows, err := s.db.Query(`SELECT table_id, n FROM move_log ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s/%d", id, n))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
