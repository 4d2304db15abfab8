package table

import (
	"context"
	"time"
)

// Pruner is a Store that can count and delete tables. The sweeper uses it
// to delete old lobbies and finished games, and /metrics to count stored
// tables; with a store that is no Pruner, tables are kept for good.
type Pruner interface {
	// CountTables returns the number of stored tables.
	CountTables(ctx context.Context) (int, error)
	// TablesBefore returns the ids of at most limit tables with status
	// whose last change (a lobby change, or the final move) was before
	// before.
	TablesBefore(ctx context.Context, status Status, before time.Time, limit int) ([]string, error)
	// DeleteTable deletes table id and its moves. ENotFound if there is
	// none.
	DeleteTable(ctx context.Context, id string) error
}

// pruneBatch bounds the tables one sweep deletes of each kind.
const pruneBatch = 500

func (ts *Tables) sweeper(every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ts.quit:
			return
		case <-t.C:
			ts.Sweep(context.Background())
		}
	}
}

// Sweep unloads the tables nobody has been connected to for
// Options.IdleAfter (they load again from the store when asked for), but
// not a running game at your own pace,
// deletes lobbies unchanged for Options.LobbyTTL and, when
// Options.FinishedTTL is set, games finished longer ago. It returns how
// many tables it unloaded and deleted.
func (ts *Tables) Sweep(ctx context.Context) (unloaded, deleted int) {
	now := ts.now()
	ts.mu.Lock()
	for id, r := range ts.live {
		r.mu.Lock()
		if !r.fan.watched() && now.Sub(r.idle) >= ts.opts.IdleAfter && !r.paced() {
			r.unload()
			delete(ts.live, id)
			unloaded++
		}
		r.mu.Unlock()
	}
	ts.mu.Unlock()
	p, ok := ts.store.(Pruner)
	if !ok {
		return unloaded, 0
	}
	deleted = ts.prune(ctx, p, Lobby, now.Add(-ts.opts.LobbyTTL))
	if ts.opts.FinishedTTL > 0 {
		deleted += ts.prune(ctx, p, Finished, now.Add(-ts.opts.FinishedTTL))
	}
	return unloaded, deleted
}

// paced reports whether r is a game at your own pace, which stays in
// memory while it runs so its turn limits and reminders fire. It holds
// r.mu.
func (r *Runner) paced() bool {
	return r.t.Pace.Own() && r.t.Status == Playing
}

// prune deletes the tables of status last changed before before, but not
// one someone is connected to or that is being loaded.
func (ts *Tables) prune(ctx context.Context, p Pruner, status Status, before time.Time) int {
	ids, err := p.TablesBefore(ctx, status, before, pruneBatch)
	if err != nil {
		ts.log.Error("sweep: list old tables", "status", status, "err", err)
		return 0
	}
	n := 0
	for _, id := range ids {
		if !ts.unloadForDelete(id) {
			continue
		}
		if err := p.DeleteTable(ctx, id); err != nil {
			ts.log.Error("sweep: delete table", "table", id, "err", err)
			continue
		}
		ts.quotas.release(id)
		n++
	}
	return n
}

// unloadForDelete takes table id out of memory unless someone is connected
// to it or it is being loaded, and reports whether it may be deleted.
func (ts *Tables) unloadForDelete(id string) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if _, loading := ts.load[id]; loading {
		return false
	}
	r, ok := ts.live[id]
	if !ok {
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fan.watched() {
		return false
	}
	r.unload()
	delete(ts.live, id)
	return true
}
