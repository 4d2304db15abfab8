// Package game is the contract every Harbor game engine follows, and the
// registry through which the table server, the simulator and the tests find
// the games.
//
// An engine is a pure, deterministic state machine: Setup gives the first
// state from the players, the options and a seed; all randomness comes from a
// Rand kept inside the state; so setup + seed + move log replays to the same
// state every time. No engine imports time, os, net, math/rand or a database
// (TestEnginesArePure enforces it).
//
// Each game package defines three types of its own: a state S (a pointer
// type), a move M and a view V, all plain JSON-encodable values, and hands a
// Rules value to Define and Register. Package code that knows the concrete
// types (tests, benchmarks, the game's bot) uses them directly, with no
// boxing; the server and the simulator use the type-erased Definition and
// Game.
package game

import (
	"encoding/json"

	"harbor"
)

// Player is one seat's entry at setup.
type Player struct {
	Name string `json:"name"`
	Bot  bool   `json:"bot,omitempty"` // a computer player sits here
}

// Config is everything a game is set up from.
type Config struct {
	Players []Player `json:"players"`
	// Options is the game's rules options as a JSON object; empty means
	// every option at its default. Decode it with DecodeOptions.
	Options json.RawMessage `json:"options,omitempty"`
	Seed    uint64          `json:"seed"`
	// From, for a game played on from a position of another game, is that
	// position: the game starts where From leads, with everything no seat
	// had seen there drawn afresh from Seed (see Rules.Fork).
	From *Origin `json:"from,omitempty"`
}

// Origin is a position of a recorded game: the game set up with the same
// players and options and Seed (itself played on from From, if set), after
// Moves.
type Origin struct {
	Seed  uint64   `json:"seed"`
	From  *Origin  `json:"from,omitempty"`
	Moves []Record `json:"moves"`
}

// State is the contract of a game state. S is the state's own type (a
// pointer), M the game's move type, V its view type.
//
// Every method but Apply leaves the state untouched, and none of them may
// keep a reference to its arguments.
type State[S any, M any, V any] interface {
	// Actors returns the seats the game is waiting on: the seat whose turn
	// it is, every seat that owes a decision at the same time (discards on
	// a seven), and a seat that has a question addressed to it (a trade
	// offer). Empty once the game is over.
	Actors() SeatSet

	// Legal appends to dst the moves seat may make now and returns the
	// extended slice. It is the one source of truth for bots, the user
	// interface and validation. Moves with free-form terms (a trade offer)
	// may be accepted by Apply without being listed; the view tells the
	// player they may make them.
	Legal(seat Seat, dst []M) []M

	// Apply validates m for seat completely and, only if it is legal,
	// applies it, recording what happened in log (which may be nil). An
	// illegal move returns a *harbor.Error (code EIllegal or ENotYourTurn,
	// or EInvalid for a malformed move) naming the rule it breaks, and
	// leaves the state exactly as it was.
	Apply(seat Seat, m M, log *Log) error

	// View returns what viewer (a seat, or Public) may see, and nothing
	// more: no other seat's hand, no deck order, no seed.
	View(viewer Seat) V

	// Result returns the outcome; Over is false while the game runs.
	Result() Result

	// Clone returns a deep copy that shares nothing mutable with the state.
	Clone() S
}

// Bot is a computer player for one seat. It decides from that seat's view
// and legal moves only, never the full state, with its own seeded generator,
// so the same inputs give the same choice. It may return a move that is not
// in legal (a move with free-form terms); Apply validates it like any other.
// legal is never empty when Choose is called.
type Bot[M any, V any] interface {
	Choose(view V, legal []M) M
}

// Rules is what a game package provides.
type Rules[S State[S, M, V], M any, V any] struct {
	Info Info
	// Setup returns the initial state. It validates the player count and
	// options and returns a *harbor.Error with code EInvalid when they do
	// not fit.
	Setup func(cfg Config) (S, error)
	// SetupLog, when a game's setup already plays part of the game (a first
	// roll, a solo opponent's first turn), is Setup that records those
	// events in log (which may be nil), to be shown with the first view and
	// kept with the game's log. Optional; Setup must give the same state.
	SetupLog func(cfg Config, log *Log) (S, error)
	// NewBot returns the computer player for seat, seeded with seed: the
	// normal level.
	NewBot func(seat Seat, seed uint64) Bot[M, V]
	// Fork returns a copy of s in which everything no seat has seen yet
	// (the order of undrawn cards, face-down tiles, the generator behind
	// future dice) is drawn afresh from seed, and everything any seat has
	// seen is unchanged, so that a game played on from a recorded position
	// gives no advantage to whoever knows how the original went on. It must
	// leave s untouched. Optional: a game without it cannot be forked.
	Fork func(s S, seed uint64) S
	// Reveals reports whether seat's move m, which took the game from
	// before to after, showed anyone something hidden or left to chance:
	// dice rolled, a card drawn, peeked at or stolen, a shuffle. Only a move
	// that reveals nothing may be taken back (a table's safe undo).
	// Optional: without it no move can be taken back.
	Reveals func(before, after S, seat Seat, m M) bool
	// Determinise returns a full state that agrees with view (a seat's
	// view: View(view's seat) of it gives view back), with everything the
	// seat cannot see (other hands, deck orders, future dice) drawn from
	// rng. It reads nothing but view and rng. Optional: a game that has it
	// offers the easy and hard computer players too (Info.Levels), and its
	// moves must be comparable values.
	Determinise func(view V, rng *Rand) S
}

