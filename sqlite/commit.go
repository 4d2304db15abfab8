package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"harbor"
	"harbor/game"
	"harbor/notify/sqlnotify"
	"harbor/table"
	"harbor/table/groupcommit"
)

// AppendMove implements table.Store. It returns after the transaction that
// holds the move has committed; then runs on the committer's goroutine
// before that, and the moves of a batch are finished in the order they
// were committed, before the next batch is written.
func (s *Store) AppendMove(ctx context.Context, id string, m table.Move, result *game.Result, then func(error)) error {
	return s.queue.Append(ctx, id, m, result, then)
}

// committerConn is the connection the committer writes moves on, with its
// statements prepared once.
type committerConn struct {
	conn           *sql.Conn
	begin, commit  *sql.Stmt
	rollback, head *sql.Stmt
	finish         *sql.Stmt
	inserts        [len(insertRows)]*sql.Stmt // inserts[i] logs insertRows[i] moves
	deadlines      *sql.Stmt
	folds          *foldStmts
	notice         *sql.Stmt      // sqlnotify.InsertNotice
	supersede      *sql.Stmt      // sqlnotify.SupersedeNotices
	heads          map[string]int // the heads the batch being written leaves
	logged         int64          // the moves the batch being written adds to the log
	rows           []any          // the accepted moves not yet inserted, moveColumns values each
	errs           []error
	maxPages       int64 // the page cap applied to conn (0: none)
}

// prepared is a statement to prepare on a connection, and where it goes.
type prepared struct {
	stmt **sql.Stmt
	sql  string
}

// prepareAll prepares stmts on conn, up to the first that fails; the
// caller closes those prepared.
func prepareAll(ctx context.Context, conn *sql.Conn, stmts []prepared) error {
	for _, p := range stmts {
		var err error
		if *p.stmt, err = conn.PrepareContext(ctx, p.sql); err != nil {
			return err
		}
	}
	return nil
}

// insertRows are the numbers of moves the committer's INSERT statements
// into the move log take at once, largest first, the last 1: the moves a
// batch accepts are written with the fewest statements they make up, so
// the cost of running a statement (database/sql's, the driver's, starting
// SQLite's program) is paid once for many moves.
var insertRows = [...]int{32, 8, 1}

// moveColumns is the number of values a row of the move log is inserted
// with.
const moveColumns = 6

// insertMoves is the statement that inserts n moves into the move log.
func insertMoves(n int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO move_log (table_id, n, seat, move, at, stand_in) VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`(?, ?, ?, ?, ?, ?)`)
	}
	return b.String()
}

func newCommitterConn(ctx context.Context, db *sql.DB) (*committerConn, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	c := &committerConn{conn: conn, heads: make(map[string]int), rows: make([]any, 0, insertRows[0]*moveColumns)}
	stmts := []prepared{
		{&c.begin, `BEGIN IMMEDIATE`},
		{&c.commit, `COMMIT`},
		{&c.rollback, `ROLLBACK`},
		{&c.head, `SELECT status, ` + movesOf("?1") + ` FROM tables WHERE id = ?1`},
		{&c.finish, `UPDATE tables SET status = 'finished', result = ?, updated = ? WHERE id = ?`},
		{&c.deadlines, `UPDATE tables SET deadlines = ? WHERE id = ?`},
		{&c.notice, sqlnotify.InsertNotice},
		{&c.supersede, sqlnotify.SupersedeNotices},
	}
	for i, n := range insertRows {
		stmts = append(stmts, prepared{&c.inserts[i], insertMoves(n)})
	}
	if err := prepareAll(ctx, conn, stmts); err != nil {
		c.close()
		return nil, err
	}
	if c.folds, err = prepareFold(ctx, conn); err != nil {
		c.close()
		return nil, err
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
	for _, st := range append([]*sql.Stmt{c.begin, c.commit, c.rollback, c.head, c.finish, c.deadlines, c.notice, c.supersede}, c.inserts[:]...) {
		if st != nil {
			st.Close()
		}
	}
	if c.folds != nil {
		c.folds.close()
	}
	c.conn.Close()
}

// commit writes batch in one transaction, appending its moves to the move
// log. A request that conflicts is refused alone; a storage fault fails
// the whole batch.
func (s *Store) commit(c *committerConn, batch []*groupcommit.Request) {
	c.errs = append(c.errs[:0], make([]error, len(batch))...)
	clear(c.heads)
	c.logged = 0
	s.writing.Lock() // no fold meanwhile
	defer s.writing.Unlock()
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
			s.heads.Forget(r.ID)
			r.Err = err
		}
	}
	if _, err := c.begin.ExecContext(ctx); err != nil {
		fail(err)
		return
	}
	clear(c.rows) // what a failed batch left
	c.rows = c.rows[:0]
	for i, r := range batch {
		var err error
		c.errs[i], err = s.append(ctx, c, r)
		if err == nil && len(c.rows) == cap(c.rows) {
			err = c.insert(ctx)
		}
		if err != nil {
			fail(err)
			return
		}
	}
	if err := c.insert(ctx); err != nil {
		fail(err)
		return
	}
	var folded int64
	if s.along && c.logged > 0 && s.logged.Load()+c.logged >= foldAt {
		var err error
		if folded, err = c.folds.along(ctx, alongCount(c.logged)); err != nil {
			fail(err)
			return
		}
	}
	if _, err := c.commit.ExecContext(ctx); err != nil {
		fail(err)
		return
	}
	s.heads.Update(c.heads)
	for i, r := range batch {
		r.Err = c.errs[i]
	}
	if s.logged.Add(c.logged-folded) >= 2*foldAt {
		select {
		case s.foldNow <- struct{}{}:
		default: // the folder is awake already
		}
	}
}

