package server

import (
	"net/http"

	"harbor"
	"harbor/table"
)

// The limits per person and per address (Limits), so that one visitor
// cannot exhaust the server. A person is a player cookie; an address is
// the client's (behind a trusted proxy, the one it forwards).

// addressFactor is how many people one address may stand for.
func (s *Server) addressFactor() int { return max(s.limits.AddressFactor, 1) }

// allowCode spends a code look-up of the request's address.
func (s *Server) allowCode(r *http.Request) error {
	if !s.codes.allow(s.public.clientAddr(r), 1) {
		return harbor.Errorf(harbor.ERateLimited, "too many tries; wait a little and try again")
	}
	return nil
}

// allowCreate spends a new table of the person and of their address.
func (s *Server) allowCreate(q *request) error {
	if s.limits.CreateRate <= 0 {
		return nil
	}
	if !s.creates.allow("p:"+q.key, 1) {
		return harbor.Errorf(harbor.ERateLimited, "too many new tables: at most %g a minute per person (%g at once); wait a little",
			s.limits.CreateRate, s.limits.CreateBurst)
	}
	f := s.addressFactor()
	if !s.creates.allow("a:"+s.public.clientAddr(q.r), float64(f)) {
		return harbor.Errorf(harbor.ERateLimited, "too many new tables: at most %g a minute per address (%g at once); wait a little",
			s.limits.CreateRate*float64(f), s.limits.CreateBurst*float64(f))
	}
	return nil
}

// owners are whom a new table counts against while it is open.
func (s *Server) owners(q *request) []table.Owner {
	if s.limits.OpenTables <= 0 {
		return nil
	}
	return []table.Owner{
		{ID: "p:" + q.key, Max: s.limits.OpenTables, Limit: "per person"},
		{ID: "a:" + s.public.clientAddr(q.r), Max: s.limits.OpenTables * s.addressFactor(), Limit: "per address"},
	}
}

// holdConn counts a new WebSocket connection of the person with key ("" for
// the TV) from addr, or refuses it past a limit. release undoes it.
func (s *Server) holdConn(key, addr string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	pk, ak := "p:"+key, "a:"+addr
	if n := s.limits.ConnsPerPerson; n > 0 && key != "" && s.conns[pk] >= n {
		return nil, harbor.Errorf(harbor.EConflict, "too many connections: at most %d per person; close a tab or two", n)
	}
	if n := s.limits.ConnsPerAddress; n > 0 && s.conns[ak] >= n {
		return nil, harbor.Errorf(harbor.EConflict, "too many connections: at most %d per address", n)
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
