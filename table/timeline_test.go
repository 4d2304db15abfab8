package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

// pileTable opens a started Pile table of size tokens with a seat per name
// (the first the host), take-backs allowed or not, and subscribes everyone.
func pileTable(t *testing.T, tables *table.Tables, size int, undo bool, names ...string) (*table.Runner, []string, []*table.Sub, []*recorder) {
	t.Helper()
	ctx := context.Background()
	r, keys := openPile(t, tables, size, len(names), names[0])
	for i := 1; i < len(names); i++ {
		if err := r.Change(ctx, func(tb *table.Table) error { return tb.Join(keys[i], names[i]) }); err != nil {
			t.Fatal(err)
		}
		if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetReady(keys[i], true) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetTimeline(keys[0], undo, false) }); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(names); i++ { // the timeline setting cleared the ready marks
		if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetReady(keys[i], true) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, keys[0]); err != nil {
		t.Fatal(err)
	}
	subs := make([]*table.Sub, len(names))
	conns := make([]*recorder, len(names))
	for i := range names {
		conns[i] = &recorder{}
		var err error
		if subs[i], err = r.Subscribe(conns[i], keys[i], false); err != nil {
			t.Fatal(err)
		}
	}
	return r, keys, subs, conns
}

// openPile opens a Pile table of size tokens in the lobby, hosted by
// host, and returns it with the host's key and people-1 more keys.
func openPile(t *testing.T, tables *table.Tables, size, people int, host string) (*table.Runner, []string) {
	t.Helper()
	keys := make([]string, people)
	for i := range keys {
		keys[i] = table.KeyOf(table.NewToken())
	}
	r, err := tables.Create(context.Background(), gametest.ID, keys[0], host, json.RawMessage(`{"size":`+itoa(size)+`}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	return r, keys
}

func openStore(t *testing.T) *sqlite.Store {
	t.Helper()
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

func pileOf(t *testing.T, r *table.Runner) int {
	t.Helper()
	st, ok := r.StateFor(game.Public)
	if !ok {
		t.Fatal("no game")
	}
	return st.View.(gametest.View).Pile
}

func lastState(c *recorder) table.StateView {
	c.mu.Lock()
	defer c.mu.Unlock()
	var st struct {
		D table.StateView `json:"d"`
	}
	for _, f := range c.frames {
		if strings.HasPrefix(f, `{"t":"state"`) {
			st.D = table.StateView{}
			json.Unmarshal([]byte(f), &st)
		}
	}
	return st.D
}

// undoPile opens a started two-person Pile table of 10 tokens that allows
// take-backs, and returns it with whose turn it is.
func undoPile(t *testing.T) (*sqlite.Store, *table.Runner, []*table.Sub, []*recorder, game.Seat) {
	t.Helper()
	store := openStore(t)
	tables := table.NewTables(store, table.Options{})
	t.Cleanup(tables.Close)
	r, _, subs, conns := pileTable(t, tables, 10, true, "Ana", "Bo")
	return store, r, subs, conns, lastState(conns[0]).Actors[0]
}

func TestTakeBackRestoresTheGameAndIsStored(t *testing.T) {
	ctx := context.Background()
	store, r, subs, conns, turn := undoPile(t)
	mover, other := subs[turn], subs[1-turn]
	if err := r.Move(ctx, mover, 0, json.RawMessage(`{"type":"take","n":3}`)); err != nil {
		t.Fatal(err)
	}
	if !lastState(conns[turn]).Undo || lastState(conns[1-turn]).Undo {
		t.Fatal("only the person who just moved is offered the take-back")
	}
	if err := r.Undo(ctx, other, 1); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("someone else took back the move: %v", err)
	}
	// A take-back names the version it saw; any other than the table's is
	// stale, and changes nothing.
	for _, v := range []int{0, 2, -1} {
		if err := r.Undo(ctx, mover, v); harbor.ErrorCode(err) != harbor.EStale || !strings.Contains(err.Error(), "version 1, not") {
			t.Fatalf("a take-back against version %d: %v", v, err)
		}
	}
	if moves, _ := store.Moves(ctx, r.ID(), 0); pileOf(t, r) != 7 || r.Version() != 1 || len(moves) != 1 {
		t.Fatalf("stale take-backs changed the table: pile %d, version %d, %d moves stored", pileOf(t, r), r.Version(), len(moves))
	}
	if err := r.Undo(ctx, mover, 1); err != nil {
		t.Fatal(err)
	}
	if pileOf(t, r) != 10 || r.Version() != 2 {
		t.Fatalf("after the take-back: pile %d, version %d", pileOf(t, r), r.Version())
	}
	st := lastState(conns[1-turn])
	if len(st.Events) != 1 || st.Events[0].Type != "undo" || !strings.HasPrefix(said(st.Events[0]), "table.undo who=") || st.Actors[0] != turn {
		t.Fatalf("the others were told %+v", st)
	}
	if err := r.Undo(ctx, mover, 2); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("a second take-back in a row: %v", err)
	}
	moves, err := store.Moves(ctx, r.ID(), 0)
	if err != nil || len(moves) != 2 || string(moves[1].Move) != string(game.UndoMove) {
		t.Fatalf("stored log %+v, %v", moves, err)
	}
	// The take-back replays: a fresh server comes back to the same game.
	again := table.NewTables(store, table.Options{})
	defer again.Close()
	r2, err := again.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	if pileOf(t, r2) != 10 || r2.Version() != 2 {
		t.Fatalf("replayed: pile %d, version %d", pileOf(t, r2), r2.Version())
	}
	// Once someone else has acted, the move is theirs to keep.
	if err := r.Move(ctx, mover, 2, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := r.Move(ctx, other, 3, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := r.Undo(ctx, mover, 4); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("took back a move after another player acted: %v", err)
	}
}

func TestTakeBackIsOffUnlessTheTableAllowsIt(t *testing.T) {
	tables := table.NewTables(openStore(t), table.Options{})
	defer tables.Close()
	ctx := context.Background()
	r, _, subs, conns := pileTable(t, tables, 10, false, "Ana")
	if err := r.Move(ctx, subs[0], 0, json.RawMessage(`{"type":"take","n":2}`)); err != nil {
		t.Fatal(err)
	}
	if lastState(conns[0]).Undo {
		t.Fatal("a take-back was offered at a table without them")
	}
	if err := r.Undo(ctx, subs[0], 1); harbor.ErrorCode(err) != harbor.EConflict || !strings.Contains(err.Error(), "off at this table") {
		t.Fatalf("take-back at a table without them: %v", err)
	}
	if pileOf(t, r) != 8 || r.Version() != 1 {
		t.Fatal("a refused take-back changed the game")
	}
}

// finishPile plays a Pile table to its end, each seat on turn taking one.
func finishPile(t *testing.T, r *table.Runner, subs []*table.Sub, conns []*recorder) {
	t.Helper()
	ctx := context.Background()
	for r.Table().Status != table.Finished {
		st, _ := r.StateFor(game.Public)
		seat := st.Actors[0]
		if err := r.Move(ctx, subs[seat], r.Version(), json.RawMessage(`{"type":"take","n":1}`)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReplayAndForkOfAFinishedGame(t *testing.T) {
	store := openStore(t)
	tables := table.NewTables(store, table.Options{})
	defer tables.Close()
	ctx := context.Background()
	r, keys, subs, conns := pileTable(t, tables, 6, false, "Ana", "Bo")
	if _, err := r.ReplayAt(ctx, 1, false); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("a running game's replay: %v", err)
	}
	if _, err := tables.Fork(ctx, r, keys[0], "", 1); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("a fork of a running game: %v", err)
	}
	finishPile(t, r, subs, conns)
	for at := 0; at <= 6; at++ {
		pos, err := r.ReplayAt(ctx, at, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := pos.View.(gametest.View).Pile; got != 6-at || pos.Total != 6 || len(pos.Seats) != 2 {
			t.Fatalf("at %d: pile %d of %d moves, %d hands", at, got, pos.Total, len(pos.Seats))
		}
		if pos.View.(gametest.View).Secret != nil || pos.Seats[1].(gametest.View).Secret == nil {
			t.Fatal("the public view shows a secret, or a hand lacks its own")
		}
	}
	if _, err := r.ReplayAt(ctx, 7, false); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Fatalf("replay past the end: %v", err)
	}
	if _, err := tables.Fork(ctx, r, keys[0], "", 6); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Fatalf("a fork at the end of the game: %v", err)
	}
	if _, err := tables.Fork(ctx, r, table.KeyOf(table.NewToken()), "Eve", 2); harbor.ErrorCode(err) != harbor.EForbidden {
		t.Fatalf("a stranger forked the game: %v", err)
	}
	f, err := tables.Fork(ctx, r, keys[1], "", 2)
	if err != nil {
		t.Fatal(err)
	}
	lobby := f.Lobby()
	if lobby.Status != table.Lobby || lobby.ForkAt != 2 || len(lobby.Seats) != 2 || lobby.Seats[1].Name != "Bo" || lobby.Seats[0].Name != "Ana" {
		t.Fatalf("the fork's lobby %+v", lobby)
	}
	// Ana, taken along to her old seat, says she is ready; the game starts at move 2.
	if err := f.Change(ctx, func(tb *table.Table) error { return tb.SetReady(keys[0], true) }); err != nil {
		t.Fatal(err)
	}
	if err := f.Start(ctx, keys[1]); err != nil {
		t.Fatal(err)
	}
	if got := pileOf(t, f); got != 4 || f.Version() != 0 {
		t.Fatalf("the fork starts with %d tokens at version %d, want 4 at 0", got, f.Version())
	}
	// A restart replays the fork from its origin.
	again := table.NewTables(store, table.Options{})
	defer again.Close()
	f2, err := again.Get(ctx, f.ID())
	if err != nil || pileOf(t, f2) != 4 {
		t.Fatalf("the fork after a restart: %v", err)
	}
}

// TestTakeBackIsNeverOfferedForAComputersMove: a move a computer player
// made in a person's seat (here after Bo handed it over) is not Bo's to
// take back once he has his seat again, though it revealed nothing and
// nobody has acted since.
func TestTakeBackIsNeverOfferedForAComputersMove(t *testing.T) {
	store := openStore(t)
	tables := table.NewTables(store, table.Options{})
	defer tables.Close()
	ctx := context.Background()
	r, keys, subs, conns := pileTable(t, tables, 20, true, "Ana", "Bo")
	if turn := lastState(conns[0]).Actors[0]; turn == 0 {
		if err := r.Move(ctx, subs[0], r.Version(), json.RawMessage(`{"type":"take","n":1}`)); err != nil {
			t.Fatal(err)
		}
	}
	at := r.Version()
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.HandSeat(keys[1], 1, true) }); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); r.Version() == at; time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the computer player never played Bo's turn")
		}
	}
	if err := r.Change(ctx, func(tb *table.Table) error { return tb.HandSeat(keys[1], 1, false) }); err != nil {
		t.Fatal(err)
	}
	moves, err := store.Moves(ctx, r.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if last := moves[len(moves)-1]; last.Seat != 1 || !last.StandIn {
		t.Fatalf("the last move is %+v, not the computer's in Bo's seat", last)
	}
	// Bo's page, live or reloaded, offers no take-back.
	again := &recorder{}
	if _, err := r.Subscribe(again, keys[1], false); err != nil {
		t.Fatal(err)
	}
	if lastState(conns[1]).Undo || lastState(again).Undo {
		t.Fatal("Bo is offered to take back the move the computer made for him")
	}
	if err := r.Undo(ctx, subs[1], r.Version()); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("Bo took back the computer's move: %v", err)
	}
}
