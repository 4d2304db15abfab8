package people

import (
	"context"
	"errors"
	"slices"
	"time"

	"harbor/sqldb"
)

// Owner is someone a new table counts against while it is open (a lobby,
// or a running game of computer players only): a person or an address, as
// the caller names them, with the most open tables they may hold.
type Owner struct {
	ID    string
	Max   int    // 0: no limit
	Limit string // how the refusal names the limit, e.g. "per person"
}

// HoldGrace is how long a hold of a table that is not stored (yet) or
// already finished keeps counting (see Quotas.HoldOpen): long enough for
// the table's creation to follow its hold.
const HoldGrace = time.Minute

// holdSQL holds a dialect's statements for open-table holds: dropping
// owner ?1's lapsed holds (made before ?2, of a table not stored or
// finished), and adding owner ?1's hold of table ?2 at ?3 unless it is
// there. count, the holds of owner ?1 but table ?2's, and release, which
// drops table ?1's holds, are the same in both.
type holdSQL struct{ lapse, hold string }

var holdStatements = map[sqldb.Dialect]holdSQL{
	sqldb.SQLite: {
		lapse: `DELETE FROM open_tables WHERE owner = ?1 AND held < ?2 AND NOT EXISTS
			(SELECT 1 FROM tables t WHERE t.id = open_tables.table_id AND t.status != 'finished')`,
		hold: `INSERT OR IGNORE INTO open_tables (owner, table_id, held) VALUES (?, ?, ?)`,
	},
	sqldb.Postgres: {
		lapse: `DELETE FROM open_tables o WHERE o.owner = $1 AND o.held < $2 AND NOT EXISTS
			(SELECT 1 FROM tables t WHERE t.id = o.table_id AND t.status != 'finished')`,
		hold: `INSERT INTO open_tables (owner, table_id, held) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
	},
}

const (
	countHolds   = `SELECT count(*) FROM open_tables WHERE owner = ? AND table_id != ?`
	releaseHolds = `DELETE FROM open_tables WHERE table_id = ?`
	// lockOwner is PostgreSQL's lock of an owner's holds until the end of
	// the transaction.
	lockOwner = `SELECT pg_advisory_xact_lock(hashtext('open_tables'), hashtext($1))`
)

// errFull rolls back a hold that found an owner full.
var errFull = errors.New("an owner is full")

// HoldOpen implements Quotas. Under SQLite the transaction starts with a
// write, so it holds SQLite's one write lock from its first statement: no
// other hold counts in between. Under PostgreSQL it first takes an
// advisory lock per owner (in one order, so two holds never wait on each
// other), so two nodes never both take an owner's last open table.
func (s SQL) HoldOpen(ctx context.Context, id string, owners []Owner, now time.Time) (int, error) {
	q := holdStatements[s.DB.Dialect()]
	full := -1
	err := s.DB.Tx(ctx, func(tx sqldb.Runner) error {
		if s.DB.Dialect() == sqldb.Postgres {
			ids := make([]string, len(owners))
			for i, o := range owners {
				ids[i] = o.ID
			}
			slices.Sort(ids)
			for _, o := range ids {
				if _, err := tx.Exec(ctx, lockOwner, o); err != nil {
					return err
				}
			}
		}
		at := Seconds(now)
		for i, o := range owners {
			if _, err := tx.Exec(ctx, q.lapse, o.ID, at-HoldGrace.Seconds()); err != nil {
				return err
			}
			if o.Max > 0 {
				var n int
				if err := tx.QueryRow(ctx, countHolds, o.ID, id).Scan(&n); err != nil {
					return err
				}
				if n >= o.Max {
					full = i
					return errFull
				}
			}
			if _, err := tx.Exec(ctx, q.hold, o.ID, id, at); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, errFull) {
		return full, nil
	}
	return -1, err
}

// ReleaseOpen implements Quotas.
func (s SQL) ReleaseOpen(ctx context.Context, id string) error {
	_, err := s.DB.Exec(ctx, releaseHolds, id)
	return err
}
