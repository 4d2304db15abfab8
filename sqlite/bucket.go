package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"harbor/table"
)

// Spend implements table.Store. Taking a token is one statement, so two
// spends never both take a bucket's last token.
func (s *Store) Spend(ctx context.Context, b table.Bucket, spend bool, now time.Time) (bool, error) {
	return table.BucketSQL{Tokens: s.bucketTokens, Take: s.takeToken, Forget: s.forgetBuckets}.Spend(ctx, b, spend, now)
}

func (s *Store) bucketTokens(ctx context.Context, b table.Bucket, at float64) (float64, bool, error) {
	var tokens float64
	err := s.db.QueryRowContext(ctx, `SELECT min(?2, tokens + max(0, ?3 - at) * ?4) FROM rate_buckets WHERE key = ?1`,
		b.Key, b.Burst, at, b.Rate).Scan(&tokens)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return tokens, true, storageError(err)
}

func (s *Store) takeToken(ctx context.Context, b table.Bucket, at, forget float64) (bool, error) {
	var left float64
	err := s.db.QueryRowContext(ctx, `INSERT INTO rate_buckets (key, tokens, at, forget) VALUES (?1, ?2 - 1, ?3, ?5)
		ON CONFLICT (key) DO UPDATE SET tokens = min(?2, tokens + max(0, ?3 - at) * ?4) - 1, at = ?3, forget = ?5
		WHERE min(?2, tokens + max(0, ?3 - at) * ?4) >= 1
		RETURNING tokens`, b.Key, b.Burst, at, b.Rate, forget).Scan(&left)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, storageError(err)
}

func (s *Store) forgetBuckets(ctx context.Context, at float64) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM rate_buckets WHERE forget < ?`, at)
	return storageError(err)
}
