package storetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"harbor/people"
)

// spendAt spends (or with spend false, looks at) a token of b at now.
func spendAt(t *testing.T, s people.Spender, b people.Bucket, spend bool, now time.Time) bool {
	t.Helper()
	ok, err := s.Spend(ctx, b, spend, now)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// testBucket: a bucket starts full, is spent token by token, refills at
// its rate up to its burst, keeps apart from other keys, and a look spends
// nothing.
func testBucket(t *testing.T, s people.Spender) {
	t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	b := people.Bucket{Key: "p:ana/create", Rate: 0.5, Burst: 3}
	step := func(what string, spend bool, at time.Duration, want bool) {
		t.Helper()
		if got := spendAt(t, s, b, spend, t0.Add(at)); got != want {
			t.Fatalf("%s (spend %v, %s in): %v, want %v", what, spend, at, got, want)
		}
	}
	step("a look at a bucket never used", false, 0, true)
	for i := range 3 {
		step("a token of a full bucket "+string(rune('1'+i)), true, 0, true)
	}
	step("a fourth token at once", true, 0, false)
	step("a look at the empty bucket", false, 0, false)
	if !spendAt(t, s, people.Bucket{Key: "p:bo/create", Rate: 0.5, Burst: 3}, true, t0) {
		t.Fatal("another key's bucket is spent too")
	}
	step("a token 1.5 s later (0.75 refilled)", true, 1500*time.Millisecond, false)
	step("a look 2 s later (one refilled)", false, 2*time.Second, true)
	step("a look spends nothing", false, 2*time.Second, true)
	step("the refilled token", true, 2*time.Second, true)
	step("no second one yet", true, 2*time.Second, false)
	step("a clock behind the last spend gives nothing", true, -time.Minute, false)
	// An hour later the bucket is full again, and holds no more than Burst.
	for i := range 3 {
		step("a token of the refilled bucket "+string(rune('1'+i)), true, time.Hour, true)
	}
	step("a token past the burst", true, time.Hour, false)
	if spendAt(t, s, people.Bucket{Key: "p:cy/create", Rate: 1, Burst: 0.5}, true, t0) {
		t.Fatal("a bucket whose burst is under one token gave one")
	}
}

// testBucketConcurrent: spends racing for one bucket take exactly its
// tokens.
func testBucketConcurrent(t *testing.T, s people.Spender) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	b := people.Bucket{Key: "a:192.0.2.1/create", Rate: 1e-6, Burst: 5}
	var wg sync.WaitGroup
	var got atomic.Int32
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := s.Spend(ctx, b, true, now)
			if err != nil {
				t.Error(err)
			}
			if ok {
				got.Add(1)
			}
		}()
	}
	wg.Wait()
	if got.Load() != 5 {
		t.Fatalf("20 racing spends of a 5-token bucket took %d", got.Load())
	}
}
