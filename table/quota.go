package table

import (
	"context"
	"strings"

	"harbor"
	"harbor/people"
)

// quotas count the open tables of each owner in Options.Quotas, so every
// server over one store counts them together and a restart forgets none.
type quotas struct {
	tables *Tables
	store  people.Quotas // nil: none counted
}

// hold counts the table id, about to be created, against owners, or
// refuses it with EConflict when one of them already holds its most.
func (q quotas) hold(ctx context.Context, id string, owners []people.Owner) error {
	if q.store == nil {
		return nil
	}
	full, err := q.store.HoldOpen(ctx, id, owners, q.tables.now())
	if err == nil && full < 0 {
		return nil
	}
	if err != nil {
		q.tables.log.Error("hold an open table", "table", id, "err", err)
		return storeFault(err, "the table could not be saved; try again")
	}
	return harbor.Errorf(harbor.EConflict,
		"too many open tables: at most %d %s (lobbies, and games of computer players only); start or finish one, or let an unused lobby expire",
		owners[full].Max, owners[full].Limit).With(harbor.M("api.tooManyOpen", "n", owners[full].Max, "per", strings.TrimPrefix(owners[full].Limit, "per ")))
}

// release stops counting table id: it was not created after all, it
// started with a person playing, or it was deleted. (A finished table
// counts no more without it.)
func (q quotas) release(id string) {
	if q.store == nil {
		return
	}
	if err := q.store.ReleaseOpen(context.Background(), id); err != nil {
		q.tables.log.Error("release an open table", "table", id, "err", err)
	}
}
