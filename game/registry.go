package game

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"sync"

	"harbor"
)

// Definition is a registered game with its types erased, for the table
// server, the simulator and replays. Make one with Define.
type Definition interface {
	Info() Info
	// New sets up a game. Errors are *harbor.Error with code EInvalid.
	New(cfg Config) (Game, error)
	// NewLogged is New that records in log what setup did, for a game whose
	// setup already plays part of the game (see Rules.SetupLog).
	NewLogged(cfg Config, log *Log) (Game, error)
	// NewBot returns a computer player for seat of any game of this kind:
	// the normal level.
	NewBot(seat Seat, seed uint64) Computer
	// NewComputer returns the computer player of level for seat. budget
	// bounds the decisions of the hard level (nil: DefaultRollouts each).
	// A level the game does not offer is refused with EInvalid.
	NewComputer(seat Seat, seed uint64, level Level, budget BudgetFunc) (Computer, error)
	// Play runs one whole game headless with a policy per seat, for the
	// simulator. See Play.
	Play(cfg Config, policies []Policy, maxDecisions int) (Outcome, error)
	// PlayRecorded is Play that also returns the move log.
	PlayRecorded(cfg Config, policies []Policy, maxDecisions int) (Outcome, error)
	// Fork returns a copy of g with everything no seat has seen drawn
	// afresh from seed (see Rules.Fork); EInvalid for a game without Fork
	// or a g of another game.
	Fork(g Game, seed uint64) (Game, error)
	// Undoable reports whether seat's move, which took the game from before
	// to after, may be taken back: it revealed nothing (see Rules.Reveals).
	Undoable(before, after Game, seat Seat, move json.RawMessage) bool
	// PlayWith is Play with the hard level's budget and a hook around each
	// computer decision; see PlayOptions.
	PlayWith(cfg Config, policies []Policy, opts PlayOptions) (Outcome, error)
	// Sample returns a game that shows seat exactly what g shows it, with
	// everything else (other hands, deck orders, dice to come) drawn from
	// seed (see Rules.Determinise); EInvalid for a game without
	// Determinise or a g of another game. The contract tests compare what
	// happens in such games with what happens in g.
	Sample(g Game, seat Seat, seed uint64) (Game, error)
}

// Game is a running game with its types erased. It is not safe for
// concurrent use: the table's runner serializes every call.
type Game interface {
	Actors() SeatSet
	// Legal returns seat's legal moves, each a JSON-encodable move value.
	Legal(seat Seat) []any
	// Apply decodes move (JSON) and applies it for seat; see State.Apply.
	// A move that does not decode is refused with EInvalid.
	Apply(seat Seat, move json.RawMessage, log *Log) error
	// View returns viewer's view, a JSON-encodable value.
	View(viewer Seat) any
	Result() Result
	// Clone returns an independent copy.
	Clone() Game
}

// Computer is a computer player with its types erased.
type Computer interface {
	// Move returns the move the bot makes for seat in g, encoded as JSON,
	// so a bot's move travels the same path as a person's.
	Move(g Game, seat Seat) (json.RawMessage, error)
}

// Define erases the types of a game's rules, and lists the computer levels
// they offer in Info.Levels. It panics if rules with Determinise have moves
// that are not comparable values: a programming error.
func Define[S State[S, M, V], M any, V any](r Rules[S, M, V]) Definition {
	if r.Determinise != nil && !reflect.TypeFor[M]().Comparable() {
		panic("game: " + r.Info.ID + " has Determinise but moves that are not comparable")
	}
	r.Info.Levels = levels(r)
	return &definition[S, M, V]{rules: r}
}

// levels are the computer levels r offers.
func levels[S State[S, M, V], M any, V any](r Rules[S, M, V]) []Level {
	if r.Determinise == nil {
		return []Level{LevelNormal}
	}
	return []Level{LevelEasy, LevelNormal, LevelHard}
}

type definition[S State[S, M, V], M any, V any] struct {
	rules Rules[S, M, V]
}

func (d *definition[S, M, V]) Info() Info { return d.rules.Info }

func (d *definition[S, M, V]) New(cfg Config) (Game, error) { return d.NewLogged(cfg, nil) }

