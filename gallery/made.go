package gallery

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"harbor/game"
	"harbor/table"
)

// made is a position made on purpose: a version of a searched game, and
// the change to its table that makes it a worst case (nil: none).
type made struct {
	at   spot
	tag  string
	why  string
	edit func(sc *scene)
}

// spot is a version of one searched game.
type spot struct {
	game, at int
	value    int
	seat     game.Seat
}

// better reports whether value beats the spot found so far; the first of
// equal ones stays, so the search gives the same spots on every run.
func (s *spot) offer(g, at, value int, seat game.Seat) {
	if s.game < 0 || value > s.value {
		*s = spot{game: g, at: at, value: value, seat: seat}
	}
}

// makeWorst returns def's positions made on purpose: the versions of
// cfg.Search seeded games (over every setup) that maximize each generic
// measure of the views, then the worst cases of the table around a game
// applied to them, and a lobby at the most seats.
func makeWorst(def game.Definition, cfg Config, seed uint64) ([]Position, string, error) {
	if cfg.Search <= 0 {
		return nil, "", nil
	}
	sets := setups(def)
	games, err := searchGames(def, sets, seed, cfg, 0, cfg.Search, true)
	if err != nil {
		return nil, "", err
	}
	most := fullest(sets).seats
	none := spot{game: -1}
	events, text, public, phone, hand, crowded, running, tie := none, none, none, none, none, none, none, none
	handAt, tieGames := "", 0
	for g, p := range games {
		for at, m := range p.sizes {
			events.offer(g, at, m.events, p.seatOf(at))
			text.offer(g, at, m.text, p.seatOf(at))
			public.offer(g, at, m.public, game.Public)
			phone.offer(g, at, m.seat, m.seatOf)
			if p.setup.seats == most {
				crowded.offer(g, at, m.public, game.Public)
				if at < len(p.moves) {
					running.offer(g, at, m.public, game.Public)
				}
			}
		}
		// The hands are the private arrays whose size changes in the game;
		// one whose size never does (a count of each kind of card) is
		// no hand.
		varies := p.varyingPrivate()
		for at, m := range p.sizes {
			for _, a := range m.private {
				if varies[a.path] && (hand.game < 0 || a.n > hand.value) {
					hand, handAt = spot{game: g, at: at, value: a.n, seat: a.seat}, a.path
				}
			}
		}
		if tie.game < 0 && p.result.Winners.Len() >= 2 {
			tie.offer(g, len(p.moves), p.result.Winners.Len(), game.Public)
			tieGames = g + 1
		}
	}
	list := []made{
		{events, "events", fmt.Sprintf("the most events one move made in %d games: %d, by %s", cfg.Search, events.value, who(events.seat)), nil},
		{text, "text", fmt.Sprintf("the longest event text in %d games: %d characters, by %s", cfg.Search, text.value, who(text.seat)), nil},
		{public, "board", fmt.Sprintf("the longest public view in %d games: %d bytes of JSON", cfg.Search, public.value), nil},
		{phone, "phone", fmt.Sprintf("the longest view of one seat in %d games: %d bytes of JSON, seat %d", cfg.Search, phone.value, phone.seat+1), nil},
		{crowded, "names", fmt.Sprintf("the most seats (%d), every name at its longest (%d characters), at the longest public view of such games", most, table.MaxNameLen),
			func(sc *scene) { rename(sc.t, longNames) }},
		{running, "presence", fmt.Sprintf("the presence bar at its tallest: the most seats (%d), long names, while the game runs, at your own pace with every person held, the seats the game does not wait on handed to a computer player, everyone but the host without a connection", most),
			presence(def)},
		{running, "away", fmt.Sprintf("the presence bar at a live table: the most seats (%d), long names, nobody connected, the seats the game waits on away (a computer player stands in once the wait for a lost connection ran out), the others handed to a computer player", most),
			away(def)},
		{public, "chat", fmt.Sprintf("the chat at its longest: %d lines of %d characters, with long names", table.ChatKeep, table.MaxChatLen),
			func(sc *scene) { rename(sc.t, longNames); sc.t.Room.Chat = longChat(sc.t) }},
	}
	if hand.game >= 0 {
		list = append(list, made{hand, "hand", fmt.Sprintf("the largest hand in %d games: %d items at %s, which only seat %d sees",
			cfg.Search, hand.value, handAt, hand.seat+1), nil})
	}
	if tie.game < 0 {
		p, tried, err := findTie(def, sets, seed, cfg)
		if err != nil {
			return nil, "", err
		}
		if p != nil {
			games = append(games, p)
			tie = spot{game: len(games) - 1, at: len(p.moves), value: p.result.Winners.Len(), seat: game.Public}
		}
		tieGames = cfg.Search + tried
	}
	note := ""
	if tie.game < 0 {
		note = fmt.Sprintf(" (no shared win in %d games)", tieGames)
	}
	if tie.game >= 0 {
		list = append(list, made{tie, "tie", fmt.Sprintf("a shared win at the end, the first in %d games: %d winners", tieGames, tie.value), nil})
	}
	list = slices.DeleteFunc(list, func(m made) bool { return m.at.game < 0 })
	list = merge(list)
	out := make([]Position, len(list))
	err = parallel(len(list), cfg.Workers, func(i int) error {
		m := list[i]
		p := games[m.at.game]
		v := &variant{tag: m.tag, why: m.why, apply: m.edit}
		pos, err := positionOf(def, p, m.at.at, fmt.Sprintf("w%d", p.index+1), v)
		if err != nil {
			return err
		}
		pos.Source = "made"
		out[i] = pos
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	lobby, err := lobbyPosition(def, fullest(sets))
	if err != nil {
		return nil, "", err
	}
	return append(out, lobby), note, nil
}

// merge folds the made positions that are the same version with no
// change of its table into the first of them, which then says every why.
func merge(list []made) []made {
	var out []made
	for _, m := range list {
		k := slices.IndexFunc(out, func(o made) bool {
			return o.edit == nil && m.edit == nil && o.at.game == m.at.game && o.at.at == m.at.at
		})
		if k < 0 {
			out = append(out, m)
			continue
		}
		out[k].why += "; and " + m.why
	}
	return out
}

// varyingPrivate are the paths of p's private arrays whose size changes
// over the versions measured.
func (p *played) varyingPrivate() map[string]bool {
	lo, hi := map[string]int{}, map[string]int{}
	seen := 0
	for _, m := range p.sizes {
		if m.public == 0 {
			continue // views not measured
		}
		seen++
		for _, a := range m.private {
			if v, ok := lo[a.path]; !ok || a.n < v {
				lo[a.path] = a.n
			}
			hi[a.path] = max(hi[a.path], a.n)
		}
	}
	out := map[string]bool{}
	for path := range hi {
		// A path missing from some version had no elements there.
		out[path] = hi[path] > lo[path] || len(lo) > 0 && countOf(p, path) < seen
	}
	return out
}

// countOf is the number of measured versions of p with a private array
// at path.
func countOf(p *played, path string) int {
	n := 0
	for _, m := range p.sizes {
		if slices.ContainsFunc(m.private, func(a privateArray) bool { return a.path == path }) {
			n++
		}
	}
	return n
}

// tieSearch is how many more games than the search plays a game whose
// searched games had no shared win plays, at most, looking for one.
const tieSearch = 10

// searchGames plays n games of the search from game from on, measured or
// not. Game i is seeded from seed and i alone, and its setup is the i-th
// in turn, the fullest first, so even a short search has games at the
// most seats.
func searchGames(def game.Definition, sets []setup, seed uint64, cfg Config, from, n int, measure bool) ([]*played, error) {
	games := make([]*played, n)
	err := parallel(n, cfg.Workers, func(i int) error {
		k := from + i
		p, err := play(def, sets[len(sets)-1-k%len(sets)], mix(seed, uint64(k)), measure)
		if p != nil {
			p.index = k
		}
		games[i] = p
		return err
	})
	return games, err
}

// findTie plays games of def, beyond the search, until one ends in a
// shared win, and returns it (nil if none did) and how many it played.
func findTie(def game.Definition, sets []setup, seed uint64, cfg Config) (*played, int, error) {
	batch := 4 * cfg.Workers
	for from := cfg.Search; from < (1+tieSearch)*cfg.Search; from += batch {
		games, err := searchGames(def, sets, seed, cfg, from, batch, false)
		if err != nil {
			return nil, 0, err
		}
		for i, p := range games {
			if p.result.Winners.Len() >= 2 {
				return p, from + i + 1 - cfg.Search, nil
			}
		}
	}
	return nil, tieSearch * cfg.Search, nil
}

// who names the seat that made a move, or the setup.
func who(seat game.Seat) string {
	if seat < 0 {
		return "the setup"
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// seatOf is the seat that made the move leading to version at (Public
// for the setup).
func (p *played) seatOf(at int) game.Seat {
	if at == 0 {
		return game.Public
	}
	return p.moves[at-1].Seat
}

// presence sets a scene at your own pace with every person held (a
// computer player took their last turns), the seats the game does not wait
// on handed to a computer player by the host or by their own person, and
// every person but the host without a connection: each seat shows every
// mark it can at once. The seats the game waits on are not handed, so no
// computer player moves while the position is captured.
func presence(def game.Definition) func(sc *scene) {
	return func(sc *scene) {
		actors := stored(def, sc)
		t := sc.t
		t.Pace = table.Pace{Mode: table.PaceOwn, Limit: table.PaceLimits[2], Rule: table.RuleComputer}
		d := &table.Deadlines{Version: len(sc.moves), Missed: make([]int, len(t.Seats))}
		for i := range t.Seats {
			seat := game.Seat(i)
			d.Missed[i] = table.HeldAfter
			if i > 0 {
				sc.offline = sc.offline.With(seat)
			}
			if actors.Has(seat) {
				continue
			}
			t.Room.Handed = t.Room.Handed.With(seat)
			t.Seats[i].HandedBy = t.Host
			if i%2 == 1 {
				t.Seats[i].HandedBy = t.Seats[i].Key
			}
		}
		sc.deadlines = d
	}
}

// away sets a live scene in which nobody has a connection, the seats the
// game does not wait on are handed to a computer player, and the clock
// moves on past the table's wait for a lost connection, so a computer
// player stands in for each person the game waits on: they are away.
func away(def game.Definition) func(sc *scene) {
	return func(sc *scene) {
		actors := stored(def, sc)
		sc.away = true
		for i := range sc.t.Seats {
			seat := game.Seat(i)
			sc.offline = sc.offline.With(seat)
			if !actors.Has(seat) {
				sc.t.Room.Handed = sc.t.Room.Handed.With(seat)
				sc.t.Seats[i].HandedBy = sc.t.Host
			}
		}
	}
}

// stored gives every person at sc the longest names, stores the last move
// with the others (a person moving would be back) and returns the seats
// the game then waits on.
func stored(def game.Definition, sc *scene) game.SeatSet {
	rename(sc.t, longNames)
	if sc.last != nil {
		sc.moves, sc.last = append(sc.moves, *sc.last), nil
	}
	return actorsAt(def, sc)
}

// actorsAt are the seats the game of sc waits on after its stored moves.
func actorsAt(def game.Definition, sc *scene) game.SeatSet {
	g, err := game.Replay(def, sc.t.Config(), table.Records(sc.moves))
	if err != nil {
		return 0
	}
	return g.Actors()
}

// chatWords fill the lines of the longest chat.
const chatWords = "Whoever takes the last harbor berth before the storm gets my spare timber and a very long speech about patience, fairness and the price of fish at the northern quay, so think carefully before you move "

// longChat is a chat as long as a table keeps, every line as long as a
// line may be, said in turn by every member; every tenth line is one
// unbroken word, like a pasted link.
func longChat(t *table.Table) []table.ChatLine {
	lines := make([]table.ChatLine, table.ChatKeep)
	for i := range lines {
		m := t.Members[i%len(t.Members)]
		text := strings.TrimSpace(chatWords[:table.MaxChatLen])
		if i%10 == 9 {
			text = "https://harbor.example/" + strings.Repeat("x", table.MaxChatLen-len("https://harbor.example/"))
		}
		lines[i] = table.ChatLine{N: i + 1, Player: table.PublicID(m.Key), Name: m.Name, Seat: t.SeatOf(m.Key), Text: text,
			At: clock.Add(time.Duration(i-len(lines)) * time.Minute)}
	}
	return lines
}

// lobbyPosition is def's lobby at the most seats of s: the host and other
// people with the longest names, ready and not, a computer player at each
// level, an empty seat, a spectator, and the options of s.
func lobbyPosition(def game.Definition, s setup) (Position, error) {
	info := def.Info()
	id := fmt.Sprintf("%s-%d-lobby", info.ID, s.seats)
	t := newTable(def, id, s, 1)
	t.Status = table.Lobby
	rename(t, longNames)
	fill := []table.Seat{}
	for i, level := range info.Levels {
		fill = append(fill, table.Seat{Kind: table.Bot, Level: level, Name: "Computer " + string(level)})
		if i == 0 {
			fill = append(fill, table.Seat{Kind: table.Human})
		}
	}
	fill = append(fill, table.Seat{Kind: table.Human, Ready: true})
	people := 1
	for i := 1; i < len(t.Seats); i++ {
		if i == len(t.Seats)-1 && len(t.Seats) > 2 {
			t.Seats[i] = table.Seat{}
			continue
		}
		f := fill[(i-1)%len(fill)]
		color := t.Seats[i].Color
		if f.Kind == table.Bot {
			t.Seats[i] = table.Seat{Kind: table.Bot, Level: f.Level, Name: f.Name, Color: color, Ready: true}
			continue
		}
		t.Seats[i] = table.Seat{Kind: table.Human, Key: keyOf(i), Name: longNames[i], Color: color, Ready: f.Ready}
		people++
	}
	var members []table.Member
	for _, m := range t.Members {
		if t.SeatOf(m.Key) >= 0 || m.Key == t.Host {
			members = append(members, m)
		}
	}
	spectator := keyOf(game.MaxSeats)
	t.Members = append(members, table.Member{Key: spectator, Name: longNames[len(longNames)-1]})
	viewers, me, err := capture(scene{t: t})
	if err != nil {
		return Position{}, fmt.Errorf("%s: %w", id, err)
	}
	return Position{ID: id, Game: info.ID, Seats: s.seats, Source: "made", Me: me, Viewers: viewers,
		Label: fmt.Sprintf("%s, the lobby at %d seats", info.Name, s.seats),
		Why:   fmt.Sprintf("the lobby at its fullest: %d seats, %d people with the longest names, a computer player at each level, an empty seat and a spectator", s.seats, people)}, nil
}
