package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"harbor"
	"harbor/game"
	"harbor/notify/sqlnotify"
	"harbor/table"
	"harbor/table/groupcommit"
)

// Store is table.Store over SQLite.
type Store struct {
	db    *sql.DB
	queue *groupcommit.Queue
	c     *committerConn // the committer's
	heads groupcommit.Heads
	// maxPages is the page cap LimitPages asked for, which the committer
	// applies to its connection before its next batch.
	maxPages atomic.Int64

	// writing is held by the committer while it writes a batch and by
	// each fold of the move log, so a fold waits for no lock of SQLite's
	// and holds up a commit for one small transaction at most; both write
	// on c's connection.
	writing sync.Mutex
	along   bool          // commits fold the log along (alongCount)
	logged  atomic.Int64  // about how many moves the log holds
	foldNow chan struct{} // the log has grown past foldAt
	folding chan struct{} // closed when the folder stops
}

var _ table.Store = (*Store)(nil)

// maxBatch bounds the moves committed in one transaction.
const maxBatch = 1024

// folding is how a store folds its move log by itself.
type folding int

const (
	foldNone  folding = iota // only when FoldMoves is called (tests)
	foldAlong                // in commits only (tests)
	foldAll                  // in commits, and by the folder
)

func newStore(db *sql.DB, fold folding) (*Store, error) {
	ctx := context.Background()
	var logged int64
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM move_log`).Scan(&logged); err != nil {
		return nil, err
	}
	c, err := newCommitterConn(ctx, db)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, queue: groupcommit.NewQueue(maxBatch), c: c, along: fold != foldNone, foldNow: make(chan struct{}, 1), folding: make(chan struct{})}
	s.logged.Store(logged)
	if logged >= foldAt {
		s.foldNow <- struct{}{}
	}
	s.queue.Start(func(batch []*groupcommit.Request) { s.commit(c, batch) })
	go s.checkpointer()
	if fold == foldAll {
		go s.folder()
	} else {
		close(s.folding)
	}
	return s, nil
}

// checkpointInterval is how often the WAL is copied back into the database.
const checkpointInterval = 500 * time.Millisecond

// checkpointer copies the WAL into the database file now and then, without
// blocking commits (PASSIVE), until Close.
func (s *Store) checkpointer() {
	t := time.NewTicker(checkpointInterval)
	defer t.Stop()
	for {
		select {
		case <-s.queue.Quit():
			return
		case <-t.C:
			_, _ = s.db.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

func millis(t time.Time) int64 { return t.UnixMilli() }

func isUnique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// CreateTable implements table.Store.
func (s *Store) CreateTable(ctx context.Context, t *table.Table) error {
	data, err := table.EncodeLobby(t)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return storageError(err)
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, `INSERT INTO tables (id, game, status, invite, code, tv, data, created, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.Game, string(t.Status), t.Invite, t.Code, t.TV, data, millis(t.Created), millis(t.Updated))
	if isUnique(err) {
		return harbor.Errorf(harbor.EConflict, "a table with that id or code exists")
	}
	if err != nil {
		return storageError(err)
	}
	if err := saveSeated(ctx, tx, t); err != nil {
		return storageError(err)
	}
	return storageError(tx.Commit())
}

// movesOf is the number of moves of the table whose id is the SQL
// expression id: one past the last in the log or, when the log holds
// none of the table's, in moves.
func movesOf(id string) string {
	return `COALESCE((SELECT max(n) + 1 FROM move_log WHERE table_id = ` + id + `),
		(SELECT max(n) + 1 FROM moves WHERE table_id = ` + id + `), 0)`
}

// selectTable reads a table; its version is the number of its moves.
var selectTable = `SELECT id, game, status, invite, code, tv, ` + movesOf("tables.id") + `,
	result, data, created, updated, deadlines FROM tables `

func scanTable(row *sql.Row) (*table.Table, error) {
	var (
		t                table.Table
		status, data     string
		result           sql.NullString
		created, updated int64
		deadlines        sql.NullString
	)
	err := row.Scan(&t.ID, &t.Game, &status, &t.Invite, &t.Code, &t.TV, &t.Version, &result, &data, &created, &updated, &deadlines)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, harbor.NoTable()
	}
	if err != nil {
		return nil, err
	}
	if err := table.DecodeLobby(&t, data); err != nil {
		return nil, err
	}
	t.Status = table.Status(status)
	if result.Valid {
		t.Result = new(game.Result)
		if err := json.Unmarshal([]byte(result.String), t.Result); err != nil {
			return nil, err
		}
	}
	if deadlines.Valid {
		t.Deadlines = new(table.Deadlines)
		if err := json.Unmarshal([]byte(deadlines.String), t.Deadlines); err != nil {
			return nil, err
		}
	}
	t.Created, t.Updated = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return &t, nil
}

