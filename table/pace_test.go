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
	_ "harbor/games/holdings"
	"harbor/notify/sqlnotify"
	"harbor/sqlite"
	"harbor/table"
)

var ownPace = table.Pace{Mode: table.PaceOwn, Limit: 12 * 3600, Rule: table.RuleComputer}

// TestPaceSetting: the host chooses the pace in the lobby; anything else
// is refused in words that say what is allowed.
func TestPaceSetting(t *testing.T) {
	tables := table.NewTables(openStore(t), table.Options{})
	defer tables.Close()
	ctx := context.Background()
	r, keys := openPile(t, tables, 10, 2, "Ana")
	ana, bo := keys[0], keys[1]
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.Join(bo, "Bo") }); err != nil {
		t.Fatal(err)
	}
	if p := r.Lobby().Pace; p.Mode != table.PaceLive || p.Limit != 0 {
		t.Fatalf("a new table's pace is %+v, want live", p)
	}
	for _, c := range []struct {
		key  string
		pace table.Pace
		code string
		says string
	}{
		{ana, table.Pace{Mode: "slow"}, harbor.EInvalid, `"live" or "own"`},
		{ana, table.Pace{Mode: table.PaceLive, Limit: 3600}, harbor.EInvalid, "a live table has no turn limit"},
		{ana, table.Pace{Mode: table.PaceOwn, Limit: 7200, Rule: table.RuleComputer}, harbor.EInvalid, "3600 (1 hour), 43200 (12 hours), 86400 (24 hours) or 259200 (3 days)"},
		{ana, table.Pace{Mode: table.PaceOwn, Limit: 3600}, harbor.EInvalid, `("computer") or the person is skipped ("skip")`},
		{ana, table.Pace{Mode: table.PaceOwn, Limit: 3600, Rule: "wait"}, harbor.EInvalid, `not "wait"`},
		{bo, ownPace, harbor.EForbidden, "only the host"},
	} {
		err := r.Change(ctx, func(tb *table.Table) error { return tb.SetPace(c.key, c.pace) })
		if harbor.ErrorCode(err) != c.code || !strings.Contains(harbor.ErrorMessage(err), c.says) {
			t.Errorf("pace %+v: %v, want %s saying %q", c.pace, err, c.code, c.says)
		}
	}
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetReady(bo, true) }); err != nil {
		t.Fatal(err)
	}
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetPace(ana, ownPace) }); err != nil {
		t.Fatal(err)
	}
	l := r.Lobby()
	if l.Pace != ownPace || l.Seats[1].Ready {
		t.Fatalf("after choosing own pace: pace %+v, Bo ready %v (want the mark cleared)", l.Pace, l.Seats[1].Ready)
	}
	err := r.Change(ctx, func(tb *table.Table) error {
		return tb.SetOptions(ana, gametest.Definition, json.RawMessage(`{"size":10}`), 30)
	})
	if harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(harbor.ErrorMessage(err), "the turn timer is for live tables") {
		t.Fatalf("a turn timer at own pace: %v", err)
	}
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetReady(bo, true) }); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, ana); err != nil {
		t.Fatal(err)
	}
	err = r.Change(ctx, func(tb *table.Table) error { return tb.SetPace(ana, table.Pace{Mode: table.PaceLive}) })
	if harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("changing the pace during play: %v", err)
	}
}

// turnLog records what OnTurn is told.
type turnLog struct {
	mu    sync.Mutex
	turns []table.Turn
}

func (l *turnLog) on(tu table.Turn) {
	l.mu.Lock()
	l.turns = append(l.turns, tu)
	l.mu.Unlock()
}

func (l *turnLog) take() []table.Turn {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.turns
	l.turns = nil
	return out
}

// moveAs makes one move for the person with key from a page opened for
// that move alone, then closes the page again.
func moveAs(t *testing.T, r *table.Runner, key string, move string) {
	t.Helper()
	sub, err := r.Subscribe(&recorder{}, key, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Unsubscribe(sub)
	if err := r.Move(context.Background(), sub, r.Version(), json.RawMessage(move)); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls cond for a few seconds: computer players move on their
// own goroutine.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("never: %s", what)
		}
	}
}

