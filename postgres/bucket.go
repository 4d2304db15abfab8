package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"harbor/table"
)

// Spend implements table.Store. Taking a token is one statement under the
// bucket's row lock, so two nodes never both take its last token.
func (s *Store) Spend(ctx context.Context, b table.Bucket, spend bool, now time.Time) (bool, error) {
	return table.BucketSQL{Tokens: s.bucketTokens, Take: s.takeToken, Forget: s.forgetBuckets}.Spend(ctx, b, spend, now)
}

func (s *Store) bucketTokens(ctx context.Context, b table.Bucket, at float64) (float64, bool, error) {
	var tokens float64
	err := s.pool.QueryRow(ctx, `SELECT LEAST($2::float8, tokens + GREATEST(0, $3::float8 - at) * $4::float8) FROM rate_buckets WHERE key = $1`,
		b.Key, b.Burst, at, b.Rate).Scan(&tokens)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return tokens, true, err
}

func (s *Store) takeToken(ctx context.Context, b table.Bucket, at, forget float64) (bool, error) {
	var left float64
	err := s.pool.QueryRow(ctx, `INSERT INTO rate_buckets AS b (key, tokens, at, forget) VALUES ($1, $2::float8 - 1, $3::float8, $5::float8)
		ON CONFLICT (key) DO UPDATE SET tokens = LEAST($2::float8, b.tokens + GREATEST(0, $3::float8 - b.at) * $4::float8) - 1, at = $3::float8, forget = $5::float8
		WHERE LEAST($2::float8, b.tokens + GREATEST(0, $3::float8 - b.at) * $4::float8) >= 1
		RETURNING tokens`, b.Key, b.Burst, at, b.Rate, forget).Scan(&left)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (s *Store) forgetBuckets(ctx context.Context, at float64) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM rate_buckets WHERE forget < $1`, at)
	return err
}
