package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"harbor"
	"harbor/game"
	"harbor/table"
	"harbor/table/groupcommit"
)

// Store is table.Store over PostgreSQL.
type Store struct {
	pool   *pgxpool.Pool
	node   string
	ttl    time.Duration
	queue  *groupcommit.Queue
	heads  groupcommit.Heads
	leases held

	claiming sync.Mutex // held by Claim
}

var _ table.Store = (*Store)(nil)

// maxBatch bounds the moves committed in one transaction.
const maxBatch = 1024

func newStore(pool *pgxpool.Pool, opts Options) *Store {
	s := &Store{pool: pool, node: opts.Node, ttl: opts.LeaseTTL, queue: groupcommit.NewQueue(maxBatch),
		leases: held{epoch: make(map[string]int64)}}
	if s.ttl == 0 {
		s.ttl = DefaultLeaseTTL
	}
	k := opts.Committers
	switch {
	case k > 0:
	case opts.Node != "":
		k = nodeCommitters
	default:
		k = committers
	}
	for range k {
		w := newBatchWriter()
		s.queue.Start(func(batch []*groupcommit.Request) { s.commit(w, batch) })
	}
	return s
}

func millis(t time.Time) int64 { return t.UnixMilli() }

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

var errNoTable = harbor.NoTable()

// CreateTable implements table.Store. A node's store takes the table's
// lease in the same transaction: the node that opens a table runs it.
func (s *Store) CreateTable(ctx context.Context, t *table.Table) error {
	data, err := table.EncodeLobby(t)
	if err != nil {
		return err
	}
	var epoch int64
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO tables (id, game, status, invite, code, tv, data, created, updated)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			t.ID, t.Game, string(t.Status), t.Invite, t.Code, t.TV, data, millis(t.Created), millis(t.Updated)); err != nil {
			return err
		}
		if err := saveSeated(ctx, tx, t); err != nil {
			return err
		}
		if s.node == "" {
			return nil
		}
		return tx.QueryRow(ctx, claimSQL, t.ID, s.node, s.ttl.Milliseconds()).Scan(&epoch)
	})
	if isUnique(err) {
		return harbor.Errorf(harbor.EConflict, "a table with that id or code exists")
	}
	if err == nil && s.node != "" {
		s.leases.set(t.ID, epoch)
	}
	return err
}

// selectTable reads a table; its version is the number of its moves.
const selectTable = `SELECT id, game, status, invite, code, tv,
	COALESCE((SELECT max(n) + 1 FROM moves WHERE table_id = tables.id), 0),
	result, data, created, updated, deadlines FROM tables `

func scanTable(row pgx.Row) (*table.Table, error) {
	var (
		t                table.Table
		status, data     string
		result           *string
		created, updated int64
		deadlines        *string
	)
	err := row.Scan(&t.ID, &t.Game, &status, &t.Invite, &t.Code, &t.TV, &t.Version, &result, &data, &created, &updated, &deadlines)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoTable
	}
	if err != nil {
		return nil, err
	}
	if err := table.DecodeLobby(&t, data); err != nil {
		return nil, err
	}
	t.Status = table.Status(status)
	if result != nil {
		t.Result = new(game.Result)
		if err := json.Unmarshal([]byte(*result), t.Result); err != nil {
			return nil, err
		}
	}
	if deadlines != nil {
		t.Deadlines = new(table.Deadlines)
		if err := json.Unmarshal([]byte(*deadlines), t.Deadlines); err != nil {
			return nil, err
		}
	}
	t.Created, t.Updated = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return &t, nil
}

// Table implements table.Store.
func (s *Store) Table(ctx context.Context, id string) (*table.Table, error) {
	return scanTable(s.pool.QueryRow(ctx, selectTable+`WHERE id = $1`, id))
}

// TableByCode implements table.Store.
func (s *Store) TableByCode(ctx context.Context, kind table.CodeKind, code string) (*table.Table, error) {
	col, err := table.CodeColumn(kind)
	if err != nil {
		return nil, err
	}
	return scanTable(s.pool.QueryRow(ctx, selectTable+`WHERE `+col+` = $1`, code))
}

// saveFenced updates a table only while the node holds its lease with the
// fencing number given; FOR KEY SHARE keeps a takeover (FOR UPDATE) waiting
// until this
// transaction ends, and a takeover that committed first makes the lease
// row fail the check.
const saveFenced = `WITH l AS (SELECT 1 FROM leases WHERE table_id = $4 AND owner = $5 AND epoch = $6 FOR KEY SHARE)
	UPDATE tables SET status = $1, data = $2, updated = $3 WHERE id = $4 AND EXISTS (SELECT 1 FROM l)`

