package all_test

import (
	"strings"
	"testing"

	"harbor/game"
	"harbor/game/contracttest"
	"harbor/games/greatharbor"
	"harbor/games/harborfall"
	"harbor/games/neko"
)

// The contract checkers' self-tests: each checker must reject a game or a
// computer player broken on purpose in the way it exists to catch. A
// checker that accepted one would be a check that cannot fail.

type (
	hfRules = game.Rules[*harborfall.State, harborfall.Move, harborfall.View]
	ghRules = game.Rules[*greatharbor.State, greatharbor.Move, greatharbor.View]
	nkRules = game.Rules[*neko.State, neko.Move, neko.View]
)

// harborfallWith is Harborfall with change made to its rules.
func harborfallWith(change func(r *hfRules)) game.Definition {
	r := harborfall.Rules
	change(&r)
	return game.Define(r)
}

// rejects fails t unless err is a rejection whose text contains want.
func rejects(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatal("the checker accepted a game broken on purpose")
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("the checker rejected the broken game for another reason than expected (%q): %v", want, err)
	}
	t.Log("rejected: ", err)
}

// TestCheckForkRejectsBrokenForks: a Harborfall fork that keeps the undrawn
// development cards in their order, one that keeps the dice to come, and
// one that shuffles the original game's deck are each rejected.
func TestCheckForkRejectsBrokenForks(t *testing.T) {
	for _, c := range []struct {
		name, want string
		fork       func(s *harborfall.State, seed uint64) *harborfall.State
	}{
		{"keeps the deck order", "kept what nobody had seen", func(s *harborfall.State, seed uint64) *harborfall.State {
			f := harborfall.Fork(s, seed)
			f.Deck = s.Deck
			return f
		}},
		{"keeps the dice to come", "kept what nobody had seen", func(s *harborfall.State, seed uint64) *harborfall.State {
			f := harborfall.Fork(s, seed)
			f.Rand = s.Rand
			return f
		}},
		{"shuffles the original's deck", "changed the original", func(s *harborfall.State, seed uint64) *harborfall.State {
			rng := game.NewRand(seed)
			deck := s.Deck[:s.DeckLen]
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			return harborfall.Fork(s, seed)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := harborfallWith(func(r *hfRules) { r.Fork = c.fork })
			rejects(t, contracttest.CheckFork(d, contracttest.Configs(d, 1), forkEvery), c.want)
		})
	}
}

// TestCheckRevealsRejectsMovesThatShowedSomething: Reveals functions that
// let a move be taken back although it showed something are rejected:
// Harborfall's winning build that shows the winner's Secret points (the
// game's Reveals before HF-71 was taken into account), The Great Harbor's
// Lighthouse look, and Neko Harbour's card played from a hand.
func TestCheckRevealsRejectsMovesThatShowedSomething(t *testing.T) {
	t.Run("Harborfall: a winning build shows nothing", func(t *testing.T) {
		d := harborfallWith(func(r *hfRules) {
			r.Reveals = func(before, after *harborfall.State, seat game.Seat, m harborfall.Move) bool {
				drew := !before.Rand.Same(&after.Rand) || before.DeckLen != after.DeckLen
				for p := range before.Dev {
					for k, n := range before.Dev[p] {
						drew = drew || after.Dev[p][k] < n
					}
				}
				return drew
			}
		})
		rejects(t, contracttest.CheckReveals(d, contracttest.Configs(d, 2), revealLimit, revealEndings), "it revealed something")
	})
	t.Run("The Great Harbor: a Lighthouse look shows nothing", func(t *testing.T) {
		r := greatharbor.Rules
		r.Reveals = func(before, after *greatharbor.State, seat game.Seat, m greatharbor.Move) bool {
			a := after.Clone()
			for i := range a.Players {
				a.Players[i].Peek = before.Players[i].Peek
			}
			return greatharbor.Reveals(before, a, seat, m)
		}
		d := game.Define(r)
		rejects(t, contracttest.CheckReveals(d, contracttest.Configs(d, 2), revealLimit, revealEndings), "it revealed something")
	})
	t.Run("Neko Harbour: a card played from a hand shows nothing", func(t *testing.T) {
		r := neko.Rules
		r.Reveals = func(before, after *neko.State, seat game.Seat, m neko.Move) bool {
			a := after.Clone()
			for i := range a.Players {
				a.Players[i].Hand, a.Players[i].HandN = before.Players[i].Hand, before.Players[i].HandN
			}
			return neko.Reveals(before, a, seat, m)
		}
		d := game.Define(r)
		rejects(t, contracttest.CheckReveals(d, contracttest.Configs(d, 2), revealLimit, revealEndings), "showed seat")
	})
}
