// Package contracttest checks the properties of the engine contract that
// every registered game must keep, through the type-erased game.Definition
// alone, so one suite (games/all) runs them over the registry:
//
//   - Fork: a fork shows every seat what the original showed, leaves the
//     original untouched state for state, and draws afresh what nobody has
//     seen (CheckFork);
//   - Reveals: a move the game lets be taken back revealed nothing
//     (CheckReveals);
//   - computer players decide from their own view (CheckBlind);
//   - the levels differ and rank (CheckLevels);
//   - the replay takes back only the last mover's move, exactly
//     (CheckTakeBack).
//
// Each check returns the first violation it finds as an error, so a test
// can also show that a deliberately broken game or player is rejected.
package contracttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"

	"harbor/game"
)

// Configs returns the setups the checks play for d: the smallest table of
// at least two seats with the default options, and the largest with every
// yes/no option turned from its default (less those the game refuses at
// that size), and a game of one with those options where the game has one.
func Configs(d game.Definition, seed uint64) []game.Config {
	info := d.Info()
	small := max(info.MinPlayers, 2)
	flipped := map[string]any{}
	for _, o := range info.Options {
		if b, ok := o.Default.(bool); ok && o.Kind == "bool" {
			flipped[o.Key] = !b
		}
	}
	var out []game.Config
	try := func(n int, opts map[string]any) bool {
		cfg := game.Config{Players: players(n), Seed: seed + uint64(len(out))}
		if len(opts) > 0 {
			raw, err := json.Marshal(opts)
			if err != nil {
				panic(err)
			}
			cfg.Options = raw
		}
		if _, err := d.New(cfg); err != nil {
			return false
		}
		out = append(out, cfg)
		return true
	}
	try(small, nil)
	// Without each option the game refuses at that size, in the order the
	// game lists them, until it accepts.
	flips := func(n int) {
		opts := maps.Clone(flipped)
		for _, o := range info.Options {
			if try(n, opts) {
				return
			}
			delete(opts, o.Key)
		}
		try(n, opts)
	}
	flips(info.MaxPlayers)
	if info.MinPlayers < small {
		flips(info.MinPlayers) // a game for one, such as a solo game against an automaton
	}
	return out
}

func players(n int) []game.Player {
	ps := make([]game.Player, n)
	for i := range ps {
		ps[i] = game.Player{Name: string(rune('A' + i))}
	}
	return ps
}

// moveType is the type field of an encoded move.
func moveType(raw json.RawMessage) string {
	var m struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(raw, &m)
	return m.Type
}

// step is one move of a walk: the game before it, the move and the game
// after it (which the walk goes on playing: a visitor must not change it).
type step struct {
	Index  int
	Before game.Game
	After  game.Game
	Seat   game.Seat
	Move   json.RawMessage
	Record []game.Record // every move so far, this one included
}

// rareChoices is the most moves of one kind a seat may have for the walk
// to seek out each of them.
const rareChoices = 8

// walker plays a game of d for the checks: mostly the normal computer
// players, sometimes a random legal move, and always a move of a type the
// walk has not made yet when one is legal, so every kind of move gets made.
type walker struct {
	d       game.Definition
	cfg     game.Config
	rng     game.Rand
	bots    []game.Computer
	applied map[string]int // moves made, by type
	made    map[string]int // moves made, by their JSON
	listed  map[string]int // moves listed as legal, by type
}

func newWalker(d game.Definition, cfg game.Config, applied, listed map[string]int) *walker {
	w := &walker{d: d, cfg: cfg, rng: game.NewRand(cfg.Seed ^ 0x3a1c), applied: applied, listed: listed, made: map[string]int{}}
	for i := range cfg.Players {
		w.bots = append(w.bots, d.NewBot(game.Seat(i), game.BotSeed(cfg.Seed, game.Seat(i))))
	}
	return w
}