// Table implements table.Store.
func (s *Store) Table(ctx context.Context, id string) (*table.Table, error) {
	return scanTable(s.db.QueryRowContext(ctx, selectTable+`WHERE id = ?`, id))
}

// TableByCode implements table.Store.
func (s *Store) TableByCode(ctx context.Context, kind table.CodeKind, code string) (*table.Table, error) {
	col, err := table.CodeColumn(kind)
	if err != nil {
		return nil, err
	}
	return scanTable(s.db.QueryRowContext(ctx, selectTable+`WHERE `+col+` = ?`, code))
}

// SaveTable implements table.Store.
func (s *Store) SaveTable(ctx context.Context, t *table.Table) error {
	data, err := table.EncodeLobby(t)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return storageError(err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE tables SET status = ?, data = ?, updated = ? WHERE id = ?`,
		string(t.Status), data, millis(t.Updated), t.ID)
	if err != nil {
		return storageError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return harbor.NoTable()
	}
	if err := saveSeated(ctx, tx, t); err != nil {
		return storageError(err)
	}
	if err := tx.Commit(); err != nil {
		return storageError(err)
	}
	s.heads.Forget(t.ID) // its status may have changed
	return nil
}

// SaveDeadlines implements table.Store.
func (s *Store) SaveDeadlines(ctx context.Context, id string, d *table.Deadlines, notices []table.Turn, at time.Time) error {
	var text sql.NullString
	if d != nil {
		b, err := json.Marshal(d)
		if err != nil {
			return err
		}
		text = sql.NullString{String: string(b), Valid: true}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return storageError(err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE tables SET deadlines = ? WHERE id = ?`, text, id)
	if err != nil {
		return storageError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return harbor.NoTable()
	}
	insert := func(ctx context.Context, args ...any) (sql.Result, error) {
		return tx.ExecContext(ctx, sqlnotify.InsertNotice, args...)
	}
	supersede := func(ctx context.Context, args ...any) (sql.Result, error) {
		return tx.ExecContext(ctx, sqlnotify.SupersedeNotices, args...)
	}
	for _, t := range notices {
		if err := queueNotice(ctx, insert, supersede, t, at); err != nil {
			return storageError(err)
		}
	}
	return storageError(tx.Commit())
}

// selectMoves reads the moves of table ?1 from number ?2 on, in order: the
// folded ones, then those still in the log. One statement, so one
// snapshot: a fold that commits meanwhile is wholly seen or not at all. A
// logged move that is in moves already (which no fold leaves, as it clears
// what it copies in the same transaction) is read once.
const selectMoves = `SELECT n, seat, move, at, stand_in FROM moves WHERE table_id = ?1 AND n >= ?2
	UNION ALL
	SELECT n, seat, move, at, stand_in FROM move_log WHERE table_id = ?1 AND n >= ?2
		AND n > COALESCE((SELECT max(n) FROM moves WHERE table_id = ?1), -1)
	ORDER BY n`

// Moves implements table.Store.
func (s *Store) Moves(ctx context.Context, id string, from int) ([]table.Move, error) {
	rows, err := s.db.QueryContext(ctx, selectMoves, id, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []table.Move
	for rows.Next() {
		var (
			m    table.Move
			move string
			at   int64
		)
		if err := rows.Scan(&m.N, &m.Seat, &move, &at, &m.StandIn); err != nil {
			return nil, err
		}
		m.Move, m.At = json.RawMessage(move), time.UnixMilli(at).UTC()
		out = append(out, m)
	}
	return out, rows.Err()
}

// Playing implements table.Store.
func (s *Store) Playing(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM tables WHERE status = ? ORDER BY created`, string(table.Playing))
}

// ids runs query, which selects table ids, and returns them.
func (s *Store) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Close waits for the moves being committed and the fold under way, then
// closes the database. What the log holds then is folded after the next
// Open.
func (s *Store) Close() error {
	s.queue.Close()
	<-s.folding
	s.c.close()
	_, _ = s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	return s.db.Close()
}
