package server

import (
	"time"

	"harbor"
	"harbor/notify"
)

// A table's chat room (docs/api.md): its host gives a Discord, Slack or
// Matrix room's incoming-webhook URL, and the table's turn notices are
// posted there too. The URL is a credential: no answer ever holds it, and
// the host alone is shown which service and host it is on.

func (s *Server) chatRoutes() {
	if s.people.notices == nil {
		return
	}
	s.mux.HandleFunc("GET /api/tables/{id}/chat", s.api(s.chatRoom))
	s.mux.HandleFunc("POST /api/tables/{id}/chat", s.api(s.setChatRoom))
	s.mux.HandleFunc("DELETE /api/tables/{id}/chat", s.api(s.dropChatRoom))
}

// ChatRoomRequest is the body of POST /api/tables/{id}/chat.
type ChatRoomRequest struct {
	Service string `json:"service"`
	URL     string `json:"url"`
}

// chatHost returns the id of the table in the path when the caller is its
// host.
func (s *Server) chatHost(q *request) (string, error) {
	r, err := s.reader(q)
	if err != nil {
		return "", err
	}
	if r.Table().Host != q.key {
		return "", harbor.Errorf(harbor.EForbidden, "only the host can set the table's chat room").With(harbor.M("api.chatRoomHost"))
	}
	return r.ID(), nil
}

// chatRoom answers the table's room masked: {} when it has none.
func (s *Server) chatRoom(q *request) (any, error) {
	id, err := s.chatHost(q)
	if err != nil {
		return nil, err
	}
	h, ok, err := s.people.notices.Store().Hook(q.r.Context(), id)
	if err != nil || !ok {
		return notify.HookView{}, err
	}
	return h.View(), nil
}

func (s *Server) setChatRoom(q *request) (any, error) {
	var req ChatRoomRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	id, err := s.chatHost(q)
	if err != nil {
		return nil, err
	}
	h := notify.Hook{Table: id, Service: req.Service, URL: req.URL, SetBy: q.key, Created: time.Now()}
	if err := s.people.notices.SetHook(q.r.Context(), h); err != nil {
		return nil, err
	}
	return h.View(), nil
}

func (s *Server) dropChatRoom(q *request) (any, error) {
	id, err := s.chatHost(q)
	if err != nil {
		return nil, err
	}
	return notify.HookView{}, s.people.notices.Store().DropHook(q.r.Context(), id)
}

// carryChatRoom gives the table the host opened again the room of the
// table before: the same group plays on, and would otherwise have to paste
// the URL again. A failure loses only that convenience, so it is logged.
func (s *Server) carryChatRoom(q *request, from, to string) {
	if s.people.notices == nil {
		return
	}
	ctx := q.r.Context()
	st := s.people.notices.Store()
	h, ok, err := st.Hook(ctx, from)
	if err == nil && ok {
		h.Table, h.SetBy, h.Created = to, q.key, time.Now()
		err = st.SaveHook(ctx, h)
	}
	if err != nil {
		s.log.Warn("carry the chat room to the next table", "table", to, "err", err)
	}
}
