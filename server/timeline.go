package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// maxExport bounds an uploaded game document (POST /api/replay): a long
// game's export is a few hundred kilobytes.
const maxExport = 4 << 20

// TimelineRequest is the body of POST /api/tables/{id}/timeline.
type TimelineRequest struct {
	Undo      bool `json:"undo"`
	HideHands bool `json:"hideHands"`
}

func (s *Server) setTimeline(q *request) (any, error) {
	var req TimelineRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	return s.change(q, func(t *table.Table) error { return t.SetTimeline(q.key, req.Undo, req.HideHands) })
}

// replayAt answers GET /api/tables/{id}/replay?at=N[&hands=1]: the finished
// game after its first N moves.
func (s *Server) replayAt(q *request) (any, error) {
	r, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	at, err := strconv.Atoi(q.r.URL.Query().Get("at"))
	if err != nil {
		return nil, harbor.Errorf(harbor.EInvalid, "at is the number of moves to replay, such as at=12")
	}
	if err := s.allowRead(readerOf(q.key, s.addr(q.r))); err != nil {
		return nil, err
	}
	return r.ReplayAt(q.r.Context(), at, q.r.URL.Query().Get("hands") == "1")
}

// ReplayRequest is the body of POST /api/replay: an exported game and the
// number of its moves to replay.
type ReplayRequest struct {
	Export game.Export `json:"export"`
	At     int         `json:"at"`
}

// replayFile answers POST /api/replay: a position of a game document the
// person opened from a file. Nothing is stored.
func (s *Server) replayFile(q *request) (any, error) {
	body, err := io.ReadAll(http.MaxBytesReader(q.w, q.r.Body, maxExport))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, harbor.Errorf(harbor.ETooLarge, "a game file is at most %d bytes", maxExport).With(harbor.M("api.fileTooLarge", "kb", maxExport>>10))
	}
	if err != nil {
		return nil, harbor.Errorf(harbor.EInvalid, "the request could not be read")
	}
	var req ReplayRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil || dec.More() {
		s.log.Info("replay of a game file: not a game file", "err", err)
		return nil, harbor.Errorf(harbor.EInvalid, "that is not a Harbor game file").With(harbor.M("replay.notAFile"))
	}
	pos, err := table.ReplayExport(req.Export, req.At)
	if harbor.ErrorCode(err) == harbor.EInvalid {
		s.log.Info("replay of a game file refused", "game", req.Export.Game, "err", err)
	}
	return pos, err
}

// ForkRequest is the body of POST /api/tables/{id}/fork.
type ForkRequest struct {
	At   int    `json:"at"`
	Name string `json:"name"`
}

// fork answers POST /api/tables/{id}/fork: a new table, in its lobby, that
// plays on from the finished game after its first At moves.
func (s *Server) fork(q *request) (any, error) {
	var req ForkRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	src, err := s.runner(q)
	if err != nil {
		return nil, err
	}
	if err := src.CheckForkAt(req.At); err != nil {
		return nil, err
	}
	if req.Name != "" { // "" keeps the person's name at the old table
		if _, err := table.CleanName(req.Name); err != nil {
			return nil, err
		}
	}
	if err := s.allowCreate(q); err != nil {
		return nil, err
	}
	r, err := s.tables.Fork(q.r.Context(), src, q.key, req.Name, req.At, s.owners(q)...)
	if err != nil {
		return nil, err
	}
	s.log.Info("table forked", "table", r.ID(), "from", src.ID(), "at", req.At)
	return r.Lobby(), nil
}

// tvReplay answers GET /api/tv/{code}/replay?at=N: the finished game's
// public replay for the TV screen. Stepping through a replay looks the code
// up many times, so only failed look-ups spend the address's code tries.
func (s *Server) tvReplay(q *request) (any, error) {
	if err := s.codeTry(q.r, false); err != nil {
		return nil, err
	}
	r, err := s.tables.Find(q.r.Context(), table.ByTV, q.r.PathValue("code"))
	if err != nil {
		if harbor.ErrorCode(err) == harbor.ENotFound {
			_ = s.allowCode(q.r)
		}
		return nil, err
	}
	at, err := strconv.Atoi(q.r.URL.Query().Get("at"))
	if err != nil {
		return nil, harbor.Errorf(harbor.EInvalid, "at is the number of moves to replay, such as at=12")
	}
	if err := s.allowRead(readerOf("", s.addr(q.r))); err != nil {
		return nil, err
	}
	pos, err := r.ReplayAt(q.r.Context(), at, false)
	if err != nil {
		return nil, err
	}
	return TVReplay{Table: r.Lobby(), Position: pos}, nil
}

// TVReplay is the answer of GET /api/tv/{code}/replay: the table (for its
// seats and names) and the position.
type TVReplay struct {
	Table table.LobbyView `json:"table"`
	table.Position
}
