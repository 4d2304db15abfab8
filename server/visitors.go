package server

import (
	"net/http"
	"net/netip"
	"time"

	"harbor"
	"harbor/people"
)

// The limits per person and per address (Limits), so that one visitor
// cannot exhaust the server. A person is a player cookie; an address is
// the client's (behind a trusted proxy, the one it forwards), an IPv6 one
// grouped by its first Limits.IPv6Prefix bits. The rate limits' buckets
// live in the store (Config.Buckets), so every node over the same store
// counts against the same ones, and a restart forgets nothing.

// addressFactor is how many people one address may stand for.
func (s *Server) addressFactor() int { return max(s.limits.AddressFactor, 1) }

// addr is the address of r as the per-address limits count it.
func (s *Server) addr(r *http.Request) string {
	return groupAddr(s.public.clientAddr(r), s.limits.IPv6Prefix)
}

// groupAddr is addr, or for an IPv6 address the prefix of its first bits
// bits (DefaultIPv6Prefix when bits is 0): one client commonly holds a
// whole /64.
func groupAddr(addr string, bits int) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil || !ip.Is6() || ip.Is4In6() {
		return addr
	}
	if bits <= 0 || bits > 128 {
		bits = DefaultIPv6Prefix
	}
	p, _ := ip.WithZone("").Prefix(bits)
	return p.String()
}

var errCodeTries = harbor.Errorf(harbor.ERateLimited, "too many tries; wait a little and try again").With(harbor.M("api.tooManyTries"))

// spend spends (or with spend false, only looks for) a token of the limit
// what for who ("p:" and a person's key, or "a:" and an address), at rate
// tokens a second and burst at once.
func (s *Server) spend(r *http.Request, what, who string, rate, burst float64, spend bool) (bool, error) {
	if s.cfg.Buckets == nil {
		return true, nil
	}
	return s.cfg.Buckets.Spend(r.Context(), people.Bucket{Key: who + "/" + what, Rate: rate, Burst: burst}, spend, time.Now())
}

// codeTry spends a code look-up of the request's address, or with spend
// false reports whether it has one left. When the store cannot keep the
// count (a full disk), the look-up is let through: a TV must still find
// its game, and a look-up that would change a table fails on its own.
func (s *Server) codeTry(r *http.Request, spend bool) error {
	ok, err := s.spend(r, "code", "a:"+s.addr(r), s.limits.CodeRate, s.limits.CodeBurst, spend)
	if err != nil {
		s.log.Warn("code look-up not counted", "err", err)
		return nil
	}
	if !ok {
		return errCodeTries
	}
	return nil
}

// allowCode spends a code look-up of the request's address.
func (s *Server) allowCode(r *http.Request) error { return s.codeTry(r, true) }

// allowCreate spends a new table of the person and of their address.
func (s *Server) allowCreate(q *request) error {
	if s.limits.CreateRate <= 0 {
		return nil
	}
	f := float64(s.addressFactor())
	for _, l := range []struct {
		who, per string
		f        float64
	}{{"p:" + q.key, "person", 1}, {"a:" + s.addr(q.r), "address", f}} {
		ok, err := s.spend(q.r, "create", l.who, s.limits.CreateRate/60*l.f, s.limits.CreateBurst*l.f, true)
		if err != nil {
			return err
		}
		if !ok {
			return harbor.Errorf(harbor.ERateLimited, "too many new tables: at most %g a minute per %s (%g at once); wait a little",
				s.limits.CreateRate*l.f, l.per, s.limits.CreateBurst*l.f).With(harbor.M("api.tooManyNew"))
		}
	}
	return nil
}

// owners are whom a new table counts against while it is open.
func (s *Server) owners(q *request) []people.Owner {
	if s.limits.OpenTables <= 0 {
		return nil
	}
	return []people.Owner{
		{ID: "p:" + q.key, Max: s.limits.OpenTables, Limit: "per person"},
		{ID: "a:" + s.addr(q.r), Max: s.limits.OpenTables * s.addressFactor(), Limit: "per address"},
	}
}

// holdConn counts a new WebSocket connection of the person with key ("" for
// the TV) from addr, or refuses it past a limit. release undoes it.
func (s *Server) holdConn(key, addr string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	pk, ak := "p:"+key, "a:"+addr
	if n := s.limits.ConnsPerPerson; n > 0 && key != "" && s.conns[pk] >= n {
		return nil, harbor.Errorf(harbor.EConflict, "too many connections: at most %d per person; close a tab or two", n).With(harbor.M("api.connsPerson", "n", n))
	}
	if n := s.limits.ConnsPerAddress; n > 0 && s.conns[ak] >= n {
		return nil, harbor.Errorf(harbor.EConflict, "too many connections: at most %d per address", n).With(harbor.M("api.connsAddress", "n", n))
	}
	if key != "" {
		s.conns[pk]++
	}
	s.conns[ak]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, k := range []string{pk, ak} {
			if k == pk && key == "" {
				continue
			}
			if s.conns[k]--; s.conns[k] <= 0 {
				delete(s.conns, k)
			}
		}
	}, nil
}
