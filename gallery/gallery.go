// Package gallery makes the positions of Harbor's position gallery: for
// every registered game, at every seat count and option set, positions
// of seeded games of computer players taken over the whole game, and
// positions made on purpose as each screen's worst cases, each as the
// frames a page of each viewer (the TV, every seat's phone) receives as it
// connects to the table; and whole games as the TV receives them, move by
// move. The frames come from the table package's own runner, loaded from
// a store in memory, so a gallery page renders exactly what a browser
// connected to a server would; `harbor gallery` writes them as one JSON
// document (docs/gallery.md).
package gallery

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"

	"harbor/game"
	"harbor/table"
)

// Config is what to make.
type Config struct {
	// Games are the ids of the games to cover; empty: every registered game.
	Games []string
	// PerGame is the number of sampled positions of each game.
	PerGame int
	// Search is the number of games of each game searched for the worst
	// cases.
	Search int
	// Plays is the number of whole games of each game: 1 at four seats
	// (or the most the game allows), plus a solo game for a game that may
	// be played alone. 0: none.
	Plays int
	// Seed is the base seed: the same Config makes the same document.
	Seed uint64
	// Workers play and capture in parallel (0: one per core).
	Workers int
	// Summary, when set, receives one line per game.
	Summary io.Writer
}

// Small is the fixed small gallery of `harbor gallery -small`.
func Small(seed uint64) Config {
	return Config{PerGame: 6, Search: 24, Plays: 1, Seed: seed}
}

// Document is what `harbor gallery` writes.
type Document struct {
	// Now is the time every gallery table lives at, in Unix milliseconds:
	// deadlines and the times of chat lines are reckoned from it, so a
	// page renders a position as of then.
	Now       int64      `json:"now"`
	Positions []Position `json:"positions"`
	Plays     []Play     `json:"plays"`
}

// Position is one position of one game, as each viewer's page receives it.
type Position struct {
	ID     string `json:"id"` // unique, safe as a file name
	Game   string `json:"game"`
	Seats  int    `json:"seats"`
	Label  string `json:"label"`
	Source string `json:"source"` // "sampled" or "made"
	Why    string `json:"why"`    // for a made one, what makes it a worst case
	// Me is each seat viewer's public id, as /api/session tells that
	// person's page: the lobby names people by it, so it is how a page
	// finds its own seat.
	Me map[string]string `json:"me"`
	// Viewers are the frames of "tv" (the public view) and of each seat
	// ("0", "1", ...) a page receives as it connects, in order.
	Viewers map[string][]json.RawMessage `json:"viewers"`
}

// Play is one whole game of computer players as a TV receives it from the
// start: the frames on connecting at move 0, then the state frame of every
// move and each lobby frame, in order.
type Play struct {
	ID     string            `json:"id"`
	Game   string            `json:"game"`
	Seats  int               `json:"seats"`
	Label  string            `json:"label"`
	Frames []json.RawMessage `json:"frames"`
}

// Make makes the gallery cfg asks for.
func Make(cfg Config) (*Document, error) {
	defs, err := definitions(cfg.Games)
	if err != nil {
		return nil, err
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	doc := &Document{Now: clock.UnixMilli(), Positions: []Position{}, Plays: []Play{}}
	for _, def := range defs {
		seed := mix(cfg.Seed, hash(def.Info().ID))
		sampled, err := sample(def, cfg, seed)
		if err != nil {
			return nil, err
		}
		made, note, err := makeWorst(def, cfg, mix(seed, 2))
		if err != nil {
			return nil, err
		}
		plays, err := wholeGames(def, cfg, mix(seed, 3))
		if err != nil {
			return nil, err
		}
		doc.Positions = append(doc.Positions, sampled...)
		doc.Positions = append(doc.Positions, made...)
		doc.Plays = append(doc.Plays, plays...)
		if cfg.Summary != nil {
			fmt.Fprintf(cfg.Summary, "%s: %d positions sampled, %d made%s, %d plays\n", def.Info().ID, len(sampled), len(made), note, len(plays))
		}
	}
	return doc, nil
}

// definitions are the games ids names, or every registered game.
func definitions(ids []string) ([]game.Definition, error) {
	if len(ids) == 0 {
		return game.All(), nil
	}
	var out []game.Definition
	for _, id := range ids {
		def, err := game.Lookup(id)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, def) {
			out = append(out, def)
		}
	}
	return out, nil
}