// SaveTable implements table.Store. A node's store refuses (EConflict) a
// table whose lease the node does not hold.
func (s *Store) SaveTable(ctx context.Context, t *table.Table) error {
	data, err := table.EncodeLobby(t)
	if err != nil {
		return err
	}
	var epoch int64
	if s.node != "" {
		var ok bool
		if epoch, ok = s.leases.get(t.ID); !ok {
			return s.notHeld(ctx, t.ID)
		}
	}
	var tag pgconn.CommandTag
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if s.node == "" {
			tag, err = tx.Exec(ctx, `UPDATE tables SET status = $1, data = $2, updated = $3 WHERE id = $4`,
				string(t.Status), data, millis(t.Updated), t.ID)
		} else {
			tag, err = tx.Exec(ctx, saveFenced, string(t.Status), data, millis(t.Updated), t.ID, s.node, epoch)
		}
		if err != nil || tag.RowsAffected() == 0 {
			return err // nothing was written
		}
		return saveSeated(ctx, tx, t)
	})
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		if s.node != "" {
			return s.notHeld(ctx, t.ID)
		}
		return errNoTable
	}
	s.heads.Forget(t.ID) // its status may have changed
	return nil
}

// deadlinesFenced stores a table's deadlines only while the node holds its
// lease with the fencing number given (see saveFenced).
const deadlinesFenced = `WITH l AS (SELECT 1 FROM leases WHERE table_id = $2 AND owner = $3 AND epoch = $4 FOR KEY SHARE)
	UPDATE tables SET deadlines = $1 WHERE id = $2 AND EXISTS (SELECT 1 FROM l)`

// SaveDeadlines implements table.Store. A node's store refuses
// (ErrLeaseLost) a table whose lease the node does not hold, and then
// queues none of the notices. The deadlines and the notices are written
// in one transaction when there are notices.
func (s *Store) SaveDeadlines(ctx context.Context, id string, d *table.Deadlines, notices []table.Turn, at time.Time) error {
	var text *string
	if d != nil {
		b, err := json.Marshal(d)
		if err != nil {
			return err
		}
		t := string(b)
		text = &t
	}
	save := func(db execer) error {
		var (
			tag pgconn.CommandTag
			err error
		)
		if s.node == "" {
			tag, err = db.Exec(ctx, `UPDATE tables SET deadlines = $1 WHERE id = $2`, text, id)
		} else {
			epoch, ok := s.leases.get(id)
			if !ok {
				return s.notHeld(ctx, id)
			}
			tag, err = db.Exec(ctx, deadlinesFenced, text, id, s.node, epoch)
			if err == nil && tag.RowsAffected() == 0 {
				return s.notHeld(ctx, id)
			}
		}
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errNoTable
		}
		for _, t := range notices {
			if err := queueNotice(ctx, db, t, at); err != nil {
				return err
			}
		}
		return nil
	}
	if len(notices) == 0 {
		return save(s.pool)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return save(tx) })
}

// execer runs a statement on the pool or in a transaction.
type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// notHeld is the error for a write to a table this node has no lease on:
// ENotFound when there is no such table.
func (s *Store) notHeld(ctx context.Context, id string) error {
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tables WHERE id = $1)`, id).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		return errNoTable
	}
	s.leases.lose(id)
	return ErrLeaseLost
}

// Moves implements table.Store.
func (s *Store) Moves(ctx context.Context, id string, from int) ([]table.Move, error) {
	rows, err := s.pool.Query(ctx, `SELECT n, seat, move, at, stand_in FROM moves WHERE table_id = $1 AND n >= $2 ORDER BY n`, id, from)
	if err != nil {
		return nil, err
	}
	var out []table.Move
	var (
		m    table.Move
		move string
		at   int64
	)
	_, err = pgx.ForEachRow(rows, []any{&m.N, &m.Seat, &move, &at, &m.StandIn}, func() error {
		out = append(out, table.Move{N: m.N, Seat: m.Seat, Move: json.RawMessage(move), At: time.UnixMilli(at).UTC(), StandIn: m.StandIn})
		return nil
	})
	return out, err
}

// Playing implements table.Store.
func (s *Store) Playing(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM tables WHERE status = $1 ORDER BY created`, string(table.Playing))
}

func (s *Store) ids(ctx context.Context, sql string, args ...any) ([]string, error) {
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Close waits for the moves being committed, then closes the pool.
func (s *Store) Close() error {
	s.queue.Close()
	s.pool.Close()
	return nil
}