func actors(r *table.Runner) []game.Seat {
	st, ok := r.StateFor(game.Public)
	if !ok {
		return nil
	}
	return st.Actors
}

// pacedPile starts a Pile game of Ana (host) and Bo at pace, with nobody's
// page open.
func pacedPile(t *testing.T, tables *table.Tables, pace table.Pace, size int) (*table.Runner, string, string) {
	t.Helper()
	ctx := context.Background()
	r, keys := openPile(t, tables, size, 2, "Ana")
	ana, bo := keys[0], keys[1]
	for _, op := range []func(tb *table.Table) error{
		func(tb *table.Table) error { return tb.SetPace(ana, pace) },
		func(tb *table.Table) error { return tb.Join(bo, "Bo") },
		func(tb *table.Table) error { return tb.SetReady(bo, true) },
	} {
		if err := r.Change(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, ana); err != nil {
		t.Fatal(err)
	}
	return r, ana, bo
}

// TestPaceDeadlinesOutlastRestart: at own pace each turn's limit and its
// reminder are stored; a server started again on the same file keeps the
// limit that ran (no fresh one), sends no second reminder, and when the
// limit runs out a computer player takes the turn, so the next person's
// turn arrives, with its own limit.
func TestPaceDeadlinesOutlastRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	store, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{now: time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)}
	var turns turnLog
	opts := table.Options{Now: clk.Now, SweepEvery: -1, OnTurn: turns.on}
	tables := table.NewTables(store, opts)
	r, ana, bo := pacedPile(t, tables, ownPace, 20)
	start := clk.Now()
	if d := r.Lobby().Deadline; d != start.Add(12*time.Hour).UnixMilli() {
		t.Fatalf("Ana's limit is %d, want 12 hours after the start", d)
	}
	clk.add(time.Hour)
	moveAs(t, r, ana, `{"type":"take","n":1}`)
	boDue := clk.Now().Add(12 * time.Hour).UnixMilli()
	if d := r.Lobby().Deadline; d != boDue {
		t.Fatalf("Bo's limit is %d, want %d", d, boDue)
	}
	got := turns.take()
	if len(got) != 2 || got[0].Person != ana || got[1].Person != bo || got[1].Reminder {
		t.Fatalf("notices so far: %+v, want Ana's turn at the start and Bo's turn", got)
	}
	// Each notice says until when: the first one too, sent as the game starts.
	if !got[0].Due.Equal(start.Add(12*time.Hour)) || got[1].Due.UnixMilli() != boDue {
		t.Fatalf("the notices' deadlines are %v and %v, want 12 hours after the start and %d", got[0].Due, got[1].Due, boDue)
	}
	id := r.ID()

	// The server stops and starts again on the same file an hour later.
	tables.Close()
	store.Close()
	clk.add(time.Hour)
	if store, err = sqlite.Open(path); err != nil {
		t.Fatal(err)
	}
	defer func() { store.Close() }()
	tables = table.NewTables(store, opts)
	if n, err := tables.Resume(context.Background()); err != nil || n != 1 {
		t.Fatalf("resumed %d tables: %v", n, err)
	}
	if r, err = tables.Get(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if d := r.Lobby().Deadline; d != boDue {
		t.Fatalf("after the restart Bo's limit is %d, want the stored %d", d, boDue)
	}
	if st, _ := r.StateFor(1); st.Deadline != boDue {
		t.Fatalf("Bo's state frame shows the limit %d, want %d", st.Deadline, boDue)
	}
	if st, _ := r.StateFor(0); st.Deadline != 0 || st.TurnDue != boDue {
		t.Fatalf("Ana's state frame shows her limit %d and Bo's %d, want none and %d", st.Deadline, st.TurnDue, boDue)
	}

	// Half of Bo's 12 hours gone: the reminder goes out, once.
	clk.add(5*time.Hour - time.Minute)
	r.TimeUp()
	if got := turns.take(); len(got) != 0 {
		t.Fatalf("a reminder before half the limit: %+v", got)
	}
	clk.add(time.Minute)
	r.TimeUp()
	got = turns.take()
	if len(got) != 1 || !got[0].Reminder || got[0].Person != bo || got[0].Name != "Bo" || got[0].Left != 6*time.Hour {
		t.Fatalf("the reminder at half the limit: %+v", got)
	}
	if ok, err := store.Notices().QueueNotice(context.Background(), sqlnotify.NoticeAt(got[0], clk.Now())); err != nil || ok {
		t.Fatalf("queueing the reminder again: queued %v, %v; want it stored with the deadlines", ok, err)
	}
	r.TimeUp()
	tables.Close()
	store.Close()
	clk.add(time.Hour)
	if store, err = sqlite.Open(path); err != nil {
		t.Fatal(err)
	}
	tables = table.NewTables(store, opts)
	defer tables.Close()
	if r, err = tables.Get(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	r.TimeUp()
	if got := turns.take(); len(got) != 0 {
		t.Fatalf("a second reminder after a restart: %+v", got)
	}

	// Bo's limit runs out: a computer player takes his turn at once,
	// though nobody watches, and Ana's turn comes with a fresh limit.
	clk.add(5 * time.Hour)
	r.TimeUp()
	waitFor(t, "the computer player takes Bo's turn", func() bool { return r.Version() == 2 })
	moves, err := store.Moves(context.Background(), id, 1)
	if err != nil || len(moves) != 1 || moves[0].Seat != 1 || !moves[0].StandIn {
		t.Fatalf("Bo's turn in the log: %+v, %v", moves, err)
	}
	if a := actors(r); len(a) != 1 || a[0] != 0 {
		t.Fatalf("the game waits on %v, want Ana", a)
	}
	if d := r.Lobby().Deadline; d != clk.Now().Add(12*time.Hour).UnixMilli() {
		t.Fatalf("Ana's new limit is %d", d)
	}
	waitFor(t, "Ana is told it is her turn", func() bool {
		turns.mu.Lock()
		defer turns.mu.Unlock()
		return len(turns.turns) == 1 && turns.turns[0].Person == ana && !turns.turns[0].Reminder
	})
	// Ana's seat is hers again when she plays before her limit.
	moveAs(t, r, ana, `{"type":"take","n":1}`)
}

// savesCounted is a store that counts its SaveDeadlines calls.
type savesCounted struct {
	table.Store
	mu    sync.Mutex
	saves int
}

func (s *savesCounted) SaveDeadlines(ctx context.Context, id string, d *table.Deadlines, notices []table.Turn, at time.Time) error {
	s.mu.Lock()
	s.saves++
	s.mu.Unlock()
	return s.Store.SaveDeadlines(ctx, id, d, notices, at)
}

func (s *savesCounted) take() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.saves
	s.saves = 0
	return n
}

