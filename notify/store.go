package notify

import (
	"context"
	"time"

	"harbor/table"
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
}

// Store keeps Web Push subscriptions and notice settings. Every method is
// safe for concurrent use.
type Store interface {
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
	// SavePerson stores p's address and quiet hours.
	SavePerson(ctx context.Context, p Person) error
	// PersonByMailToken returns the person whose MailToken is token.
	// ENotFound if there is none.
	PersonByMailToken(ctx context.Context, token string) (Person, error)

	// QueueNotice stores q (its ID, Attempts, Sent and Done ignored) in
	// the outbox unless a notice of the same person, table, version and
	// kind (turn or reminder) is stored already; it reports whether q was
	// stored. A notice stored supersedes the older ones of the same person
	// and table not yet done (of an earlier version, or the turn's notice
	// when q is its reminder): those are done unsent, so a person held up by
	// quiet hours or their limit is told only the newest news of a table.
	QueueNotice(ctx context.Context, q Queued) (bool, error)
	// ClaimNotices claims, for claimant until now+lease, up to limit
	// notices that are not done, due at now, and claimed by no one (or
	// whose claim has lapsed), and returns them, the earliest due first.
	// No two callers get the same notice under one claim.
	ClaimNotices(ctx context.Context, claimant string, now time.Time, lease time.Duration, limit int) ([]Queued, error)
	// SettleNotice stores q's NotBefore, Attempts, Sent and Done and ends
	// the claim, if claimant still holds q; it reports whether it did.
	SettleNotice(ctx context.Context, q Queued, claimant string) (bool, error)
	// NextNotice returns when the earliest notice not done can next be
	// claimed: false when there is none.
	NextNotice(ctx context.Context) (time.Time, bool, error)
	// PruneNotices forgets the notices done that were queued before.
	PruneNotices(ctx context.Context, before time.Time) error

	// Hook returns the chat room of table: false when it has none.
	Hook(ctx context.Context, table string) (Hook, bool, error)
	// SaveHook stores h as its table's one chat room, replacing any.
	SaveHook(ctx context.Context, h Hook) error
	// DropHook forgets table's chat room; none is fine.
	DropHook(ctx context.Context, table string) error
}

// Queued is a turn notice in the outbox.
type Queued struct {
	ID   int64
	Turn table.Turn
	// Created is when it was queued; NotBefore when it may go out.
	Created, NotBefore time.Time
	// Attempts counts the sends that failed.
	Attempts int
	// Sent holds the channels that took the notice already: the push
	// endpoints, MailChannel, and RoomChannel (the table's chat room).
	Sent []string
	// Done: sent, stale, or given up on; kept only so the same turn is
	// not queued again.
	Done bool
}

// MailChannel is the name of e-mail among a Queued's Sent.
const MailChannel = "mail"

// Kind is "reminder" for a reminder, else "turn".
func (q Queued) Kind() string {
	if q.Turn.Reminder {
		return "reminder"
	}
	return "turn"
}
