package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

func init() { game.Register(gametest.Definition) }

// recorder is a connection that keeps every frame.
type recorder struct {
	mu     sync.Mutex
	frames []string
}

func (c *recorder) Send(m *table.Msg) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.frames = append(c.frames, string(m.Bytes()))
}

func (c *recorder) Close(string) {}

func (c *recorder) count(prefix string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, f := range c.frames {
		if strings.HasPrefix(f, prefix) {
			n++
		}
	}
	return n
}

// flaky is a store whose AppendMove can be made to fail, and which checks
// that nobody has heard of a move while it is being committed.
// With lostAnswer, it commits the move and then reports a failure, as a
// database connection that drops while it commits does.
type flaky struct {
	table.Store
	fail, lostAnswer bool
	watch            *recorder
	t                *testing.T
}

func (s *flaky) AppendMove(ctx context.Context, id string, m table.Move, res *game.Result, then func(error)) error {
	if s.watch != nil && s.watch.count(`{"t":"state","v":`+itoa(m.N+1)) > 0 {
		s.t.Errorf("move %d was pushed to a client before it was committed", m.N)
	}
	if s.lostAnswer {
		if err := s.Store.AppendMove(ctx, id, m, res, nil); err != nil {
			return err
		}
		err := harbor.Errorf(harbor.EInternal, "the connection to the database was lost")
		then(err)
		return err
	}
	if s.fail {
		err := harbor.Errorf(harbor.EInternal, "disk full")
		then(err)
		return err
	}
	return s.Store.AppendMove(ctx, id, m, res, then)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// flakyPile starts Ana's solo Pile game over a flaky store on a fresh
// SQLite file; everything is closed with the test.
func flakyPile(t *testing.T) (inner *sqlite.Store, store *flaky, tables *table.Tables, r *table.Runner, host string) {
	t.Helper()
	inner, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inner.Close() })
	store = &flaky{Store: inner, t: t}
	tables = table.NewTables(store, table.Options{})
	t.Cleanup(tables.Close)
	host = table.KeyOf(table.NewToken())
	if r, err = tables.Create(context.Background(), gametest.ID, host, "Ana", json.RawMessage(`{"size":10}`), 0); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background(), host); err != nil {
		t.Fatal(err)
	}
	return inner, store, tables, r, host
}

func TestMoveIsCommittedBeforeAnyoneHears(t *testing.T) {
	inner, store, _, r, host := flakyPile(t)
	ctx := context.Background()
	conn := &recorder{}
	store.watch = conn
	sub, err := r.Subscribe(conn, host, false)
	if err != nil {
		t.Fatal(err)
	}
	if conn.count(`{"t":"state","v":0`) != 1 {
		t.Fatalf("frames on subscribe: %v", conn.frames)
	}
	store.fail = true
	if err := r.Move(ctx, sub, 0, json.RawMessage(`{"type":"take","n":2}`)); harbor.ErrorCode(err) != harbor.EInternal {
		t.Fatalf("a move the store refused: %v", err)
	}
	if r.Version() != 0 || conn.count(`{"t":"state"`) != 1 {
		t.Fatalf("a move that was not stored changed the table (version %d) or was pushed", r.Version())
	}
	store.fail = false
	if err := r.Move(ctx, sub, 0, json.RawMessage(`{"type":"take","n":2}`)); err != nil {
		t.Fatal(err)
	}
	moves, _ := inner.Moves(ctx, r.ID(), 0)
	if r.Version() != 1 || len(moves) != 1 || conn.count(`{"t":"state","v":1`) != 1 {
		t.Fatalf("after a stored move: version %d, %d stored, frames %v", r.Version(), len(moves), conn.frames)
	}
	if !strings.Contains(conn.frames[len(conn.frames)-1], `"pile":8`) {
		t.Fatalf("last frame %s", conn.frames[len(conn.frames)-1])
	}
}

