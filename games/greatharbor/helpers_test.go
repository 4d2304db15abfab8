package greatharbor

import (
	"encoding/json"
	"fmt"
	"testing"

	"harbor/game"
)

func cfgFor(n int, seed uint64, opts string) game.Config {
	ps := make([]game.Player, n)
	for i := range ps {
		ps[i] = game.Player{Name: fmt.Sprintf("P%d", i+1)}
	}
	c := game.Config{Players: ps, Seed: seed}
	if opts != "" {
		c.Options = json.RawMessage(opts)
	}
	return c
}

func policies(n int, p game.Policy) []game.Policy {
	out := make([]game.Policy, n)
	for i := range out {
		out[i] = p
	}
	return out
}

func newGame(t testing.TB, n int, seed uint64, opts string) *State {
	t.Helper()
	s, err := Setup(cfgFor(n, seed, opts))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// apply applies m for the acting seat and fails the test on refusal.
func apply(t testing.TB, s *State, m Move) {
	t.Helper()
	if err := s.Apply(game.Seat(s.actor()), m, nil); err != nil {
		t.Fatalf("move %+v refused: %v", m, err)
	}
}

// optionsFor spreads the rules options over seeds.
func optionsFor(n int, seed uint64) string {
	switch {
	case n == 1:
		return ""
	case n < 4 && seed%3 == 0:
		if seed%2 == 0 {
			return `{"automa":true,"shops":true}`
		}
		return `{"automa":true}`
	case seed%2 == 1:
		return `{"shops":true}`
	}
	return ""
}
