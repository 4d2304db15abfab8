package gallery

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"harbor/game"
	"harbor/table"
)

// setup is one way to seat a game: a number of seats and rules options.
type setup struct {
	seats   int
	options json.RawMessage // nil: every option at its default
	// tag names the options in ids ("" for the defaults); label in words.
	tag, label string
}

// setups are the ways def is seated in the gallery: every seat count its
// Info allows with the default options, then each count again where the
// game has on/off options that are off by default (modules, variants, an
// extra opponent), with every one of them on that the game accepts at
// that count. A few positions shared out in turn thus cover every seat
// count first. Nothing here names a game: a new game is covered as it is
// registered.
func setups(def game.Definition) []setup {
	info := def.Info()
	var plain, more []setup
	for n := info.MinPlayers; n <= min(info.MaxPlayers, game.MaxSeats); n++ {
		if accepts(def, n, nil) {
			plain = append(plain, setup{seats: n})
		}
		on := map[string]bool{}
		var keys, labels []string
		for _, o := range info.Options {
			if o.Kind != "bool" || o.Default != false {
				continue
			}
			on[o.Key] = true
			if !accepts(def, n, optionsJSON(on)) {
				delete(on, o.Key)
				continue
			}
			keys = append(keys, strings.ToLower(o.Key))
			labels = append(labels, o.Label)
		}
		if len(keys) > 0 {
			more = append(more, setup{seats: n, options: optionsJSON(on), tag: strings.Join(keys, "-"), label: strings.Join(labels, ", ")})
		}
	}
	return append(plain, more...)
}

// fullest is the setup of sets with the most seats, with options where
// there is one.
func fullest(sets []setup) setup {
	best := sets[0]
	for _, s := range sets[1:] {
		if s.seats > best.seats || s.seats == best.seats && s.tag != "" {
			best = s
		}
	}
	return best
}

func optionsJSON(on map[string]bool) json.RawMessage {
	b, _ := json.Marshal(on) // keys sorted: the same bytes on every run
	return b
}

// accepts reports whether def sets up a game of n seats with options.
func accepts(def game.Definition, n int, options json.RawMessage) bool {
	_, err := def.New(game.Config{Players: players(n), Options: options, Seed: 1})
	return err == nil
}

func players(n int) []game.Player {
	out := make([]game.Player, n)
	for i := range out {
		out[i] = game.Player{Name: seatName(i)}
	}
	return out
}

// Names of the people at gallery tables: ordinary ones, and ones at the
// longest a name may be.
var (
	shortNames = []string{"Ana", "Bo", "Chidi", "Dana", "Emil", "Farah", "Gus", "Hana"}
	longNames  = []string{
		"Anastasia Wolkenstein-Ha", "Bartholomew Quennevilles", "Chiamaka Oluwaseun-Adeyi",
		"Dorothea Vanderhoeven-Li", "Evangelina Montgomery-Wu", "Fitzgerald Abernathy-Oke",
		"Wilhelmina Mwangi-Wojcik", "Hieronymus Bartholdy-Kim",
	}
)

func seatName(i int) string { return shortNames[i%len(shortNames)] }

// newTable returns a running table of def with a person in each of s's
// seats, every one ready and connected, with fixed codes and keys.
func newTable(def game.Definition, id string, s setup, seed uint64) *table.Table {
	t := &table.Table{
		ID: id, Game: def.Info().ID, Options: s.options, Seed: seed, Status: table.Playing,
		Invite: "gallery-invite-" + id, Code: "HRBGAL", TV: "HRBTVGAL", Host: keyOf(0),
		Room:    table.Room{AwaySeconds: table.DefaultAwaySeconds},
		Created: clock, Updated: clock,
	}
	for i := range s.seats {
		key := keyOf(i)
		t.Members = append(t.Members, table.Member{Key: key, Name: seatName(i)})
		t.Seats = append(t.Seats, table.Seat{Kind: table.Human, Key: key, Name: seatName(i), Color: table.Colors[i%len(table.Colors)], Ready: true})
	}
	return t
}

// rename gives every person at t the name names(i).
func rename(t *table.Table, names []string) {
	for i := range t.Members {
		t.Members[i].Name = names[i%len(names)]
	}
	for i := range t.Seats {
		if t.Seats[i].Kind == table.Human {
			t.Seats[i].Name = names[i%len(names)]
		}
	}
}

// measures are the sizes of one version of a game that its worst cases
// are looked for by: generic, so no game's screens are special-cased.
type measures struct {
	events int // events the move made
	text   int // characters of its longest event text, as any viewer reads it
	public int // bytes of the public view's JSON
	// private are the arrays only a seat sees (at a path where the public
	// view has fewer elements): a hand of cards. The largest of each path.
	private []privateArray
	// seat is the most bytes of a seat's own view's JSON, and whose.
	seat   int
	seatOf game.Seat
}

// privateArray is the largest array at path only a seat sees.
type privateArray struct {
	path string
	n    int
	seat game.Seat
}

// played is one seeded game of computer players, move by move.
type played struct {
	index  int // which game of its kind: the search's, or the sample's
	setup  setup
	seed   uint64
	moves  []table.Move
	result game.Result
	// sizes, when measured, holds the measures of every version (0: the
	// setup).
	sizes []measures
}

// viewEvery is how often the views of a searched game are measured, in
// moves: they change little from one move to the next, and measuring them
// costs most of the search.
const viewEvery = 4

// maxDecisions bounds a game of computer players: one past it is a stall.
const maxDecisions = 50000

