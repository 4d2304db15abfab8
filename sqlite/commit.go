package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// appendReq is one AppendMove waiting for the group commit.
type appendReq struct {
	id     string
	m      table.Move
	result *game.Result
	then   func(error) // run by the committer after the commit, or nil
	res    error
	err    chan error
}

var errChans = sync.Pool{New: func() any { return make(chan error, 1) }}

var errClosed = harbor.Errorf(harbor.EInternal, "the store is closed")

// AppendMove implements table.Store. It returns after the transaction that
// holds the move has committed; then runs on the committer's goroutine
// before that, and the moves of a batch are finished in the order they
// were committed, before the next batch is written.
func (s *Store) AppendMove(ctx context.Context, id string, m table.Move, result *game.Result, then func(error)) error {
	req := &appendReq{id: id, m: m, result: result, then: then, err: errChans.Get().(chan error)}
	select {
	case s.appends <- req:
	case <-s.quit:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the move is committed or refused whatever ctx says, so
	// wait for the answer: the caller must know which. A request queued as
	// the store closed, after the committer's last look, is never taken;
	// the committer answers every request it takes before it stops, so
	// once it has stopped an unanswered request was never committed.
	select {
	case err := <-req.err:
		errChans.Put(req.err)
		return err
	case <-s.done:
		select {
		case err := <-req.err:
			return err
		default:
			return errClosed
		}
	}
}

// heads caches the number of stored moves of each playing table whose log
// the committer has written, so that checking a move needs no query. Only
// the committer writes moves, so the cache is exact; SaveTable (which may
// change a table's status) forgets the table, and a finished table or a
// failed batch is forgotten too, so the next move reads the table again.
// The table's runner never stores a move and saves the table at once, so
// forgetting after SaveTable's own commit leaves no gap.
type heads struct {
	mu sync.Mutex
	n  map[string]int
}

func (h *heads) get(id string) (int, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.n[id]
	return n, ok
}

func (h *heads) forget(id string) {
	h.mu.Lock()
	delete(h.n, id)
	h.mu.Unlock()
}

// finished marks a table in a batch's heads whose game the batch ends.
const finished = -1

// update records the heads a committed batch left (finished tables are
// forgotten).
func (h *heads) update(batch map[string]int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, n := range batch {
		if n == finished {
			delete(h.n, id)
		} else {
			h.n[id] = n
		}
	}
}

// committer gathers queued appends into batches and commits each batch in
// one transaction on its own connection, then finishes the batch's moves,
// until Close.
func (s *Store) committer(c *committerConn) {
	defer close(s.done)
	defer c.close()
	batch := make([]*appendReq, 0, maxBatch)
	for {
		select {
		case r := <-s.appends:
			batch = append(batch[:0], r)
		case <-s.quit:
			for {
				select {
				case r := <-s.appends:
					r.res = errClosed
					finish(r)
				default:
					return
				}
			}
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		s.commit(c, batch)
		// Finishing here, not on each caller's goroutine or on one of its
		// own, makes the committed moves live at once: a goroutine woken
		// by the committer waits for a processor behind whatever else is
		// queued, and on a busy server that was most of the p99.
		for _, r := range batch {
			finish(r)
		}
		clear(batch)
		// The goroutines that write the views just queued wait on this
		// processor: let them go out before the next batch's commit.
		runtime.Gosched()
	}
}

// finish runs r's follow-up work and wakes its caller.
func finish(r *appendReq) {
	if r.then != nil {
		r.then(r.res)
	}
	r.err <- r.res
}

// committerConn is the connection the committer writes moves on, with its
// statements prepared once.
type committerConn struct {
	conn           *sql.Conn
	begin, commit  *sql.Stmt
	rollback, head *sql.Stmt
	insert, finish *sql.Stmt
	heads          map[string]int // the heads the batch being written leaves
	errs           []error
	maxPages       int64 // the page cap applied to conn (0: none)
}

func newCommitterConn(ctx context.Context, db *sql.DB) (*committerConn, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	c := &committerConn{conn: conn, heads: make(map[string]int)}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&c.begin, `BEGIN IMMEDIATE`},
		{&c.commit, `COMMIT`},
		{&c.rollback, `ROLLBACK`},
		{&c.head, `SELECT status, COALESCE((SELECT max(n) + 1 FROM moves WHERE table_id = ?1), 0) FROM tables WHERE id = ?1`},
		{&c.insert, `INSERT INTO moves (table_id, n, seat, move, at) VALUES (?, ?, ?, ?, ?)`},
		{&c.finish, `UPDATE tables SET status = 'finished', result = ?, updated = ? WHERE id = ?`},
	} {
		if *p.stmt, err = conn.PrepareContext(ctx, p.sql); err != nil {
			c.close()
			return nil, err
		}
	}
	return c, nil
}

