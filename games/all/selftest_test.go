package all_test

import (
	"encoding/json"
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

type hfRules = game.Rules[*harborfall.State, harborfall.Move, harborfall.View]

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

// cheatingHard is a game whose hard computer player is replaced by cheat,
// which is given the real game.
type cheatingHard struct {
	game.Definition
	cheat func(g game.Game, seat game.Seat, seed uint64, budget game.BudgetFunc) ([]byte, error)
}

func (c cheatingHard) NewComputer(seat game.Seat, seed uint64, level game.Level, budget game.BudgetFunc) (game.Computer, error) {
	if level != game.LevelHard {
		return c.Definition.NewComputer(seat, seed, level, budget)
	}
	return computerFunc(func(g game.Game, seat game.Seat) (json.RawMessage, error) { return c.cheat(g, seat, seed, budget) }), nil
}

type computerFunc func(g game.Game, seat game.Seat) (json.RawMessage, error)

func (f computerFunc) Move(g game.Game, seat game.Seat) (json.RawMessage, error) { return f(g, seat) }

// searchWith is the hard player's choice for seat in g, searching states
// drawn by determinise.
func searchWith[S game.State[S, M, V], M any, V any](r game.Rules[S, M, V], g game.Game, seat game.Seat, seed uint64, budget game.BudgetFunc, determinise func(real S, v V, rng *game.Rand) S) ([]byte, error) {
	real, _ := game.StateOf[S, M, V](g)
	r.Determinise = func(v V, rng *game.Rand) S { return determinise(real, v, rng) }
	return json.Marshal(game.NewSearchBot(r, seat, seed, budget).Choose(real.View(seat), real.Legal(seat, nil)))
}

// TestCheckBlindRejectsPlayersThatPeek: a hard Harborfall player that
// reads its rivals' real hands, and a hard Neko Harbour player that reads
// the real order of the cards not dealt yet, are rejected.
func TestCheckBlindRejectsPlayersThatPeek(t *testing.T) {
	t.Run("Harborfall: rivals' hands", func(t *testing.T) {
		d := cheatingHard{harborfall.Definition, func(g game.Game, seat game.Seat, seed uint64, budget game.BudgetFunc) ([]byte, error) {
			return searchWith(harborfall.Rules, g, seat, seed, budget, func(real *harborfall.State, v harborfall.View, rng *game.Rand) *harborfall.State {
				s := harborfall.Determinise(v, rng)
				for q := range s.Hands {
					if game.Seat(q) != seat {
						s.Hands[q] = real.Hands[q]
					}
				}
				return s
			})
		}}
		// Twice the suite's budget: the peeking shows in the play-outs, and
		// with fewer of them the sampled positions may hide it.
		peekBudget := func() game.Budget { return game.Budget{Rollouts: 2 * blindBudget().Rollouts} }
		rejects(t, contracttest.CheckBlind(d, contracttest.Configs(d, 3), blindEvery, peekBudget), "reads more than its view")
	})
	t.Run("Neko Harbour: the undealt deck", func(t *testing.T) {
		d := cheatingHard{neko.Definition, func(g game.Game, seat game.Seat, seed uint64, budget game.BudgetFunc) ([]byte, error) {
			return searchWith(neko.Rules, g, seat, seed, budget, func(real *neko.State, v neko.View, rng *game.Rand) *neko.State {
				s := neko.Determinise(v, rng)
				s.Decks = real.Decks
				return s
			})
		}}
		rejects(t, contracttest.CheckBlind(d, contracttest.Configs(d, 3), blindEvery, blindBudget), "reads more than its view")
	})
}

// levelsWith is a game whose easy computer player is made by easy.
type levelsWith struct {
	game.Definition
	easy func(seat game.Seat, seed uint64) game.Computer
}

func (l levelsWith) NewComputer(seat game.Seat, seed uint64, level game.Level, budget game.BudgetFunc) (game.Computer, error) {
	if level == game.LevelEasy {
		return l.easy(seat, seed), nil
	}
	return l.Definition.NewComputer(seat, seed, level, budget)
}

// TestCheckLevelsRejectsLevelsThatDoNotRank: an easy player that is the
// normal one, and an easy player that plays at random, are rejected in
// every game that has levels.
func TestCheckLevelsRejectsLevelsThatDoNotRank(t *testing.T) {
	for _, d := range game.All() {
		if !d.Info().HasLevel(game.LevelEasy) {
			t.Logf("%s offers one computer level (%v): no levels to break", d.Info().ID, d.Info().Levels)
			continue
		}
		t.Run(d.Info().ID+": easy is normal", func(t *testing.T) {
			broken := levelsWith{d, func(seat game.Seat, seed uint64) game.Computer {
				c, _ := d.NewComputer(seat, seed, game.LevelNormal, nil)
				return c
			}}
			rejects(t, contracttest.CheckLevels(broken, levelPlayers(d.Info()), levelGames, 5), "the levels do not differ")
		})
		t.Run(d.Info().ID+": easy plays at random", func(t *testing.T) {
			broken := levelsWith{d, func(seat game.Seat, seed uint64) game.Computer {
				rng := game.NewRand(seed)
				return computerFunc(func(g game.Game, seat game.Seat) (json.RawMessage, error) {
					legal := g.Legal(seat)
					return json.Marshal(legal[rng.Intn(len(legal))])
				})
			}}
			rejects(t, contracttest.CheckLevels(broken, levelPlayers(d.Info()), levelGames, 5), "does not beat them")
		})
	}
}

// TestCheckTakeBackRejectsAReplayThatLetsAnySeatTakeBack: a replay that
// lets any seat take back the last move is rejected.
func TestCheckTakeBackRejectsAReplayThatLetsAnySeatTakeBack(t *testing.T) {
	anySeat := func(d game.Definition, cfg game.Config, records []game.Record) (game.Game, error) {
		rs := append([]game.Record(nil), records...)
		for i := 1; i < len(rs); i++ {
			if rs[i].IsUndo() {
				rs[i].Seat = rs[i-1].Seat
			}
		}
		return game.Replay(d, cfg, rs)
	}
	d := harborfall.Definition
	rejects(t, contracttest.CheckTakeBack(d, contracttest.Configs(d, 4), anySeat), "take back seat")
}
