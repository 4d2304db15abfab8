package postgres

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"harbor/table"
)

var _ table.SeatIndex = (*Store)(nil)

// saveSeated records who sits at t in tx: the people who left their seats
// are forgotten, the new ones have seen the moves so far.
func saveSeated(ctx context.Context, tx pgx.Tx, t *table.Table) error {
	keys := table.SeatedKeys(t)
	q, args := `DELETE FROM seated WHERE table_id = $1`, []any{t.ID}
	if len(keys) > 0 {
		var in []string
		for i, k := range keys {
			in = append(in, "$"+strconv.Itoa(i+2))
			args = append(args, k)
		}
		q += ` AND person NOT IN (` + strings.Join(in, ", ") + `)`
	}
	if _, err := tx.Exec(ctx, q, args...); err != nil {
		return err
	}
	for _, k := range keys {
		if _, err := tx.Exec(ctx, `INSERT INTO seated (person, table_id, seen) VALUES ($1, $2, $3)
			ON CONFLICT (person, table_id) DO NOTHING`, k, t.ID, t.Version); err != nil {
			return err
		}
	}
	return nil
}

// Seated implements table.SeatIndex.
func (s *Store) Seated(ctx context.Context, person string, limit int) ([]table.Seated, error) {
	rows, err := s.pool.Query(ctx, `SELECT s.table_id, t.status, s.seen,
		COALESCE((SELECT at FROM moves WHERE table_id = t.id ORDER BY n DESC LIMIT 1), t.updated) AS active
		FROM seated s JOIN tables t ON t.id = s.table_id
		WHERE s.person = $1
		ORDER BY CASE t.status WHEN 'playing' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END, active DESC, t.id
		LIMIT $2`, person, limit)
	if err != nil {
		return nil, err
	}
	var (
		out    []table.Seated
		st     table.Seated
		status string
		active int64
	)
	_, err = pgx.ForEachRow(rows, []any{&st.ID, &status, &st.Seen, &active}, func() error {
		out = append(out, table.Seated{ID: st.ID, Status: table.Status(status), Seen: st.Seen, Active: time.UnixMilli(active).UTC()})
		return nil
	})
	return out, err
}

// MarkSeen implements table.SeatIndex.
func (s *Store) MarkSeen(ctx context.Context, person, id string, n int) error {
	_, err := s.pool.Exec(ctx, `UPDATE seated SET seen = GREATEST(seen, $1) WHERE person = $2 AND table_id = $3`, n, person, id)
	return err
}
