// Package gametest provides Pile, a tiny complete game that follows the
// engine contract, for testing the parts of Harbor that work with any game
// (the registry, the simulator, tables, stores and the server) without
// depending on a real game's rules.
//
// Pile: a shared pile of tokens; on their turn a player takes 1 to 3 tokens;
// whoever takes the last token wins. Each seat also holds a secret number,
// dealt at setup, that only it may see, so hidden-information handling can
// be tested. With the bag option, a bag beside the pile holds as many
// tokens again, and a player may draw instead of taking: 1 to 3 tokens, as
// chance gives, go from the bag onto the pile. A draw is left to chance, so
// it may not be taken back; a take may.
//
// Pile goes through the checks of every registered game (docs/engine.md):
// its view names its game, its defaults make games long enough for the
// checks that look every few moves, and the bag gives the contract checks
// a move that reveals something.
package gametest

import (
	"encoding/json"
	"fmt"

	"harbor"
	"harbor/game"
)

// ID is the id Pile registers under when Register is called.
const ID = "pile"

// Options are Pile's rules options.
type Options struct {
	Size int  `json:"size"` // tokens in the pile at the start
	Bag  bool `json:"bag"`  // a bag of Size more tokens to draw from
}

// Move is a Pile move: {"type":"take","n":2} or {"type":"draw"}.
type Move struct {
	Type string `json:"type"`
	N    int    `json:"n,omitempty"`
}

// View is what one viewer sees.
type View struct {
	Type   string    `json:"type"` // always "pile"
	Pile   int       `json:"pile"`
	Bag    int       `json:"bag,omitempty"` // tokens left in the bag
	Turn   game.Seat `json:"turn"`
	Taken  []int     `json:"taken"`
	Secret *int      `json:"secret,omitempty"` // the viewer's own secret; nil for Public
}

// State is a Pile game.
type State struct {
	Names   []string
	Pile    int
	Bag     int
	Turn    game.Seat
	Taken   []int
	Secrets []int
	Winner  game.Seat
	Turns   int
	Rand    game.Rand
}

// Rules are Pile's rules for game.Define.
var Rules = game.Rules[*State, Move, View]{
	Info:   info,
	Setup:  Setup,
	NewBot: func(seat game.Seat, seed uint64) game.Bot[Move, View] { return &Bot{rng: game.NewRand(seed)} },
	// Every seat has seen its own secret and the bag's count is open: what
	// nobody has seen is the generator behind the draws to come, so a fork
	// changes it alone, and a move that used it (a draw) may not be taken
	// back.
	Fork: func(s *State, seed uint64) *State {
		c := s.Clone()
		c.Rand = game.NewRand(seed)
		return c
	},
	Reveals: func(before, after *State, _ game.Seat, _ Move) bool { return !before.Rand.Same(&after.Rand) },
}

var info = game.Info{
	ID: ID, Name: "Pile", MinPlayers: 1, MaxPlayers: 6, Minutes: "1",
	Summary: "Take one to three tokens; whoever takes the last one wins.",
	Options: []game.Option{
		{Key: "size", Label: "Tokens", Kind: "int", Default: 200, Min: 1, Max: 1000},
		{Key: "bag", Label: "A bag to draw from", Kind: "bool", Default: false},
	},
	// The default pile lasts about a hundred moves, enough for the checks that
	// look every few dozen moves; Quick is a short game.
	Test: game.Test{Only: true, Quick: json.RawMessage(`{"size":21}`)},
}

// Definition is Pile with its types erased.
var Definition = game.Define(Rules)

// Setup deals the secrets and builds the pile.
func Setup(cfg game.Config) (*State, error) {
	if err := game.CheckPlayers(info, cfg.Players); err != nil {
		return nil, err
	}
	var opts Options
	if err := game.DecodeOptions(info, cfg.Options, &opts); err != nil {
		return nil, err
	}
	s := &State{Pile: opts.Size, Winner: game.Public, Rand: game.NewRand(cfg.Seed)}
	if opts.Bag {
		s.Bag = opts.Size
	}
	for _, p := range cfg.Players {
		s.Names = append(s.Names, p.Name)
		s.Taken = append(s.Taken, 0)
		s.Secrets = append(s.Secrets, 1000+s.Rand.Intn(9000))
	}
	return s, nil
}

// Actors is the seat on turn until the pile is empty.
func (s *State) Actors() game.SeatSet {
	if s.Pile == 0 {
		return 0
	}
	return game.Seats(s.Turn)
}

