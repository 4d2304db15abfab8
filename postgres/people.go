package postgres

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"harbor/notify/sqlnotify"
	"harbor/people"
	"harbor/sqldb"
)

// People and Notices return what every node keeps in PostgreSQL of
// people beside their tables (linked devices, rate-limit buckets,
// open-table holds, notice settings, push subscriptions) and of turn
// notices (the outbox, chat rooms).
func (s *Store) People() people.SQL { return people.SQL{DB: sqlDB{runner{s.pool}, s}} }

func (s *Store) Notices() sqlnotify.Store { return sqlnotify.Store{SQL: s.People()} }

// sqlDB adapts the pool to sqldb.DB, numbering its ? placeholders.
type sqlDB struct {
	runner
	s *Store
}

func (d sqlDB) Dialect() sqldb.Dialect { return sqldb.Postgres }

func (d sqlDB) Tx(ctx context.Context, fn func(sqldb.Runner) error) error {
	tx, err := d.s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(runner{tx}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// numbered turns each ? of query into $1, $2, ….
func numbered(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func sqldbError(err error) error {
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return sqldb.ErrNoRows
	case isUnique(err):
		return sqldb.ErrUnique
	}
	return err
}

// pgxRunner is the pool or a transaction.
type pgxRunner interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// runner adapts the pool or a transaction to sqldb.Runner, numbering its
// ? placeholders.
type runner struct{ r pgxRunner }

func (r runner) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := r.r.Exec(ctx, numbered(query), args...)
	if err != nil {
		return 0, sqldbError(err)
	}
	return tag.RowsAffected(), nil
}

type row struct{ r pgx.Row }

func (r row) Scan(dest ...any) error { return sqldbError(r.r.Scan(dest...)) }

func (r runner) QueryRow(ctx context.Context, query string, args ...any) sqldb.Row {
	return row{r.r.QueryRow(ctx, numbered(query), args...)}
}

func (r runner) Query(ctx context.Context, query string, args ...any) (sqldb.Rows, error) {
	rows, err := r.r.Query(ctx, numbered(query), args...)
	if err != nil {
		return nil, sqldbError(err)
	}
	return rows, nil
}
