package table

import (
	"time"

	"harbor/game"
)

// Turn is the news that the game now waits on a person who has no page of
// the table open: what a turn notice may tell them. It names no move, no
// hand and nothing else the game hides.
type Turn struct {
	Person   string   // the person's Key
	Table    string   // the table's id
	Game     string   // the game's id
	GameName string   // the game's name
	Name     string   // the name the person sits under
	Others   []string // the names of the other seats, in seat order
	// Seat is the person's seat and Version the table's version (moves
	// applied) the turn begins at: the notice is stale once the table has
	// moved on from it.
	Seat    game.Seat
	Version int
	// Reminder: at your own pace, the turn's limit is half gone and the
	// person has not played yet; Left is the time still left.
	Reminder bool
	Left     time.Duration
	// Due, at your own pace, is when the turn's limit runs out (zero when
	// no clock runs), and Rule what happens then.
	Due  time.Time
	Rule LimitRule
	// Missed counts the person's turns in a row just before this one
	// that a computer player took for them when their limit ran out.
	Missed int
	// Held: after HeldAfter such turns the table waits for the person,
	// with no clock running, until they move.
	Held bool
}

// turnOf is the notice of seat's turn.
func (r *Runner) turnOf(seat game.Seat) Turn { return r.turnAt(seat, r.t.Version, &r.clock) }

// turnAt is the notice of seat's turn at version, with the seat clock c
// the position there has.
func (r *Runner) turnAt(seat game.Seat, version int, c *seatClock) Turn {
	s := r.t.Seats[seat]
	t := Turn{Person: s.Key, Table: r.id, Game: r.t.Game, GameName: r.def.Info().Name, Name: s.Name, Seat: seat, Version: version}
	if r.t.Pace.Own() {
		t.Due, t.Rule = c.deadline[seat], r.t.Pace.Rule
		t.Missed, t.Held = int(c.missed[seat]), c.held(r.t, seat)
	}
	for i, o := range r.t.Seats {
		if game.Seat(i) != seat {
			t.Others = append(t.Others, o.Name)
		}
	}
	return t
}

// turnsAt returns the notices of the turns a position begins at version:
// one for each person the game waits on there (actors) but not in waiting
// (the seats it waited on before), who sits in person, has no connection
// to the table, and has no computer player standing in under the seat
// clock c. It holds r.mu.
func (r *Runner) turnsAt(actors, waiting game.SeatSet, version int, c *seatClock) []Turn {
	var out []Turn
	for _, seat := range (actors &^ waiting &^ c.computerSeats(r.t)).List() {
		s := r.t.Seats[seat]
		if s.Kind != Human || r.online(s.Key) {
			continue
		}
		out = append(out, r.turnAt(seat, version, c))
	}
	return out
}

// tellTurns hands turns to Options.OnTurn. A move's turns are in the
// store already (Move.Notices): telling OnTurn only wakes the notifier to
// send them at once. It holds r.mu; OnTurn must not block.
func (r *Runner) tellTurns(turns []Turn) {
	if on := r.tables.opts.OnTurn; on != nil {
		for _, t := range turns {
			on(t)
		}
	}
}