// play plays def's game of setup s seeded with seed to its end, each seat
// deciding by its computer player (def.NewBot with game.BotSeed), as
// `harbor sim` plays it; when several seats may act, one is drawn from the
// driver's own generator. measure keeps the measures of every version.
func play(def game.Definition, s setup, seed uint64, measure bool) (*played, error) {
	t := newTable(def, "", s, seed)
	var setupLog game.Log
	g, err := def.NewLogged(t.Config(), &setupLog)
	if err != nil {
		return nil, err
	}
	p := &played{setup: s, seed: seed}
	if measure {
		p.sizes = append(p.sizes, measureOf(g, setupLog.Events, s.seats, true))
	}
	bots := make([]game.Computer, s.seats)
	for i := range bots {
		bots[i] = def.NewBot(game.Seat(i), game.BotSeed(seed, game.Seat(i)))
	}
	rng := game.NewRand(seed ^ 0xd1b54a32d192ed03)
	for n := 0; !g.Result().Over; n++ {
		if n >= maxDecisions {
			return nil, fmt.Errorf("%s seed %d: not over after %d moves", def.Info().ID, seed, n)
		}
		actors := g.Actors()
		if actors.Empty() {
			return nil, fmt.Errorf("%s seed %d: the game waits on nobody after %d moves", def.Info().ID, seed, n)
		}
		seat := actors.First()
		if k := actors.Len(); k > 1 {
			seat = actors.Nth(rng.Intn(k))
		}
		var log *game.Log
		if measure {
			log = &game.Log{}
		}
		raw, err := decide(g, bots[seat], seat, log)
		if err != nil {
			return nil, fmt.Errorf("%s seed %d move %d: %w", def.Info().ID, seed, n, err)
		}
		p.moves = append(p.moves, table.Move{N: n, Seat: seat, Move: raw, At: clock})
		if measure {
			p.sizes = append(p.sizes, measureOf(g, log.Events, s.seats, (n+1)%viewEvery == 0 || g.Result().Over))
		}
	}
	p.result = g.Result()
	return p, nil
}

// decide makes bot's move for seat in g, or, when the game refuses it, the
// first legal move it accepts, as a table does for a faulty computer
// player.
func decide(g game.Game, bot game.Computer, seat game.Seat, log *game.Log) (json.RawMessage, error) {
	raw, err := bot.Move(g, seat)
	if err == nil {
		if err = g.Apply(seat, raw, log); err == nil {
			return raw, nil
		}
	}
	for _, m := range g.Legal(seat) {
		raw, jerr := json.Marshal(m)
		if jerr != nil {
			continue
		}
		log.Reset()
		if g.Apply(seat, raw, log) == nil {
			return raw, nil
		}
	}
	return nil, fmt.Errorf("seat %d has no move the game accepts: %v", seat, err)
}

// measureOf measures g, just after a move that made events; with views
// false it leaves out the measures of the views, which cost most.
func measureOf(g game.Game, events []game.Event, seats int, views bool) measures {
	m := measures{events: len(events), seatOf: game.Public}
	for _, e := range events {
		m.text = max(m.text, utf8.RuneCountInString(e.Text))
		for _, s := range e.Secrets {
			m.text = max(m.text, utf8.RuneCountInString(s.Text))
		}
	}
	if !views {
		return m
	}
	pub := encode(g.View(game.Public))
	m.public = len(pub)
	shared := arrays(pub)
	for i := range seats {
		own := encode(g.View(game.Seat(i)))
		if len(own) > m.seat {
			m.seat, m.seatOf = len(own), game.Seat(i)
		}
		for path, n := range arrays(own) {
			if n <= shared[path] {
				continue
			}
			k := slices.IndexFunc(m.private, func(a privateArray) bool { return a.path == path })
			if k < 0 {
				m.private = append(m.private, privateArray{path: path, n: n, seat: game.Seat(i)})
			} else if n > m.private[k].n {
				m.private[k] = privateArray{path: path, n: n, seat: game.Seat(i)}
			}
		}
	}
	slices.SortFunc(m.private, func(a, b privateArray) int { return strings.Compare(a.path, b.path) })
	return m
}

// encode is v's JSON, as a frame carries it.
func encode(v any) []byte {
	if a, ok := v.(game.JSONAppender); ok {
		return a.AppendJSON(nil)
	}
	b, _ := json.Marshal(v)
	return b
}

// arrays returns, for the path of each array in the JSON text b (its
// object keys, and [] for the elements of an array, so that the hands of
// every player share one path), the most elements an array there has.
func arrays(b []byte) map[string]int {
	type open struct {
		array bool
		n     int // elements seen, in an array
		at    int // the length of path where it opened
	}
	var (
		stack []open
		path  []byte
		key   bool // the next string of the innermost object is a key
	)
	out := map[string]int{}
	value := func() { // a value starts in the innermost container
		if k := len(stack); k > 0 && stack[k-1].array && stack[k-1].n == 0 {
			stack[k-1].n = 1
		}
	}
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case ' ', '\t', '\n', '\r', ':':
		case '"':
			start := i + 1
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if k := len(stack); key && k > 0 && !stack[k-1].array {
				path = append(append(path[:stack[k-1].at], '.'), b[start:min(i, len(b))]...)
				key = false
				continue
			}
			value()
		case '{':
			value()
			stack = append(stack, open{at: len(path)})
			key = true
		case '[':
			value()
			stack = append(stack, open{array: true, at: len(path)})
			path = append(path, "[]"...)
		case ']', '}':
			k := len(stack)
			if k == 0 {
				continue
			}
			top := stack[k-1]
			if top.array && top.n > out[string(path)] {
				out[string(path)] = top.n
			}
			stack, path = stack[:k-1], path[:top.at]
		case ',':
			if k := len(stack); k > 0 {
				if stack[k-1].array {
					stack[k-1].n++
				} else {
					key = true
				}
			}
		default:
			value()
		}
	}
	return out
}
