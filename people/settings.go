package people

import (
	"context"
	"time"

	"harbor"
	"harbor/sqldb"
)

// Subscription is one browser's Web Push subscription (the Push API's
// PushSubscription): where to send and the keys that encrypt for it. It
// belongs to a person (their Key) on one of their devices ("" for the
// browser the identity began on).
type Subscription struct {
	Endpoint string    `json:"endpoint"`
	P256dh   string    `json:"p256dh"`
	Auth     string    `json:"auth"`
	Person   string    `json:"-"`
	Device   string    `json:"-"`
	Created  time.Time `json:"created"`
}

// Person holds one person's notice settings: their e-mail address (with
// the token of its confirmation and unsubscribe links) and their quiet
// hours. The zero Person has no address and no quiet hours.
type Person struct {
	Key string
	// Mail is the address notices go to once Confirmed. It is stored
	// only once the SMTP server took its confirmation mail.
	Mail      string
	MailToken string
	Confirmed bool
	// QuietFrom and QuietTo are minutes of the day in Zone (an IANA time
	// zone name): no notice is sent from QuietFrom up to QuietTo, across
	// midnight when QuietTo < QuietFrom. Equal values mean no quiet hours.
	QuietFrom, QuietTo int
	Zone               string
	// Lang is the language the person reads Harbor in, as the page chose
	// it ("" until it did); their linked devices share it. SetLang keeps
	// it: SavePerson leaves it as it is.
	Lang string
}

// Settings keeps people's notice settings and push subscriptions.
type Settings interface {
	// SaveSubscription stores s as the one subscription of its person's
	// device, dropping any other endpoint of that device (a browser that
	// subscribed again), and then keeps the keep newest subscriptions of
	// the person, dropping the older ones. An endpoint another person
	// holds is refused with ErrEndpointTaken, and nothing changes.
	SaveSubscription(ctx context.Context, s Subscription, keep int) error
	// Subscriptions returns person's subscriptions, oldest first.
	Subscriptions(ctx context.Context, person string) ([]Subscription, error)
	// DropSubscription forgets the subscription of endpoint; none is fine.
	DropSubscription(ctx context.Context, endpoint string) error
	// DropDeviceSubscriptions forgets every subscription of person's
	// device.
	DropDeviceSubscriptions(ctx context.Context, person, device string) error

	// Person returns key's settings; the zero Person (with Key) when none
	// are stored.
	Person(ctx context.Context, key string) (Person, error)
	// SavePerson stores p's address and quiet hours (not its Lang).
	SavePerson(ctx context.Context, p Person) error
	// SetLang stores the language person reads Harbor in ("": none
	// chosen), leaving the rest of their settings as they are.
	SetLang(ctx context.Context, person, lang string) error
	// PersonByMailToken returns the person whose MailToken is token.
	// ENotFound if there is none.
	PersonByMailToken(ctx context.Context, token string) (Person, error)
}

// ErrEndpointTaken refuses a push endpoint another person holds (a
// browser that became someone else, or a copied endpoint): stores return
// it rather than move the subscription.
var ErrEndpointTaken = harbor.Errorf(harbor.EConflict,
	"this push endpoint is registered to someone else; turn notices off and on again in this browser to get one of its own").With(harbor.M("api.endpointTaken"))