// Info describes a game for the lobby and the registry.
type Info struct {
	ID         string   `json:"id"`   // stable id: "holdings", "harborfall", ...
	Name       string   `json:"name"` // display name
	MinPlayers int      `json:"minPlayers"`
	MaxPlayers int      `json:"maxPlayers"`
	Minutes    string   `json:"minutes"` // typical length, "45-60"
	Summary    string   `json:"summary"` // one or two sentences for the home page
	Options    []Option `json:"options,omitempty"`
	// Levels are the computer player levels the game offers, easiest
	// first; Define fills them in.
	Levels []Level `json:"levels"`
	// Test is what the tests, benchmarks and tools that cover every game
	// need to know of this one; the lobby never sees it.
	Test Test `json:"-"`
}

// Test is a game's entry for the checks that cover every registered game
// (docs/engine.md lists them). A game states it once, in its Info, so
// none of those checks keeps a list of games of its own.
type Test struct {
	// Quick are rules options that make a whole game short (a few hundred
	// moves of computer players), for the tests that play every game to
	// its end; empty when the defaults are short already.
	Quick json.RawMessage
	// Variety are setups that between them reach every kind of move the
	// game has: its fewest and most seats, with and without the options
	// that add moves. The check that no two legal moves share a label
	// plays random games of each. Empty: the fewest and the most seats,
	// with every option at its default.
	Variety []Setup
	// Only marks a game that exists for tests alone (Pile): it has no
	// screens in the front end, and the checks of what the front end
	// shows pass it by, saying so.
	Only bool
}

// Setup is a seat count and rules options to set a game up with.
type Setup struct {
	Players int
	Options json.RawMessage
}

// Varieties are info's Test.Variety, or its fewest and most seats with
// default options when it names none.
func Varieties(info Info) []Setup {
	if len(info.Test.Variety) > 0 {
		return info.Test.Variety
	}
	out := []Setup{{Players: info.MinPlayers, Options: json.RawMessage(`{}`)}}
	if info.MaxPlayers != info.MinPlayers {
		out = append(out, Setup{Players: info.MaxPlayers, Options: json.RawMessage(`{}`)})
	}
	return out
}

// QuickOptions are info's Test.Quick, or {} (every option at its
// default) when it names none.
func QuickOptions(info Info) json.RawMessage {
	if len(info.Test.Quick) > 0 {
		return info.Test.Quick
	}
	return json.RawMessage(`{}`)
}

// Option describes one rules option, so the lobby can offer it.
type Option struct {
	Key     string   `json:"key"`
	Label   string   `json:"label"`
	Help    string   `json:"help,omitempty"`
	Kind    string   `json:"kind"` // "bool", "int" or "choice"
	Default any      `json:"default"`
	Min     int      `json:"min,omitempty"` // for "int"
	Max     int      `json:"max,omitempty"`
	Choices []Choice `json:"choices,omitempty"` // for "choice"
	// Solo marks a "bool" option the game always turns on when one person
	// plays, whatever the table chose, so the lobby shows it on then.
	Solo bool `json:"solo,omitempty"`
}

// Choice is one value of a "choice" option.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// CheckPlayers returns an EInvalid error unless the number of players fits info.
func CheckPlayers(info Info, players []Player) error {
	if n := len(players); n < info.MinPlayers || n > info.MaxPlayers || n > MaxSeats {
		return harbor.Errorf(harbor.EInvalid, "%s needs %d to %d players, not %d",
			info.Name, info.MinPlayers, info.MaxPlayers, n).With(harbor.M("api.playerCount", "game", info.Name, "min", info.MinPlayers, "max", info.MaxPlayers, "n", n))
	}
	return nil
}
