package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"harbor/table"
)

var _ table.SeatIndex = (*Store)(nil)

// execer is a connection or a transaction.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// saveSeated records who sits at t: the people who left their seats are
// forgotten, the new ones have seen the moves so far.
func saveSeated(ctx context.Context, tx execer, t *table.Table) error {
	keys := table.SeatedKeys(t)
	q, args := `DELETE FROM seated WHERE table_id = ?`, []any{t.ID}
	if len(keys) > 0 {
		q += ` AND person NOT IN (?` + strings.Repeat(", ?", len(keys)-1) + `)`
		for _, k := range keys {
			args = append(args, k)
		}
	}
	if _, err := tx.ExecContext(ctx, q, args...); err != nil {
		return err
	}
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seated (person, table_id, seen) VALUES (?, ?, ?)
			ON CONFLICT (person, table_id) DO NOTHING`, k, t.ID, t.Version); err != nil {
			return err
		}
	}
	return nil
}

// Seated implements table.SeatIndex.
func (s *Store) Seated(ctx context.Context, person string, limit int) ([]table.Seated, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT s.table_id, t.status, s.seen,
		COALESCE((SELECT at FROM move_log WHERE table_id = t.id ORDER BY seq DESC LIMIT 1),
			(SELECT at FROM moves WHERE table_id = t.id ORDER BY n DESC LIMIT 1), t.updated) AS active
		FROM seated s JOIN tables t ON t.id = s.table_id
		WHERE s.person = ?
		ORDER BY CASE t.status WHEN 'playing' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END, active DESC, t.id
		LIMIT ?`, person, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []table.Seated
	for rows.Next() {
		var (
			st     table.Seated
			status string
			active int64
		)
		if err := rows.Scan(&st.ID, &status, &st.Seen, &active); err != nil {
			return nil, err
		}
		st.Status, st.Active = table.Status(status), time.UnixMilli(active).UTC()
		out = append(out, st)
	}
	return out, rows.Err()
}

// MarkSeen implements table.SeatIndex.
func (s *Store) MarkSeen(ctx context.Context, person, id string, n int) error {
	_, err := s.db.ExecContext(ctx, `UPDATE seated SET seen = max(seen, ?) WHERE person = ? AND table_id = ?`, n, person, id)
	return storageError(err)
}
