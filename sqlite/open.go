package sqlite

import (
	"context"
	"time"

	"harbor/table"
)

// HoldOpen implements table.Store. Its transaction starts with a write,
// so it holds SQLite's one write lock from its first statement: no other
// hold counts in between.
func (s *Store) HoldOpen(ctx context.Context, id string, owners []table.Owner, now time.Time) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return -1, storageError(err)
	}
	defer tx.Rollback()
	at := table.Seconds(now)
	for i, o := range owners {
		if _, err := tx.ExecContext(ctx, `DELETE FROM open_tables WHERE owner = ?1 AND held < ?2 AND NOT EXISTS
			(SELECT 1 FROM tables t WHERE t.id = open_tables.table_id AND t.status != 'finished')`,
			o.ID, at-table.HoldGrace.Seconds()); err != nil {
			return -1, storageError(err)
		}
		if o.Max > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM open_tables WHERE owner = ? AND table_id != ?`, o.ID, id).Scan(&n); err != nil {
				return -1, storageError(err)
			}
			if n >= o.Max {
				return i, nil
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO open_tables (owner, table_id, held) VALUES (?, ?, ?)`, o.ID, id, at); err != nil {
			return -1, storageError(err)
		}
	}
	return -1, storageError(tx.Commit())
}

// ReleaseOpen implements table.Store.
func (s *Store) ReleaseOpen(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM open_tables WHERE table_id = ?`, id)
	return storageError(err)
}
