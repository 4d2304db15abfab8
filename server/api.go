package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"harbor"
	"harbor/game"
	"harbor/table"

	qrcode "github.com/skip2/go-qrcode"
)

var errNoEndpoint = harbor.Errorf(harbor.ENotFound, "there is no such API endpoint")

// request is one API call: who makes it and its table, if it names one.
type request struct {
	w     http.ResponseWriter
	r     *http.Request
	token string
	key   string
}

// api wraps an endpoint: it checks the Origin, makes sure the client has a
// player token, and answers the endpoint's value as JSON (status 200, or
// 201 for a created table) or its error.
func (s *Server) api(h func(q *request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			if err := s.checkOrigin(r); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		tok := token(w, r)
		q := &request{w: w, r: r, token: tok, key: table.KeyOf(tok)}
		v, err := h(q)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		status := http.StatusOK
		if r.Method == http.MethodPost && r.URL.Path == "/api/tables" {
			status = http.StatusCreated
		}
		writeJSON(w, status, v)
	}
}

// decode reads the request body strictly into v: at most MaxMessage bytes,
// one JSON value, no unknown fields. An empty body leaves v as it is.
func (s *Server) decode(q *request, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(q.w, q.r.Body, int64(s.limits.MaxMessage)))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return harbor.Errorf(harbor.ETooLarge, "the request is over %d bytes", s.limits.MaxMessage)
	}
	if err != nil {
		return harbor.Errorf(harbor.EInvalid, "the request could not be read")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil || dec.More() {
		return harbor.Errorf(harbor.EInvalid, "the request is not the JSON this endpoint takes: %v", err)
	}
	return nil
}

