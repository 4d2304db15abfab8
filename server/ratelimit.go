package server

import (
	"net"
	"net/http"
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

// limiter keeps a bucket per client address, for guessing codes.
type limiter struct {
	rate, burst float64
	mu          sync.Mutex
	buckets     map[string]*bucket
}

func newLimiter(rate, burst float64) *limiter {
	return &limiter{rate: rate, burst: burst, buckets: map[string]*bucket{}}
}

// allow spends a token of the address of r.
func (l *limiter) allow(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > 10000 {
		// Forget addresses whose bucket has refilled: they lose nothing.
		full := time.Duration(l.burst / l.rate * float64(time.Second))
		for k, b := range l.buckets {
			if now.Sub(b.last) > full {
				delete(l.buckets, k)
			}
		}
	}
	b := l.buckets[host]
	if b == nil {
		b = &bucket{}
		l.buckets[host] = b
	}
	return b.take(now, l.rate, l.burst)
}

// exhausted reports, without spending anything, whether the address of r
// has no token left: a look-up that only pays when it fails checks it first.
func (l *limiter) exhausted(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[host]
	if b == nil {
		return false
	}
	probe := *b
	return !probe.take(time.Now(), l.rate, l.burst)
}
