package notify

import (
	"context"
	"time"

	"harbor/people"
	"harbor/table"
)

// Store keeps people's notice settings and Web Push subscriptions
// (people.Settings), the outbox of turn notices and the tables' chat rooms. Every method is
// safe for concurrent use.
type Store interface {
	people.Settings

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
