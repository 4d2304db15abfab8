// Package postgres is Harbor's store for several nodes: table.Store over
// PostgreSQL through pgx, with migrations embedded as SQL files and applied
// at start. Moves of all tables are group-committed: the AppendMove calls
// that arrive together are written by one statement (one transaction), and
// each returns only after it has committed.
//
// A store opened for a node (Options.Node) also keeps the leases through
// which one node at a time runs a live table (lease.go): every move and
// lobby change it writes checks, in its own transaction, that the node
// still holds the table's lease with the same fencing number, so a node
// that lost a lease can never write to that table again.
package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Options configure a Store.
type Options struct {
	// Node, when set, names this node: tables are written only under a
	// lease this node holds (see Claim). Empty for a single node, which
	// writes any table.
	Node string
	// LeaseTTL is how long a lease lasts unless renewed; 0 means
	// DefaultLeaseTTL.
	LeaseTTL time.Duration
	// MaxConns bounds the pool of connections; 0 means 8.
	MaxConns int32
	// Committers is how many batches of moves are written at once; 0
	// means 4 for a single node and 2 for a node of a cluster (see
	// committers).
	Committers int
	// Timeout bounds every wait on PostgreSQL but the migrations' (see
	// bound); 0 means DefaultTimeout.
	Timeout time.Duration
}

// DefaultLeaseTTL is the lease time of a node's tables when Options leave
// it unset.
const DefaultLeaseTTL = 5 * time.Second

// Open connects to the database at dsn (a postgres:// URL or key=value
// string; search_path=<schema> picks the schema) and brings its schema up to
// date.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	cfg.MaxConns = opts.MaxConns
	if cfg.MaxConns == 0 {
		cfg.MaxConns = 8
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	// The migrations run on a connection of their own without the bound
	// on statements: one may rewrite a large table.
	unbounded := cfg.ConnConfig.Copy()
	if unbounded.ConnectTimeout == 0 {
		unbounded.ConnectTimeout = timeout
	}
	bound(&cfg.ConnConfig.Config, timeout)
	conn, err := pgx.ConnectConfig(ctx, unbounded)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	err = migrate(ctx, conn, 0)
	conn.Close(ctx)
	if err != nil {
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return newStore(pool, opts), nil
}

// beginner is what begins a transaction: a pool or a connection.
type beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// migration is one embedded schema step.
type migration struct {
	version int
	name    string
	sql     string
}

func embedded() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]migration, 0, len(names))
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number", name)
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{v, base, string(body)})
	}
	return out, nil
}

// SchemaVersion is the newest embedded migration: the version Open brings
// a database to.
func SchemaVersion() int {
	ms, err := embedded()
	if err != nil || len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

// migrate applies, in order and each in its own transaction, every embedded
// migration up to version (0: all) not yet recorded in schema_migrations.
// Nodes starting together take turns through an advisory lock on the
// schema.
func migrate(ctx context.Context, pool beginner, version int) error {
	ms, err := embedded()
	if err != nil {
		return err
	}
	for _, m := range ms {
		if version > 0 && m.version > version {
			break
		}
		if err := apply(ctx, pool, m); err != nil {
			return err
		}
	}
	return nil
}

// apply runs m unless it was applied already.
func apply(ctx context.Context, pool beginner, m migration) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('harbor migrations ' || current_schema()))`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		var done bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1)`, m.version).Scan(&done); err != nil {
			return err
		}
		if done {
			return nil
		}
		if _, err := tx.Exec(ctx, m.sql); err != nil {
			return fmt.Errorf("%s: %w", m.name, err)
		}
		_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.version, m.name)
		return err
	})
}
