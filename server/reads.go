package server

import (
	"time"

	"harbor"
)

// maxReaders bounds the read allowances the server keeps; past it, those
// that have filled up again (the same as new ones) are dropped.
const maxReaders = 10000

// readerOf names whom a read of an old log page, a game's log or a replay
// step counts against: the person, or the address for the TV screen,
// which has no person.
func readerOf(key, addr string) string {
	if key == "" {
		return "a:" + addr
	}
	return "p:" + key
}

// allowRead spends one of who's reads: old log pages, logs and replay
// steps are replayed games, so each person may ask for Limits.ReadRate a
// second (Limits.ReadBurst at once) over all their connections.
// ERateLimited past it.
func (s *Server) allowRead(who string) error {
	rate, burst := s.limits.ReadRate, s.limits.ReadBurst
	if rate <= 0 {
		return nil
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reads == nil {
		s.reads = map[string]*bucket{}
	}
	b := s.reads[who]
	if b == nil {
		if len(s.reads) >= maxReaders {
			full := time.Duration(burst / rate * float64(time.Second))
			for k, o := range s.reads {
				if now.Sub(o.last) >= full {
					delete(s.reads, k)
				}
			}
		}
		b = &bucket{}
		s.reads[who] = b
	}
	if !b.take(now, rate, burst) {
		return harbor.Errorf(harbor.ERateLimited, "too many old log pages and replay steps: at most %g a second (%g at once); wait a little", rate, burst).With(harbor.M("api.tooManyReads"))
	}
	return nil
}
