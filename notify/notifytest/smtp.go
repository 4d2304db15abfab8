package notifytest

import (
	"io"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Mail is one message the SMTP server took.
type Mail struct {
	From string
	To   []string
	Msg  *mail.Message
	Body string
}

// SMTP is a local SMTP server (no TLS, no authentication) that keeps every
// message it is given.
type SMTP struct {
	Addr string // host:port

	mu      sync.Mutex
	mails   []Mail
	refused map[string]bool
	down    bool
	got     chan struct{}
}

// Down makes the server turn every mail away for now (421 to MAIL FROM,
// as a relay that is shutting down or overloaded does), until Down(false).
func (m *SMTP) Down(down bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.down = down
}

// Refuse makes the server refuse mail to addr, as a relay refuses a
// mailbox it does not know (550 to RCPT TO).
func (m *SMTP) Refuse(addr string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.refused == nil {
		m.refused = map[string]bool{}
	}
	m.refused[addr] = true
}

// NewSMTP starts an SMTP server on a loopback port; it stops with the test.
func NewSMTP(t testing.TB) *SMTP {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	m := &SMTP{Addr: ln.Addr().String(), got: make(chan struct{}, 100)}
	s := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{box: m}, nil }))
	s.Domain = "localhost"
	s.ReadTimeout, s.WriteTimeout = 10*time.Second, 10*time.Second
	go s.Serve(ln)
	t.Cleanup(func() { s.Close() })
	return m
}

// Wait returns the n-th mail (from 1), waiting up to ten seconds for it.
func (m *SMTP) Wait(t testing.TB, n int) Mail {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		m.mu.Lock()
		if len(m.mails) >= n {
			defer m.mu.Unlock()
			return m.mails[n-1]
		}
		m.mu.Unlock()
		select {
		case <-m.got:
		case <-timeout:
			t.Fatalf("mail %d never came", n)
		}
	}
}

// Count returns how many mails came.
func (m *SMTP) Count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.mails)
}

var linkPattern = regexp.MustCompile(`https?://\S+`)

// Links returns the links in the mail's body, in order.
func (m Mail) Links() []string { return linkPattern.FindAllString(m.Body, -1) }

type session struct {
	box  *SMTP
	from string
	to   []string
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.box.mu.Lock()
	down := s.box.down
	s.box.mu.Unlock()
	if down {
		return &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 3, 2}, Message: "service not available, try again later"}
	}
	s.from = from
	return nil
}
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.box.mu.Lock()
	refused := s.box.refused[to]
	s.box.mu.Unlock()
	if refused {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox"}
	}
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	msg, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	var rd io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		rd = quotedprintable.NewReader(rd)
	}
	body, err := io.ReadAll(rd)
	if err != nil {
		return err
	}
	text := string(body)
	s.box.mu.Lock()
	s.box.mails = append(s.box.mails, Mail{From: s.from, To: s.to, Msg: msg, Body: text})
	s.box.mu.Unlock()
	s.box.got <- struct{}{}
	return nil
}
