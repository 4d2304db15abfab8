package table_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/table"
)

// seatedPile opens a Pile table of size tokens hosted by the first of
// names, seats the others (ready), adds computers computer players and
// starts it; it returns the runner and each person's key.
func seatedPile(t *testing.T, tables *table.Tables, size, computers int, names ...string) (*table.Runner, []string) {
	t.Helper()
	ctx := context.Background()
	r, keys := openPile(t, tables, size, len(names), names[0])
	change := func(op func(tb *table.Table) error) {
		t.Helper()
		if err := r.Change(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < len(names); i++ {
		change(func(tb *table.Table) error { return tb.Join(keys[i], names[i]) })
		change(func(tb *table.Table) error { return tb.SetReady(keys[i], true) })
	}
	for range computers {
		change(func(tb *table.Table) error { return tb.AddBot(keys[0], -1) })
	}
	if err := r.Start(ctx, keys[0]); err != nil {
		t.Fatal(err)
	}
	return r, keys
}

// playToEnd subscribes every person and plays the table to its end: each
// person on turn takes one token, computer players move by themselves.
func playToEnd(t *testing.T, r *table.Runner, keys []string) []*recorder {
	t.Helper()
	ctx := context.Background()
	subs := make([]*table.Sub, len(keys))
	conns := make([]*recorder, len(keys))
	for i, k := range keys {
		conns[i] = &recorder{}
		var err error
		if subs[i], err = r.Subscribe(conns[i], k, false); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); r.Table().Status != table.Finished; {
		if time.Now().After(deadline) {
			t.Fatal("the game never ended")
		}
		st, _ := r.StateFor(game.Public)
		if len(st.Actors) == 1 && int(st.Actors[0]) < len(keys) {
			seat := st.Actors[0]
			if err := r.Move(ctx, subs[seat], r.Version(), json.RawMessage(`{"type":"take","n":1}`)); err != nil && harbor.ErrorCode(err) != harbor.EStale {
				t.Fatal(err)
			}
			continue
		}
		time.Sleep(2 * time.Millisecond)
	}
	return conns
}

// TestPlayOnTakesEveryoneAlong: after a finished game of Ana, Bo and two
// computer players, Ana plays on from move 6. Everyone keeps their seat in
// the new lobby, the old table names it, a seat left empty stops the start
// in plain words, and a computer player given that seat plays on.
func TestPlayOnTakesEveryoneAlong(t *testing.T) {
	tables := table.NewTables(openStore(t), table.Options{})
	defer tables.Close()
	ctx := context.Background()
	r, keys := seatedPile(t, tables, 14, 2, "Ana", "Bo")
	conns := playToEnd(t, r, keys)

	f, err := tables.Fork(ctx, r, keys[0], "", 6)
	if err != nil {
		t.Fatal(err)
	}
	lobby := f.Lobby()
	want := []struct {
		kind table.SeatKind
		name string
	}{{table.Human, "Ana"}, {table.Human, "Bo"}, {table.Bot, "Computer 3"}, {table.Bot, "Computer 4"}}
	if len(lobby.Seats) != len(want) || len(lobby.Members) != 2 {
		t.Fatalf("the new lobby has seats %+v and members %+v", lobby.Seats, lobby.Members)
	}
	old := r.Lobby().Seats
	for i, w := range want {
		if s := lobby.Seats[i]; s.Kind != w.kind || s.Name != w.name || s.Color != old[i].Color {
			t.Errorf("seat %d is %+v, want %s %s in %s", i, s, w.kind, w.name, old[i].Color)
		}
	}
	if l := r.Lobby(); l.Next != f.ID() || l.NextTV != lobby.TV {
		t.Fatalf("the finished table names %q/%q, not the new table %s", l.Next, l.NextTV, f.ID())
	}
	if !strings.Contains(lastFrame(conns[1], `{"t":"lobby"`), `"next":"`+f.ID()+`"`) {
		t.Fatal("Bo's page was not told of the new table")
	}

	if err := f.Start(ctx, keys[0]); harbor.ErrorCode(err) != harbor.EConflict || !strings.Contains(err.Error(), "Bo is not ready") {
		t.Fatalf("start before Bo is ready: %v", err)
	}
	// Bo does not come: the host empties his seat.
	if err := f.Change(ctx, func(tb *table.Table) error { return tb.ClearSeat(keys[0], 1) }); err != nil {
		t.Fatal(err)
	}
	err = f.Start(ctx, keys[0])
	if harbor.ErrorCode(err) != harbor.EConflict || !strings.Contains(harbor.ErrorMessage(err), "seat 2 is empty") {
		t.Fatalf("start with an empty seat: %v", err)
	}
	for _, raw := range []string{"replay", "not_your_turn", "refused"} {
		if strings.Contains(harbor.ErrorMessage(err), raw) {
			t.Fatalf("the refusal %q says %q", harbor.ErrorMessage(err), raw)
		}
	}
	if err := f.Change(ctx, func(tb *table.Table) error { return tb.AddBot(keys[0], 1) }); err != nil {
		t.Fatal(err)
	}
	if err := f.Start(ctx, keys[0]); err != nil {
		t.Fatal(err)
	}
	at6, err := r.ReplayAt(ctx, 6, false)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.StateFor(game.Public)
	if got, want := st.View.(gametest.View), at6.View.(gametest.View); got.Pile != want.Pile || got.Turn != want.Turn {
		t.Fatalf("the new game starts at pile %d, seat %d on turn; move 6 had %d, %d", got.Pile, got.Turn, want.Pile, want.Turn)
	}
}

// TestPlayOnThatDoesNotSetUpIsRefusedInWords: a position that does not
// replay is refused with a sentence for people; the engine's detail goes
// to the server's log only.
func TestPlayOnThatDoesNotSetUpIsRefusedInWords(t *testing.T) {
	var logged bytes.Buffer
	tables := table.NewTables(openStore(t), table.Options{Log: slog.New(slog.NewTextHandler(&logged, nil))})
	defer tables.Close()
	ctx := context.Background()
	r, keys := seatedPile(t, tables, 8, 1, "Ana")
	playToEnd(t, r, keys)
	f, err := tables.Fork(ctx, r, keys[0], "", 2)
	if err != nil {
		t.Fatal(err)
	}
	// A position whose moves break the rules: seat 1 acts out of turn.
	err = f.Change(ctx, func(tb *table.Table) error {
		tb.From.Moves = append([]game.Record{{Seat: 1, Move: json.RawMessage(`{"type":"take","n":1}`)}}, tb.From.Moves...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = f.Start(ctx, keys[0])
	msg := harbor.ErrorMessage(err)
	if harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(msg, "could not be set up from move 3") {
		t.Fatalf("start from a broken position: %v", err)
	}
	if strings.Contains(msg, "not_your_turn") || strings.Contains(msg, "replay:") || strings.Contains(msg, "PILE-1") {
		t.Fatalf("people read the engine's words: %q", msg)
	}
	if !strings.Contains(logged.String(), "not_your_turn") {
		t.Fatalf("the server log lacks the detail: %s", logged.String())
	}
	if f.Table().Status != table.Lobby {
		t.Fatal("a refused start changed the table")
	}
}

// TestComputerPlaysForMe: a person hands their own seat to a computer
// player and takes it back; the host may do it for anyone, nobody else
// may; the lobby says who handed the seat over.
func TestComputerPlaysForMe(t *testing.T) {
	tables := table.NewTables(openStore(t), table.Options{BotDelay: time.Hour})
	defer tables.Close()
	ctx := context.Background()
	r, keys := seatedPile(t, tables, 20, 0, "Ana", "Bo", "Cy")
	ana, bo, cy := keys[0], keys[1], keys[2]
	hand := func(key string, seat int, computer bool) error {
		return r.Change(ctx, func(tb *table.Table) error { return tb.HandSeat(key, seat, computer) })
	}
	for _, tc := range []struct {
		name     string
		key      string
		seat     int
		computer bool
		code     string
		handedBy string
	}{
		{"Cy for Bo", cy, 1, true, harbor.EForbidden, ""},
		{"Bo for himself", bo, 1, true, "", bo},
		{"Cy gives Bo's back", cy, 1, false, harbor.EForbidden, bo},
		{"Bo takes his back", bo, 1, false, "", ""},
		{"the host for Bo", ana, 1, true, "", ana},
		{"Bo takes back what the host handed", bo, 1, false, "", ""},
		{"the host for herself", ana, 0, true, "", ana},
		{"no such seat", ana, 5, true, harbor.EInvalid, ""},
		{"a stranger", table.KeyOf(table.NewToken()), 2, true, harbor.EForbidden, ""},
	} {
		err := hand(tc.key, tc.seat, tc.computer)
		if harbor.ErrorCode(err) != tc.code {
			t.Fatalf("%s: %v, want %q", tc.name, err, tc.code)
		}
		if tc.seat > 2 {
			continue
		}
		s := r.Lobby().Seats[tc.seat]
		if want := tc.handedBy != ""; s.Handed != want || s.HandedBy != publicOf(tc.handedBy) {
			t.Fatalf("%s: seat %d handed %v by %q, want %v by %q", tc.name, tc.seat, s.Handed, s.HandedBy, want, publicOf(tc.handedBy))
		}
	}
}

func publicOf(key string) string {
	if key == "" {
		return ""
	}
	return table.PublicID(key)
}

// TestStandInMovesAreMarked: the moves a computer player makes in a
// person's seat say so in the live events, the log pages, the finished
// game's log and its replay; the person's own moves do not.
func TestStandInMovesAreMarked(t *testing.T) {
	tables := table.NewTables(openStore(t), table.Options{})
	defer tables.Close()
	ctx := context.Background()
	r, keys := seatedPile(t, tables, 6, 0, "Ana", "Bo")
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.HandSeat(keys[1], 1, true) }); err != nil {
		t.Fatal(err)
	}
	conns := playToEnd(t, r, keys[:1])
	seen := map[string]bool{}
	for _, f := range frames(conns[0], `{"t":"state"`) {
		var st struct {
			D table.StateView `json:"d"`
		}
		json.Unmarshal([]byte(f), &st)
		for _, e := range st.D.Events {
			seen[said(e)] = true
		}
	}
	marked := false
	for n := 1; n <= 3; n++ {
		marked = marked || seen[fmt.Sprintf("table.standIn line=[pile.took n=%d who=Bo] who=Bo", n)]
	}
	if !seen["pile.youTook n=1"] || !marked || seen["table.standIn line=[pile.youTook n=1] who=Bo"] {
		t.Fatalf("Ana's page saw %v", seen)
	}
	log, err := r.Log(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range log.Moves {
		text := m.Events[0].Text
		if m.StandIn != (m.Seat == 1) || strings.HasPrefix(text, "Computer for Bo: Bo took ") != (m.Seat == 1) {
			t.Fatalf("move %d by seat %d (stand-in %v) logs %q", m.N, m.Seat, m.StandIn, text)
		}
		pos, err := r.ReplayAt(ctx, m.N+1, false)
		if err != nil {
			t.Fatal(err)
		}
		if pos.Events[0].Text != text {
			t.Fatalf("the replay of move %d says %q, the log %q", m.N, pos.Events[0].Text, text)
		}
	}
}

// TestStandInCountdown: while the game runs, the seat of a person whose
// page lost its connection carries the moment a computer player stands
// in; it goes when they are back, and never shows for a seat a computer
// player already has.
func TestStandInCountdown(t *testing.T) {
	now := time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)
	tables := table.NewTables(openStore(t), table.Options{BotDelay: time.Hour, Now: func() time.Time { return now }})
	defer tables.Close()
	ctx := context.Background()
	r, keys := seatedPile(t, tables, 20, 0, "Ana", "Bo")
	subs := make([]*table.Sub, 2)
	for i, k := range keys {
		var err error
		if subs[i], err = r.Subscribe(&recorder{}, k, false); err != nil {
			t.Fatal(err)
		}
	}
	if s := r.Lobby().Seats[1]; s.StandIn != 0 || !s.Online {
		t.Fatalf("a connected seat: %+v", s)
	}
	now = now.Add(5 * time.Second)
	r.Unsubscribe(subs[1])
	want := now.Add(table.DefaultAwaySeconds * time.Second).UnixMilli()
	if s := r.Lobby().Seats[1]; s.StandIn != want || s.Online {
		t.Fatalf("a lost connection: %+v, want the stand-in at %d", s, want)
	}
	if r.Lobby().Seats[0].StandIn != 0 {
		t.Fatal("a connected seat counts down")
	}
	var err error
	if subs[1], err = r.Subscribe(&recorder{}, keys[1], false); err != nil {
		t.Fatal(err)
	}
	if s := r.Lobby().Seats[1]; s.StandIn != 0 {
		t.Fatalf("back again: %+v", s)
	}
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.HandSeat(keys[1], 1, true) }); err != nil {
		t.Fatal(err)
	}
	r.Unsubscribe(subs[1])
	if s := r.Lobby().Seats[1]; s.StandIn != 0 {
		t.Fatalf("a handed seat counts down: %+v", s)
	}
}

func frames(c *recorder, prefix string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, f := range c.frames {
		if strings.HasPrefix(f, prefix) {
			out = append(out, f)
		}
	}
	return out
}

func lastFrame(c *recorder, prefix string) string {
	fs := frames(c, prefix)
	if len(fs) == 0 {
		return ""
	}
	return fs[len(fs)-1]
}