// walk plays cfg's game to its end or limit moves, calling visit after every
// move (and pre, when not nil, at every position before its move is chosen).
func (w *walker) walk(limit int, pre func(g game.Game, index int) error, visit func(st step) error) error {
	g, err := w.d.New(w.cfg)
	if err != nil {
		return err
	}
	var records []game.Record
	for i := 0; i < limit && !g.Result().Over; i++ {
		if pre != nil {
			if err := pre(g, i); err != nil {
				return fmt.Errorf("%s, %d players, seed %d, before move %d: %w", w.d.Info().ID, len(w.cfg.Players), w.cfg.Seed, i, err)
			}
		}
		seat, raw, err := w.choose(g)
		if err != nil {
			return err
		}
		before := g.Clone()
		if err := g.Apply(seat, raw, nil); err != nil {
			// A free-form move of a computer player the game refuses: make a listed one.
			raw, _ = json.Marshal(g.Legal(seat)[0])
			if err := g.Apply(seat, raw, nil); err != nil {
				return fmt.Errorf("%s refused its own legal move %s: %v", w.d.Info().ID, raw, err)
			}
		}
		w.applied[moveType(raw)]++
		w.made[string(raw)]++
		records = append(records, game.Record{Seat: seat, Move: raw})
		if visit != nil {
			if err := visit(step{Index: i, Before: before, After: g, Seat: seat, Move: raw, Record: records}); err != nil {
				return fmt.Errorf("%s, %d players, seed %d, move %d (seat %d, %s): %w",
					w.d.Info().ID, len(w.cfg.Players), w.cfg.Seed, i, seat, raw, err)
			}
		}
	}
	return nil
}

// choose picks the seat to move and its move.
func (w *walker) choose(g game.Game) (game.Seat, json.RawMessage, error) {
	actors := g.Actors()
	if actors.Empty() {
		return 0, nil, fmt.Errorf("%s waits on nobody but is not over", w.d.Info().ID)
	}
	// A seat with a kind of move never made yet goes first, with that
	// move; then a move never made yet of a kind with few choices (which
	// card to play, which building to use), so rare moves get made too.
	var rare []game.Seat
	var rareMoves []json.RawMessage
	for _, seat := range actors.List() {
		legal := g.Legal(seat)
		count := map[string]int{}
		raws := make([]json.RawMessage, len(legal))
		for i, m := range legal {
			raw, err := json.Marshal(m)
			if err != nil {
				return 0, nil, err
			}
			raws[i] = raw
			t := moveType(raw)
			w.listed[t]++
			count[t]++
			if w.applied[t] == 0 {
				return seat, raw, nil
			}
		}
		for _, raw := range raws {
			if count[moveType(raw)] <= rareChoices && w.made[string(raw)] == 0 {
				rare = append(rare, seat)
				rareMoves = append(rareMoves, raw)
			}
		}
	}
	if len(rare) > 0 && w.rng.Intn(2) == 0 {
		i := w.rng.Intn(len(rare))
		return rare[i], rareMoves[i], nil
	}
	seat := actors.Nth(w.rng.Intn(actors.Len()))
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return 0, nil, fmt.Errorf("%s waits on seat %d, which has no legal move", w.d.Info().ID, seat)
	}
	if w.rng.Intn(100) < 20 {
		raw, err := json.Marshal(legal[w.rng.Intn(len(legal))])
		return seat, raw, err
	}
	raw, err := w.bots[seat].Move(g, seat)
	return seat, raw, err
}

// views returns every seat's view of g and then the public's.
func views(g game.Game, n int) []any {
	out := make([]any, 0, n+1)
	for s := range n {
		out = append(out, g.View(game.Seat(s)))
	}
	return append(out, g.View(game.Public))
}

// sameView reports whether two views show the same: deeply equal, or
// encoding to the same JSON (what a player receives).
func sameView(a, b any) bool {
	return reflect.DeepEqual(a, b) || bytes.Equal(mustJSON(a), mustJSON(b))
}

// sameViews reports the first viewer whose views differ, or ok.
func sameViews(a, b []any) (viewer game.Seat, ok bool) {
	for i := range a {
		if !sameView(a[i], b[i]) {
			if i == len(a)-1 {
				return game.Public, false
			}
			return game.Seat(i), false
		}
	}
	return 0, true
}

func viewerName(s game.Seat) string {
	if s == game.Public {
		return "the public"
	}
	return fmt.Sprintf("seat %d", s)
}

// canSample reports whether d samples states from a seat's view.
func canSample(d game.Definition) bool {
	return d.Info().HasLevel(game.LevelHard)
}
