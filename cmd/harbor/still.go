package main

import (
	"context"
	"slices"
	"sync/atomic"

	"harbor"
	"harbor/table"
)

// stillTurn is the notifier's Still over the stored tables: a notice is
// still true while its table plays with its person in its seat and either
// no move was made since its turn began, or (in a phase where several
// seats play at once) the game still waits on the seat, which has not
// moved since. Which seats the game waits on comes from tables, once set.
func stillTurn(store table.Store, tables *atomic.Pointer[table.Tables]) func(context.Context, table.Turn) (bool, error) {
	return func(ctx context.Context, t table.Turn) (bool, error) {
		tb, err := store.Table(ctx, t.Table)
		switch {
		case harbor.ErrorCode(err) == harbor.ENotFound:
			return false, nil
		case err != nil:
			return false, err
		case tb.Status != table.Playing || int(t.Seat) >= len(tb.Seats) || tb.Seats[t.Seat].Key != t.Person:
			return false, nil
		case tb.Version <= t.Version: // none since (or not visible here yet)
			return true, nil
		}
		moves, err := store.Moves(ctx, t.Table, t.Version)
		if err != nil {
			return false, err
		}
		if slices.ContainsFunc(moves, func(m table.Move) bool { return m.Seat == t.Seat }) {
			return false, nil
		}
		ts := tables.Load()
		if ts == nil {
			return false, nil
		}
		r, err := ts.Read(ctx, t.Table)
		if err != nil {
			return false, err
		}
		gl, err := r.Glance(ctx, tb.Version, 0)
		return slices.Contains(gl.Waiting, t.Seat), err
	}
}
