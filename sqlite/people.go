package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"harbor/notify/sqlpeople"
)

// People returns the store's notice settings, push subscriptions and
// linked devices (notify.Store and table.DeviceStore).
func (s *Store) People() sqlpeople.Store { return sqlpeople.Store{DB: peopleDB{s.db}} }

// peopleDB adapts database/sql to sqlpeople.DB.
type peopleDB struct{ db *sql.DB }

func peopleError(err error) error {
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return sqlpeople.ErrNoRows
	case err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed"):
		return sqlpeople.ErrUnique
	}
	return storageError(err)
}

func (p peopleDB) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := p.db.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, peopleError(err)
	}
	return res.RowsAffected()
}

type peopleRow struct{ r *sql.Row }

func (r peopleRow) Scan(dest ...any) error { return peopleError(r.r.Scan(dest...)) }

func (p peopleDB) QueryRow(ctx context.Context, query string, args ...any) sqlpeople.Row {
	return peopleRow{p.db.QueryRowContext(ctx, query, args...)}
}

type peopleRows struct{ *sql.Rows }

func (r peopleRows) Close() { _ = r.Rows.Close() }

func (p peopleDB) Query(ctx context.Context, query string, args ...any) (sqlpeople.Rows, error) {
	rows, err := p.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, peopleError(err)
	}
	return peopleRows{rows}, nil
}
