package postgres

import (
	"context"
	"slices"
	"time"

	"harbor/table"
)

// HoldOpen implements table.Store. The transaction first takes an advisory
// lock per owner (in one order, so two holds never wait on each other), so
// two nodes never both take an owner's last open table.
func (s *Store) HoldOpen(ctx context.Context, id string, owners []table.Owner, now time.Time) (int, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return -1, err
	}
	defer tx.Rollback(ctx)
	ids := make([]string, len(owners))
	for i, o := range owners {
		ids[i] = o.ID
	}
	slices.Sort(ids)
	for _, o := range ids {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('open_tables'), hashtext($1))`, o); err != nil {
			return -1, err
		}
	}
	at := table.Seconds(now)
	for i, o := range owners {
		if _, err := tx.Exec(ctx, `DELETE FROM open_tables o WHERE o.owner = $1 AND o.held < $2 AND NOT EXISTS
			(SELECT 1 FROM tables t WHERE t.id = o.table_id AND t.status != 'finished')`,
			o.ID, at-table.HoldGrace.Seconds()); err != nil {
			return -1, err
		}
		if o.Max > 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM open_tables WHERE owner = $1 AND table_id != $2`, o.ID, id).Scan(&n); err != nil {
				return -1, err
			}
			if n >= o.Max {
				return i, nil
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO open_tables (owner, table_id, held) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, o.ID, id, at); err != nil {
			return -1, err
		}
	}
	return -1, tx.Commit(ctx)
}

// ReleaseOpen implements table.Store.
func (s *Store) ReleaseOpen(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM open_tables WHERE table_id = $1`, id)
	return err
}
