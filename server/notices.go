package server

import (
	"cmp"
	"html/template"
	"net/http"
	"net/mail"
	"time"

	"harbor"
	"harbor/locale"
	"harbor/notify"
	"harbor/people"
)

// Turn notices (docs/api.md): a person turns push notices on for each
// browser, gives an e-mail address (confirmed by a link in a mail), and
// sets quiet hours.

func (s *Server) noticeRoutes() {
	if s.people.notices == nil {
		return
	}
	m := s.mux
	m.HandleFunc("GET /api/notices", s.api(s.noticeSettings))
	m.HandleFunc("POST /api/notices/push", s.api(s.pushOn))
	m.HandleFunc("POST /api/notices/push/off", s.api(s.pushOff))
	m.HandleFunc("POST /api/notices/mail", s.api(s.setMail))
	m.HandleFunc("POST /api/notices/quiet", s.api(s.setQuiet))
	m.HandleFunc("GET "+notify.ConfirmPath, s.mailPage(false))
	m.HandleFunc("POST "+notify.ConfirmPath, s.mailPage(false))
	m.HandleFunc("GET "+notify.StopPath, s.mailPage(true))
	m.HandleFunc("POST "+notify.StopPath, s.mailPage(true))
}

// NoticeSettings is the answer of GET /api/notices and of each change.
type NoticeSettings struct {
	// PushKey is the server's VAPID public key, the applicationServerKey
	// a page subscribes with.
	PushKey string `json:"pushKey"`
	// Endpoints are the push endpoints of the asking device.
	Endpoints []string `json:"endpoints"`
	// MailOn says whether the server can send e-mail at all.
	MailOn    bool   `json:"mailOn"`
	Mail      string `json:"mail,omitempty"`
	Confirmed bool   `json:"confirmed,omitempty"`
	QuietFrom int    `json:"quietFrom"`
	QuietTo   int    `json:"quietTo"`
	Zone      string `json:"zone,omitempty"`
}

func (s *Server) noticeSettings(q *request) (any, error) {
	n := s.people.notices
	ctx := q.r.Context()
	p, err := n.Store().Person(ctx, q.key)
	if err != nil {
		return nil, err
	}
	subs, err := n.Store().Subscriptions(ctx, q.key)
	if err != nil {
		return nil, err
	}
	_, dev := s.identity(q.r)
	out := NoticeSettings{PushKey: n.PublicKey(), Endpoints: []string{}, MailOn: n.MailOn(), Mail: p.Mail, Confirmed: p.Confirmed,
		QuietFrom: p.QuietFrom, QuietTo: p.QuietTo, Zone: p.Zone}
	for _, sub := range subs {
		if sub.Device == dev {
			out.Endpoints = append(out.Endpoints, sub.Endpoint)
		}
	}
	return out, nil
}

// PushRequest is the body of POST /api/notices/push: the page's
// PushSubscription as its toJSON() gives it (off: the endpoint alone).
type PushRequest struct {
	Endpoint       string  `json:"endpoint"`
	ExpirationTime *int64  `json:"expirationTime,omitempty"`
	Keys           PushKey `json:"keys"`
}

// PushKey holds a subscription's keys.
type PushKey struct {
	P256dh string `json:"p256dh"`
	Auth   string `json:"auth"`
}

func (s *Server) pushOn(q *request) (any, error) {
	var req PushRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	_, dev := s.identity(q.r)
	sub := people.Subscription{Endpoint: req.Endpoint, P256dh: req.Keys.P256dh, Auth: req.Keys.Auth, Person: q.key, Device: dev, Created: time.Now()}
	if err := s.people.notices.Subscribe(q.r.Context(), sub); err != nil {
		return nil, err
	}
	return s.noticeSettings(q)
}

func (s *Server) pushOff(q *request) (any, error) {
	var req PushRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	st := s.people.notices.Store()
	subs, err := st.Subscriptions(q.r.Context(), q.key)
	if err != nil {
		return nil, err
	}
	for _, sub := range subs {
		if sub.Endpoint == req.Endpoint {
			if err := st.DropSubscription(q.r.Context(), sub.Endpoint); err != nil {
				return nil, err
			}
		}
	}
	return s.noticeSettings(q)
}

// MailRequest is the body of POST /api/notices/mail: the address notices
// should go to ("": none).
type MailRequest struct {
	Address string `json:"address"`
}

