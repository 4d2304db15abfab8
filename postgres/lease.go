package postgres

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"

	"harbor"
)

// ErrLeaseLost refuses a write to a table whose lease this node does not
// hold (never had, let expire, or lost to another node).
var ErrLeaseLost = harbor.Errorf(harbor.EConflict, "this server no longer runs the table; reconnect").With(harbor.M("api.leaseLost"))

// held is the fencing number of each lease this node holds, and the tables
// whose leases a refused write found lost since the last Renew.
type held struct {
	mu    sync.Mutex
	epoch map[string]int64
	lost  []string
}

// lose forgets the lease of id, found taken by another node, and keeps it
// for Renew to report.
func (h *held) lose(id string) {
	h.mu.Lock()
	if _, ok := h.epoch[id]; ok {
		delete(h.epoch, id)
		h.lost = append(h.lost, id)
	}
	h.mu.Unlock()
}

// keepLost puts back lost leases that could not be reported.
func (h *held) keepLost(ids []string) {
	h.mu.Lock()
	h.lost = append(h.lost, ids...)
	h.mu.Unlock()
}

// takeLost returns the leases lose found lost and forgets them.
func (h *held) takeLost() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	lost := h.lost
	h.lost = nil
	return lost
}

func (h *held) get(id string) (int64, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	e, ok := h.epoch[id]
	return e, ok
}

func (h *held) set(id string, epoch int64) {
	h.mu.Lock()
	h.epoch[id] = epoch
	h.mu.Unlock()
}

func (h *held) drop(id string) {
	h.mu.Lock()
	delete(h.epoch, id)
	h.mu.Unlock()
}

// dropIf forgets the lease of id if it still has epoch.
func (h *held) dropIf(id string, epoch int64) {
	h.mu.Lock()
	if h.epoch[id] == epoch {
		delete(h.epoch, id)
	}
	h.mu.Unlock()
}

func (h *held) all() (ids []string, epochs []int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, e := range h.epoch {
		ids = append(ids, id)
		epochs = append(epochs, e)
	}
	return ids, epochs
}

// claimSQL takes the lease of table $1 for node $2 for $3 milliseconds when
// nobody holds it, it has expired, or it names this node (which, not
// holding it, is a new process under the same name: the lease is its
// previous life's), raising the fencing number; no row when another node
// holds it. It runs after lockLease.
//
// The locks: every write of a move or lobby checks the lease FOR KEY SHARE,
// which renewals (an UPDATE of the expiry alone) do not wait for, nor make
// wait; a claim locks the lease FOR UPDATE first, so it waits for the
// writes in flight, and the writes after it find the new fencing number.
const (
	lockLease = `SELECT 1 FROM leases WHERE table_id = $1 FOR UPDATE`
	claimSQL  = `INSERT INTO leases (table_id, owner, epoch, expires)
	VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
	ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, epoch = leases.epoch + 1, expires = excluded.expires
	WHERE leases.expires <= now() OR leases.owner = excluded.owner
	RETURNING epoch`
)

// Claim takes the lease of table id for this node when no other node holds
// it. It reports whether the node holds the lease now; true with a raised
// fencing number means the table may have changed since the node last ran
// it, so it must be read again.
func (s *Store) Claim(ctx context.Context, id string) (bool, error) {
	// One claim at a time: two at once by this node would each raise the
	// fencing number, and the node could keep the older one.
	s.claiming.Lock()
	defer s.claiming.Unlock()
	if _, ok := s.leases.get(id); ok {
		return true, nil
	}
	var epoch int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, lockLease, id); err != nil {
			return err
		}
		return tx.QueryRow(ctx, claimSQL, id, s.node, s.ttl.Milliseconds()).Scan(&epoch)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	s.heads.Forget(id)
	s.leases.set(id, epoch)
	return true, nil
}

// Holds reports whether this node believes it holds the lease of table id.
func (s *Store) Holds(id string) bool {
	_, ok := s.leases.get(id)
	return ok
}

// Renew extends every lease this node holds and returns the tables whose
// leases it has lost (another node took them after they expired), found
// now or by a write refused since the last Renew; it forgets those.
func (s *Store) Renew(ctx context.Context) (lost []string, err error) {
	lost = s.leases.takeLost()
	ids, epochs := s.leases.all()
	if len(ids) == 0 {
		return lost, nil
	}
	kept, err := s.ids(ctx, `UPDATE leases SET expires = now() + $4 * interval '1 millisecond'
		FROM unnest($1::text[], $2::bigint[]) AS h(id, epoch)
		WHERE leases.table_id = h.id AND leases.epoch = h.epoch AND leases.owner = $3
		RETURNING leases.table_id`, ids, epochs, s.node, s.ttl.Milliseconds())
	if err != nil {
		s.leases.keepLost(lost) // to report next time
		return nil, err
	}
	ok := make(map[string]bool, len(kept))
	for _, id := range kept {
		ok[id] = true
	}
	for i, id := range ids {
		if !ok[id] {
			s.leases.dropIf(id, epochs[i])
			s.heads.Forget(id)
			lost = append(lost, id)
		}
	}
	return lost, nil
}

// Release gives up the lease of table id at once, so another node may take
// it without waiting for it to expire.
func (s *Store) Release(ctx context.Context, id string) error {
	epoch, ok := s.leases.get(id)
	if !ok {
		return nil
	}
	s.leases.drop(id)
	s.heads.Forget(id)
	_, err := s.pool.Exec(ctx, `UPDATE leases SET expires = now() WHERE table_id = $1 AND owner = $2 AND epoch = $3`, id, s.node, epoch)
	return err
}

// Owner returns the node holding the lease of table id and whether that
// lease is still running; "" when the table never had one.
func (s *Store) Owner(ctx context.Context, id string) (node string, running bool, err error) {
	err = s.pool.QueryRow(ctx, `SELECT owner, expires > now() FROM leases WHERE table_id = $1`, id).Scan(&node, &running)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return node, running, err
}

// Orphans returns the playing tables nobody runs: no lease, or an expired
// one, oldest first.
func (s *Store) Orphans(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
		WHERE t.status = 'playing' AND (l.table_id IS NULL OR l.expires <= now()) ORDER BY t.created`)
}

// ReleaseAll gives up every lease this node holds, for a node shutting
// down.
func (s *Store) ReleaseAll(ctx context.Context) error {
	ids, epochs := s.leases.all()
	for _, id := range ids {
		s.leases.drop(id)
		s.heads.Forget(id)
	}
	if len(ids) == 0 {
		return nil
	}
	_, err := s.pool.Exec(ctx, `UPDATE leases SET expires = now()
		FROM unnest($1::text[], $2::bigint[]) AS h(id, epoch)
		WHERE leases.table_id = h.id AND leases.epoch = h.epoch AND leases.owner = $3`, ids, epochs, s.node)
	return err
}
