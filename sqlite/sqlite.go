// Package sqlite is Harbor's embedded store: table.Store over one SQLite
// file (pure-Go driver, WAL, synchronous=FULL), with migrations embedded as
// SQL files. Moves of all tables are group-committed: concurrent AppendMove
// calls share one transaction and one fsync, and each returns only after
// that commit.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Open opens (creating if needed) the database file at path and brings its
// schema up to date.
func Open(path string) (*Store, error) { return open(path, foldAll) }

// open is Open; fold says how the store folds its move log by itself.
func open(path string, fold folding) (*Store, error) {
	q := url.Values{}
	// Checkpoints run in the background (checkpointer), not inside the
	// commit of whichever move happens to fill the WAL. A statement that
	// writes many rows inside a transaction (a fold, the committer's
	// INSERTs) keeps a copy of each page it changes until it ends, so it
	// can be undone alone; past 64 KiB SQLite writes those copies to a
	// temporary file, two system calls a page, as a fold of many tables'
	// moves does for most of its pages. Temporary data stays in memory
	// (a fold's copies are some hundred KiB).
	for _, p := range []string{"synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(ON)", "wal_autocheckpoint(0)", "cache_size(-16000)", "temp_store(MEMORY)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	if err := useWAL(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	db.SetMaxOpenConns(4)
	db.SetMaxIdleConns(4)
	if err := migrate(context.Background(), db); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: migrate %s: %w", path, err)
	}
	s, err := newStore(db, fold)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	return s, nil
}

// useWAL gives a new file 1 KiB pages, then puts the file in WAL mode
// (which the file remembers); an existing file keeps its page size. Small
// pages because a commit's fold puts the moves of many tables into
// `moves`, kept by (table, n), about a page a folded move, and each page
// is written whole to the WAL. Larger pages make fewer WAL frames (two
// writes each) a move but more bytes, and the kernel's work in the writes
// and the fsync grows with the bytes: pages of 512 bytes to 8 KiB cost
// about the same CPU a move (docs/performance.md, "The move log").
func useWAL(db *sql.DB) error {
	ctx := context.Background()
	c, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if _, err := c.ExecContext(ctx, `PRAGMA page_size = 1024`); err != nil {
		return err
	}
	var mode string
	if err := c.QueryRowContext(ctx, `PRAGMA journal_mode = WAL`).Scan(&mode); err != nil {
		return err
	}
	if mode != "wal" {
		return fmt.Errorf("journal mode is %s, not wal", mode)
	}
	return nil
}

// migrate applies, in name order, every embedded migration not yet applied.
func migrate(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)`); err != nil {
		return err
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: name must start with a number", name)
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, v).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version) VALUES (?)`, v); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