// TestPaceMoveStoresItsDeadlines: at own pace the limit a move hands to the
// next person is stored in the move's own commit, with no write of the
// deadlines after it; the last move clears them in its commit too.
func TestPaceMoveStoresItsDeadlines(t *testing.T) {
	store := &savesCounted{Store: openStore(t)}
	clk := &clock{now: time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)}
	tables := table.NewTables(store, table.Options{Now: clk.Now, SweepEvery: -1})
	defer tables.Close()
	ctx := context.Background()
	r, ana, bo := pacedPile(t, tables, ownPace, 2)
	subs := map[string]*table.Sub{}
	for _, key := range []string{ana, bo} {
		sub, err := r.Subscribe(&recorder{}, key, false)
		if err != nil {
			t.Fatal(err)
		}
		subs[key] = sub
	}
	stored := func() *table.Deadlines {
		t.Helper()
		tb, err := store.Table(ctx, r.ID())
		if err != nil {
			t.Fatal(err)
		}
		return tb.Deadlines
	}
	if d := stored(); d == nil || d.Version != 0 || len(d.Seats) != 1 || d.Seats[0].Seat != 0 {
		t.Fatalf("at the start the stored deadlines are %+v, want Ana's limit", d)
	}
	store.take()
	clk.add(time.Hour)
	if err := r.Move(ctx, subs[ana], 0, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatal(err)
	}
	want := table.Deadline{Seat: 1, Due: clk.Now().Add(12 * time.Hour).UnixMilli()}
	if d := stored(); d == nil || d.Version != 1 || len(d.Seats) != 1 || d.Seats[0] != want {
		t.Fatalf("after Ana's move the stored deadlines are %+v, want version 1 with Bo's limit %+v", d, want)
	}
	if n := store.take(); n != 0 {
		t.Fatalf("the move was followed by %d separate writes of its deadlines, want none", n)
	}
	if err := r.Move(ctx, subs[bo], 1, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatal(err)
	}
	if r.Lobby().Status != table.Finished {
		t.Fatal("the game of two tokens did not end after two moves")
	}
	if d := stored(); d != nil {
		t.Fatalf("after the last move the stored deadlines are %+v, want none", d)
	}
	if n := store.take(); n != 0 {
		t.Fatalf("the last move was followed by %d separate writes of deadlines, want none", n)
	}
}

