package table

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"harbor"
	"harbor/game"
	"harbor/people"
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
	// IdleAfter is how long a table nobody is connected to stays in memory
	// (0: DefaultIdleAfter); it loads again from the store when asked for.
	IdleAfter time.Duration
	// LobbyTTL is how long a lobby that never started is kept after its
	// last change (0: DefaultLobbyTTL). FinishedTTL, when positive, is how
	// long a finished game is kept; 0 keeps it for good.
	LobbyTTL, FinishedTTL time.Duration
	// SweepEvery is how often idle tables are unloaded and old ones
	// deleted (0: DefaultSweepEvery; negative: never, tests call Sweep).
	SweepEvery time.Duration
	// HardBudget is the thinking time of one hard computer decision;
	// 0 means DefaultHardBudget.
	HardBudget time.Duration
	// OnTurn, when set, is told when the game comes to wait on a person
	// with no page of the table open (see Turn), under the table's lock:
	// it must not block.
	OnTurn func(Turn)
	// Seed, when not 0, fixes the game seeds of new tables, for tests and
	// demonstrations: the n-th table created since start (by Create, Again
	// or Fork) gets the n-th value of a sequence derived from Seed, so the
	// same requests in the same order meet the same games and the same
	// choices of computer players (but for hard ones, who think for a
	// time). 0 draws each seed at random. Ids, codes and invites stay
	// random either way.
	Seed uint64
	// Quotas counts new tables against their owners while they are open
	// (Create's owners); nil counts none.
	Quotas people.Quotas
}

// Defaults of Options.
const (
	DefaultIdleAfter  = 5 * time.Minute
	DefaultLobbyTTL   = 24 * time.Hour
	DefaultSweepEvery = time.Minute
)

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
	opts     Options
	quit     chan struct{}
	hardTime time.Duration
	thinking atomic.Int32  // computer decisions under way
	seeded   atomic.Uint64 // tables given a seed of Options.Seed's sequence
	refusals refusals      // computer moves the games refused
	// replays bounds the earlier log pages replayed from the store at
	// once, so a flood of requests for them cannot take every core.
	replays chan struct{}
	// logs are the replayed logs of the tables read last.
	logs logCache

	mu   sync.Mutex
	live map[string]*Runner // every table in memory, live or not
	load map[string]*loading

	quotas quotas
}

type loading struct {
	done chan struct{}
	r    *Runner
	err  error
}

// NewTables returns the tables kept in store.
func NewTables(store Store, opts Options) *Tables {
	if opts.IdleAfter == 0 {
		opts.IdleAfter = DefaultIdleAfter
	}
	if opts.LobbyTTL == 0 {
		opts.LobbyTTL = DefaultLobbyTTL
	}
	if opts.SweepEvery == 0 {
		opts.SweepEvery = DefaultSweepEvery
	}
	ts := &Tables{store: store, botDelay: opts.BotDelay, log: opts.Log, onMove: opts.OnMove, onCommit: opts.OnCommit, clock: opts.Now,
		opts: opts, hardTime: opts.HardBudget, quit: make(chan struct{}), replays: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)), live: map[string]*Runner{}, load: map[string]*loading{}}
	ts.quotas = quotas{tables: ts, store: opts.Quotas}
	if ts.log == nil {
		ts.log = slog.New(slog.DiscardHandler)
	}
	if ts.clock == nil {
		ts.clock = time.Now
	}
	if opts.SweepEvery > 0 {
		go ts.sweeper(opts.SweepEvery)
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

// Loaded returns the number of tables held in memory.
func (ts *Tables) Loaded() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return len(ts.live)
}

// Live returns the number of tables with at least one connected client.
func (ts *Tables) Live() int {
	ts.mu.Lock()
	rs := make([]*Runner, 0, len(ts.live))
	for _, r := range ts.live {
		rs = append(rs, r)
	}
	ts.mu.Unlock()
	n := 0
	for _, r := range rs {
		r.mu.Lock()
		if r.fan.watched() {
			n++
		}
		r.mu.Unlock()
	}
	return n
}

// Stored returns the number of tables in the store, or -1 when the store
// cannot count them.
func (ts *Tables) Stored() int {
	p, ok := ts.store.(Pruner)
	if !ok {
		return -1
	}
	n, err := p.CountTables(context.Background())
	if err != nil {
		return -1
	}
	return n
}

// Create opens a new table of gameID hosted by the person with key, under
// name, with the game's rules options and the turn timer. The table counts
// against each of owners while it is open (a lobby, or a running game of
// computer players only): EConflict, and nothing is created, when one of
// them already holds its most.
func (ts *Tables) Create(ctx context.Context, gameID, key, name string, options json.RawMessage, turnSeconds int, owners ...people.Owner) (*Runner, error) {
	def, err := game.Lookup(gameID)
	if err != nil {
		return nil, err
	}
	t, err := New(def, key, name, options, turnSeconds, ts.now())
	if err != nil {
		return nil, err
	}
	return ts.createTable(ctx, def, t, owners...)
}