// runner returns the runner of the table in the path, for a member of it.
func (s *Server) runner(q *request) (*table.Runner, error) {
	r, err := s.tables.Get(q.r.Context(), q.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	t := r.Table()
	if t.Member(q.key) < 0 {
		return nil, harbor.Errorf(harbor.EForbidden, "join the table first (with its invite link or code)")
	}
	return r, nil
}

// change applies a lobby operation to the table in the path and answers the
// new lobby.
func (s *Server) change(q *request, op func(t *table.Table) error) (any, error) {
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	if err := r.Change(q.r.Context(), op); err != nil {
		return nil, err
	}
	return r.Lobby(), nil
}

// Session is the answer of /api/session.
type Session struct {
	Player string `json:"player"` // the caller's public id, as lobbies name them
}

func (s *Server) session(q *request) (any, error) {
	return Session{Player: table.PublicID(q.key)}, nil
}

func (s *Server) games(q *request) (any, error) {
	defs := game.All()
	out := make([]game.Info, len(defs))
	for i, d := range defs {
		out[i] = d.Info()
	}
	return out, nil
}

// CreateRequest is the body of POST /api/tables.
type CreateRequest struct {
	Game        string          `json:"game"`
	Name        string          `json:"name"`
	Options     json.RawMessage `json:"options,omitempty"`
	TurnSeconds int             `json:"turnSeconds,omitempty"`
}

func (s *Server) createTable(q *request) (any, error) {
	var req CreateRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	r, err := s.tables.Create(q.r.Context(), req.Game, q.key, req.Name, req.Options, req.TurnSeconds)
	if err != nil {
		return nil, err
	}
	s.log.Info("table created", "table", r.ID(), "game", req.Game)
	return r.Lobby(), nil
}

func (s *Server) getTable(q *request) (any, error) {
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	return r.Lobby(), nil
}

// JoinRequest is the body of POST /api/join: an invite or a code, and the
// name to show.
type JoinRequest struct {
	Invite string `json:"invite,omitempty"`
	Code   string `json:"code,omitempty"`
	Name   string `json:"name"`
}

func (s *Server) join(q *request) (any, error) {
	var req JoinRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	if !s.codes.allow(q.r) {
		return nil, harbor.Errorf(harbor.ERateLimited, "too many tries; wait a little and try again")
	}
	kind, code := table.ByInvite, req.Invite
	if req.Invite == "" {
		kind, code = table.ByCode, req.Code
	}
	r, err := s.tables.Find(q.r.Context(), kind, code)
	if err != nil {
		return nil, err
	}
	if err := r.Change(q.r.Context(), func(t *table.Table) error { return t.Join(q.key, req.Name) }); err != nil {
		return nil, err
	}
	return r.Lobby(), nil
}

func (s *Server) tv(q *request) (any, error) {
	if !s.codes.allow(q.r) {
		return nil, harbor.Errorf(harbor.ERateLimited, "too many tries; wait a little and try again")
	}
	r, err := s.tables.Find(q.r.Context(), table.ByTV, q.r.PathValue("code"))
	if err != nil {
		return nil, err
	}
	return r.Lobby(), nil
}

// SeatRequest is the body of POST /api/tables/{id}/seat and .../bots.
type SeatRequest struct {
	Seat  *int   `json:"seat"`
	Color string `json:"color,omitempty"`
	// Level is a computer player's level (bots only): easy, normal or hard.
	Level string `json:"level,omitempty"`
}

func (s *Server) sit(q *request) (any, error) {
	var req SeatRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	if req.Seat == nil {
		return nil, harbor.Errorf(harbor.EInvalid, "say which seat (-1 to stand up)")
	}
	return s.change(q, func(t *table.Table) error { return t.Sit(q.key, *req.Seat, req.Color) })
}

func (s *Server) ready(q *request) (any, error) {
	var req struct {
		Ready bool `json:"ready"`
	}
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	return s.change(q, func(t *table.Table) error { return t.SetReady(q.key, req.Ready) })
}

func (s *Server) addBot(q *request) (any, error) {
	var req SeatRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	seat := -1
	if req.Seat != nil {
		seat = *req.Seat
	}
	level, err := game.ParseLevel(req.Level)
	if err != nil {
		return nil, err
	}
	return s.change(q, func(t *table.Table) error { return t.PutBot(q.key, seat, level) })
}

func (s *Server) clearSeat(q *request) (any, error) {
	seat, err := strconv.Atoi(q.r.PathValue("seat"))
	if err != nil {
		return nil, harbor.Errorf(harbor.EInvalid, "a seat is a number")
	}
	return s.change(q, func(t *table.Table) error { return t.ClearSeat(q.key, seat) })
}

func (s *Server) kick(q *request) (any, error) {
	var req struct {
		Player string `json:"player"`
	}
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	return s.change(q, func(t *table.Table) error { return t.Kick(q.key, req.Player) })
}

// OptionsRequest is the body of POST /api/tables/{id}/options.
type OptionsRequest struct {
	Options     json.RawMessage `json:"options"`
	TurnSeconds int             `json:"turnSeconds"`
}

func (s *Server) setOptions(q *request) (any, error) {
	var req OptionsRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	def, err := game.Lookup(r.Table().Game)
	if err != nil {
		return nil, err
	}
	return s.change(q, func(t *table.Table) error { return t.SetOptions(q.key, def, req.Options, req.TurnSeconds) })
}

func (s *Server) start(q *request) (any, error) {
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	if err := r.Start(q.r.Context(), q.key); err != nil {
		return nil, err
	}
	s.log.Info("game started", "table", r.ID())
	return r.Lobby(), nil
}

// GameLog is the answer of GET /api/tables/{id}/log.
type GameLog struct {
	Table table.LobbyView  `json:"table"`
	Setup []game.Event     `json:"setup"` // what setup did (a first roll), as the public sees it
	Moves []table.LogEntry `json:"moves"`
}

func (s *Server) gameLog(q *request) (any, error) {
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	log, err := r.Log(q.r.Context())
	if err != nil {
		return nil, err
	}
	return GameLog{Table: r.Lobby(), Setup: log.Setup, Moves: log.Moves}, nil
}

func (s *Server) export(q *request) (any, error) {
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	return r.Export(q.r.Context())
}

// qr answers a PNG QR code of a table's invite link, for the table's
// members (by id) and for the TV (by its code), which shows it before the
// start.
func (s *Server) qr(byTV bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok := token(w, r)
		q := &request{w: w, r: r, token: tok, key: table.KeyOf(tok)}
		var run *table.Runner
		var err error
		if byTV {
			if !s.codes.allow(r) {
				s.writeError(w, r, harbor.Errorf(harbor.ERateLimited, "too many tries; wait a little and try again"))
				return
			}
			run, err = s.tables.Find(r.Context(), table.ByTV, r.PathValue("code"))
		} else {
			run, err = s.runner(q)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		link := fmt.Sprintf("%s://%s/join/%s", scheme, r.Host, run.Table().Invite)
		png, err := qrcode.Encode(link, qrcode.Medium, 320)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Cache-Control", "private, max-age=3600")
		_, _ = w.Write(png)
	}
}
