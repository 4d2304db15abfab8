package server

import (
	"harbor"
	"harbor/table"
)

// The API of the people around a running table: play again, seats handed
// to a computer player, the room's settings, and what an invite leads to.

// AgainRequest is the body of POST /api/tables/{id}/again.
type AgainRequest struct {
	Game string `json:"game,omitempty"` // "": the same game
}

func (s *Server) again(q *request) (any, error) {
	var req AgainRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	// A new table is charged like any other; the one already opened is free.
	opened, err := r.CheckAgain(q.key, req.Game)
	if err != nil {
		return nil, err
	}
	if !opened {
		if err := s.allowCreate(q); err != nil {
			return nil, err
		}
	}
	next, err := s.tables.Again(q.r.Context(), r, q.key, req.Game, s.owners(q)...)
	if err != nil {
		return nil, err
	}
	if !opened { // only the host opens the next table
		s.carryChatRoom(q, r.ID(), next.ID())
	}
	s.log.Info("table opened again", "table", r.ID(), "next", next.ID())
	return next.Lobby(), nil
}

// HandRequest is the body of POST /api/tables/{id}/hand.
type HandRequest struct {
	Seat     *int `json:"seat"`
	Computer bool `json:"computer"`
}

func (s *Server) hand(q *request) (any, error) {
	var req HandRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	if req.Seat == nil {
		return nil, harbor.Errorf(harbor.EInvalid, "say which seat")
	}
	return s.change(q, func(t *table.Table) error { return t.HandSeat(q.key, *req.Seat, req.Computer) })
}

// RoomRequest is the body of POST /api/tables/{id}/room; an absent field
// keeps its setting.
type RoomRequest struct {
	AwaySeconds *int  `json:"awaySeconds,omitempty"`
	Chat        *bool `json:"chat,omitempty"`
}

func (s *Server) room(q *request) (any, error) {
	var req RoomRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	return s.change(q, func(t *table.Table) error { return t.SetRoom(q.key, req.AwaySeconds, req.Chat) })
}

// InviteInfo is the answer of GET /api/invite/{invite}: what the invite
// leads to, shown before a person types their name.
type InviteInfo struct {
	Game     string       `json:"game"`
	GameName string       `json:"gameName"`
	Host     string       `json:"host"` // the host's name
	Status   table.Status `json:"status"`
}

func (s *Server) invite(q *request) (any, error) {
	if err := s.allowCode(q.r); err != nil {
		return nil, err
	}
	r, err := s.tables.Find(q.r.Context(), table.ByInvite, q.r.PathValue("invite"))
	if err != nil {
		return nil, err
	}
	l := r.Lobby()
	return InviteInfo{Game: l.Game, GameName: l.GameName, Host: l.HostName, Status: l.Status}, nil
}
