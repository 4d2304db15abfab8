// Package sqldb is the small interface through which SQL kept beside its
// own package (people's, and notify/sqlnotify's) runs on either store:
// SQLite over database/sql, or PostgreSQL over its pgx pool. Each store
// adapts its driver to DB once; the packages write their statements with
// ? placeholders, which the PostgreSQL side numbers ($1, $2, …), and a
// statement only one store runs may use that store's own placeholders.
package sqldb

import (
	"context"
	"errors"
)

// ErrNoRows and ErrUnique are what a DB returns for a query that found no
// row and for a write that broke a unique key.
var (
	ErrNoRows = errors.New("sqldb: no rows")
	ErrUnique = errors.New("sqldb: unique key taken")
)

// Dialect names the SQL a DB speaks, for the few statements the two
// stores write differently.
type Dialect int

// The dialects.
const (
	SQLite Dialect = iota
	Postgres
)

// Row is a single-row result.
type Row interface{ Scan(dest ...any) error }

// Rows is a multi-row result.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// Runner runs statements.
type Runner interface {
	// Exec runs a statement and returns the rows it changed.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	QueryRow(ctx context.Context, query string, args ...any) Row
	Query(ctx context.Context, query string, args ...any) (Rows, error)
}

// DB is a store's database.
type DB interface {
	Runner
	Dialect() Dialect
	// Tx runs fn in one transaction, committed when fn returns nil and
	// rolled back otherwise (fn's error is Tx's).
	Tx(ctx context.Context, fn func(tx Runner) error) error
}
