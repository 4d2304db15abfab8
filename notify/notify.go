// Package notify tells people it is their turn when they have no page of
// the table open: by Web Push to each browser they turned notices on in
// (RFC 8030 with VAPID, RFC 8292, and payloads encrypted per subscription,
// RFC 8291) and by e-mail to a confirmed address through the operator's
// SMTP server. A notice says whose turn it is, at which table and game,
// until when (at your own pace) and what happens then, and whether a
// computer player took the person's last turns; nothing else: no hand, no
// move, nothing hidden. It is worded in the person's language (the one
// their page chose, people.Person.Lang), a chat room's post in the
// language of the host who set the room; the words are package locale's.
package notify

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // quiet hours in any time zone, on machines without a zone database

	"harbor"
	"harbor/locale"
	"harbor/netguard"
	"harbor/people"
	"harbor/table"
)

// Defaults of Config.
const (
	DefaultMaxSends    = 12
	DefaultWindow      = time.Hour
	DefaultPushTimeout = 10 * time.Second
)

// senders is how many turns' notices go out at once, so a person whose
// push services are slow holds up no one else's notices for long.
const senders = 4

// Config configures a Notifier.
type Config struct {
	Store Store
	// VAPIDKey is the server's P-256 private key (32 bytes), kept in the
	// store so every node and every restart signs with the same key.
	VAPIDKey []byte
	// Contact is the VAPID subscriber push services may write to: an
	// https URL or an e-mail address.
	Contact string
	// Mail is the SMTP server for e-mail notices; nil sends no e-mail.
	Mail *MailConfig
	// Limits holds the buckets of the limit per person: bursts of
	// MaxSends notices, then MaxSends a Window (0: the defaults).
	Limits   people.Spender
	MaxSends int
	Window   time.Duration
	// HTTPClient posts to push services; nil: a client that dials only
	// addresses Guard allows.
	HTTPClient *http.Client
	// Guard refuses addresses push endpoints may not have, when a browser
	// subscribes and at each dial of the default client; nil:
	// netguard.Check, which allows public addresses only.
	Guard func(netip.Addr) error
	// Allowed are the prefixes Guard lets through although they are not
	// public (-notice-allow): a chat room's webhook on one of them may be
	// on any host, its path still checked (an operator's relay, a test's
	// server).
	Allowed []netip.Prefix
	// PublicURL is the server's public URL, which a chat room's post links
	// the table from ("": no link).
	PublicURL string
	// Resolver resolves the hosts of push endpoints when browsers
	// subscribe and of chat rooms' webhooks when set; nil:
	// net.DefaultResolver.
	Resolver netguard.Resolver
	// PushTimeout bounds each post to a push service (0: the default);
	// the posts of one notice go side by side.
	PushTimeout time.Duration
	// Still reports whether the turn of a notice is still to play: the
	// person still sits in the seat, the table still plays, and the table
	// is still at the notice's version. A notice that is no longer true
	// is dropped unsent. nil: every notice is still true.
	Still func(ctx context.Context, t table.Turn) (bool, error)
	Log   *slog.Logger
	Now   func() time.Time

	settled func(Queued) // tests: told each notice the sender settles
}

// Notifier sends turn notices. Turn only hands a notice on: a writer
// stores it in the outbox and a sender sends it from there.
type Notifier struct {
	cfg             Config
	private, public string // VAPID keys, base64url
	claimant        string // this notifier's name on the notices it claims
	writes          chan table.Turn
	wake            chan struct{}
	stop            chan struct{}
	written, done   chan struct{}
	closeOnce       sync.Once
	confirmMu       sync.Mutex // one confirmation mail at a time
}