// mix is a seed made from base and i: a function of both alone.
func mix(base, i uint64) uint64 {
	z := base + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// hash is a fixed hash of s (FNV-1a).
func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// parallel runs f(0..n-1) on workers goroutines and returns the first
// error by index.
func parallel(n, workers int, f func(i int) error) error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// phases are the points of a game a lone sample of a setup is taken at, in
// turn: its start, early, the middle, late and its end.
var phases = []float64{0, 0.25, 0.5, 0.75, 1}

// sample returns cfg.PerGame positions of def spread over its setups and
// over the whole of their games.
func sample(def game.Definition, cfg Config, seed uint64) ([]Position, error) {
	sets := setups(def)
	type pick struct {
		set, game int
		at        float64
	}
	var picks []pick
	gamesOf := make([]int, len(sets))
	for c := range sets {
		// The setups share the positions in turn.
		n := cfg.PerGame / len(sets)
		if c < cfg.PerGame%len(sets) {
			n++
		}
		gamesOf[c] = max(1, (n+4)/5)
		for i := range n {
			at := phases[c%len(phases)]
			if n > 1 {
				at = float64(i) / float64(n-1)
			}
			picks = append(picks, pick{set: c, game: i % gamesOf[c], at: at})
		}
	}
	games := make([][]*played, len(sets))
	type job struct{ set, game int }
	var jobs []job
	for c := range sets {
		games[c] = make([]*played, gamesOf[c])
		for g := range gamesOf[c] {
			jobs = append(jobs, job{c, g})
		}
	}
	err := parallel(len(jobs), cfg.Workers, func(i int) error {
		j := jobs[i]
		p, err := play(def, sets[j.set], mix(seed, uint64(j.set*1000+j.game)), false)
		games[j.set][j.game] = p
		return err
	})
	if err != nil {
		return nil, err
	}
	out := make([]Position, len(picks))
	err = parallel(len(picks), cfg.Workers, func(i int) error {
		pk := picks[i]
		p := games[pk.set][pk.game]
		at := int(math.Round(pk.at * float64(len(p.moves))))
		var v *variant
		if i%2 == 1 {
			v = timer // every other one
		}
		pos, err := positionOf(def, p, at, fmt.Sprintf("s%d", pk.game+1), v)
		if err != nil {
			return err
		}
		pos.Source = "sampled"
		out[i] = pos
		return nil
	})
	return out, err
}

// variant changes the table of a made position and says why.
type variant struct {
	tag   string
	why   string
	label string // added to the position's label
	apply func(sc *scene)
}

// timer is the variant of a sampled position at a table with a turn
// timer, which a page shows counting down for the person it waits on.
var timer = &variant{tag: "timer", label: ", with a turn timer", apply: func(sc *scene) { sc.t.TurnSeconds = 90 }}

// positionOf captures p after its first at moves.
func positionOf(def game.Definition, p *played, at int, tag string, v *variant) (Position, error) {
	info := def.Info()
	id := fmt.Sprintf("%s-%d", info.ID, p.setup.seats)
	if p.setup.tag != "" {
		id += "-" + p.setup.tag
	}
	id += fmt.Sprintf("-%s-m%d", tag, at)
	if v != nil {
		id += "-" + v.tag
	}
	t := newTable(def, id, p.setup, p.seed)
	sc := scene{t: t, moves: p.moves[:at]}
	if at > 0 {
		sc.moves = p.moves[:at-1]
		last := p.moves[at-1]
		sc.last = &last
	}
	if v != nil && v.apply != nil {
		v.apply(&sc)
	}
	if sc.last != nil && sc.offline.Has(sc.last.Seat) {
		sc.moves, sc.last = p.moves[:at], nil
	}
	if sc.last == nil && at == len(p.moves) {
		// Stored to its end, the game is over as a store holds it.
		res := p.result
		t.Status, t.Result = table.Finished, &res
	}
	viewers, me, err := capture(sc)
	if err != nil {
		return Position{}, fmt.Errorf("%s: %w", id, err)
	}
	label := fmt.Sprintf("%s, %d seats", info.Name, p.setup.seats)
	if p.setup.seats == 1 {
		label = fmt.Sprintf("%s, solo", info.Name)
	}
	if p.setup.label != "" {
		label += " with " + p.setup.label
	}
	switch {
	case at == 0:
		label += ", at the start"
	case at == len(p.moves):
		label += fmt.Sprintf(", at the end (move %d)", at)
	default:
		label += fmt.Sprintf(", after move %d of %d", at, len(p.moves))
	}
	if v != nil {
		label += v.label
	}
	pos := Position{ID: id, Game: info.ID, Seats: p.setup.seats, Label: label, Me: me, Viewers: viewers}
	if v != nil {
		pos.Why = v.why
	}
	return pos, nil
}

// wholeGames returns cfg.Plays games of def's computer players as the TV
// receives them: at four seats (or as near as the game allows), and alone
// when the game may be played solo.
func wholeGames(def game.Definition, cfg Config, seed uint64) ([]Play, error) {
	if cfg.Plays <= 0 {
		return nil, nil
	}
	info := def.Info()
	counts := []int{min(max(4, info.MinPlayers), info.MaxPlayers)}
	if info.MinPlayers == 1 && counts[0] != 1 {
		counts = append(counts, 1)
	}
	var out []Play
	for _, n := range counts {
		for k := range cfg.Plays {
			s := setup{seats: n}
			id := fmt.Sprintf("%s-%d-s%d", info.ID, n, k+1)
			t := newTable(def, id, s, mix(seed, uint64(n*100+k)))
			for i := range t.Seats {
				t.Seats[i] = table.Seat{Kind: table.Bot, Name: seatName(i), Color: t.Seats[i].Color, Ready: true}
			}
			t.Members = t.Members[:1] // the host watches
			frames, err := watchPlay(scene{t: t})
			if err != nil {
				return nil, err
			}
			label := fmt.Sprintf("%s, %d computer players", info.Name, n)
			if n == 1 {
				label = fmt.Sprintf("%s, one computer player alone", info.Name)
			}
			out = append(out, Play{ID: id, Game: info.ID, Seats: n, Label: label, Frames: frames})
		}
	}
	return out, nil
}
