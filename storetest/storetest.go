// Package storetest is the conformance suite every store must pass: Run
// for its table.Store, RunPeople for its people.Store (over the same
// database) and RunNotices for its notify.Store. A store package runs
// them from its own tests:
//
//	func TestStore(t *testing.T) { storetest.Run(t, func(t *testing.T) table.Store { ... }) }
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/table"
)

// Open returns a new, empty store; the suite closes it.
type Open func(t *testing.T) table.Store

// Run runs every conformance test against stores made by open.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s table.Store)
	}{
		{"create and read back", testCreate},
		{"codes are unique", testUniqueCodes},
		{"find by code", testByCode},
		{"unknown table", testNotFound},
		{"save lobby", testSave},
		{"turn deadlines kept apart from the lobby", testDeadlines},
		{"turn deadlines stored with the move, or neither", testMoveDeadlines},
		{"turn notices stored with the move, or neither", testNoticeAts},
		{"append and read moves", testAppend},
		{"append refuses a gap or a repeat", testAppendConflict},
		{"append refuses a table not playing", testAppendNotPlaying},
		{"final move finishes the table", testFinish},
		{"playing lists running tables", testPlaying},
		{"concurrent appends across tables", testConcurrent},
		{"seats listed by person", testSeated},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			tc.fn(t, s)
		})
	}
}

var ctx = context.Background()

// NewTable returns a lobby table of Pile hosted by "host", with two seats
// taken (the host and a computer player), ready to store.
func NewTable(t testing.TB) *table.Table {
	t.Helper()
	return newPile(t, 9)
}

// newPile is NewTable with a pile of size tokens.
func newPile(t testing.TB, size int) *table.Table {
	t.Helper()
	tb, err := table.New(gametest.Definition, table.KeyOf(table.NewToken()), "Ana", json.RawMessage(fmt.Sprintf(`{"size":%d}`, size)), 30,
		time.Now().UTC().Truncate(time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.AddBot(tb.Host, -1); err != nil {
		t.Fatal(err)
	}
	return tb
}

func create(t *testing.T, s table.Store) *table.Table {
	t.Helper()
	tb := NewTable(t)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	return tb
}

func start(t *testing.T, s table.Store, tb *table.Table) game.Game {
	t.Helper()
	g, _, err := tb.Start(tb.Host, gametest.Definition)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	return g
}

func sameTable(t *testing.T, got, want *table.Table) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) || !reflect.DeepEqual(got.Members, want.Members) || !reflect.DeepEqual(got.Seats, want.Seats) {
		t.Fatalf("stored table differs:\n got %s %+v\nwant %s %+v", g, got, w, want)
	}
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if harbor.ErrorCode(err) != code {
		t.Fatalf("got error %v, want code %s", err, code)
	}
}

func testCreate(t *testing.T, s table.Store) {
	tb := create(t, s)
	got, err := s.Table(ctx, tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, got, tb)
}

func testUniqueCodes(t *testing.T, s table.Store) {
	tb := create(t, s)
	for _, tc := range []struct {
		name string
		mod  func(o *table.Table)
	}{
		{"id", func(o *table.Table) { o.ID = tb.ID }},
		{"invite", func(o *table.Table) { o.Invite = tb.Invite }},
		{"code", func(o *table.Table) { o.Code = tb.Code }},
		{"tv", func(o *table.Table) { o.TV = tb.TV }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := NewTable(t)
			tc.mod(o)
			wantCode(t, s.CreateTable(ctx, o), harbor.EConflict)
		})
	}
}

func testByCode(t *testing.T, s table.Store) {
	tb := create(t, s)
	create(t, s)
	for kind, code := range map[table.CodeKind]string{table.ByInvite: tb.Invite, table.ByCode: tb.Code, table.ByTV: tb.TV} {
		got, err := s.TableByCode(ctx, kind, code)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if got.ID != tb.ID {
			t.Fatalf("%s %s found table %s, want %s", kind, code, got.ID, tb.ID)
		}
	}
	_, err := s.TableByCode(ctx, table.ByCode, tb.TV)
	wantCode(t, err, harbor.ENotFound)
	_, err = s.TableByCode(ctx, table.ByTV, "NOSUCH")
	wantCode(t, err, harbor.ENotFound)
}