// New returns a notifier for cfg and starts its sender; Close stops it.
func New(cfg Config) (*Notifier, error) {
	if cfg.Store == nil || cfg.Limits == nil {
		return nil, errors.New("notify: a notifier needs a store and its limits")
	}
	key, err := ecdh.P256().NewPrivateKey(cfg.VAPIDKey)
	if err != nil {
		return nil, fmt.Errorf("notify: VAPID key: %w", err)
	}
	if cfg.MaxSends == 0 {
		cfg.MaxSends = DefaultMaxSends
	}
	if cfg.Window == 0 {
		cfg.Window = DefaultWindow
	}
	if cfg.PushTimeout == 0 {
		cfg.PushTimeout = DefaultPushTimeout
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = publicClient(cfg.Guard, cfg.PushTimeout)
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Contact == "" {
		cfg.Contact = "harbor@localhost"
	}
	if cfg.Mail != nil {
		if err := cfg.Mail.check(); err != nil {
			return nil, err
		}
	}
	n := &Notifier{cfg: cfg, claimant: NewMailToken(), writes: make(chan table.Turn, 1024), wake: make(chan struct{}, 1),
		stop: make(chan struct{}), written: make(chan struct{}), done: make(chan struct{}),
		private: base64.RawURLEncoding.EncodeToString(key.Bytes()),
		public:  base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes())}
	go n.write()
	go n.sendDue()
	return n, nil
}

// PublicKey returns the VAPID public key (an uncompressed P-256 point,
// base64url), the applicationServerKey a page subscribes with.
func (n *Notifier) PublicKey() string { return n.public }

// MailOn reports whether an SMTP server is configured.
func (n *Notifier) MailOn() bool { return n.cfg.Mail != nil }

// Store returns the notifier's store.
func (n *Notifier) Store() Store { return n.cfg.Store }

// Turn queues a notice that it is t.Person's turn. It never blocks: it
// hands the notice to the writer, which stores it in the outbox; when the
// writer is that far behind, the notice is dropped (and logged).
func (n *Notifier) Turn(t table.Turn) {
	select {
	case n.writes <- t:
	default:
		n.cfg.Log.Warn("notice writer behind; a turn notice is dropped", "table", t.Table)
	}
}

// Close stores the notices handed to Turn so far, waits for the sends
// under way, and stops; what is left in the outbox goes out from the next
// notifier on the store.
func (n *Notifier) Close() {
	n.closeOnce.Do(func() {
		close(n.writes)
		<-n.written
		close(n.stop)
	})
	<-n.done
}

// Deliver sends the notice of t now, to every push subscription of the
// person and to their confirmed address, unless they are in their quiet
// hours or have had their share of notices in this window; it bypasses the
// outbox and tries once. The pushes go side by side, each within
// PushTimeout. A subscription the push service no longer knows (404, 410)
// is dropped.
func (n *Notifier) Deliver(ctx context.Context, t table.Turn) error {
	p, err := n.cfg.Store.Person(ctx, t.Person)
	if err != nil {
		return err
	}
	now := n.cfg.Now()
	if p.Quiet(now) {
		return nil
	}
	subs, mail, err := n.channels(ctx, p, nil)
	if err != nil || (len(subs) == 0 && !mail) {
		return err
	}
	if ok, err := n.Allow(ctx, t.Person); err != nil || !ok {
		return err
	}
	_, _, err = n.sendAll(ctx, p, subs, mail, NoticeOf(t, now, p.Location(), p.Lang))
	return err
}

// channels returns where a notice to p goes, leaving out those in sent:
// their newest MaxSubscriptions push subscriptions (should a store hold
// more, ones stored before there was a limit), and whether to their
// confirmed address.
func (n *Notifier) channels(ctx context.Context, p people.Person, sent []string) ([]people.Subscription, bool, error) {
	subs, err := n.cfg.Store.Subscriptions(ctx, p.Key)
	if err != nil {
		return nil, false, err
	}
	subs = slices.DeleteFunc(subs[max(0, len(subs)-MaxSubscriptions):], func(s people.Subscription) bool { return slices.Contains(sent, s.Endpoint) })
	mail := n.cfg.Mail != nil && p.Confirmed && p.Mail != "" && !slices.Contains(sent, MailChannel)
	return subs, mail, nil
}

