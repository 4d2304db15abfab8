package notify

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/mail"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"harbor"
	"harbor/locale"
	"harbor/people"
)

// MailConfig is the SMTP server e-mail notices go through.
type MailConfig struct {
	// URL is smtp://[user:password@]host[:port] (STARTTLS when the server
	// offers it; port 587 unless given) or smtps://… (TLS from the start;
	// port 465 unless given).
	URL string
	// From is the sender address, e.g. "Harbor <harbor@example.org>".
	From string
	// Base is the server's public URL (scheme://host[:port][/path]), the
	// one base of every link in a mail. It is configured, never taken from
	// a request: anyone can send any Host header.
	Base string
}

func (c *MailConfig) check() error {
	u, err := url.Parse(c.URL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return fmt.Errorf("notify: the SMTP server must be smtp://host[:port] or smtps://host[:port], not %q", c.URL)
	}
	if _, err := mail.ParseAddress(c.From); err != nil {
		return fmt.Errorf("notify: the sender address %q: %v", c.From, err)
	}
	b, err := url.Parse(c.Base)
	if c.Base == "" || err != nil || (b.Scheme != "http" && b.Scheme != "https") || b.Host == "" || b.RawQuery != "" || b.Fragment != "" {
		return fmt.Errorf("notify: e-mail needs the server's public URL, an absolute http or https URL, for the links in the mails; have %q", c.Base)
	}
	c.Base = strings.TrimSuffix(c.Base, "/")
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

func (n *Notifier) link(p people.Person, path string) string {
	return n.cfg.Mail.Base + path + "?token=" + url.QueryEscape(p.MailToken)
}

var errNoMail = harbor.Errorf(harbor.EConflict, "this server sends no e-mail: its operator has set no SMTP server").With(harbor.M("api.noMail"))

// Limits of confirmation mails, besides the person's own notices: so many
// to one address a day, whoever asks, and so many an hour asked from one
// client address (an IPv6 client's /64).
const (
	ConfirmsPerRecipient = 3
	ConfirmsPerClient    = 10
)

// SendConfirmation mails p's address (not stored yet) the link that
// confirms it, when the person, the address and the client (the address
// the request came from) each have a confirmation left. It spends one of
// each only once the SMTP server accepted the mail: an address the mail
// library or the server refuses (EInvalid) costs nothing, and neither does
// a server that cannot be reached (EInternal).
func (n *Notifier) SendConfirmation(ctx context.Context, p people.Person, client string) error {
	if n.cfg.Mail == nil {
		return errNoMail
	}
	now := n.cfg.Now()
	limits := []struct {
		b   people.Bucket
		err *harbor.Error
	}{
		{n.personBucket(p.Key), harbor.Errorf(harbor.ERateLimited, "too many mails in the last hour; try again later").With(harbor.M("api.mailHour"))},
		{people.Bucket{Key: "confirm-to:" + strings.ToLower(p.Mail), Rate: ConfirmsPerRecipient / (24 * time.Hour).Seconds(), Burst: ConfirmsPerRecipient},
			harbor.Errorf(harbor.ERateLimited, "%s was sent %d confirmation mails today already; try again tomorrow", p.Mail, ConfirmsPerRecipient).With(harbor.M("api.mailToday", "address", p.Mail, "n", ConfirmsPerRecipient))},
		{people.Bucket{Key: "confirm-from:" + clientNet(client), Rate: ConfirmsPerClient / time.Hour.Seconds(), Burst: ConfirmsPerClient},
			harbor.Errorf(harbor.ERateLimited, "too many confirmation mails were asked for from your network in the last hour; try again later").With(harbor.M("api.mailNetwork"))},
	}
	// One confirmation at a time on this node, so that two requests
	// cannot both pass the limits before either spends.
	n.confirmMu.Lock()
	defer n.confirmMu.Unlock()
	for _, l := range limits {
		if ok, err := n.cfg.Limits.Spend(ctx, l.b, false, now); err != nil || !ok {
			if err == nil {
				err = l.err
			}
			return err
		}
	}
	w := locale.In(p.Lang)
	body := w.Say("confirmAsked", nil) + "\n\n" + w.Say("confirmOpen", nil) + "\n" + n.link(p, ConfirmPath) + "\n\n" + w.Say("confirmIgnore", nil) + "\n"
	if err := n.send(ctx, p, w.Say("confirmSubject", nil), body); err != nil {
		return err
	}
	for _, l := range limits {
		if _, err := n.cfg.Limits.Spend(ctx, l.b, true, now); err != nil {
			return err
		}
	}
	return nil
}

// clientNet is the key of a client address's limits: the address, or the
// /64 of an IPv6 one, which one household or machine usually holds whole.
func clientNet(client string) string {
	a, err := netip.ParseAddr(client)
	if err != nil || a.Unmap().Is4() {
		return client
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// mailTurn mails p the notice, worded in their language.
func (n *Notifier) mailTurn(ctx context.Context, p people.Person, notice Notice) error {
	body := notice.Body + "\n\n" + locale.In(p.Lang).Say("mailOpenTable", nil) + "\n" + n.cfg.Mail.Base + notice.URL + "\n"
	return n.send(ctx, p, notice.Title, body)
}

// send mails p's address subject and body, in p's language, with the unsubscribe link at
// the end and in the List-Unsubscribe header, with one-click unsubscribe
// (RFC 8058) when the link is https. An address the mail library or the
// SMTP server refuses is EInvalid; any other failure EInternal, with the
// cause in the log.
func (n *Notifier) send(ctx context.Context, p people.Person, subject, body string) error {
	m := gomail.NewMsg()
	if err := m.From(n.cfg.Mail.From); err != nil {
		return err
	}
	if err := m.To(p.Mail); err != nil {
		return harbor.Errorf(harbor.EInvalid, "%q is not an e-mail address", p.Mail).With(harbor.M("api.badMail", "address", p.Mail))
	}
	stop := n.link(p, StopPath)
	m.Subject(subject)
	m.SetDate()
	m.SetMessageID()
	m.SetBulk()
	m.SetListUnsubscribe("<" + stop + ">")
	if strings.HasPrefix(stop, "https://") {
		m.SetListUnsubscribePost()
	}
	if p.Lang != "" {
		m.SetGenHeader(gomail.HeaderContentLang, p.Lang)
	}
	m.SetBodyString(gomail.TypeTextPlain, body+"\n--\n"+locale.In(p.Lang).Say("mailStop", nil)+"\n"+stop+"\n")
	c, err := n.cfg.Mail.client()
	if err != nil {
		return err
	}
	err = c.DialAndSendWithContext(ctx, m)
	var refused *gomail.SendError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &refused) && refused.Reason == gomail.ErrSMTPRcptTo && !refused.IsTemp():
		n.cfg.Log.Info("the SMTP server refused an address", "err", err)
		return harbor.Errorf(harbor.EInvalid, "the mail server refused %s: check the address", p.Mail).With(harbor.M("api.mailRefused", "address", p.Mail))
	}
	n.cfg.Log.Warn("mail", "err", err)
	return harbor.Errorf(harbor.EInternal, "the mail could not be sent: the mail server did not take it; try again later")
}
