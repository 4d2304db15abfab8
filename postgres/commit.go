package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"harbor"
	"harbor/game"
	"harbor/notify/sqlnotify"
	"harbor/table"
	"harbor/table/groupcommit"
)

// AppendMove implements table.Store. It returns after the transaction that
// holds the move has committed; then runs on the committer's goroutine
// before that, and the moves of a batch are finished in the order they
// were written, before the next batch is written. A node's store refuses
// (ErrLeaseLost) a move of a table whose lease the node does not hold with
// the fencing number stored, checked in the transaction that writes it.
func (s *Store) AppendMove(ctx context.Context, id string, m table.Move, result *game.Result, then func(error)) error {
	return s.queue.Append(ctx, id, m, result, then)
}

// missing marks, in a batch's heads, a table that does not exist.
const missing = -2

// committers is how many batches one store writes at once unless Options
// say otherwise. PostgreSQL commits them in parallel, so while one waits
// for its flush the next gathers the moves that arrived meanwhile. The
// nodes of a cluster already write in parallel with each other, and each
// transaction costs the database about as much CPU as the moves in it
// (three nodes on one machine: half the database's CPU per move with one
// or two committers a node instead of four), so a node runs fewer.
const (
	committers     = 4
	nodeCommitters = 2
)

// insertMoves writes a batch of moves in one statement, hence one
// transaction: each move whose table the node still holds with the fencing
// number given (FOR KEY SHARE: a takeover, which locks the lease FOR UPDATE,
// waits for this transaction, and one
// that committed first fails the check), then, in one update of each
// table a move changes, the finished tables and the turn deadlines the
// moves leave (PostgreSQL makes only one of two updates of a row in one
// statement). It returns the moves written.
const insertMoves = `WITH u AS (
	SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::bigint[], $6::text[], $7::bigint[], $8::bool[], $9::bool[], $10::text[])
		AS u(table_id, n, seat, move, at, result, epoch, stand_in, set_deadlines, deadlines)
), ok AS (%s
), ins AS (
	INSERT INTO moves (table_id, n, seat, move, at, stand_in) SELECT table_id, n, seat, move, at, stand_in FROM ok
	ON CONFLICT DO NOTHING RETURNING table_id, n
), fin AS (
	UPDATE tables SET
		status = CASE WHEN ok.result IS NOT NULL THEN 'finished' ELSE tables.status END,
		result = CASE WHEN ok.result IS NOT NULL THEN ok.result ELSE tables.result END,
		updated = CASE WHEN ok.result IS NOT NULL THEN ok.at ELSE tables.updated END,
		deadlines = CASE WHEN ok.set_deadlines THEN ok.deadlines ELSE tables.deadlines END
	FROM ok JOIN ins USING (table_id, n) WHERE tables.id = ok.table_id AND (ok.result IS NOT NULL OR ok.set_deadlines)
)
SELECT table_id, n FROM ins`

const (
	anyOwner = `SELECT * FROM u`
	fenced   = `SELECT u.* FROM u JOIN leases l ON l.table_id = u.table_id AND l.owner = $11 AND l.epoch = u.epoch FOR KEY SHARE OF l`
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
	standIn []bool
	// setDeadlines marks the moves that change their table's turn
	// deadlines to deadlines (nil: cleared).
	setDeadlines []bool
	deadlines    []*string
	queued       []*groupcommit.Request
}

func newBatchWriter() *batchWriter { return &batchWriter{next: make(map[string]int)} }

func (w *batchWriter) reset() {
	clear(w.next)
	w.unknown, w.ids, w.ns, w.seats, w.moves = w.unknown[:0], w.ids[:0], w.ns[:0], w.seats[:0], w.moves[:0]
	w.ats, w.results, w.epochs, w.queued = w.ats[:0], w.results[:0], w.epochs[:0], w.queued[:0]
	w.standIn, w.setDeadlines, w.deadlines = w.standIn[:0], w.setDeadlines[:0], w.deadlines[:0]
}

