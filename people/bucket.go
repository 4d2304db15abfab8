package people

import (
	"context"
	"sync/atomic"
	"time"

	"harbor/sqldb"
)

// Bucket is a token bucket of a rate limit: Key names whom it limits (a
// person, an address, with the limit's name), and it fills at Rate tokens
// a second up to Burst.
type Bucket struct {
	Key   string
	Rate  float64
	Burst float64
}

// Forget is when a store may forget the bucket after a spend at now: by
// then it has filled up again, so it is the same as one never used.
func (b Bucket) Forget(now time.Time) time.Time {
	if b.Rate <= 0 {
		return now.AddDate(1, 0, 0)
	}
	return now.Add(time.Duration(b.Burst / b.Rate * float64(time.Second)))
}

// Seconds is t as the stores keep a bucket's and a hold's times: seconds
// since the Unix epoch, with fractions.
func Seconds(t time.Time) float64 { return float64(t.UnixNano()) / 1e9 }

// bucketSQL holds a dialect's statements for buckets: the tokens of
// bucket ?1 of burst ?2 at ?3 refilled at rate ?4; taking one of them (a
// new row holds the burst), setting its forget time ?5, in one statement,
// so two spends never both take a bucket's last token (PostgreSQL runs it
// under the bucket's row lock); and forgetting the buckets whose forget
// time is before ?1.
type bucketSQL struct{ tokens, take, forget string }

var bucketStatements = map[sqldb.Dialect]bucketSQL{
	sqldb.SQLite: {
		tokens: `SELECT min(?2, tokens + max(0, ?3 - at) * ?4) FROM rate_buckets WHERE key = ?1`,
		take: `INSERT INTO rate_buckets (key, tokens, at, forget) VALUES (?1, ?2 - 1, ?3, ?5)
		ON CONFLICT (key) DO UPDATE SET tokens = min(?2, tokens + max(0, ?3 - at) * ?4) - 1, at = ?3, forget = ?5
		WHERE min(?2, tokens + max(0, ?3 - at) * ?4) >= 1
		RETURNING tokens`,
		forget: `DELETE FROM rate_buckets WHERE forget < ?1`,
	},
	sqldb.Postgres: {
		tokens: `SELECT LEAST($2::float8, tokens + GREATEST(0, $3::float8 - at) * $4::float8) FROM rate_buckets WHERE key = $1`,
		take: `INSERT INTO rate_buckets AS b (key, tokens, at, forget) VALUES ($1, $2::float8 - 1, $3::float8, $5::float8)
		ON CONFLICT (key) DO UPDATE SET tokens = LEAST($2::float8, b.tokens + GREATEST(0, $3::float8 - b.at) * $4::float8) - 1, at = $3::float8, forget = $5::float8
		WHERE LEAST($2::float8, b.tokens + GREATEST(0, $3::float8 - b.at) * $4::float8) >= 1
		RETURNING tokens`,
		forget: `DELETE FROM rate_buckets WHERE forget < $1`,
	},
}

// bucketSpends counts spends, so that every forgetEvery-th one also drops
// the buckets that have filled up again.
var bucketSpends atomic.Uint64

const forgetEvery = 256

// Spend implements Spender.
func (s SQL) Spend(ctx context.Context, b Bucket, spend bool, now time.Time) (bool, error) {
	q := bucketStatements[s.DB.Dialect()]
	at := Seconds(now)
	if !spend {
		var tokens float64
		err := s.DB.QueryRow(ctx, q.tokens, b.Key, b.Burst, at, b.Rate).Scan(&tokens)
		switch {
		case isNoRows(err):
			return b.Burst >= 1, nil
		case err != nil:
			return false, err
		}
		return tokens >= 1, nil
	}
	if b.Burst < 1 {
		return false, nil
	}
	if bucketSpends.Add(1)%forgetEvery == 0 {
		if _, err := s.DB.Exec(ctx, q.forget, at); err != nil {
			return false, err
		}
	}
	var left float64
	err := s.DB.QueryRow(ctx, q.take, b.Key, b.Burst, at, b.Rate, Seconds(b.Forget(now))).Scan(&left)
	if isNoRows(err) {
		return false, nil
	}
	return err == nil, err
}
