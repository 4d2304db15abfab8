package contracttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"harbor/game"
)

// forkSeeds is how many forks each probe of CheckFork compares.
const forkSeeds = 3

// CheckFork plays cfgs' games and forks them. A fork
//   - shows every seat and the public exactly the original's views
//     (compared at every every-th move);
//   - leaves the original untouched, compared state for state (deep
//     equality of the states, which also sees what no view shows, such as
//     a deck's order);
//   - draws afresh what nobody has seen. At every move the check takes one
//     legal move of each kind an actor has there that reveals something
//     and whose outcome its mover could not foresee (see unforeseeable),
//     and makes it in forkSeeds forks of different seeds. Each kind of
//     move must turn out differently across the forks at least once (and
//     within its first 20 such moves). A fork that kept the deck's order
//     or the dice to come makes the card bought or the dice rolled the
//     same in every fork.
func CheckFork(d game.Definition, cfgs []game.Config, every int) error {
	should := map[string]int{} // probes whose outcome nobody could foresee, by move type
	varied := map[string]int{} // of those, the ones the forks varied
	for _, cfg := range cfgs {
		n := len(cfg.Players)
		w := newWalker(d, cfg, map[string]int{}, map[string]int{})
		probe := 0
		err := w.walk(4000, func(g game.Game, i int) error {
			probe++
			return checkForkAt(d, g, n, cfg.Seed*7919+uint64(probe), i%every == 0, should, varied)
		}, nil)
		if err != nil {
			return err
		}
	}
	if len(should) == 0 {
		return fmt.Errorf("%s: no move anywhere had an outcome nobody could foresee, so the forks' fresh draws were never tested", d.Info().ID)
	}
	types := make([]string, 0, len(should))
	for t := range should {
		types = append(types, t)
	}
	sort.Strings(types)
	for _, t := range types {
		if should[t] >= 3 && varied[t] == 0 {
			return keptUnseen(d, t, should[t])
		}
	}
	return nil
}

func checkForkAt(d game.Definition, g game.Game, n int, seed uint64, viewsToo bool, should, varied map[string]int) error {
	orig := g.Clone()
	if !reflect.DeepEqual(orig, g) {
		return fmt.Errorf("%s: Clone gives a state that is not deeply equal to the original", d.Info().ID)
	}
	var before []any
	if viewsToo {
		before = views(g, n)
	}
	var forks []game.Game
	fork := func() error {
		for i := range forkSeeds {
			f, err := d.Fork(g, seed+uint64(i)*104729)
			if err != nil {
				return err
			}
			if !reflect.DeepEqual(orig, g) {
				return fmt.Errorf("forking changed the original game (state for state)")
			}
			if viewsToo {
				if v, ok := sameViews(before, views(f, n)); !ok {
					return fmt.Errorf("a fork shows %s something else than the original did", viewerName(v))
				}
			}
			forks = append(forks, f)
		}
		return nil
	}
	if viewsToo {
		if err := fork(); err != nil {
			return err
		}
	}
	for _, seat := range g.Actors().List() {
		for _, raw := range onePerType(g.Legal(seat)) {
			t := moveType(raw)
			if should[t] >= 20 && varied[t] > 0 {
				continue // this kind of move has shown the forks draw afresh
			}
			after := g.Clone()
			if after.Apply(seat, raw, nil) != nil || d.Undoable(g, after, seat, raw) {
				continue // a move that reveals nothing has nothing to draw afresh
			}
			unforeseeable, err := unforeseeable(d, g, seat, raw, seed)
			if err != nil || !unforeseeable {
				return err
			}
			if forks == nil {
				if err := fork(); err != nil {
					return err
				}
			}
			should[t]++
			// Forks with different seeds must differ among themselves: a fork
			// that drew from the original's generator differs from the
			// original, but not from another fork.
			var outcomes [][]byte
			for _, f := range forks {
				outcomes = append(outcomes, outcome(f, n, seat, raw))
			}
			if slices.ContainsFunc(outcomes[1:], func(o []byte) bool { return !bytes.Equal(o, outcomes[0]) }) {
				varied[t]++
			} else if should[t] >= 20 && varied[t] == 0 {
				return keptUnseen(d, t, should[t])
			}
		}
	}
	return nil
}

func keptUnseen(d game.Definition, moveType string, n int) error {
	return fmt.Errorf("%s: %d %q moves had outcomes their mover could not foresee, yet each turned out the same in every fork: the fork kept what nobody had seen", d.Info().ID, n, moveType)
}

// onePerType encodes the first legal move of each type.
func onePerType(legal []any) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	for _, m := range legal {
		raw := mustJSON(m)
		if t := moveType(raw); !seen[t] {
			seen[t] = true
			out = append(out, raw)
		}
	}
	return out
}

// outcome is every view after seat makes move in a copy of g, or the
// refusal.
func outcome(g game.Game, n int, seat game.Seat, move []byte) []byte {
	c := g.Clone()
	if err := c.Apply(seat, move, nil); err != nil {
		return []byte("refused: " + err.Error())
	}
	var out []byte
	for _, v := range views(c, n) {
		out = append(append(out, mustJSON(v)...), '\n')
	}
	return out
}

// unforeseeable reports whether seat could not foresee what its move in g
// shows it. For a game with Determinise: its own view after the move
// differs across states sampled from its view before, where the move can
// be made. Otherwise: the move reveals something (the caller checked).
// What the mover cannot foresee may still be something another seat has
// seen (a card another seat looked at), which a fork keeps: CheckFork asks
// only that each kind of move vary across forks at least once.
func unforeseeable(d game.Definition, g game.Game, seat game.Seat, move []byte, seed uint64) (bool, error) {
	if !canSample(d) {
		return true, nil
	}
	var first []byte
	for k := range 6 {
		s, err := d.Sample(g, seat, seed^uint64(k+1)*0x9e3779b9)
		if err != nil {
			return false, err
		}
		if s.Apply(seat, move, nil) != nil {
			continue
		}
		o := viewOf(s, seat)
		if first == nil {
			first = o
		} else if !bytes.Equal(o, first) {
			return true, nil
		}
	}
	return false, nil
}

func mustJSON(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return raw
}

// typesList is a readable list of move types.
func typesList(m map[string]int) string {
	var ts []string
	for t := range m {
		ts = append(ts, t)
	}
	sort.Strings(ts)
	return strings.Join(ts, ", ")
}
