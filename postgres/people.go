package postgres

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"harbor/notify/sqlpeople"
)

// People returns the store's notice settings, push subscriptions and
// linked devices (notify.Store and table.DeviceStore), shared by every
// node.
func (s *Store) People() sqlpeople.Store { return sqlpeople.Store{DB: peopleDB{s}} }

// peopleDB adapts the pool to sqlpeople.DB, numbering its ? placeholders.
type peopleDB struct{ s *Store }

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

func peopleError(err error) error {
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return sqlpeople.ErrNoRows
	case isUnique(err):
		return sqlpeople.ErrUnique
	}
	return err
}

func (p peopleDB) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := p.s.pool.Exec(ctx, numbered(query), args...)
	if err != nil {
		return 0, peopleError(err)
	}
	return tag.RowsAffected(), nil
}

type peopleRow struct{ r pgx.Row }

func (r peopleRow) Scan(dest ...any) error { return peopleError(r.r.Scan(dest...)) }

func (p peopleDB) QueryRow(ctx context.Context, query string, args ...any) sqlpeople.Row {
	return peopleRow{p.s.pool.QueryRow(ctx, numbered(query), args...)}
}

func (p peopleDB) Query(ctx context.Context, query string, args ...any) (sqlpeople.Rows, error) {
	rows, err := p.s.pool.Query(ctx, numbered(query), args...)
	if err != nil {
		return nil, peopleError(err)
	}
	return rows, nil
}