func testNotFound(t *testing.T, s table.Store) {
	_, err := s.Table(ctx, "nosuchtable")
	wantCode(t, err, harbor.ENotFound)
	o := NewTable(t)
	wantCode(t, s.SaveTable(ctx, o), harbor.ENotFound)
	wantCode(t, s.AppendMove(ctx, o.ID, table.Move{N: 0, Move: json.RawMessage(`{}`)}, nil, nil), harbor.ENotFound)
}

func testSave(t *testing.T, s table.Store) {
	tb := create(t, s)
	if err := tb.Join(table.KeyOf(table.NewToken()), "Bo"); err != nil {
		t.Fatal(err)
	}
	tb.Seats[1].Color = "green"
	if err := tb.SetHints(tb.Host, false); err != nil { // the host's hints switch is kept too
		t.Fatal(err)
	}
	tb.Updated = tb.Updated.Add(time.Second)
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	got, err := s.Table(ctx, tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, got, tb)
}

func testDeadlines(t *testing.T, s table.Store) {
	tb := create(t, s)
	if err := tb.SetPace(tb.Host, table.Pace{Mode: table.PaceOwn, Limit: 86400, Rule: table.RuleSkip}); err != nil {
		t.Fatal(err)
	}
	start(t, s, tb)
	want := &table.Deadlines{Version: 0, Seats: []table.Deadline{{Seat: 0, Due: 1796000000000, Reminded: true}, {Seat: 1, Due: 1796000003000, Lapsed: true}}, Missed: []int{0, 2}}
	if err := s.SaveDeadlines(ctx, tb.ID, want, nil, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveTable(ctx, tb); err != nil { // a lobby change keeps them
		t.Fatal(err)
	}
	got, err := s.Table(ctx, tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Deadlines, want) || got.Pace != tb.Pace {
		t.Fatalf("read back deadlines %+v and pace %+v, want %+v and %+v", got.Deadlines, got.Pace, want, tb.Pace)
	}
	if err := s.SaveDeadlines(ctx, tb.ID, nil, nil, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got, err = s.TableByCode(ctx, table.ByCode, tb.Code); err != nil || got.Deadlines != nil {
		t.Fatalf("after clearing them: %+v, %v", got, err)
	}
	wantCode(t, s.SaveDeadlines(ctx, "nosuchtable", want, nil, time.Now()), harbor.ENotFound)
}

// testMoveDeadlines checks that the deadlines a move carries are written in
// the move's commit, that a refused move writes neither, that a move
// without them leaves the stored ones alone, and that a final move can
// clear them as it finishes the table.
func testMoveDeadlines(t *testing.T, s table.Store) {
	tb := create(t, s)
	if err := tb.SetPace(tb.Host, table.Pace{Mode: table.PaceOwn, Limit: 86400, Rule: table.RuleComputer}); err != nil {
		t.Fatal(err)
	}
	g := start(t, s, tb)
	at := func(v int) *table.Deadlines {
		return &table.Deadlines{Version: v, Seats: []table.Deadline{{Seat: 0, Due: 1796000000000 + int64(v)}}, Missed: []int{0, v}}
	}
	// next is the bot's next move in g, applied to g once stored.
	next := func() (table.Move, game.Result) {
		t.Helper()
		seat := g.Actors().First()
		raw, err := gametest.Definition.NewBot(seat, 1).Move(g, seat)
		if err != nil {
			t.Fatal(err)
		}
		after := g.Clone()
		if err := after.Apply(seat, raw, nil); err != nil {
			t.Fatal(err)
		}
		return table.Move{N: tb.Version, Seat: seat, Move: raw, At: time.Now().UTC().Truncate(time.Millisecond)}, after.Result()
	}
	stored := func(what string, version int, want *table.Deadlines) *table.Table {
		t.Helper()
		got, err := s.Table(ctx, tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != version || !reflect.DeepEqual(got.Deadlines, want) {
			t.Fatalf("%s: stored version %d and deadlines %+v, want %d and %+v", what, got.Version, got.Deadlines, version, want)
		}
		return got
	}
	store := func(m table.Move, res game.Result) {
		t.Helper()
		if err := s.AppendMove(ctx, tb.ID, m, &res, nil); err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m.Seat, m.Move, nil); err != nil {
			t.Fatal(err)
		}
		tb.Version++
	}
	if err := s.SaveDeadlines(ctx, tb.ID, at(0), nil, time.Now()); err != nil {
		t.Fatal(err)
	}

	m, res := next()
	m.Deadlines = &table.DeadlinesAfter{Set: at(1)}
	store(m, res)
	stored("after a move with its deadlines", 1, at(1))
	moves, err := s.Moves(ctx, tb.ID, 0)
	if err != nil || len(moves) != 1 || moves[0].Deadlines != nil {
		t.Fatalf("the log after one move: %+v %v (deadlines are not part of it)", moves, err)
	}

	m, res = next()
	refused := m
	refused.N = 5
	refused.Deadlines = &table.DeadlinesAfter{Set: at(6)}
	wantCode(t, s.AppendMove(ctx, tb.ID, refused, &res, nil), harbor.EConflict)
	stored("after a refused move", 1, at(1))

	store(m, res) // no deadlines: the stored ones stay
	stored("after a move without deadlines", 2, at(1))

	for !g.Result().Over {
		m, res = next()
		if res.Over {
			m.Deadlines = &table.DeadlinesAfter{} // the game ends: no clock runs
		} else {
			m.Deadlines = &table.DeadlinesAfter{Set: at(m.N + 1)}
		}
		store(m, res)
		if !res.Over {
			stored("during the game", tb.Version, at(tb.Version))
		}
	}
	end := stored("after the final move", tb.Version, nil)
	if end.Status != table.Finished || end.Result == nil || !reflect.DeepEqual(*end.Result, g.Result()) {
		t.Fatalf("the final move with its deadlines left the table %s with result %+v, want finished with %+v", end.Status, end.Result, g.Result())
	}
}

// play applies n bot moves to g and appends them to s, returning them;
// every second one is marked as a computer player's move in a person's
// seat, so comparing what is read back checks the mark is kept.
func play(t *testing.T, s table.Store, tb *table.Table, g game.Game, n int) []table.Move {
	t.Helper()
	var out []table.Move
	for i := 0; i < n && !g.Result().Over; i++ {
		seat := g.Actors().First()
		raw, err := gametest.Definition.NewBot(seat, 1).Move(g, seat)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(seat, raw, nil); err != nil {
			t.Fatal(err)
		}
		m := table.Move{N: tb.Version, Seat: seat, Move: raw, At: time.Now().UTC().Truncate(time.Millisecond), StandIn: i%2 == 1}
		res := g.Result()
		if err := s.AppendMove(ctx, tb.ID, m, &res, nil); err != nil {
			t.Fatal(err)
		}
		tb.Version++
		out = append(out, m)
	}
	return out
}

func testAppend(t *testing.T, s table.Store) {
	tb := create(t, s)
	g := start(t, s, tb)
	moves := play(t, s, tb, g, 3)
	got, err := s.Moves(ctx, tb.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, moves) {
		t.Fatalf("moves %+v, want %+v", got, moves)
	}
	tail, err := s.Moves(ctx, tb.ID, 2)
	if err != nil || !reflect.DeepEqual(tail, moves[2:]) {
		t.Fatalf("moves from 2: %+v %v", tail, err)
	}
	stored, err := s.Table(ctx, tb.ID)
	if err != nil || stored.Version != 3 || stored.Status != table.Playing {
		t.Fatalf("table after 3 moves: %+v %v", stored, err)
	}
	again, err := game.Replay(gametest.Definition, stored.Config(), table.Records(got))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(again.View(game.Public))
	b, _ := json.Marshal(g.View(game.Public))
	if string(a) != string(b) {
		t.Fatalf("replay of the stored log %s differs from the game %s", a, b)
	}
}

func testAppendConflict(t *testing.T, s table.Store) {
	tb := create(t, s)
	start(t, s, tb)
	mv := func(n int) table.Move {
		return table.Move{N: n, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}
	}
	wantCode(t, s.AppendMove(ctx, tb.ID, mv(1), nil, nil), harbor.EConflict)
	if err := s.AppendMove(ctx, tb.ID, mv(0), nil, nil); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.AppendMove(ctx, tb.ID, mv(0), nil, nil), harbor.EConflict)
	got, _ := s.Moves(ctx, tb.ID, 0)
	if len(got) != 1 {
		t.Fatalf("%d moves stored, want 1", len(got))
	}
}

func testAppendNotPlaying(t *testing.T, s table.Store) {
	tb := create(t, s)
	wantCode(t, s.AppendMove(ctx, tb.ID, table.Move{N: 0, Move: json.RawMessage(`{}`), At: time.Now()}, nil, nil), harbor.EConflict)
}

func testFinish(t *testing.T, s table.Store) {
	tb := create(t, s)
	g := start(t, s, tb)
	moves := play(t, s, tb, g, 100)
	if !g.Result().Over {
		t.Fatal("a game of 9 tokens did not end in 100 moves")
	}
	stored, err := s.Table(ctx, tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Status != table.Finished || stored.Result == nil || !reflect.DeepEqual(*stored.Result, g.Result()) || stored.Version != len(moves) {
		t.Fatalf("finished table stored as %+v (result %+v), want result %+v", stored, stored.Result, g.Result())
	}
	wantCode(t, s.AppendMove(ctx, tb.ID, table.Move{N: len(moves), Move: json.RawMessage(`{}`), At: time.Now()}, nil, nil), harbor.EConflict)
	all, _ := s.Moves(ctx, tb.ID, 0)
	if len(all) != len(moves) {
		t.Fatalf("a finished table keeps %d moves, want %d", len(all), len(moves))
	}
}

func testPlaying(t *testing.T, s table.Store) {
	lobby := create(t, s)
	a, b := create(t, s), create(t, s)
	start(t, s, a)
	g := start(t, s, b)
	play(t, s, b, g, 100)
	ids, err := s.Playing(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ids, []string{a.ID}) {
		t.Fatalf("playing = %v, want only %s (not lobby %s or finished %s)", ids, a.ID, lobby.ID, b.ID)
	}
}

func testConcurrent(t *testing.T, s table.Store) {
	const tables, moves = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	ids := make([]string, tables)
	for i := range tables {
		tb := NewTable(t)
		tb.Options = json.RawMessage(`{"size":1000}`)
		if err := s.CreateTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
		start(t, s, tb)
		ids[i] = tb.ID
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range moves {
				m := table.Move{N: n, Seat: game.Seat(n % 2), Move: json.RawMessage(fmt.Sprintf(`{"type":"take","n":%d}`, n%3+1)), At: time.Now()}
				if err := s.AppendMove(ctx, tb.ID, m, nil, nil); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, id := range ids {
		got, err := s.Moves(ctx, id, 0)
		if err != nil || len(got) != moves {
			t.Fatalf("table %s has %d moves (%v), want %d", id, len(got), err, moves)
		}
		for n, m := range got {
			if m.N != n || string(m.Move) != fmt.Sprintf(`{"type":"take","n":%d}`, n%3+1) {
				t.Fatalf("table %s move %d stored as %+v", id, n, m)
			}
		}
	}
}
