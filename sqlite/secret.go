package sqlite

import (
	"context"
	"crypto/rand"
)

// Secret returns the secret called name, making a random one of size
// bytes the first time it is asked for. It lives in the database, so it
// lasts as long as the data (and goes with it into backups).
func (s *Store) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	fresh := make([]byte, size)
	_, _ = rand.Read(fresh) // crypto/rand.Read never fails
	if _, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)`, name, fresh); err != nil {
		return nil, storageError(err)
	}
	var v []byte
	if err := s.db.QueryRowContext(ctx, `SELECT value FROM settings WHERE name = ?`, name).Scan(&v); err != nil {
		return nil, err
	}
	return v, nil
}
