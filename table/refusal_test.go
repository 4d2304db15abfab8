package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

// faultyPile is Pile whose computer players at a table (NewComputer) only
// ever ask for more tokens than the rules allow; NewBot, which tests of
// every registered game use, stays Pile's own.
type faultyPile struct{ game.Definition }

func (faultyPile) Info() game.Info {
	info := gametest.Definition.Info()
	info.ID, info.Name = "faultypile", "Faulty Pile"
	return info
}

func (d faultyPile) NewComputer(seat game.Seat, _ uint64, _ game.Level, _ game.BudgetFunc) (game.Computer, error) {
	return faultyBots.get(seat), nil
}

// faultyBot takes nine tokens (at most three are allowed) and keeps what
// it is told of the refusals.
type faultyBot struct {
	mu      sync.Mutex
	refused []string // "<move> <error code>"
}

func (b *faultyBot) Move(game.Game, game.Seat) (json.RawMessage, error) {
	return json.RawMessage(`{"type":"take","n":9}`), nil
}

func (b *faultyBot) Refused(move json.RawMessage, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refused = append(b.refused, string(move)+" "+harbor.ErrorCode(err))
}

type botSet struct {
	mu   sync.Mutex
	bots map[game.Seat]*faultyBot
}

// reset forgets the players made so far: every test of every registered
// game may have played Faulty Pile before.
func (s *botSet) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.bots)
}

func (s *botSet) get(seat game.Seat) *faultyBot {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bots[seat] == nil {
		s.bots[seat] = &faultyBot{}
	}
	return s.bots[seat]
}

var faultyBots = botSet{bots: map[game.Seat]*faultyBot{}}

func init() { game.Register(faultyPile{gametest.Definition}) }

// TestRefusedComputerMovesNeverStall: two computer players whose every
// move the game refuses still play their game to its end. Each refusal is
// counted and told to the player, who is asked once more, and then the
// table plays the first legal move (taking one token) in its place.
func TestRefusedComputerMovesNeverStall(t *testing.T) {
	faultyBots.reset()
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	tables := table.NewTables(store, table.Options{})
	defer tables.Close()
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, "faultypile", host, "Ana", json.RawMessage(`{"size":5}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	err = r.Change(ctx, func(tb *table.Table) error {
		if err := tb.Sit(host, -1, ""); err != nil {
			return err
		}
		if err := tb.AddBot(host, -1); err != nil {
			return err
		}
		return tb.AddBot(host, -1)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Subscribe(&recorder{}, host, false); err != nil { // someone watches: the computers play
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); r.Table().Status != table.Finished; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the table stalled at version %d", r.Version())
		}
	}
	moves, err := store.Moves(ctx, r.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 5 {
		t.Fatalf("%d moves stored, want 5 (one token each)", len(moves))
	}
	for i, m := range moves {
		if string(m.Move) != `{"type":"take","n":1}` || m.Seat != game.Seat(i%2) {
			t.Fatalf("move %d: seat %d %s, want the first legal move of seat %d", i, m.Seat, m.Move, i%2)
		}
	}
	refused, fallbacks := tables.ComputerRefusals()
	if refused != 10 || fallbacks != 5 {
		t.Fatalf("counted %d refused moves and %d fallbacks, want 10 and 5", refused, fallbacks)
	}
	for seat, turns := range map[game.Seat]int{0: 3, 1: 2} {
		b := faultyBots.get(seat)
		b.mu.Lock()
		told := b.refused
		b.mu.Unlock()
		if len(told) != 2*turns {
			t.Fatalf("seat %d was told of %d refusals, want %d", seat, len(told), 2*turns)
		}
		for _, r := range told {
			if r != `{"type":"take","n":9} `+harbor.EIllegal && r != `{"type":"take","n":9} `+harbor.EInvalid {
				t.Fatalf("seat %d was told %q", seat, r)
			}
		}
	}
}