// commit writes batch. A request that does not fit its table is refused
// alone; a storage fault fails the whole batch.
func (s *Store) commit(w *batchWriter, batch []*groupcommit.Request) {
	ctx := context.Background()
	w.reset()
	fail := func(err error) {
		for _, r := range batch {
			s.heads.Forget(r.ID)
			r.Err = err
		}
	}
	if err := s.readHeads(ctx, w, batch); err != nil {
		fail(err)
		return
	}
	for _, r := range batch {
		var epoch int64
		if s.node != "" {
			e, ok := s.leases.get(r.ID)
			if !ok {
				r.Err = ErrLeaseLost
				continue
			}
			epoch = e
		}
		head := w.next[r.ID]
		switch {
		case head == missing:
			r.Err = errNoTable
			continue
		case head == groupcommit.Finished:
			r.Err = harbor.Errorf(harbor.EConflict, "the table is not playing").With(harbor.M("api.over"))
			continue
		case head != r.Move.N:
			r.Err = harbor.Errorf(harbor.EConflict, "move %d does not follow the stored log of %d moves", r.Move.N, head).With(harbor.M("api.movedOn"))
			continue
		}
		var deadlines *string
		if d := r.Move.Deadlines; d != nil {
			text, ok, err := d.Text()
			if err != nil {
				r.Err = err
				continue
			}
			if ok {
				deadlines = &text
			}
		}
		var result *string
		w.next[r.ID] = r.Move.N + 1
		if r.Result != nil && r.Result.Over {
			b, err := json.Marshal(r.Result)
			if err != nil {
				r.Err = err
				continue
			}
			str := string(b)
			result = &str
			w.next[r.ID] = groupcommit.Finished
		}
		w.ids = append(w.ids, r.ID)
		w.ns = append(w.ns, int32(r.Move.N))
		w.seats = append(w.seats, int32(r.Move.Seat))
		w.moves = append(w.moves, string(r.Move.Move))
		w.ats = append(w.ats, millis(r.Move.At))
		w.results = append(w.results, result)
		w.epochs = append(w.epochs, epoch)
		w.standIn = append(w.standIn, r.Move.StandIn)
		w.setDeadlines = append(w.setDeadlines, r.Move.Deadlines != nil)
		w.deadlines = append(w.deadlines, deadlines)
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
		if !written[moveKey{r.ID, r.Move.N}] {
			// Fenced out (the lease changed hands) or, against the cache,
			// already stored: nothing of this move was written.
			s.heads.Forget(r.ID)
			delete(w.next, r.ID)
			if s.node != "" {
				s.leases.lose(r.ID)
				r.Err = ErrLeaseLost
			} else {
				r.Err = harbor.Errorf(harbor.EConflict, "move %d is already stored", r.Move.N).With(harbor.M("api.movedOn"))
			}
		}
	}
	s.heads.Update(w.next)
}

type moveKey struct {
	id string
	n  int
}

// write runs insertMoves over w and returns the moves written. When a
// move of the batch carries turn notices, the statement runs in a
// transaction that then queues the notices of the moves written, so a
// move and its notices are stored together or not at all (a fenced move
// is not written, nor are its notices).
func (s *Store) write(ctx context.Context, w *batchWriter) (map[moveKey]bool, error) {
	args := []any{w.ids, w.ns, w.seats, w.moves, w.ats, w.results, w.epochs, w.standIn, w.setDeadlines, w.deadlines}
	sql := fmt.Sprintf(insertMoves, anyOwner)
	if s.node != "" {
		sql = fmt.Sprintf(insertMoves, fenced)
		args = append(args, s.node)
	}
	notices := false
	for _, r := range w.queued {
		notices = notices || len(r.Move.Notices) > 0
	}
	if !notices {
		return readWritten(s.pool.Query(ctx, sql, args...))
	}
	var written map[moveKey]bool
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if written, err = readWritten(tx.Query(ctx, sql, args...)); err != nil {
			return err
		}
		for _, r := range w.queued {
			if !written[moveKey{r.ID, r.Move.N}] {
				continue
			}
			for _, t := range r.Move.Notices {
				if err := queueNotice(ctx, tx, t, r.Move.At); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return written, err
}

// queueNotice queues the turn notice t, caused at at, in the transaction
// tx, as sqlnotify's QueueNotice would.
func queueNotice(ctx context.Context, tx execer, t table.Turn, at time.Time) error {
	insert, supersede, err := sqlnotify.NoticeRow(sqlnotify.NoticeAt(t, at))
	if err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, numbered(sqlnotify.InsertNotice), insert...)
	if err != nil || tag.RowsAffected() == 0 {
		return err // or queued already
	}
	_, err = tx.Exec(ctx, numbered(sqlnotify.SupersedeNotices), supersede...)
	return err
}

// readWritten reads the moves insertMoves wrote.
func readWritten(rows pgx.Rows, err error) (map[moveKey]bool, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	written := make(map[moveKey]bool)
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
func (s *Store) readHeads(ctx context.Context, w *batchWriter, batch []*groupcommit.Request) error {
	for _, r := range batch {
		if _, ok := w.next[r.ID]; ok {
			continue
		}
		if n, ok := s.heads.Get(r.ID); ok {
			w.next[r.ID] = n
			continue
		}
		w.next[r.ID] = missing
		w.unknown = append(w.unknown, r.ID)
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
		w.next[id] = groupcommit.Finished
		if status == string(table.Playing) {
			w.next[id] = n
		}
	}
	return rows.Err()
}