// createTable stores the new table t (with fresh codes if its first ones
// are taken) and makes it live, counting it against owners (see Create).
// Under Options.Seed it gives t the next seed of the sequence.
func (ts *Tables) createTable(ctx context.Context, def game.Definition, t *Table, owners ...people.Owner) (*Runner, error) {
	if ts.opts.Seed != 0 {
		t.Seed = seedOf(ts.opts.Seed, ts.seeded.Add(1))
	}
	var err error
	for try := 0; ; try++ {
		if len(owners) > 0 {
			if err := ts.quotas.hold(ctx, t.ID, owners); err != nil {
				return nil, err
			}
		}
		err = ts.store.CreateTable(ctx, t)
		if err != nil && len(owners) > 0 {
			ts.quotas.release(t.ID)
		}
		if harbor.ErrorCode(err) != harbor.EConflict || try == 5 {
			break
		}
		t.Recode()
	}
	if err != nil {
		return nil, err
	}
	r := &Runner{tables: ts, def: def, id: t.ID, t: t, idle: ts.now()}
	ts.mu.Lock()
	ts.live[t.ID] = r
	ts.mu.Unlock()
	return r, nil
}

// seedOf is the n-th game seed of the sequence of base: splitmix64's
// output for the n-th step from base, so nearby bases and steps give
// unrelated seeds.
func seedOf(base, n uint64) uint64 {
	z := base + n*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
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
		l.r.saveDeadlines(ctx)
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
	r := &Runner{tables: ts, def: def, id: t.ID, t: t, idle: ts.now()}
	if t.Status != Playing {
		return r, nil // a finished game replays only when someone watches it
	}
	if err := r.replay(ctx); err != nil {
		return nil, err
	}
	r.markOffline()
	r.restoreDeadlines(ctx)
	return r, nil
}

// Read returns the runner of table id for a read (its lobby, log or
// export): the live one when the table is in memory, or else one built
// from the stored table alone, without replaying its game and without
// keeping it in memory. Changes go through Get.
func (ts *Tables) Read(ctx context.Context, id string) (*Runner, error) {
	ts.mu.Lock()
	r, ok := ts.live[id]
	ts.mu.Unlock()
	if ok {
		return r, nil
	}
	t, err := ts.store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	def, err := game.Lookup(t.Game)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", id, err)
	}
	return &Runner{tables: ts, def: def, id: t.ID, t: t, closed: true}, nil
}

// Find returns the runner of the table whose code of kind is code. Invites
// and join codes expire when the game is over; a TV code stays valid so the
// shared screen can show the final scores. ENotFound for an unknown or
// expired code.
func (ts *Tables) Find(ctx context.Context, kind CodeKind, code string) (*Runner, error) {
	t, err := ts.byCode(ctx, kind, code)
	if err != nil {
		return nil, err
	}
	return ts.Get(ctx, t.ID)
}

// FindRead is Find for a read: the runner comes from Read.
func (ts *Tables) FindRead(ctx context.Context, kind CodeKind, code string) (*Runner, error) {
	t, err := ts.byCode(ctx, kind, code)
	if err != nil {
		return nil, err
	}
	return ts.Read(ctx, t.ID)
}

func (ts *Tables) byCode(ctx context.Context, kind CodeKind, code string) (*Table, error) {
	if kind != ByInvite {
		code = NormalizeCode(code)
	}
	if code == "" || len(code) > 64 {
		return nil, harbor.Errorf(harbor.ENotFound, "there is no table with that code").With(harbor.M("api.noTableWithCode"))
	}
	t, err := ts.store.TableByCode(ctx, kind, code)
	if harbor.ErrorCode(err) == harbor.ENotFound {
		return nil, harbor.Errorf(harbor.ENotFound, "there is no table with that code").With(harbor.M("api.noTableWithCode"))
	}
	if err != nil {
		return nil, err
	}
	if t.Status == Finished && kind != ByTV {
		return nil, harbor.Errorf(harbor.ENotFound, "that code has expired: the game is over").With(harbor.M("api.codeExpired"))
	}
	return t, nil
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

// Close stops the sweeper and every table's timers; runners refuse
// changes afterwards.
func (ts *Tables) Close() {
	ts.mu.Lock()
	select {
	case <-ts.quit:
	default:
		close(ts.quit)
	}
	rs := make([]*Runner, 0, len(ts.live))
	for _, r := range ts.live {
		rs = append(rs, r)
	}
	ts.mu.Unlock()
	for _, r := range rs {
		r.close()
	}
}

// Unload forgets table id, if it is live here: its timers stop and every
// connection to it is closed with reason, so clients reconnect and find
// the table wherever it runs now. For a node that no longer runs the table.
func (ts *Tables) Unload(id, reason string) {
	ts.mu.Lock()
	r, ok := ts.live[id]
	delete(ts.live, id)
	ts.mu.Unlock()
	if !ok {
		return
	}
	r.close()
	r.mu.Lock()
	subs := r.fan.closeAll()
	r.mu.Unlock()
	for _, s := range subs {
		s.conn.Close(reason)
	}
}
