// Package leveltest checks a game's Determinise and its hard computer
// player: the sampled states agree with the seat's view, and the hard
// player's choice depends on the view and the legal moves alone.
package leveltest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"harbor/game"
)

// Rollouts is the hard player's budget per decision in these checks:
// counted, never timed, so the checks are deterministic.
const Rollouts = 24

// Check plays each cfg to its end with the rule-based players, and at every
// every-th decision checks for the acting seat that
//   - two states Determinise samples from its view give that view back,
//     list the same legal moves, and differ from each other in what the
//     view hides at least once over the games;
//   - the hard player (same seed, Rollouts per decision) makes the same
//     choice from the real state and from both samples: states that share
//     the seat's view but not its hidden parts.
func Check[S game.State[S, M, V], M any, V any](t *testing.T, r game.Rules[S, M, V], cfgs []game.Config, every int) {
	t.Helper()
	differ, checks := 0, 0
	for gi, cfg := range cfgs {
		s, err := r.Setup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]game.Bot[M, V], len(cfg.Players))
		for i := range bots {
			bots[i] = r.NewBot(game.Seat(i), uint64(i))
		}
		rng := game.NewRand(cfg.Seed)
		for n := 0; !s.Result().Over; n++ {
			if n > 100000 {
				t.Fatalf("game %d stalled", gi)
			}
			seat := s.Actors().Nth(rng.Intn(s.Actors().Len()))
			legal := s.Legal(seat, nil)
			if n%every == every-1 {
				checks++
				if checkDecision(t, r, s, seat, legal, uint64(gi*1000+n)) {
					differ++
				}
			}
			m := bots[seat].Choose(s.View(seat), legal)
			if err := s.Apply(seat, m, nil); err != nil {
				if err := s.Apply(seat, legal[0], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checks == 0 || differ == 0 {
		t.Fatalf("%d checks, and the samples never differed in their hidden parts", checks)
	}
}

// checkDecision checks one decision and reports whether the two samples
// differed in their hidden parts.
func checkDecision[S game.State[S, M, V], M any, V any](t *testing.T, r game.Rules[S, M, V], s S, seat game.Seat, legal []M, seed uint64) bool {
	t.Helper()
	view := s.View(seat)
	r1, r2 := game.NewRand(seed), game.NewRand(seed+1)
	a, b := r.Determinise(view, &r1), r.Determinise(view, &r2)
	for _, d := range []S{a, b} {
		if got := d.View(seat); !reflect.DeepEqual(got, view) {
			t.Fatalf("seat %d: a sampled state's view differs from the view it came from:\n got %s\nwant %s", seat, mustJSON(t, got), mustJSON(t, view))
		}
		if got := d.Legal(seat, nil); !reflect.DeepEqual(got, legal) {
			t.Fatalf("seat %d: a sampled state lists other moves:\n got %v\nwant %v", seat, got, legal)
		}
	}
	want := game.NewSearchBot(r, seat, 7, fixed).Choose(view, legal)
	for _, d := range []S{a, b} {
		if got := game.NewSearchBot(r, seat, 7, fixed).Choose(d.View(seat), d.Legal(seat, nil)); !reflect.DeepEqual(got, want) {
			t.Fatalf("seat %d: the hard player chose %v from one state and %v from another with the same view", seat, got, want)
		}
	}
	return mustJSON(t, a) != mustJSON(t, b)
}

func fixed() game.Budget { return game.Budget{Rollouts: Rollouts} }

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Configs returns a game of n players (named A, B, ...) for each seed.
func Configs(n int, seeds ...uint64) []game.Config {
	var out []game.Config
	for _, seed := range seeds {
		cfg := game.Config{Seed: seed}
		for i := range n {
			cfg.Players = append(cfg.Players, game.Player{Name: string(rune('A' + i))})
		}
		out = append(out, cfg)
	}
	return out
}

// CheckPlayerCounts runs Check on two games of each player count, seeded
// from seed, every 97th decision, as one subtest per count.
func CheckPlayerCounts[S game.State[S, M, V], M any, V any](t *testing.T, r game.Rules[S, M, V], counts []int, seed uint64) {
	for _, n := range counts {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			Check(t, r, Configs(n, seed, seed+1), 97)
		})
	}
}
