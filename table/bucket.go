package table

import (
	"context"
	"sync/atomic"
	"time"
)

// Bucket is a token bucket of a rate limit, kept in the Store: Key names
// whom it limits (a person, an address, with the limit's name), and it
// fills at Rate tokens a second up to Burst.
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

// Seconds is t as the stores keep a bucket's times: seconds since the Unix
// epoch, with fractions.
func Seconds(t time.Time) float64 { return float64(t.UnixNano()) / 1e9 }

// Spend spends a token of bucket b in the store at the Tables' clock (see
// Store.Spend); with spend false it only reports whether there is one.
func (ts *Tables) Spend(ctx context.Context, b Bucket, spend bool) (bool, error) {
	return ts.store.Spend(ctx, b, spend, ts.now())
}

// BucketSQL is the part of Store.Spend every SQL store shares; the store
// supplies its statements, and the times they take are Seconds.
type BucketSQL struct {
	// Tokens returns the tokens b holds at at, refilled up to its burst;
	// found is false when the store has no row for it.
	Tokens func(ctx context.Context, b Bucket, at float64) (tokens float64, found bool, err error)
	// Take takes a token of b at at, in one statement, when it holds one
	// (a new row holds b.Burst), setting its forget time; ok is false when
	// it holds none.
	Take func(ctx context.Context, b Bucket, at, forget float64) (ok bool, err error)
	// Forget deletes every bucket whose forget time is before at.
	Forget func(ctx context.Context, at float64) error
}

// bucketSpends counts spends, so that every forgetEvery-th one also drops
// the buckets that have filled up again.
var bucketSpends atomic.Uint64

const forgetEvery = 256

// Spend implements Store.Spend with q's statements.
func (q BucketSQL) Spend(ctx context.Context, b Bucket, spend bool, now time.Time) (bool, error) {
	at := Seconds(now)
	if !spend {
		tokens, found, err := q.Tokens(ctx, b, at)
		if !found {
			tokens = b.Burst
		}
		return err == nil && tokens >= 1, err
	}
	if b.Burst < 1 {
		return false, nil
	}
	if bucketSpends.Add(1)%forgetEvery == 0 {
		if err := q.Forget(ctx, at); err != nil {
			return false, err
		}
	}
	return q.Take(ctx, b, at, Seconds(b.Forget(now)))
}
