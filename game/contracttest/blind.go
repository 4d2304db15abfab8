package contracttest

import (
	"bytes"
	"fmt"
	"reflect"

	"harbor/game"
)

// blindSamples is how many states sampled from the deciding seat's view
// (beside one fork) each decision of CheckBlind is made again in, and
// hardChecks at how many moves of each game the hard level is asked.
const (
	blindSamples = 2
	hardChecks   = 4
)

// CheckBlind plays cfgs' games and, at every every-th move, asks the
// computer player of every level the game offers (seeded alike; its hard
// level bounded by budget, and asked at the first hardChecks of these
// moves of each game, for its decisions cost play-outs) for the acting
// seat's move in the real game and
// in games that show that seat exactly the same but differ in what it
// cannot see: a fork (what nobody has seen drawn afresh) and, for a game
// with Determinise, states sampled from the seat's view. A computer player
// decides from its own view, so its move must be the same in all of them.
// It fails, too, if the games compared never differed from the real one.
func CheckBlind(d game.Definition, cfgs []game.Config, every int, budget game.BudgetFunc) error {
	info := d.Info()
	decisions, hidden := 0, 0
	for _, cfg := range cfgs {
		w := newWalker(d, cfg, map[string]int{}, map[string]int{})
		hard := 0
		err := w.walk(4000, func(g game.Game, i int) error {
			if i%every != every-1 {
				return nil
			}
			seat := g.Actors().First()
			seed := cfg.Seed*31 + uint64(i)
			others, err := redraws(d, g, seat, seed)
			if err != nil {
				return err
			}
			for _, o := range others {
				if !reflect.DeepEqual(o, g) {
					hidden++
				}
			}
			for _, level := range info.Levels {
				if level == game.LevelHard {
					if hard++; hard > hardChecks {
						continue
					}
				}
				decisions++
				want, err := decide(d, g, seat, seed, level, budget)
				if err != nil {
					return err
				}
				for _, o := range others {
					got, err := decide(d, o, seat, seed, level, budget)
					if err != nil {
						return err
					}
					if !bytes.Equal(got, want) {
						return fmt.Errorf("the %s computer player of seat %d chose %s in the real game but %s in one that shows it the same and differs only in what it cannot see: it reads more than its view", level, seat, want, got)
					}
				}
			}
			return nil
		}, nil)
		if err != nil {
			return err
		}
	}
	if decisions == 0 || hidden == 0 {
		return fmt.Errorf("%s: %d decisions compared, and the games they were compared in never differed from the real one", info.ID, decisions)
	}
	return nil
}

// redraws returns games that show seat what g shows it, with what it
// cannot see drawn afresh: a fork and, for a game with Determinise,
// samples of its view. Each must show seat exactly its view of g.
func redraws(d game.Definition, g game.Game, seat game.Seat, seed uint64) ([]game.Game, error) {
	f, err := d.Fork(g, seed)
	if err != nil {
		return nil, err
	}
	out := []game.Game{f}
	if canSample(d) {
		for k := range blindSamples {
			s, err := d.Sample(g, seat, seed+uint64(k+1)*0x9e3779b9)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	view := g.View(seat)
	for _, o := range out {
		if !sameView(o.View(seat), view) {
			return nil, fmt.Errorf("a fork or a sample of seat %d's view shows it something else than the game it came from", seat)
		}
	}
	return out, nil
}

// decide is the move a fresh computer player of level, seeded with seed,
// makes for seat in a copy of g.
func decide(d game.Definition, g game.Game, seat game.Seat, seed uint64, level game.Level, budget game.BudgetFunc) ([]byte, error) {
	c, err := d.NewComputer(seat, seed, level, budget)
	if err != nil {
		return nil, err
	}
	return c.Move(g.Clone(), seat)
}