func (d *definition[S, M, V]) NewLogged(cfg Config, log *Log) (Game, error) {
	if cfg.From != nil {
		return d.newFork(cfg)
	}
	var (
		s   S
		err error
	)
	if d.rules.SetupLog != nil {
		s, err = d.rules.SetupLog(cfg, log)
	} else {
		s, err = d.rules.Setup(cfg)
	}
	if err != nil {
		return nil, err
	}
	return &erased[S, M, V]{s: s}, nil
}

func (d *definition[S, M, V]) NewBot(seat Seat, seed uint64) Computer {
	return erasedBot[S, M, V]{d.rules.NewBot(seat, seed)}
}

func (d *definition[S, M, V]) NewComputer(seat Seat, seed uint64, level Level, budget BudgetFunc) (Computer, error) {
	bot, err := newBot(d.rules, seat, seed, level, budget)
	if err != nil {
		return nil, err
	}
	return erasedBot[S, M, V]{bot}, nil
}

// newBot returns r's computer player of level for seat.
func newBot[S State[S, M, V], M any, V any](r Rules[S, M, V], seat Seat, seed uint64, level Level, budget BudgetFunc) (Bot[M, V], error) {
	info := r.Info
	info.Levels = levels(r)
	if err := CheckLevel(info, level); err != nil {
		return nil, err
	}
	switch level {
	case LevelEasy:
		return NewEasyBot(r.NewBot(seat, seed), seed), nil
	case LevelHard:
		return NewSearchBot(r, seat, seed, budget), nil
	}
	return r.NewBot(seat, seed), nil
}

func (d *definition[S, M, V]) PlayWith(cfg Config, policies []Policy, opts PlayOptions) (Outcome, error) {
	return play(d.rules, cfg, policies, opts, false)
}

func (d *definition[S, M, V]) Play(cfg Config, policies []Policy, maxDecisions int) (Outcome, error) {
	return play(d.rules, cfg, policies, PlayOptions{MaxDecisions: maxDecisions}, false)
}

func (d *definition[S, M, V]) PlayRecorded(cfg Config, policies []Policy, maxDecisions int) (Outcome, error) {
	return play(d.rules, cfg, policies, PlayOptions{MaxDecisions: maxDecisions}, true)
}

// newFork sets up the game cfg.From names, replays its moves and forks it
// with cfg.Seed.
func (d *definition[S, M, V]) newFork(cfg Config) (Game, error) {
	if d.rules.Fork == nil {
		return nil, harbor.Errorf(harbor.EInvalid, "%s cannot be played on from a recorded position", d.rules.Info.Name).With(harbor.M("api.noFork", "game", d.rules.Info.Name))
	}
	orig := cfg
	orig.Seed, orig.From = cfg.From.Seed, cfg.From.From
	g, err := Replay(d, orig, cfg.From.Moves)
	if err != nil {
		return nil, harbor.Errorf(harbor.EInvalid, "the position to play on from does not replay: %v", err).With(harbor.M("api.forkNoReplay"))
	}
	if g.Result().Over {
		return nil, harbor.Errorf(harbor.EInvalid, "the position to play on from is the end of the game").With(harbor.M("api.forkAtEnd"))
	}
	return d.Fork(g, cfg.Seed)
}

func (d *definition[S, M, V]) Fork(g Game, seed uint64) (Game, error) {
	e, ok := g.(*erased[S, M, V])
	if !ok {
		return nil, harbor.Errorf(harbor.EInvalid, "a game of another kind cannot be forked as %s", d.rules.Info.Name)
	}
	if d.rules.Fork == nil {
		return nil, harbor.Errorf(harbor.EInvalid, "%s cannot be played on from a recorded position", d.rules.Info.Name).With(harbor.M("api.noFork", "game", d.rules.Info.Name))
	}
	return &erased[S, M, V]{s: d.rules.Fork(e.s, seed)}, nil
}

