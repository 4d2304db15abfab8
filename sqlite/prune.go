package sqlite

import (
	"context"
	"time"

	"harbor"
	"harbor/table"
)

var _ table.Pruner = (*Store)(nil)

// CountTables implements table.Pruner.
func (s *Store) CountTables(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM tables`).Scan(&n)
	return n, err
}

// TablesBefore implements table.Pruner.
func (s *Store) TablesBefore(ctx context.Context, status table.Status, before time.Time, limit int) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM tables WHERE status = ? AND updated < ? ORDER BY updated LIMIT ?`,
		string(status), millis(before), limit)
}

// DeleteTable implements table.Pruner.
func (s *Store) DeleteTable(ctx context.Context, id string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return storageError(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE table_id = ?`, id); err != nil {
		return storageError(err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM move_log WHERE table_id = ?`, id); err != nil {
		return storageError(err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM seated WHERE table_id = ?`, id); err != nil {
		return storageError(err)
	}
	// The room's webhook URL is a credential: it goes with its table.
	if _, err := tx.ExecContext(ctx, `DELETE FROM table_webhooks WHERE table_id = ?`, id); err != nil {
		return storageError(err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM tables WHERE id = ?`, id)
	if err != nil {
		return storageError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return harbor.NoTable()
	}
	if err := tx.Commit(); err != nil {
		return storageError(err)
	}
	s.heads.Forget(id)
	return nil
}