func (s *Server) setMail(q *request) (any, error) {
	var req MailRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	n := s.people.notices
	ctx := q.r.Context()
	p, err := n.Store().Person(ctx, q.key)
	if err != nil {
		return nil, err
	}
	if req.Address != "" {
		if !n.MailOn() {
			return nil, harbor.Errorf(harbor.EConflict, "this server sends no e-mail: its operator has set no SMTP server").With(harbor.M("api.noMail"))
		}
		a, err := mail.ParseAddress(req.Address)
		if err != nil || a.Name != "" || len(a.Address) > 254 {
			return nil, harbor.Errorf(harbor.EInvalid, "%q is not an e-mail address", req.Address).With(harbor.M("api.badMail", "address", req.Address))
		}
		// The address is kept only once its confirmation mail is on its
		// way; until then the person's settings stay as they were. The
		// mail is in the person's language, or the page's until they
		// chose one.
		p.Mail, p.MailToken = a.Address, notify.NewMailToken()
		if p.Lang == "" {
			p.Lang = requestLang(q.r)
		}
		if err := n.SendConfirmation(ctx, p, s.public.clientAddr(q.r)); err != nil {
			return nil, err
		}
	} else {
		p.Mail, p.MailToken = "", ""
	}
	p.Confirmed = false
	if err := n.Store().SavePerson(ctx, p); err != nil {
		return nil, err
	}
	return s.noticeSettings(q)
}

// QuietRequest is the body of POST /api/notices/quiet: minutes of the day
// in the IANA time zone Zone; from == to: no quiet hours.
type QuietRequest struct {
	From int    `json:"from"`
	To   int    `json:"to"`
	Zone string `json:"zone"`
}

func (s *Server) setQuiet(q *request) (any, error) {
	var req QuietRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	if req.From < 0 || req.From >= 24*60 || req.To < 0 || req.To >= 24*60 {
		return nil, harbor.Errorf(harbor.EInvalid, "quiet hours are minutes of the day, 0 to 1439").With(harbor.M("api.quietHours"))
	}
	if _, err := time.LoadLocation(req.Zone); err != nil || len(req.Zone) > 64 {
		return nil, harbor.Errorf(harbor.EInvalid, "%q is not a time zone", req.Zone).With(harbor.M("api.badZone", "zone", req.Zone))
	}
	st := s.people.notices.Store()
	p, err := st.Person(q.r.Context(), q.key)
	if err != nil {
		return nil, err
	}
	p.QuietFrom, p.QuietTo, p.Zone = req.From, req.To, req.Zone
	if err := st.SavePerson(q.r.Context(), p); err != nil {
		return nil, err
	}
	return s.noticeSettings(q)
}

// mailPageTmpl is the page of the mails' links: plain HTML, since the
// Content-Security-Policy allows no inline style.
var mailPageTmpl = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Title}}</title>
<body>
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
{{if .Button}}<form method="post"><button type="submit">{{.Button}}</button></form>{{end}}
<p><a href="/">{{.Home}}</a></p>
</body></html>
`))

// mailPage serves the links of the mails. A GET shows the address and a
// button; the POST (the button, or a mail program's one-click
// unsubscribe, RFC 8058) does it, so a link scanner that only opens links
// changes nothing. The page is in the person's language, or, when they
// chose none or the link is no longer valid, the one the request's
// Accept-Language suits best.
//
// The POST is not held to the Origin check of the API: the page is opened
// from a mail, and under the Referrer-Policy no-referrer its form posts
// with Origin null, while a mail program's one-click POST carries no
// Origin and no cookie at all. What authorizes it is the token in the URL,
// 128 random bits that only the mail carried; another site cannot know it,
// so it cannot forge the request, and the token acts on the one address
// it was made for. A stop ends the token; a new address gets a new one.
func (s *Server) mailPage(stop bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		status := http.StatusOK
		st := s.people.notices.Store()
		p, err := st.PersonByMailToken(r.Context(), r.URL.Query().Get("token"))
		words := locale.In(cmp.Or(p.Lang, requestLang(r)))
		mail := locale.Vars{"Mail": p.Mail}
		var text, button string
		switch {
		case harbor.ErrorCode(err) == harbor.ENotFound:
			text, status = words.Say("pageGone", nil), http.StatusNotFound
		case err != nil:
			s.log.Warn("mail link", "err", err)
			text, status = words.Say("pageFailed", nil), http.StatusInternalServerError
		case r.Method == http.MethodGet && stop:
			text, button = words.Say("pageAskStop", mail), words.Say("pageButtonStop", nil)
		case r.Method == http.MethodGet:
			text, button = words.Say("pageAskConfirm", mail), words.Say("pageButtonConfirm", nil)
		default:
			if stop {
				p.Mail, p.MailToken, p.Confirmed = "", "", false
				text = words.Say("pageStopped", nil)
			} else {
				p.Confirmed = true
				text = words.Say("pageConfirmed", mail)
			}
			if err = st.SavePerson(r.Context(), p); err != nil {
				s.log.Warn("mail link", "err", err)
				text, status = words.Say("pageFailed", nil), http.StatusInternalServerError
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Language", words.Lang())
		w.Header().Add("Vary", "Accept-Language")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		_ = mailPageTmpl.Execute(w, struct{ Lang, Title, Text, Button, Home string }{
			words.Lang(), words.Say("pageTitle", nil), text, button, words.Say("pageHome", nil)})
	}
}
