package notify

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"harbor"
)

// MailConfig is the SMTP server e-mail notices go through.
type MailConfig struct {
	// URL is smtp://[user:password@]host[:port] (STARTTLS when the server
	// offers it; port 587 unless given) or smtps://… (TLS from the start;
	// port 465 unless given).
	URL string
	// From is the sender address, e.g. "Harbor <harbor@example.org>".
	From string
}

func (c *MailConfig) check() error {
	u, err := url.Parse(c.URL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return fmt.Errorf("notify: the SMTP server must be smtp://host[:port] or smtps://host[:port], not %q", c.URL)
	}
	if _, err := mail.ParseAddress(c.From); err != nil {
		return fmt.Errorf("notify: the sender address %q: %v", c.From, err)
	}
	return nil
}

// client returns a go-mail client for the configured server.
func (c *MailConfig) client() (*gomail.Client, error) {
	u, _ := url.Parse(c.URL) // checked by New
	opts := []gomail.Option{gomail.WithTimeout(20 * time.Second)}
	port := 587
	if u.Scheme == "smtps" {
		port = 465
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if p, err := strconv.Atoi(u.Port()); err == nil {
		port = p
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	return gomail.NewClient(u.Hostname(), opts...)
}

// NewMailToken returns a fresh token for an address's confirmation and
// unsubscribe links: 128 random bits.
func NewMailToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Links of the mails, from the server's root.
const (
	ConfirmPath = "/notices/mail/confirm"
	StopPath    = "/notices/mail/stop"
)

func link(p Person, path string) string {
	return strings.TrimSuffix(p.Base, "/") + path + "?token=" + url.QueryEscape(p.MailToken)
}

var errNoMail = harbor.Errorf(harbor.EConflict, "this server sends no e-mail: its operator has set no SMTP server")

// SendConfirmation mails p's address the link that confirms it.
func (n *Notifier) SendConfirmation(ctx context.Context, p Person) error {
	if n.cfg.Mail == nil {
		return errNoMail
	}
	body := "Someone, probably you, asked Harbor to send turn notices to this address.\n\n" +
		"To confirm, open:\n" + link(p, ConfirmPath) + "\n\n" +
		"If it was not you, ignore this mail: nothing more is sent unless the address is confirmed.\n"
	return n.send(ctx, p, "Confirm turn notices from Harbor", body)
}

// mailTurn mails p the notice.
func (n *Notifier) mailTurn(ctx context.Context, p Person, notice Notice) error {
	body := notice.Body + "\n\nOpen the table:\n" + strings.TrimSuffix(p.Base, "/") + notice.URL + "\n"
	return n.send(ctx, p, notice.Title, body)
}

// send mails p's address subject and body, with the unsubscribe link at
// the end and in the List-Unsubscribe header (one click, RFC 8058).
func (n *Notifier) send(ctx context.Context, p Person, subject, body string) error {
	m := gomail.NewMsg()
	if err := m.From(n.cfg.Mail.From); err != nil {
		return err
	}
	if err := m.To(p.Mail); err != nil {
		return harbor.Errorf(harbor.EInvalid, "%q is not an e-mail address", p.Mail)
	}
	stop := link(p, StopPath)
	m.Subject(subject)
	m.SetDate()
	m.SetMessageID()
	m.SetBulk()
	m.SetListUnsubscribe("<" + stop + ">")
	if strings.HasPrefix(stop, "https://") {
		m.SetListUnsubscribePost()
	}
	m.SetBodyString(gomail.TypeTextPlain, body+"\n--\nTo get no more mail from Harbor at this address, open:\n"+stop+"\n")
	c, err := n.cfg.Mail.client()
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, m)
}