// Legal lists the takes, and the draw while the bag holds tokens, open to
// seat.
func (s *State) Legal(seat game.Seat, dst []Move) []Move {
	if s.Pile == 0 || seat != s.Turn {
		return dst
	}
	for n := 1; n <= 3 && n <= s.Pile; n++ {
		dst = append(dst, Move{Type: "take", N: n})
	}
	if s.Bag > 0 {
		dst = append(dst, Move{Type: "draw"})
	}
	return dst
}

// Apply takes tokens, or draws them from the bag.
func (s *State) Apply(seat game.Seat, m Move, log *game.Log) error {
	if m.Type != "take" && m.Type != "draw" {
		return harbor.Errorf(harbor.EInvalid, "unknown move type %q", m.Type)
	}
	if s.Pile == 0 {
		return harbor.RuleError("PILE-3", "the game is over").With(harbor.M("pile.err.over"))
	}
	if seat != s.Turn {
		return (&harbor.Error{Code: harbor.ENotYourTurn, Rule: "PILE-1", Message: "it is not your turn"}).With(harbor.M("pile.err.notYourTurn"))
	}
	if m.Type == "draw" {
		return s.draw(seat, log)
	}
	if m.N < 1 || m.N > 3 || m.N > s.Pile {
		return harbor.RuleError("PILE-2", "take 1 to 3 tokens, no more than the pile holds").With(harbor.M("pile.err.take"))
	}
	s.Pile -= m.N
	s.Taken[seat] += m.N
	s.Turns++
	if log.On() {
		log.Add(game.Event{Type: "take", Seat: seat, Text: fmt.Sprintf("%s took %d", s.Names[seat], m.N),
			Msg:     game.M("pile.took", "who", s.Names[seat], "n", m.N),
			Secrets: []game.Secret{{To: game.Seats(seat), Text: fmt.Sprintf("You took %d", m.N), Msg: game.M("pile.youTook", "n", m.N)}}})
	}
	if s.Pile == 0 {
		s.Winner = seat
		return nil
	}
	s.Turn = (s.Turn + 1) % game.Seat(len(s.Names))
	return nil
}

// draw moves 1 to 3 tokens, as chance gives, from the bag onto the pile.
func (s *State) draw(seat game.Seat, log *game.Log) error {
	if s.Bag == 0 {
		return harbor.RuleError("PILE-4", "the bag is empty").With(harbor.M("pile.err.bagEmpty"))
	}
	n := 1 + s.Rand.Intn(min(3, s.Bag))
	s.Bag -= n
	s.Pile += n
	s.Turns++
	if log.On() {
		log.Add(game.Event{Type: "draw", Seat: seat, Text: fmt.Sprintf("%s drew %d", s.Names[seat], n), Msg: game.M("pile.drew", "who", s.Names[seat], "n", n)})
	}
	s.Turn = (s.Turn + 1) % game.Seat(len(s.Names))
	return nil
}

// View shows the pile to everyone and each secret to its owner only.
func (s *State) View(viewer game.Seat) View {
	v := View{Type: ID, Pile: s.Pile, Bag: s.Bag, Turn: s.Turn, Taken: append([]int(nil), s.Taken...)}
	if viewer >= 0 && int(viewer) < len(s.Secrets) {
		secret := s.Secrets[viewer]
		v.Secret = &secret
	}
	return v
}

// Result: the seat that took the last token wins alone.
func (s *State) Result() game.Result {
	if s.Pile > 0 {
		return game.Result{Turns: s.Turns}
	}
	scores := make([]int, len(s.Names))
	scores[s.Winner] = 1
	places, winners := game.PlacesByScore(scores, 0)
	return game.Result{Over: true, Winners: winners, Places: places, Scores: scores, Reason: "last_token", Turns: s.Turns}
}

// Clone copies the state.
func (s *State) Clone() *State {
	c := *s
	c.Names = append([]string(nil), s.Names...)
	c.Taken = append([]int(nil), s.Taken...)
	c.Secrets = append([]int(nil), s.Secrets...)
	c.Rand = s.Rand.Clone()
	return &c
}

// Bot leaves the pile at a multiple of four when it can, else draws from
// the bag to change the count, else takes at random.
type Bot struct{ rng game.Rand }

// Choose picks a move.
func (b *Bot) Choose(v View, legal []Move) Move {
	if n := v.Pile % 4; n > 0 {
		return Move{Type: "take", N: n}
	}
	if v.Bag > 0 {
		return Move{Type: "draw"}
	}
	return legal[b.rng.Intn(len(legal))]
}
