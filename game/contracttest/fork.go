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
//   - draws afresh what nobody has seen. For a game with Determinise,
//     "what nobody has seen" is found part by part: a part of the state
//     (a leaf of it, such as one place of a deck or a word of the
//     generator) is hidden from every seat where it differs between two
//     states sampled from each seat's view. Each part found hidden at
//     least three times must differ between forks of different seeds at
//     least once (checkForkParts). For a game without Determinise, at
//     every move each kind of move that reveals something is made in
//     forkSeeds forks, and must turn out differently across them at least
//     once (within its first 20). A fork that kept the deck's order or the
//     dice to come keeps the same cards in the deck, or the same
//     generator, in every fork.
func CheckFork(d game.Definition, cfgs []game.Config, every int) error {
	should := map[string]int{}  // moves that revealed something, by type (a game without Determinise)
	varied := map[string]int{}  // of those, the ones the forks varied
	unseen := map[string]int{}  // positions where a part of the state was hidden from every seat, by its path
	redrawn := map[string]int{} // of those, the ones where the forks differed in it
	for _, cfg := range cfgs {
		n := len(cfg.Players)
		w := newWalker(d, cfg, map[string]int{}, map[string]int{})
		probe := 0
		err := w.walk(4000, func(g game.Game, i int) error {
			probe++
			if canSample(d) {
				if i%every != 0 {
					return nil
				}
				return checkForkParts(d, g, n, cfg.Seed*7919+uint64(probe), unseen, redrawn)
			}
			return checkForkAt(d, g, n, cfg.Seed*7919+uint64(probe), i%every == 0, should, varied)
		}, nil)
		if err != nil {
			return err
		}
	}
	if canSample(d) {
		if len(unseen) == 0 {
			return fmt.Errorf("%s: no part of the state was ever hidden from every seat, so the forks' fresh draws were never tested", d.Info().ID)
		}
		return keptParts(d, unseen, redrawn, 3)
	}
	if len(should) == 0 {
		return fmt.Errorf("%s: no move anywhere revealed something, so the forks' fresh draws were never tested", d.Info().ID)
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

// checkForkAt checks the forks of g for a game without Determinise: they
// show every view unchanged (when viewsToo) and leave g untouched, and
// each move an actor may make that reveals something (one of each type) is
// counted in should, and in varied where it turned out differently across
// forks of different seeds.
func checkForkAt(d game.Definition, g game.Game, n int, seed uint64, viewsToo bool, should, varied map[string]int) error {
	if !reflect.DeepEqual(g.Clone(), g) {
		return fmt.Errorf("%s: Clone gives a state that is not deeply equal to the original", d.Info().ID)
	}
	var forks []game.Game
	fork := func() (err error) {
		forks, err = forksOf(d, g, n, seed, viewsToo)
		return err
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
				continue // this kind of move has shown that the forks draw afresh
			}
			after := g.Clone()
			if after.Apply(seat, raw, nil) != nil || d.Undoable(g, after, seat, raw) {
				continue // a move that reveals nothing has nothing to draw afresh
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

// forksOf forks g with forkSeeds seeds, checking that forking leaves g
// untouched state for state and, when viewsToo, that each fork shows every
// viewer what g shows it.
func forksOf(d game.Definition, g game.Game, n int, seed uint64, viewsToo bool) ([]game.Game, error) {
	orig := g.Clone()
	var before []any
	if viewsToo {
		before = views(g, n)
	}
	var forks []game.Game
	for i := range forkSeeds {
		f, err := d.Fork(g, seed+uint64(i)*104729)
		if err != nil {
			return nil, err
		}
		if !reflect.DeepEqual(orig, g) {
			return nil, fmt.Errorf("forking changed the original game (state for state)")
		}
		if viewsToo {
			if v, ok := sameViews(before, views(f, n)); !ok {
				return nil, fmt.Errorf("a fork shows %s something else than the original did", viewerName(v))
			}
		}
		forks = append(forks, f)
	}
	return forks, nil
}

// checkForkParts checks the forks of g part by part (a game with
// Determinise): they show every view unchanged and leave g untouched, and
// the parts of the state hidden from every seat (each varies across states
// sampled from each seat's view) are counted in unseen, and in redrawn
// where forks of different seeds differ in them.
func checkForkParts(d game.Definition, g game.Game, n int, seed uint64, unseen, redrawn map[string]int) error {
	forks, err := forksOf(d, g, n, seed, true)
	if err != nil {
		return err
	}
	var forked []map[string]string
	for _, f := range forks {
		forked = append(forked, leaves(f))
	}
	forkDiff := map[string]bool{}
	for _, f := range forked[1:] {
		differing(forked[0], f, forkDiff)
	}
	var hidden map[string]bool
	for p := range n {
		var sampled []map[string]string
		for k := range 2 {
			s, err := d.Sample(g, game.Seat(p), seed^uint64(p*7+k+1)*0x9e3779b97f4a7c15)
			if err != nil {
				return err
			}
			sampled = append(sampled, leaves(s))
		}
		varies := map[string]bool{}
		differing(sampled[0], sampled[1], varies)
		if hidden == nil {
			hidden = varies
			continue
		}
		for path := range hidden {
			if !varies[path] {
				delete(hidden, path)
			}
		}
	}
	for path := range hidden {
		unseen[path]++
		if forkDiff[path] {
			redrawn[path]++
		}
	}
	return keptParts(d, unseen, redrawn, 12)
}

// keptParts fails when a part of the state was hidden from every seat at
// least least times and no two forks ever differed in it.
func keptParts(d game.Definition, unseen, redrawn map[string]int, least int) error {
	var kept []string
	for path, k := range unseen {
		if k >= least && redrawn[path] == 0 {
			kept = append(kept, path)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	sort.Strings(kept)
	return fmt.Errorf("%s: %d parts of the state hidden from every seat were the same in every fork (%s): the fork kept what nobody had seen", d.Info().ID, len(kept), strings.Join(kept[:min(4, len(kept))], ", "))
}

func keptUnseen(d game.Definition, moveType string, n int) error {
	return fmt.Errorf("%s: %d %q moves revealed something, yet each turned out the same in every fork: the fork kept what nobody had seen", d.Info().ID, n, moveType)
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
