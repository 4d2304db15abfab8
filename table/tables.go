package table

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"harbor"
	"harbor/game"
)

// Options configure Tables.
type Options struct {
	// BotDelay is the pause before a computer player moves, so people can
	// follow; 0 in tests.
	BotDelay time.Duration
	// Log receives the table's errors; nil discards them.
	Log *slog.Logger
	// OnMove, when set, is called after each committed move with the time
	// from receiving it to having pushed every view.
	OnMove func(latency time.Duration)
	// OnCommit, when set, is called after each stored move with the time
	// the store took to commit it.
	OnCommit func(latency time.Duration)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// HardBudget is the thinking time of one hard computer decision;
	// 0 means DefaultHardBudget.
	HardBudget time.Duration
}

// Tables is the set of live tables: it creates tables, finds them by id or
// code, loads them from the store on demand and resumes unfinished games at
// start. Each live table has one Runner.
type Tables struct {
	store    Store
	botDelay time.Duration
	log      *slog.Logger
	onMove   func(time.Duration)
	onCommit func(time.Duration)
	clock    func() time.Time
	hardTime time.Duration
	thinking atomic.Int32 // computer decisions under way

	mu   sync.Mutex
	live map[string]*Runner
	load map[string]*loading
}

type loading struct {
	done chan struct{}
	r    *Runner
	err  error
}

// NewTables returns the tables kept in store.
func NewTables(store Store, opts Options) *Tables {
	ts := &Tables{store: store, botDelay: opts.BotDelay, log: opts.Log, onMove: opts.OnMove, onCommit: opts.OnCommit, clock: opts.Now,
		hardTime: opts.HardBudget, live: map[string]*Runner{}, load: map[string]*loading{}}
	if ts.log == nil {
		ts.log = slog.New(slog.DiscardHandler)
	}
	if ts.clock == nil {
		ts.clock = time.Now
	}
	return ts
}

func (ts *Tables) now() time.Time { return ts.clock().UTC() }

func (ts *Tables) committed(d time.Duration) {
	if ts.onCommit != nil {
		ts.onCommit(d)
	}
}

func (ts *Tables) moved(d time.Duration) {
	if ts.onMove != nil {
		ts.onMove(d)
	}
}

// Live returns the number of tables held in memory.
func (ts *Tables) Live() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return len(ts.live)
}

// Create opens a new table of gameID hosted by the person with key, under
// name, with the game's rules options and the turn timer.
func (ts *Tables) Create(ctx context.Context, gameID, key, name string, options json.RawMessage, turnSeconds int) (*Runner, error) {
	def, err := game.Lookup(gameID)
	if err != nil {
		return nil, err
	}
	t, err := New(def, key, name, options, turnSeconds, ts.now())
	if err != nil {
		return nil, err
	}
	for try := 0; ; try++ {
		err = ts.store.CreateTable(ctx, t)
		if harbor.ErrorCode(err) != harbor.EConflict || try == 5 {
			break
		}
		t.Recode()
	}
	if err != nil {
		return nil, err
	}
	r := &Runner{tables: ts, def: def, id: t.ID, t: t}
	ts.mu.Lock()
	ts.live[t.ID] = r
	ts.mu.Unlock()
	return r, nil
}

// Get returns the runner of table id, loading it from the store (and
// replaying its log) if it is not live. ENotFound if there is no such table.
func (ts *Tables) Get(ctx context.Context, id string) (*Runner, error) {
	ts.mu.Lock()
	if r, ok := ts.live[id]; ok {
		ts.mu.Unlock()
		return r, nil
	}
	if l, ok := ts.load[id]; ok {
		ts.mu.Unlock()
		<-l.done
		return l.r, l.err
	}
	l := &loading{done: make(chan struct{})}
	ts.load[id] = l
	ts.mu.Unlock()

	l.r, l.err = ts.open(ctx, id)
	ts.mu.Lock()
	delete(ts.load, id)
	if l.err == nil {
		ts.live[id] = l.r
	}
	ts.mu.Unlock()
	close(l.done)
	if l.err == nil {
		l.r.mu.Lock()
		l.r.schedule()
		l.r.mu.Unlock()
	}
	return l.r, l.err
}

// open builds a runner from the stored table and its log.
func (ts *Tables) open(ctx context.Context, id string) (*Runner, error) {
	t, err := ts.store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	def, err := game.Lookup(t.Game)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", id, err)
	}
	r := &Runner{tables: ts, def: def, id: t.ID, t: t}
	if t.Status == Lobby {
		return r, nil
	}
	moves, err := ts.store.Moves(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	if len(moves) != t.Version {
		return nil, fmt.Errorf("table %s: version %d but %d stored moves", id, t.Version, len(moves))
	}
	r.g, err = game.Replay(def, t.Config(), Records(moves))
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", id, err)
	}
	return r, nil
}

// Find returns the runner of the table whose code of kind is code. Invites
// and join codes expire when the game is over; a TV code stays valid so the
// shared screen can show the final scores. ENotFound for an unknown or
// expired code.
func (ts *Tables) Find(ctx context.Context, kind CodeKind, code string) (*Runner, error) {
	if kind != ByInvite {
		code = NormalizeCode(code)
	}
	if code == "" || len(code) > 64 {
		return nil, harbor.Errorf(harbor.ENotFound, "there is no table with that code")
	}
	t, err := ts.store.TableByCode(ctx, kind, code)
	if harbor.ErrorCode(err) == harbor.ENotFound {
		return nil, harbor.Errorf(harbor.ENotFound, "there is no table with that code")
	}
	if err != nil {
		return nil, err
	}
	if t.Status == Finished && kind != ByTV {
		return nil, harbor.Errorf(harbor.ENotFound, "that code has expired: the game is over")
	}
	return ts.Get(ctx, t.ID)
}

// Resume loads every table whose game was running, so computer players and
// turn timers carry on. It returns how many it resumed.
func (ts *Tables) Resume(ctx context.Context) (int, error) {
	ids, err := ts.store.Playing(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if _, err := ts.Get(ctx, id); err != nil {
			ts.log.Error("resume table", "table", id, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// evict forgets a finished table nobody watches.
func (ts *Tables) evict(r *Runner) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.live[r.id] == r {
		r.mu.Lock()
		idle := len(r.subs) == 0 && r.t.Status == Finished
		r.mu.Unlock()
		if idle {
			delete(ts.live, r.id)
		}
	}
}

// Close stops every table's timers; runners refuse changes afterwards.
func (ts *Tables) Close() {
	ts.mu.Lock()
	rs := make([]*Runner, 0, len(ts.live))
	for _, r := range ts.live {
		rs = append(rs, r)
	}
	ts.mu.Unlock()
	for _, r := range rs {
		r.close()
	}
}