// TestPaceComputerPlayersMoveUnwatched: at own pace a computer player
// moves at once though nobody has the table open (a live table's waits
// for someone to watch), and the table stays in memory while its game
// runs, so its limits go off.
func TestPaceComputerPlayersMoveUnwatched(t *testing.T) {
	for _, pace := range []table.Pace{{}, ownPace} {
		clk := &clock{now: time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)}
		var turns turnLog
		tables := table.NewTables(openStore(t), table.Options{BotDelay: time.Hour, Now: clk.Now, SweepEvery: -1, OnTurn: turns.on, IdleAfter: time.Minute})
		ctx := context.Background()
		r, keys := openPile(t, tables, 20, 1, "Ana")
		ana := keys[0]
		for _, op := range []func(tb *table.Table) error{
			func(tb *table.Table) error { return tb.SetPace(ana, pace) },
			func(tb *table.Table) error { return tb.AddBot(ana, -1) },
		} {
			if err := r.Change(ctx, op); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.Start(ctx, ana); err != nil {
			t.Fatal(err)
		}
		moveAs(t, r, ana, `{"type":"take","n":1}`)
		if !pace.Own() {
			r.BotStep() // what the table's timer would do, were one set
			if r.Version() != 1 {
				t.Fatal("a live table's computer player moved with nobody watching")
			}
			tables.Close()
			continue
		}
		waitFor(t, "the computer player moves", func() bool { return r.Version() == 2 })
		waitFor(t, "Ana is told it is her turn again", func() bool {
			turns.mu.Lock()
			defer turns.mu.Unlock()
			n := len(turns.turns)
			return n > 0 && turns.turns[n-1].Person == ana
		})
		clk.add(time.Hour)
		if unloaded, _ := tables.Sweep(ctx); unloaded != 0 {
			t.Fatal("the sweeper put away a running game at own pace")
		}
		tables.Close()
	}
}

