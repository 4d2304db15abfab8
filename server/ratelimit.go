package server

import (
	"sync"
	"time"
)

// bucket is a token bucket: rate tokens a second, at most burst saved up.
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

// limiter keeps a bucket per key (an address, a person), each filling at
// rate tokens a second up to burst.
type limiter struct {
	rate, burst float64
	mu          sync.Mutex
	buckets     map[string]*bucket
}

func newLimiter(rate, burst float64) *limiter {
	return &limiter{rate: rate, burst: burst, buckets: map[string]*bucket{}}
}

// allow spends a token of key, its bucket scaled by factor (an address
// standing for several people).
func (l *limiter) allow(key string, factor float64) bool {
	now := time.Now()
	rate, burst := l.rate*factor, l.burst*factor
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > 10000 {
		// Forget keys whose bucket has refilled: they lose nothing.
		full := time.Duration(burst / rate * float64(time.Second))
		for k, b := range l.buckets {
			if now.Sub(b.last) > full {
				delete(l.buckets, k)
			}
		}
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{}
		l.buckets[key] = b
	}
	return b.take(now, rate, burst)
}

// exhausted reports, without spending anything, whether key has no token
// left: a look-up that only pays when it fails checks it first.
func (l *limiter) exhausted(key string, factor float64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil {
		return false
	}
	probe := *b
	return !probe.take(time.Now(), l.rate*factor, l.burst*factor)
}