func (d *definition[S, M, V]) Sample(g Game, seat Seat, seed uint64) (Game, error) {
	e, ok := g.(*erased[S, M, V])
	if !ok {
		return nil, harbor.Errorf(harbor.EInvalid, "a game of another kind cannot be sampled as %s", d.rules.Info.Name)
	}
	if d.rules.Determinise == nil {
		return nil, harbor.Errorf(harbor.EInvalid, "%s has no Determinise to sample with", d.rules.Info.Name)
	}
	rng := NewRand(seed)
	return &erased[S, M, V]{s: d.rules.Determinise(e.s.View(seat), &rng)}, nil
}

func (d *definition[S, M, V]) Undoable(before, after Game, seat Seat, move json.RawMessage) bool {
	b, ok1 := before.(*erased[S, M, V])
	a, ok2 := after.(*erased[S, M, V])
	if !ok1 || !ok2 || d.rules.Reveals == nil {
		return false
	}
	m, err := DecodeMove[M](move)
	if err != nil {
		return false
	}
	return !d.rules.Reveals(b.s, a.s, seat, m)
}

type erased[S State[S, M, V], M any, V any] struct {
	s S
}

func (g *erased[S, M, V]) Actors() SeatSet { return g.s.Actors() }
func (g *erased[S, M, V]) View(viewer Seat) any {
	return g.s.View(viewer)
}
func (g *erased[S, M, V]) Result() Result { return g.s.Result() }
func (g *erased[S, M, V]) Clone() Game    { return &erased[S, M, V]{s: g.s.Clone()} }

func (g *erased[S, M, V]) Legal(seat Seat) []any {
	moves := g.s.Legal(seat, nil)
	out := make([]any, len(moves))
	for i, m := range moves {
		out[i] = m
	}
	return out
}

func (g *erased[S, M, V]) Apply(seat Seat, raw json.RawMessage, log *Log) error {
	m, err := DecodeMove[M](raw)
	if err != nil {
		return err
	}
	return g.s.Apply(seat, m, log)
}

// DecodeMove decodes one move strictly: unknown fields are refused.
func DecodeMove[M any](raw json.RawMessage) (M, error) {
	var m M
	if err := DecodeStrict(raw, &m); err != nil {
		return m, harbor.Errorf(harbor.EInvalid, "malformed move: %v", err)
	}
	return m, nil
}

// State returns the typed state inside g, for tests and tools of the game
// package that made it; ok is false if g holds another kind of state.
func StateOf[S State[S, M, V], M any, V any](g Game) (s S, ok bool) {
	e, ok := g.(*erased[S, M, V])
	if !ok {
		return s, false
	}
	return e.s, true
}

type erasedBot[S State[S, M, V], M any, V any] struct {
	bot Bot[M, V]
}

func (b erasedBot[S, M, V]) Move(g Game, seat Seat) (json.RawMessage, error) {
	e, ok := g.(*erased[S, M, V])
	if !ok {
		return nil, fmt.Errorf("game: bot given a game of another kind")
	}
	legal := e.s.Legal(seat, nil)
	if len(legal) == 0 {
		return nil, harbor.Errorf(harbor.ENotYourTurn, "seat %d has no move to make", seat).With(harbor.M("api.noMoveToMake"))
	}
	return json.Marshal(b.bot.Choose(e.s.View(seat), legal))
}

var registry = struct {
	sync.RWMutex
	defs map[string]Definition
}{defs: map[string]Definition{}}

// Register makes a game available by its id. Game packages call it from
// init; it panics on a duplicate id.
func Register(d Definition) {
	registry.Lock()
	defer registry.Unlock()
	id := d.Info().ID
	if _, dup := registry.defs[id]; dup {
		panic("game: Register called twice for " + id)
	}
	registry.defs[id] = d
}

// Lookup returns the game registered as id.
func Lookup(id string) (Definition, error) {
	registry.RLock()
	defer registry.RUnlock()
	d, ok := registry.defs[id]
	if !ok {
		return nil, harbor.Errorf(harbor.ENotFound, "there is no game called %q", id).With(harbor.M("api.noSuchGame", "game", id))
	}
	return d, nil
}

// All returns every registered game, ordered by id.
func All() []Definition {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Definition, 0, len(registry.defs))
	for _, d := range registry.defs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().ID < out[j].Info().ID })
	return out
}