// sendAll pushes payload to subs side by side, each within PushTimeout,
// and then mails it to p when mail. It returns the channels that took the
// notice, how many channels are done with (those, a subscription its push
// service no longer knows, and an address the mail server refuses for
// good), and the errors of the others.
func (n *Notifier) sendAll(ctx context.Context, p people.Person, subs []people.Subscription, mail bool, payload Notice) ([]string, int, error) {
	took := make([]bool, len(subs))
	errs := make([]error, len(subs), len(subs)+1)
	var wg sync.WaitGroup
	for i, s := range subs {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(ctx, n.cfg.PushTimeout)
			defer cancel()
			took[i], errs[i] = n.push(ctx, s, payload)
		})
	}
	wg.Wait()
	var delivered []string
	finished := 0
	for i, s := range subs {
		if took[i] {
			delivered = append(delivered, s.Endpoint)
		}
		if errs[i] == nil { // taken, or gone and dropped
			finished++
		}
	}
	if mail {
		err := n.mailTurn(ctx, p, payload)
		if err == nil {
			delivered = append(delivered, MailChannel)
		}
		if err == nil || harbor.ErrorCode(err) == harbor.EInvalid {
			finished++
		}
		errs = append(errs, err)
	}
	return delivered, finished, errors.Join(errs...)
}

// Allow spends one of person's notices (a notice or a confirmation mail)
// and reports whether they had one left.
func (n *Notifier) Allow(ctx context.Context, person string) (bool, error) {
	return n.cfg.Limits.Spend(ctx, n.personBucket(person), true, n.cfg.Now())
}

// personBucket is the bucket of person's notices.
func (n *Notifier) personBucket(person string) people.Bucket {
	return people.Bucket{Key: "notice:" + person, Rate: float64(n.cfg.MaxSends) / n.cfg.Window.Seconds(), Burst: float64(n.cfg.MaxSends)}
}

// Notice is the payload of a push notice, all the service worker shows.
type Notice struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"` // the table's page, from the server's root
	Tag   string `json:"tag"` // one notice a table: a newer one replaces it
}

// NoticeOf returns the notice of t as of now in lang (the person's
// language; English when it is none Harbor speaks), its deadline told in
// loc (the person's time zone): the game, the person whose turn it is and
// the others at the table by the names they sat down with, the turns a
// computer player took for the person just before, and at your own pace
// until when they have and what happens when the limit runs out.
func NoticeOf(t table.Turn, now time.Time, loc *time.Location, lang string) Notice {
	w := locale.In(lang)
	names := locale.Vars{"Name": t.Name, "Game": t.GameName, "Others": w.List(t.Others)}
	body := []string{w.Say("turnBody", names)}
	if len(t.Others) > 0 {
		body[0] = w.Say("turnBodyWith", names)
	}
	title := w.Say("turnTitle", names)
	switch {
	case t.Held:
		title = w.Say("heldTitle", names)
		body = append(body, w.Count("held", max(t.Missed, 1), nil))
	case t.Missed > 0:
		body = append(body, w.Count("missed", t.Missed, nil))
	}
	if t.Reminder {
		title = w.Say("stillTitle", names)
	}
	switch {
	case !t.Due.IsZero():
		left := t.Due.Sub(now)
		if t.Reminder {
			left = t.Left
		}
		body = append(body, w.Say("due", locale.Vars{"When": w.When(t.Due, loc), "Left": leftWords(w, left)}), lapseWords(w, t))
	case t.Reminder:
		body = append(body, w.Say("leftToPlay", locale.Vars{"Left": leftWords(w, t.Left)}))
	}
	return Notice{Title: title, Body: strings.Join(body, " "), URL: "/t/" + t.Table, Tag: "turn-" + t.Table}
}

// lapseWords says what the table's rule does when t's limit runs out.
func lapseWords(w locale.Words, t table.Turn) string {
	if t.Rule == table.RuleSkip {
		return w.Say("lapseSkip", nil)
	}
	if t.Missed+1 >= table.HeldAfter {
		return w.Say("lapseComputerHeld", nil)
	}
	return w.Say("lapseComputer", nil)
}

// leftWords says d, the time left of a turn, in round hours or minutes.
func leftWords(w locale.Words, d time.Duration) string {
	switch h := int(d.Round(time.Hour) / time.Hour); {
	case h >= 2:
		return w.Count("hoursLeft", h, nil)
	case d >= 45*time.Minute:
		return w.Count("hoursLeft", 1, nil)
	}
	return w.Count("minutesLeft", max(1, int(d.Round(time.Minute)/time.Minute)), nil)
}