// insert writes the moves accepted so far (c.rows) into the move log, in
// the order they were accepted, with as few statements as insertRows allow.
func (c *committerConn) insert(ctx context.Context) error {
	rows := c.rows
	for len(rows) > 0 {
		for i, n := range insertRows {
			if k := n * moveColumns; k <= len(rows) {
				if _, err := c.inserts[i].ExecContext(ctx, rows[:k]...); err != nil {
					return err
				}
				rows = rows[k:]
				break
			}
		}
	}
	clear(c.rows)
	c.rows = c.rows[:0]
	return nil
}

// append adds one move inside the committer's transaction, after checking
// that the table is playing and the move follows its log: it queues the
// move's row for insert, which writes it before the transaction commits,
// and runs the move's other statements. A check never needs a queued row:
// the first accepted move of a table puts its head in c.heads, where the
// checks of the batch's later moves of the table find it. refused is the
// answer for a move that does not fit the table; fault is a storage error
// that spoils the batch.
func (s *Store) append(ctx context.Context, c *committerConn, r *groupcommit.Request) (refused, fault error) {
	version, ok := c.heads[r.ID]
	if !ok {
		version, ok = s.heads.Get(r.ID)
	}
	if !ok {
		var status string
		err := c.head.QueryRowContext(ctx, r.ID).Scan(&status, &version)
		if err == sql.ErrNoRows {
			return harbor.NoTable(), nil
		}
		if err != nil {
			return nil, err
		}
		if status != string(table.Playing) {
			return harbor.Errorf(harbor.EConflict, "the table is %s, not playing", status).With(harbor.M("api.notPlaying")), nil
		}
	}
	if version == groupcommit.Finished {
		return harbor.Errorf(harbor.EConflict, "the table is finished, not playing").With(harbor.M("api.over")), nil
	}
	if version != r.Move.N {
		return harbor.Errorf(harbor.EConflict, "move %d does not follow the stored log of %d moves", r.Move.N, version).With(harbor.M("api.movedOn")), nil
	}
	at := millis(r.Move.At)
	c.rows = append(c.rows, r.ID, int64(r.Move.N), int64(r.Move.Seat), string(r.Move.Move), at, r.Move.StandIn)
	c.heads[r.ID] = r.Move.N + 1
	c.logged++
	if r.Result != nil && r.Result.Over {
		b, err := json.Marshal(r.Result)
		if err != nil {
			return nil, err
		}
		if _, err := c.finish.ExecContext(ctx, string(b), at, r.ID); err != nil {
			return nil, err
		}
		c.heads[r.ID] = groupcommit.Finished
	}
	if d := r.Move.Deadlines; d != nil {
		text, ok, err := d.Text()
		if err != nil {
			return nil, err
		}
		if _, err := c.deadlines.ExecContext(ctx, sql.NullString{String: text, Valid: ok}, r.ID); err != nil {
			return nil, err
		}
	}
	for _, t := range r.Move.Notices {
		if err := queueNotice(ctx, c.notice.ExecContext, c.supersede.ExecContext, t, r.Move.At); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// queueNotice queues the turn notice t, caused at at, in a transaction,
// as sqlnotify's QueueNotice would: insert and supersede run its two
// statements there.
func queueNotice(ctx context.Context, insert, supersede func(context.Context, ...any) (sql.Result, error), t table.Turn, at time.Time) error {
	insertArgs, supersedeArgs, err := sqlnotify.NoticeRow(sqlnotify.NoticeAt(t, at))
	if err != nil {
		return err
	}
	res, err := insert(ctx, insertArgs...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // queued already
	}
	_, err = supersede(ctx, supersedeArgs...)
	return err
}
