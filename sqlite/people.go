package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"harbor/notify/sqlnotify"
	"harbor/people"
	"harbor/sqldb"
)

// People returns what the data file keeps of people beside their
// tables: linked devices, rate-limit buckets, open-table holds, notice
// settings and push subscriptions.
func (s *Store) People() people.SQL { return people.SQL{DB: sqlDB{runner{s.db}, s.db}} }

// Notices returns the data file's turn notices and chat rooms, with
// People's notice settings and push subscriptions.
func (s *Store) Notices() sqlnotify.Store { return sqlnotify.Store{SQL: s.People()} }

// sqlDB adapts database/sql to sqldb.DB.
type sqlDB struct {
	runner
	db *sql.DB
}

// sqlRunner is a database or a transaction, as sqldb.Runner.
type sqlRunner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func sqldbError(err error) error {
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return sqldb.ErrNoRows
	case err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed"):
		return sqldb.ErrUnique
	}
	return storageError(err)
}

func (d sqlDB) Dialect() sqldb.Dialect { return sqldb.SQLite }

func (d sqlDB) Tx(ctx context.Context, fn func(sqldb.Runner) error) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return storageError(err)
	}
	defer tx.Rollback()
	if err := fn(runner{tx}); err != nil {
		return err
	}
	return storageError(tx.Commit())
}

// runner adapts a database or a transaction to sqldb.Runner.
type runner struct{ r sqlRunner }

func (r runner) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := r.r.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, sqldbError(err)
	}
	return res.RowsAffected()
}

type row struct{ r *sql.Row }

func (r row) Scan(dest ...any) error { return sqldbError(r.r.Scan(dest...)) }

func (r runner) QueryRow(ctx context.Context, query string, args ...any) sqldb.Row {
	return row{r.r.QueryRowContext(ctx, query, args...)}
}

type rows struct{ *sql.Rows }

func (r rows) Close() { _ = r.Rows.Close() }

func (r runner) Query(ctx context.Context, query string, args ...any) (sqldb.Rows, error) {
	rs, err := r.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, sqldbError(err)
	}
	return rows{rs}, nil
}
