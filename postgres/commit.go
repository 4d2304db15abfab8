package postgres

import (
	"context"
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
// were written, before the next batch is written. A node's store refuses
// (ErrLeaseLost) a move of a table whose lease the node does not hold with
// the fencing number stored, checked in the transaction that writes it.
func (s *Store) AppendMove(ctx context.Context, id string, m table.Move, result *game.Result, then func(error)) error {
	req := &appendReq{id: id, m: m, result: result, then: then, err: errChans.Get().(chan error)}
	select {
	case s.appends <- req:
	case <-s.quit:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the move is committed or refused whatever ctx says: the
	// caller must know which. The committer answers every request it takes
	// before it stops, so once it has stopped an unanswered request was
	// never written.
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

// heads caches the number of stored moves of each playing table this store
// has written, so that checking a move needs no query. Only the committer
// writes moves (and, on a node, only under the table's lease), so the cache
// is exact; SaveTable, a claimed or lost lease, a finished table and a
// failed batch forget the table, and the next move reads it again.
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

// Marks in a batch's heads: a table that is not playing (or whose game the
// batch ends), and one that does not exist.
const (
	finished = -1
	missing  = -2
)

func (h *heads) update(batch map[string]int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, n := range batch {
		if n < 0 {
			delete(h.n, id)
		} else {
			h.n[id] = n
		}
	}
}

// committers is how many batches are written at once. PostgreSQL commits
// them in parallel, so while one waits for its flush the next gathers the
// moves that arrived meanwhile. A table has at most one move being
// appended (its runner waits for the answer), so its moves are never
// reordered.
const committers = 4

// committer gathers queued appends into batches and writes each batch in
// one statement, then finishes the batch's moves, until Close.
func (s *Store) committer(done *sync.WaitGroup) {
	defer done.Done()
	batch := make([]*appendReq, 0, maxBatch)
	w := newBatchWriter()
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
		s.commit(w, batch)
		for _, r := range batch {
			finish(r)
		}
		clear(batch)
		// The goroutines that write the views just queued wait on this
		// processor: let them go out before the next batch.
		runtime.Gosched()
	}
}

func finish(r *appendReq) {
	if r.then != nil {
		r.then(r.res)
	}
	r.err <- r.res
}

// insertMoves writes a batch of moves in one statement, hence one
// transaction: each move whose table the node still holds with the fencing
// number given (FOR KEY SHARE: a takeover, which locks the lease FOR UPDATE,
// waits for this transaction, and one
// that committed first fails the check), then the finished tables. It
// returns the moves written.
const insertMoves = `WITH u AS (
	SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::bigint[], $6::text[], $7::bigint[])
		AS u(table_id, n, seat, move, at, result, epoch)
), ok AS (%s
), ins AS (
	INSERT INTO moves (table_id, n, seat, move, at) SELECT table_id, n, seat, move, at FROM ok
	ON CONFLICT DO NOTHING RETURNING table_id, n
), fin AS (
	UPDATE tables SET status = 'finished', result = ok.result, updated = ok.at
	FROM ok JOIN ins USING (table_id, n) WHERE tables.id = ok.table_id AND ok.result IS NOT NULL
)
SELECT table_id, n FROM ins`

const (
	anyOwner = `SELECT * FROM u`
	fenced   = `SELECT u.* FROM u JOIN leases l ON l.table_id = u.table_id AND l.owner = $8 AND l.epoch = u.epoch FOR KEY SHARE OF l`
)

// batchWriter holds the committer's buffers, reused from batch to batch.
type batchWriter struct {
	next    map[string]int // the head each table will have after the batch
	unknown []string
	ids     []string
	ns      []int32
	seats   []int32
	moves   []string
	ats     []int64
	results []*string
	epochs  []int64
	queued  []*appendReq
}

func newBatchWriter() *batchWriter { return &batchWriter{next: make(map[string]int)} }

func (w *batchWriter) reset() {
	clear(w.next)
	w.unknown, w.ids, w.ns, w.seats, w.moves = w.unknown[:0], w.ids[:0], w.ns[:0], w.seats[:0], w.moves[:0]
	w.ats, w.results, w.epochs, w.queued = w.ats[:0], w.results[:0], w.epochs[:0], w.queued[:0]
}

// commit writes batch. A request that does not fit its table is refused
// alone; a storage fault fails the whole batch.
func (s *Store) commit(w *batchWriter, batch []*appendReq) {
	ctx := context.Background()
	w.reset()
	fail := func(err error) {
		for _, r := range batch {
			s.heads.forget(r.id)
			r.res = err
		}
	}
	if err := s.readHeads(ctx, w, batch); err != nil {
		fail(err)
		return
	}
	for _, r := range batch {
		r.res = nil
		var epoch int64
		if s.node != "" {
			e, ok := s.leases.get(r.id)
			if !ok {
				r.res = ErrLeaseLost
				continue
			}
			epoch = e
		}
		head := w.next[r.id]
		switch {
		case head == missing:
			r.res = errNoTable
			continue
		case head == finished:
			r.res = harbor.Errorf(harbor.EConflict, "the table is not playing")
			continue
		case head != r.m.N:
			r.res = harbor.Errorf(harbor.EConflict, "move %d does not follow the stored log of %d moves", r.m.N, head)
			continue
		}
		var result *string
		w.next[r.id] = r.m.N + 1
		if r.result != nil && r.result.Over {
			b, err := json.Marshal(r.result)
			if err != nil {
				r.res = err
				continue
			}
			str := string(b)
			result = &str
			w.next[r.id] = finished
		}
		w.ids = append(w.ids, r.id)
		w.ns = append(w.ns, int32(r.m.N))
		w.seats = append(w.seats, int32(r.m.Seat))
		w.moves = append(w.moves, string(r.m.Move))
		w.ats = append(w.ats, millis(r.m.At))
		w.results = append(w.results, result)
		w.epochs = append(w.epochs, epoch)
		w.queued = append(w.queued, r)
	}
	if len(w.queued) == 0 {
		return
	}
	written, err := s.write(ctx, w)
	if err != nil {
		fail(err)
		return
	}
	for _, r := range w.queued {
		if !written[moveKey{r.id, r.m.N}] {
			// Fenced out (the lease changed hands) or, against the cache,
			// already stored: nothing of this move was written.
			s.heads.forget(r.id)
			delete(w.next, r.id)
			if s.node != "" {
				s.leases.lose(r.id)
				r.res = ErrLeaseLost
			} else {
				r.res = harbor.Errorf(harbor.EConflict, "move %d is already stored", r.m.N)
			}
		}
	}
	s.heads.update(w.next)
}

type moveKey struct {
	id string
	n  int
}

func (s *Store) write(ctx context.Context, w *batchWriter) (map[moveKey]bool, error) {
	args := []any{w.ids, w.ns, w.seats, w.moves, w.ats, w.results, w.epochs}
	sql := fmt.Sprintf(insertMoves, anyOwner)
	if s.node != "" {
		sql = fmt.Sprintf(insertMoves, fenced)
		args = append(args, s.node)
	}
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	written := make(map[moveKey]bool, len(w.ids))
	for rows.Next() {
		var (
			id string
			n  int
		)
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		written[moveKey{id, n}] = true
	}
	return written, rows.Err()
}

// readHeads fills w.next with the stored head of every table of batch, from
// the cache or, for the tables it lacks, one query; finished for a table
// that is not playing, missing for one that does not exist.
func (s *Store) readHeads(ctx context.Context, w *batchWriter, batch []*appendReq) error {
	for _, r := range batch {
		if _, ok := w.next[r.id]; ok {
			continue
		}
		if n, ok := s.heads.get(r.id); ok {
			w.next[r.id] = n
			continue
		}
		w.next[r.id] = missing
		w.unknown = append(w.unknown, r.id)
	}
	if len(w.unknown) == 0 {
		return nil
	}
	rows, err := s.pool.Query(ctx, `SELECT id, status, COALESCE((SELECT max(n) + 1 FROM moves WHERE table_id = t.id), 0)
		FROM tables t WHERE id = ANY($1)`, w.unknown)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id, status string
			n          int
		)
		if err := rows.Scan(&id, &status, &n); err != nil {
			return err
		}
		w.next[id] = finished
		if status == string(table.Playing) {
			w.next[id] = n
		}
	}
	return rows.Err()
}
