package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"harbor"
	"harbor/game"
	"harbor/table"

	qrcode "github.com/skip2/go-qrcode"
)

var (
	errNoEndpoint = harbor.Errorf(harbor.ENotFound, "there is no such API endpoint").With(harbor.M("api.noEndpoint"))
	errTVInvite   = harbor.Errorf(harbor.EForbidden, "the TV shows the invite only before the game starts").With(harbor.M("api.tvInvite"))
)

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
		tok := s.token(w, r)
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
// one JSON value, field names exactly as documented, no unknown or repeated
// fields. An empty body leaves v as it is.
func (s *Server) decode(q *request, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(q.w, q.r.Body, int64(s.limits.MaxMessage)))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return harbor.Errorf(harbor.ETooLarge, "the request is over %d bytes", s.limits.MaxMessage).With(harbor.M("api.requestTooLarge"))
	}
	if err != nil {
		return harbor.Errorf(harbor.EInvalid, "the request could not be read")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	if err := game.DecodeStrict(body, v); err != nil {
		return harbor.Errorf(harbor.EInvalid, "the request is not the JSON this endpoint takes: %v", err)
	}
	return nil
}

// runner returns the runner of the table in the path, for a member of it
// who changes it.
func (s *Server) runner(q *request) (*table.Runner, error) {
	return s.member(q, s.tables.Get)
}

// reader returns the runner of the table in the path, for a member of it
// who only reads it: a table not in memory is read from the store without
// being kept (table.Tables.Read).
func (s *Server) reader(q *request) (*table.Runner, error) {
	return s.member(q, s.tables.Read)
}

func (s *Server) member(q *request, get func(context.Context, string) (*table.Runner, error)) (*table.Runner, error) {
	r, err := get(q.r.Context(), q.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if !r.IsMember(q.key) {
		return nil, harbor.Errorf(harbor.EForbidden, "join the table first (with its invite link or code)").With(harbor.M("api.joinWithInvite"))
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
	// Address is where invite links should point (publicBase).
	Address
}

func (s *Server) session(q *request) (any, error) {
	return Session{Player: table.PublicID(q.key), Address: s.publicBase(q.r)}, nil
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
	if err := checkCreate(q, req); err != nil {
		return nil, err
	}
	if err := s.allowCreate(q); err != nil {
		return nil, err
	}
	r, err := s.tables.Create(q.r.Context(), req.Game, q.key, req.Name, req.Options, req.TurnSeconds, s.owners(q)...)
	if err != nil {
		return nil, err
	}
	s.log.Info("table created", "table", r.ID(), "game", req.Game)
	return r.Lobby(), nil
}

// checkCreate refuses a create request whose body would not make a table,
// before any limit is charged for it: a refused request costs nothing.
func checkCreate(q *request, req CreateRequest) error {
	if req.Game == "" {
		return harbor.Errorf(harbor.EInvalid, "say which game the table is for (game)")
	}
	def, err := game.Lookup(req.Game)
	if err != nil {
		return err
	}
	_, err = table.New(def, q.key, req.Name, req.Options, req.TurnSeconds, time.Now())
	return err
}

func (s *Server) getTable(q *request) (any, error) {
	r, err := s.reader(q)
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
	if err := s.allowCode(q.r); err != nil {
		return nil, err
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
	if err := s.allowCode(q.r); err != nil {
		return nil, err
	}
	r, err := s.tables.FindRead(q.r.Context(), table.ByTV, q.r.PathValue("code"))
	if err != nil {
		return nil, err
	}
	return r.TVLobby(), nil
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
	seat := -1 // the first free one
	if req.Seat != nil {
		if seat = *req.Seat; seat < 0 {
			return nil, harbor.Errorf(harbor.EInvalid, "there is no seat %d", seat)
		}
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
	// Pace, when given, is the table's new pace; absent keeps it.
	Pace *table.Pace `json:"pace,omitempty"`
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
	return s.change(q, func(t *table.Table) error {
		if req.Pace != nil {
			if err := t.SetPace(q.key, *req.Pace); err != nil {
				return err
			}
		}
		return t.SetOptions(q.key, def, req.Options, req.TurnSeconds)
	})
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
	Chat  []table.ChatLine `json:"chat"` // what people said, kept with the table
}

func (s *Server) gameLog(q *request) (any, error) {
	r, err := s.reader(q)
	if err != nil {
		return nil, err
	}
	if err := s.allowRead(readerOf(q.key, s.addr(q.r))); err != nil {
		return nil, err
	}
	log, err := r.Log(q.r.Context())
	if err != nil {
		return nil, err
	}
	chat := r.Table().Room.Chat
	if chat == nil {
		chat = []table.ChatLine{}
	}
	return GameLog{Table: r.Lobby(), Setup: log.Setup, Moves: log.Moves, Chat: chat}, nil
}

func (s *Server) export(q *request) (any, error) {
	r, err := s.reader(q)
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
		tok := s.token(w, r)
		q := &request{w: w, r: r, token: tok, key: table.KeyOf(tok)}
		var run *table.Runner
		var err error
		if byTV {
			if err := s.allowCode(r); err != nil {
				s.writeError(w, r, err)
				return
			}
			run, err = s.tables.FindRead(r.Context(), table.ByTV, r.PathValue("code"))
			if err == nil && run.Table().Status != table.Lobby {
				err = errTVInvite
			}
		} else {
			run, err = s.reader(q)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		link := s.publicBase(r).Base + "/join/" + run.Table().Invite
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
