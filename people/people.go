// Package people keeps what the server holds of people apart from their
// tables: the browsers they linked to their identity (Device, LinkCode),
// the rate limits that count what they and their addresses do (Bucket),
// the open tables each of them may hold at once (Owner), and how they
// want their turn notices (Person: address and quiet hours; their push
// Subscriptions). A person is named here as tables name them: by the Key
// of their token, or, for the limits, by "p:" and that key or "a:" and an
// address.
//
// SQL keeps it all over a store's own database (sqldb.DB), so every node
// over one store shares it and a restart forgets none of it. The
// statements are in this package; the schema is each store's migrations
// 0004_limits.sql, 0005_notices_and_devices.sql and 0011_person_lang.sql. The notices
// themselves are notify's (notify/sqlnotify keeps their outbox).
package people

import (
	"context"
	"time"
)

// Spender spends tokens of rate-limit buckets.
type Spender interface {
	// Spend spends one token of the rate-limit bucket b at now and
	// reports whether there was one; with spend false it only reports
	// whether there is one, spending nothing. A bucket never used holds
	// b.Burst tokens. One spend is atomic against every other. A bucket
	// whose Rate would have filled it again may be forgotten.
	Spend(ctx context.Context, b Bucket, spend bool, now time.Time) (bool, error)
}

// Quotas count the open tables of each owner.
type Quotas interface {
	// HoldOpen counts table id, about to be created, against each of
	// owners while it is open: a lobby, or a game of computer players
	// only (see Owner). It is all or none: when one of them already holds
	// Max open tables (0 is no limit), it holds nothing and returns that
	// owner's index, else -1. A hold counts until ReleaseOpen, except that
	// one made over HoldGrace before now whose table is finished or not
	// stored counts no more. Every server over the store counts the same
	// holds, and they outlast a restart.
	HoldOpen(ctx context.Context, id string, owners []Owner, now time.Time) (full int, err error)
	// ReleaseOpen stops counting table id against anyone.
	ReleaseOpen(ctx context.Context, id string) error
}

// Store is everything this package keeps. Every method is safe for
// concurrent use.
type Store interface {
	Spender
	Quotas
	Devices
	Settings
}
