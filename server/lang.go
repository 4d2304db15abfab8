package server

import (
	"context"
	"net/http"
	"strings"

	"harbor"
	"harbor/locale"
	"harbor/table"
)

// The language a person reads Harbor in (docs/api.md): the page tells
// the server the person's choice, which is kept with their notice
// settings by person, so every device linked to them shares it; a page
// whose browser has no choice of its own opens in it. The person's
// notices are worded in it, and a TV shows their tables in it.

func (s *Server) langRoutes() {
	if s.people.notices == nil {
		return
	}
	s.mux.HandleFunc("GET /api/lang", s.api(s.getLang))
	s.mux.HandleFunc("PUT /api/lang", s.api(s.setLang))
}

// LangSetting is the body of PUT /api/lang and the answer of both
// methods: one of the languages Harbor speaks ("en", "de", "es"), or ""
// for none chosen.
type LangSetting struct {
	Lang string `json:"lang"`
}

func (s *Server) getLang(q *request) (any, error) {
	p, err := s.people.notices.Store().Person(q.r.Context(), q.key)
	if err != nil {
		return nil, err
	}
	return LangSetting{Lang: p.Lang}, nil
}

func (s *Server) setLang(q *request) (any, error) {
	var req LangSetting
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	if req.Lang != "" && !locale.Valid(req.Lang) {
		return nil, harbor.Errorf(harbor.EInvalid, "Harbor speaks %s, not %q", strings.Join(locale.Langs, ", "), req.Lang).With(harbor.M("api.noSuchLang", "lang", req.Lang))
	}
	if err := s.people.notices.Store().SetLang(q.r.Context(), q.key, req.Lang); err != nil {
		return nil, err
	}
	// The tables the person hosts and has open show the new language on
	// their TVs at once.
	s.mu.Lock()
	runs := map[*table.Runner]bool{}
	for c := range s.clients {
		if c.run != nil {
			runs[c.run] = true
		}
	}
	s.mu.Unlock()
	for run := range runs {
		if run.Host() == q.key {
			run.SetHostLang(req.Lang)
		}
	}
	return req, nil
}

// tellHostLang tells run its host's language, before a page or TV
// subscribes to it.
func (s *Server) tellHostLang(ctx context.Context, run *table.Runner) {
	if s.people.notices == nil {
		return
	}
	p, err := s.people.notices.Store().Person(ctx, run.Host())
	if err != nil {
		s.log.Warn("the host's language", "table", run.ID(), "err", err)
		return
	}
	run.SetHostLang(p.Lang)
}

// requestLang is the language of Langs that suits the request's
// Accept-Language best.
func requestLang(r *http.Request) string {
	return locale.Negotiate(r.Header.Get("Accept-Language"))
}
