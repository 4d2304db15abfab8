package table

import (
	"sync"

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

// quotas count the open tables of each owner. They live in memory: after
// a restart every owner starts again from none.
type quotas struct {
	create sync.Mutex // makes Create's check and hold one step

	mu     sync.Mutex
	open   map[string]map[string]struct{} // owner -> open table ids
	owners map[string][]string            // table id -> its owners
}

func newQuotas() quotas {
	return quotas{open: map[string]map[string]struct{}{}, owners: map[string][]string{}}
}

// check refuses a new table when one of owners holds its most.
func (q *quotas) check(owners []Owner) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, o := range owners {
		if o.Max > 0 && len(q.open[o.ID]) >= o.Max {
			return harbor.Errorf(harbor.EConflict,
				"too many open tables: at most %d %s (lobbies, and games of computer players only); start or finish one, or let an unused lobby expire",
				o.Max, o.Limit)
		}
	}
	return nil
}

// hold counts table id against owners.
func (q *quotas) hold(id string, owners []Owner) {
	if len(owners) == 0 {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, o := range owners {
		set := q.open[o.ID]
		if set == nil {
			set = map[string]struct{}{}
			q.open[o.ID] = set
		}
		set[id] = struct{}{}
		q.owners[id] = append(q.owners[id], o.ID)
	}
}

// release stops counting table id: it started with a person playing, it
// finished, or it was deleted.
func (q *quotas) release(id string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, o := range q.owners[id] {
		delete(q.open[o], id)
		if len(q.open[o]) == 0 {
			delete(q.open, o)
		}
	}
	delete(q.owners, id)
}
