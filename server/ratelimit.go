package server

import "time"

// bucket is a token bucket of one connection's messages: rate tokens a
// second, at most burst saved up. The limits per person and address keep
// theirs in the store (people.Bucket).
type bucket struct {
	tokens float64
	last   time.Time
}

// take spends one token at now, reporting whether there was one.
func (b *bucket) take(now time.Time, rate, burst float64) bool {
	if b.last.IsZero() {
		b.tokens = burst
	} else {
		b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
