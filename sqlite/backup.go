package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
)

// Backup writes a consistent copy of the database at path to the new file
// to (VACUUM INTO: one read transaction, so a server may keep committing
// moves meanwhile; the copy holds every move committed before it began).
// It refuses to overwrite an existing file, and checks the copy before it
// returns.
func Backup(ctx context.Context, path, to string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("backup: %s exists; choose a new file", to)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, to); err != nil {
		os.Remove(to)
		return fmt.Errorf("backup: %w", storageError(err))
	}
	return check(ctx, to)
}

// check runs SQLite's integrity check on the database file at path.
func check(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return fmt.Errorf("backup: checking %s: %w", path, err)
	}
	if res != "ok" {
		return fmt.Errorf("backup: %s failed its integrity check: %s", path, res)
	}
	return nil
}