// TestMoveCommittedDespiteAFailure: a commit the database made although
// the store reported a failure (its answer lost) is found in the log: the
// move is live and acknowledged. A log that moved on without the runner's
// knowing (another writer, or an answer lost earlier) makes the runner put
// the table away, and the table loaded again plays on from the stored log
// instead of refusing every move a move behind.
func TestMoveCommittedDespiteAFailure(t *testing.T) {
	inner, store, tables, r, host := flakyPile(t)
	ctx := context.Background()
	conn := &recorder{}
	sub, err := r.Subscribe(conn, host, false)
	if err != nil {
		t.Fatal(err)
	}
	store.lostAnswer = true
	if err := r.Move(ctx, sub, 0, json.RawMessage(`{"type":"take","n":2}`)); err != nil {
		t.Fatalf("a move the database committed is refused: %v", err)
	}
	store.lostAnswer = false
	if moves, _ := inner.Moves(ctx, r.ID(), 0); r.Version() != 1 || len(moves) != 1 || conn.count(`{"t":"state","v":1`) != 1 {
		t.Fatalf("after a commit whose answer was lost: version %d, %d stored, frames %v", r.Version(), len(moves), conn.frames)
	}

	// Another writer stores move 1; the runner's own move 1 then fails.
	if err := inner.AppendMove(ctx, r.ID(), table.Move{N: 1, Seat: 0, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := r.Move(ctx, sub, 1, json.RawMessage(`{"type":"take","n":2}`)); harbor.ErrorCode(err) != harbor.EUnknown {
		t.Fatalf("a move the log has moved past: %v, want %s", err, harbor.EUnknown)
	}
	waitFor(t, "the table to be put away", func() bool { return tables.Loaded() == 0 })
	again, err := tables.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	if again == r || again.Version() != 2 {
		t.Fatalf("the table loaded again is at version %d, want the stored log's 2", again.Version())
	}
	sub2, err := again.Subscribe(&recorder{}, host, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := again.Move(ctx, sub2, 2, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatalf("the table loaded again refuses the next move: %v", err)
	}
}

// TestMoveWhileAwayTakesTheSeatBack: a person whose turn timer ran out and
// who then moves themselves is back at once: the one state frame of their
// move already runs their timer again, and the lobby no longer shows them
// away.
func TestMoveWhileAwayTakesTheSeatBack(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// The table's clock stands still but when the test moves it: the turn
	// timer the move starts again cannot run out while the test looks.
	clk := &clock{now: time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)}
	tables := table.NewTables(store, table.Options{BotDelay: time.Hour, Now: clk.Now}) // the stand-in never gets to move
	defer tables.Close()
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, gametest.ID, host, "Ana", json.RawMessage(`{"size":10}`), 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	conn := &recorder{}
	sub, err := r.Subscribe(conn, host, false)
	if err != nil {
		t.Fatal(err)
	}
	clk.add(time.Second)
	r.TimeUp()
	if !r.Lobby().Seats[0].Away {
		t.Fatal("the turn timer ran out and the seat is not away")
	}
	if err := r.Move(ctx, sub, 0, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatal(err)
	}
	if n := conn.count(`{"t":"state","v":1`); n != 1 {
		t.Fatalf("%d state frames for the move, want 1", n)
	}
	if r.Lobby().Seats[0].Away {
		t.Fatal("still away after moving")
	}
	conn.mu.Lock()
	frames := append([]string(nil), conn.frames...)
	conn.mu.Unlock()
	last := frames[len(frames)-1]
	if !strings.HasPrefix(last, `{"t":"lobby","v":1`) || strings.Contains(last, `"away":true`) {
		t.Fatalf("last frame %s, want the lobby without the stand-in", last)
	}
	var state struct {
		D table.StateView `json:"d"`
	}
	for _, f := range frames {
		if strings.HasPrefix(f, `{"t":"state","v":1`) {
			json.Unmarshal([]byte(f), &state)
		}
	}
	if state.D.Deadline == 0 {
		t.Fatal("the state frame of the move runs no turn timer for the seat on turn")
	}
}