// Location is p's time zone, UTC when it is unknown.
func (p Person) Location() *time.Location {
	loc, err := time.LoadLocation(p.Zone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// Quiet reports whether now falls in p's quiet hours.
func (p Person) Quiet(now time.Time) bool {
	if p.QuietFrom == p.QuietTo {
		return false
	}
	l := now.In(p.Location())
	m := l.Hour()*60 + l.Minute()
	if p.QuietFrom < p.QuietTo {
		return m >= p.QuietFrom && m < p.QuietTo
	}
	return m >= p.QuietFrom || m < p.QuietTo
}

// QuietEnd returns when the quiet hours p is in at now end: the next
// QuietTo in their time zone.
func (p Person) QuietEnd(now time.Time) time.Time {
	l := now.In(p.Location())
	end := time.Date(l.Year(), l.Month(), l.Day(), p.QuietTo/60, p.QuietTo%60, 0, 0, l.Location())
	if !end.After(now) {
		end = time.Date(l.Year(), l.Month(), l.Day()+1, p.QuietTo/60, p.QuietTo%60, 0, 0, l.Location())
	}
	return end
}

// SaveSubscription implements Settings.
// Each statement stands alone: the insert or update refuses another
// person's endpoint by itself, and the trim keeps the newest keep however
// saves of the same person interleave.
func (s SQL) SaveSubscription(ctx context.Context, sub Subscription, keep int) error {
	n, err := s.DB.Exec(ctx, `INSERT INTO push_subscriptions (endpoint, p256dh, auth, person, device, created) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, device = excluded.device,
		created = excluded.created WHERE push_subscriptions.person = excluded.person`,
		sub.Endpoint, sub.P256dh, sub.Auth, sub.Person, sub.Device, millis(sub.Created))
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrEndpointTaken
	}
	if _, err := s.DB.Exec(ctx, `DELETE FROM push_subscriptions WHERE person = ? AND device = ? AND endpoint <> ?`,
		sub.Person, sub.Device, sub.Endpoint); err != nil {
		return err
	}
	_, err = s.DB.Exec(ctx, `DELETE FROM push_subscriptions WHERE person = ? AND endpoint NOT IN
		(SELECT endpoint FROM push_subscriptions WHERE person = ? ORDER BY created DESC, endpoint DESC LIMIT ?)`,
		sub.Person, sub.Person, max(keep, 1))
	return err
}

// Subscriptions implements Settings.
func (s SQL) Subscriptions(ctx context.Context, person string) ([]Subscription, error) {
	rows, err := s.DB.Query(ctx, `SELECT endpoint, p256dh, auth, device, created FROM push_subscriptions WHERE person = ? ORDER BY created, endpoint`, person)
	return collect(rows, err, func(r sqldb.Row) (Subscription, error) {
		sub := Subscription{Person: person}
		var created int64
		err := r.Scan(&sub.Endpoint, &sub.P256dh, &sub.Auth, &sub.Device, &created)
		sub.Created = fromMillis(created)
		return sub, err
	})
}

// DropSubscription implements Settings.
func (s SQL) DropSubscription(ctx context.Context, endpoint string) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
	return err
}

// DropDeviceSubscriptions implements Settings.
func (s SQL) DropDeviceSubscriptions(ctx context.Context, person, device string) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM push_subscriptions WHERE person = ? AND device = ?`, person, device)
	return err
}

const personColumns = `person, mail, mail_token, confirmed, base, quiet_from, quiet_to, zone`

func scanPerson(row sqldb.Row) (Person, error) {
	var p Person
	var confirmed int
	var base string // no longer used: links in mails come from the configured public URL
	err := row.Scan(&p.Key, &p.Mail, &p.MailToken, &confirmed, &base, &p.QuietFrom, &p.QuietTo, &p.Zone, &p.Lang)
	p.Confirmed = confirmed != 0
	return p, err
}

// Person implements Settings.
func (s SQL) Person(ctx context.Context, key string) (Person, error) {
	p, err := scanPerson(s.DB.QueryRow(ctx, `SELECT `+personColumns+`, lang FROM notice_people WHERE person = ?`, key))
	if isNoRows(err) {
		return Person{Key: key}, nil
	}
	return p, err
}

// SavePerson implements Settings.
func (s SQL) SavePerson(ctx context.Context, p Person) error {
	confirmed := 0
	if p.Confirmed {
		confirmed = 1
	}
	_, err := s.DB.Exec(ctx, `INSERT INTO notice_people (`+personColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (person) DO UPDATE SET mail = excluded.mail, mail_token = excluded.mail_token, confirmed = excluded.confirmed,
		base = excluded.base, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, zone = excluded.zone`,
		p.Key, p.Mail, p.MailToken, confirmed, "", p.QuietFrom, p.QuietTo, p.Zone)
	return err
}

// SetLang implements Settings.
func (s SQL) SetLang(ctx context.Context, person, lang string) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO notice_people (person, lang) VALUES (?, ?)
		ON CONFLICT (person) DO UPDATE SET lang = excluded.lang`, person, lang)
	return err
}

var errNoToken = harbor.Errorf(harbor.ENotFound, "this link is no longer valid: the address was removed or changed").With(harbor.M("api.linkGone"))

// PersonByMailToken implements Settings.
func (s SQL) PersonByMailToken(ctx context.Context, token string) (Person, error) {
	if token == "" {
		return Person{}, errNoToken
	}
	p, err := scanPerson(s.DB.QueryRow(ctx, `SELECT `+personColumns+`, lang FROM notice_people WHERE mail_token = ?`, token))
	if isNoRows(err) {
		return Person{}, errNoToken
	}
	return p, err
}
