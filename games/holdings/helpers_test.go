package holdings

import (
	"encoding/json"
	"errors"
	"testing"

	"harbor"
	"harbor/game"
)

var testNames = []string{"Ana", "Ben", "Cai", "Dee", "Eve", "Fay"}

// newGame sets up an n-player game with the given options JSON ("" for the
// defaults) and puts the turn order back to seat order, so a test knows who
// moves when.
func newGame(t testing.TB, n int, options string) *State {
	t.Helper()
	cfg := setupConfig(n, 7)
	if options != "" {
		cfg.Options = json.RawMessage(options)
	}
	s, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		s.Order[i] = int8(i)
	}
	return s
}

// setupConfig is an n-player configuration with default options.
func setupConfig(n int, seed uint64) game.Config {
	cfg := game.Config{Seed: seed}
	for i := 0; i < n; i++ {
		cfg.Players = append(cfg.Players, game.Player{Name: testNames[i]})
	}
	return cfg
}

// play applies m for seat and fails the test if it is refused; it returns
// the events.
func play(t testing.TB, s *State, seat game.Seat, m Move) []game.Event {
	t.Helper()
	var log game.Log
	before := s.Cash
	if err := s.Apply(seat, m, &log); err != nil {
		t.Fatalf("%s by seat %d refused: %v", m.Type, seat, err)
	}
	if err := checkFlows(before, s, log.Events); err != nil {
		t.Fatal(err)
	}
	return log.Events
}

// rollTo forces the dice to d1, d2 and rolls for seat.
func rollTo(t testing.TB, s *State, seat game.Seat, d1, d2 int) []game.Event {
	t.Helper()
	s.Rand.ForceDice(d1, d2)
	return play(t, s, seat, Move{Type: MoveRoll})
}

// refuse applies m for seat, expects a refusal naming rule (and code, when
// not empty) and checks that the state did not change at all.
func refuse(t testing.TB, s *State, seat game.Seat, m Move, code, rule string) {
	t.Helper()
	before := encode(t, s)
	err := s.Apply(seat, m, nil)
	var he *harbor.Error
	if !errors.As(err, &he) {
		t.Fatalf("%+v by seat %d: want a refusal (%s), got %v", m, seat, rule, err)
	}
	if rule != "" && he.Rule != rule {
		t.Fatalf("%+v by seat %d: refused under %s (%v), want %s", m, seat, he.Rule, err, rule)
	}
	if code != "" && he.Code != code {
		t.Fatalf("%+v by seat %d: code %s, want %s", m, seat, he.Code, code)
	}
	if after := encode(t, s); after != before {
		t.Fatalf("refused %+v changed the state", m)
	}
}

func encode(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// putCard makes card the next draw of deck.
func putCard(s *State, deck, card int) {
	p := &s.Decks[deck]
	for i, c := range p.Cards {
		if int(c) == card {
			p.Cards[i], p.Cards[p.Top] = p.Cards[p.Top], p.Cards[i]
			return
		}
	}
}

// give makes seat the owner of spaces, with levels improvements each.
func give(s *State, seat game.Seat, levels int, spaces ...int) {
	for _, sp := range spaces {
		s.Owner[sp] = int8(seat)
		s.Level[sp] = int8(levels)
	}
}

// flows returns the Coin flows among events.
func flows(events []game.Event) []Flow {
	var out []Flow
	for _, e := range events {
		if f, ok := e.Data.(Flow); ok {
			out = append(out, f)
		}
	}
	return out
}

func hasFlow(events []game.Event, from, to Party, amount int, reason string) bool {
	for _, f := range flows(events) {
		if f.From == from && f.To == to && f.Amount == amount && f.Reason == reason {
			return true
		}
	}
	return false
}
