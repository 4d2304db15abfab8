package table

import (
	"context"
	"time"

	"harbor"
)

// Owner is someone a new table counts against while it is open (a lobby,
// or a running game of computer players only): a person or an address, as
// the caller names them, with the most open tables they may hold.
type Owner struct {
	ID    string
	Max   int    // 0: no limit
	Limit string // how the refusal names the limit, e.g. "per person"
}

// quotas count the open tables of each owner in the store
// (Store.HoldOpen), so every server over one store counts them together
// and a restart forgets none.
type quotas struct {
	tables *Tables
}

// HoldGrace is how long a hold of a table that is not stored (yet) or
// already finished keeps counting (see Store.HoldOpen): long enough for
// the table's creation to follow its hold.
const HoldGrace = time.Minute

// hold counts the table id, about to be created, against owners, or
// refuses it with EConflict when one of them already holds its most.
func (q quotas) hold(ctx context.Context, id string, owners []Owner) error {
	full, err := q.tables.store.HoldOpen(ctx, id, owners, q.tables.now())
	if err == nil && full < 0 {
		return nil
	}
	if err != nil {
		q.tables.log.Error("hold an open table", "table", id, "err", err)
		return storeFault(err, "the table could not be saved; try again")
	}
	return harbor.Errorf(harbor.EConflict,
		"too many open tables: at most %d %s (lobbies, and games of computer players only); start or finish one, or let an unused lobby expire",
		owners[full].Max, owners[full].Limit)
}

// release stops counting table id: it was not created after all, it
// started with a person playing, or it was deleted. (A finished table
// counts no more without it.)
func (q quotas) release(id string) {
	if err := q.tables.store.ReleaseOpen(context.Background(), id); err != nil {
		q.tables.log.Error("release an open table", "table", id, "err", err)
	}
}
