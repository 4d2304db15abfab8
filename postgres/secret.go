package postgres

import (
	"context"
	"crypto/rand"
)

// Secret returns the server secret called name, size random bytes made by
// the first caller on any node and kept in the database, so every node of a
// cluster signs and checks player tokens with the same key.
func (s *Store) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	fresh := make([]byte, size)
	_, _ = rand.Read(fresh) // crypto/rand.Read never fails
	if _, err := s.pool.Exec(ctx, `INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
		return nil, err
	}
	var v []byte
	if err := s.pool.QueryRow(ctx, `SELECT value FROM settings WHERE name = $1`, name).Scan(&v); err != nil {
		return nil, err
	}
	return v, nil
}