// limitPages sets the connection's page cap (0: SQLite's own, which no
// real disk reaches).
func (c *committerConn) limitPages(ctx context.Context, pages int64) {
	n := pages
	if n == 0 {
		n = 0xfffffffe
	}
	if _, err := c.conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, n)); err == nil {
		c.maxPages = pages
	}
}

func (c *committerConn) close() {
	for _, st := range []*sql.Stmt{c.begin, c.commit, c.rollback, c.head, c.insert, c.finish} {
		if st != nil {
			st.Close()
		}
	}
	c.conn.Close()
}

// commit writes batch in one transaction. A request that conflicts is
// refused alone; a storage fault fails the whole batch.
func (s *Store) commit(c *committerConn, batch []*appendReq) {
	c.errs = append(c.errs[:0], make([]error, len(batch))...)
	clear(c.heads)
	ctx := context.Background()
	if want := s.maxPages.Load(); want != c.maxPages {
		c.limitPages(ctx, want)
	}
	fail := func(err error) {
		err = storageError(err)
		// Whatever failed (BEGIN, a statement, COMMIT), no transaction may
		// stay open on the connection, or every later batch would fail too.
		c.rollback.ExecContext(ctx)
		for _, r := range batch {
			s.heads.forget(r.id)
		}
		for _, r := range batch {
			r.res = err
		}
	}
	if _, err := c.begin.ExecContext(ctx); err != nil {
		fail(err)
		return
	}
	for i, r := range batch {
		var err error
		c.errs[i], err = s.append(ctx, c, r)
		if err != nil {
			fail(err)
			return
		}
	}
	if _, err := c.commit.ExecContext(ctx); err != nil {
		fail(err)
		return
	}
	s.heads.update(c.heads)
	for i, r := range batch {
		r.res = c.errs[i]
	}
}

// append adds one move inside the committer's transaction, after checking
// that the table is playing and the move follows its log. refused is the
// answer for a move that does not fit the table; fault is a storage error
// that spoils the batch.
func (s *Store) append(ctx context.Context, c *committerConn, r *appendReq) (refused, fault error) {
	version, ok := c.heads[r.id]
	if !ok {
		version, ok = s.heads.get(r.id)
	}
	if !ok {
		var status string
		err := c.head.QueryRowContext(ctx, r.id).Scan(&status, &version)
		if err == sql.ErrNoRows {
			return harbor.Errorf(harbor.ENotFound, "there is no such table"), nil
		}
		if err != nil {
			return nil, err
		}
		if status != string(table.Playing) {
			return harbor.Errorf(harbor.EConflict, "the table is %s, not playing", status), nil
		}
	}
	if version == finished {
		return harbor.Errorf(harbor.EConflict, "the table is finished, not playing"), nil
	}
	if version != r.m.N {
		return harbor.Errorf(harbor.EConflict, "move %d does not follow the stored log of %d moves", r.m.N, version), nil
	}
	at := millis(r.m.At)
	if _, err := c.insert.ExecContext(ctx, r.id, r.m.N, int(r.m.Seat), string(r.m.Move), at); err != nil {
		return nil, err
	}
	c.heads[r.id] = r.m.N + 1
	if r.result != nil && r.result.Over {
		b, err := json.Marshal(r.result)
		if err != nil {
			return nil, err
		}
		if _, err := c.finish.ExecContext(ctx, string(b), at, r.id); err != nil {
			return nil, err
		}
		c.heads[r.id] = finished
	}
	return nil, nil
}