// TestPaceSkip: with the rule "skip", a person whose limit ran out is
// skipped: the table passes or ends the turn for them as soon as the game
// offers it (Harbor Holdings: after the roll, which the game requires,
// they buy nothing), and a game that never offers it (Pile) has the
// computer player take the turn.
func TestPaceSkip(t *testing.T) {
	skip := table.Pace{Mode: table.PaceOwn, Limit: 3600, Rule: table.RuleSkip}
	ctx := context.Background()

	clk := &clock{now: time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)}
	store := openStore(t)
	tables := table.NewTables(store, table.Options{Now: clk.Now, SweepEvery: -1})
	defer tables.Close()
	r, _, _ := pacedPile(t, tables, skip, 20)
	clk.add(time.Hour)
	r.TimeUp()
	waitFor(t, "Pile: a computer player takes Ana's turn", func() bool { return r.Version() == 1 })
	if a := actors(r); len(a) != 1 || a[0] != 1 {
		t.Fatalf("the game waits on %v, want Bo", a)
	}

	ana, bo := table.KeyOf(table.NewToken()), table.KeyOf(table.NewToken())
	h, err := tables.Create(ctx, "holdings", ana, "Ana", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range []func(tb *table.Table) error{
		func(tb *table.Table) error { return tb.SetPace(ana, skip) },
		func(tb *table.Table) error { return tb.Join(bo, "Bo") },
		func(tb *table.Table) error { return tb.SetReady(bo, true) },
	} {
		if err := h.Change(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Start(ctx, ana); err != nil {
		t.Fatal(err)
	}
	first := actors(h)
	if len(first) != 1 {
		t.Fatalf("the game waits on %v", first)
	}
	clk.add(time.Hour)
	h.TimeUp()
	waitFor(t, "Holdings: the turn passes on", func() bool {
		a := actors(h)
		return len(a) == 1 && a[0] != first[0]
	})
	moves, err := store.Moves(ctx, h.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, m := range moves {
		var mv struct{ Type string }
		json.Unmarshal(m.Move, &mv)
		kinds = append(kinds, mv.Type)
		if m.Seat != first[0] || !m.StandIn || mv.Type == "buy" || mv.Type == "improve" || mv.Type == "propose" {
			t.Errorf("a skipped turn made %s (seat %d, stand-in %v)", m.Move, m.Seat, m.StandIn)
		}
	}
	if len(kinds) == 0 || kinds[len(kinds)-1] != "end" {
		t.Fatalf("the skipped turn's moves %v do not end the turn", kinds)
	}
}

// TestPaceHeldAfterMissedTurns: at own pace under the rule "computer", a
// person playing alone with a computer player, whose limit runs out turn
// after turn, has a computer player take table.HeldAfter of their turns;
// then the table stops their clock and waits for them, across restarts,
// also when the store missed the deadlines of the last moves, until their
// own move starts the count again.
func TestPaceHeldAfterMissedTurns(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "harbor.db")
	store, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { store.Close() }()
	clk := &clock{now: time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)}
	var turns turnLog
	opts := table.Options{Now: clk.Now, SweepEvery: -1, OnTurn: turns.on}
	tables := table.NewTables(store, opts)
	r, keys := openPile(t, tables, 200, 1, "Ana")
	ana := keys[0]
	for _, op := range []func(tb *table.Table) error{
		func(tb *table.Table) error { return tb.SetPace(ana, ownPace) },
		func(tb *table.Table) error { return tb.AddBot(ana, -1) },
	} {
		if err := r.Change(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, ana); err != nil {
		t.Fatal(err)
	}
	id := r.ID()
	// lapse lets Ana's limit run out: a computer player takes her turn and
	// the other computer player its own, so the game waits on Ana again.
	lapse := func() {
		t.Helper()
		v := r.Version()
		clk.add(12 * time.Hour)
		r.TimeUp()
		waitFor(t, "both computer players move", func() bool { return r.Version() == v+2 })
	}
	restart := func(stored *table.Deadlines) {
		t.Helper()
		tables.Close()
		if stored != nil {
			if err := store.SaveDeadlines(ctx, id, stored, nil, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}
		store.Close()
		if store, err = sqlite.Open(path); err != nil {
			t.Fatal(err)
		}
		tables = table.NewTables(store, opts)
		if r, err = tables.Get(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	waiting := func(what string, held bool) {
		t.Helper()
		l := r.Lobby()
		if l.Seats[0].Held != held || (l.Deadline == 0) != held {
			t.Fatalf("%s: Ana held %v with the deadline %d, want held %v", what, l.Seats[0].Held, l.Deadline, held)
		}
		if a := actors(r); len(a) != 1 || a[0] != 0 {
			t.Fatalf("%s: the game waits on %v, want Ana", what, a)
		}
	}

	// notice checks the notice of Ana's turn that came last: its limit,
	// the rule, and the turns a computer player took for her.
	notice := func(what string, missed int, held bool) {
		t.Helper()
		got := turns.take()
		if len(got) == 0 {
			t.Fatalf("%s: no notice of Ana's turn", what)
		}
		n := got[len(got)-1]
		due := clk.Now().Add(12 * time.Hour)
		if held {
			due = time.Time{}
		}
		if n.Person != ana || n.Missed != missed || n.Held != held || !n.Due.Equal(due) || n.Rule != table.RuleComputer {
			t.Fatalf("%s: the notice %+v, want %d missed turns, held %v, due %v", what, n, missed, held, due)
		}
	}
	for i := 1; i < table.HeldAfter; i++ {
		lapse()
		waiting("after a missed turn", false)
		notice("after a missed turn", i, false)
	}
	lapse()
	waiting("after the computer player took her last turns", true)
	notice("after the computer player took her last turns", table.HeldAfter, true)
	if st, _ := r.StateFor(0); st.Deadline != 0 {
		t.Fatalf("Ana's own page shows the limit %d while the table waits for her", st.Deadline)
	}
	held := r.Version()
	clk.add(30 * 24 * time.Hour)
	r.TimeUp()
	r.BotStep() // what the table's timer would do, were one set
	if r.Version() != held {
		t.Fatal("a computer player took a turn of a person the table waits for")
	}

	restart(nil)
	waiting("after a restart", true)
	// The server stopped after the computer player's last move for Ana and
	// the move after it, before their deadlines were stored.
	restart(&table.Deadlines{Version: held - 2, Missed: []int{table.HeldAfter, 0}})
	waiting("after a restart that missed the last deadlines", true)

	moveAs(t, r, ana, `{"type":"take","n":1}`)
	waitFor(t, "the computer player moves", func() bool { return r.Version() == held+2 })
	waiting("after Ana's own move", false)
	restart(nil)
	waiting("after Ana's own move and a restart", false)
	// The store missed the deadlines since before Ana's own move.
	restart(&table.Deadlines{Version: held, Missed: []int{table.HeldAfter, 0}})
	waiting("after Ana's own move and a restart that missed it", false)
	lapse()
	waiting("a missed turn after her own move", false)
	tables.Close()
}

// TestPaceComputersAloneRestUnwatched: a game of computer players only at
// its own pace waits nobody's turn, so it plays while someone watches and
// rests while nobody does, as a live table would.
func TestPaceComputersAloneRestUnwatched(t *testing.T) {
	tables := table.NewTables(openStore(t), table.Options{SweepEvery: -1})
	defer tables.Close()
	ctx := context.Background()
	r, keys := openPile(t, tables, 200, 1, "Ana")
	ana := keys[0]
	for _, op := range []func(tb *table.Table) error{
		func(tb *table.Table) error { return tb.SetPace(ana, ownPace) },
		func(tb *table.Table) error { return tb.Sit(ana, -1, "") },
		func(tb *table.Table) error { return tb.AddBot(ana, 0) },
		func(tb *table.Table) error { return tb.AddBot(ana, 1) },
	} {
		if err := r.Change(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, ana); err != nil {
		t.Fatal(err)
	}
	r.BotStep() // what the table's timer would do, were one set
	if v := r.Version(); v != 0 {
		t.Fatalf("the computer players made %d moves with nobody watching", v)
	}
	sub, err := r.Subscribe(&recorder{}, ana, false)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the computer players to play while Ana watches", func() bool { return r.Version() >= 2 })
	// A computer move under way as Ana leaves ends before Unsubscribe
	// returns (both hold the table's lock); none follows it.
	r.Unsubscribe(sub)
	at := r.Version()
	r.BotStep() // what the table's timer would do, were one set
	if v := r.Version(); v != at {
		t.Fatalf("the computer players went on from move %d to %d after Ana left", at, v)
	}
}
