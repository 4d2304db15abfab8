package table

import (
	"encoding/json"
	"time"

	"harbor/game"
)

// seatClock keeps the time of a running table's seats. It owns, by seat:
// the turn timer (live) or turn limit (own pace) of each waited-on person
// (deadline); at your own pace the reminders that went out (reminded), the
// limits that ran out and whose turn the table's rule plays (lapsed), and
// the turns in a row a computer player took for the person, which hold the
// seat at HeldAfter (missed); the seats a computer player stands in for
// while their person is away (away) and since when each seated person has
// had no connection (gone); and the encoding of the deadlines the store
// holds (saved).
//
// It does not own the table (its pace, seats and handed seats are read
// from the *Table each method takes), the game (callers pass the seats it
// waits on), the timer (arm says when the next thing is due and the runner
// sets its timer for then), the store (the runner stores what deadlines
// returns) or anyone's connection (the runner sends the reminders that
// lapse returns and the frames that show the clock). It is a plain value:
// a copy is a clock of its own, which is how the runner works out the
// deadlines a position will have before the move that makes it is
// committed.
type seatClock struct {
	deadline [game.MaxSeats]time.Time
	reminded game.SeatSet
	lapsed   game.SeatSet
	missed   [game.MaxSeats]uint8
	away     game.SeatSet
	gone     [game.MaxSeats]time.Time
	saved    string
}

// reminder is a reminder due: seat's person has left to play their turn.
type reminder struct {
	seat game.Seat
	left time.Duration
}

// computerSeats are the seats a computer player moves for: its own, the
// ones it stands in for while their person is away or their limit ran out,
// and the ones the host handed to it.
func (c *seatClock) computerSeats(t *Table) game.SeatSet {
	return t.Bots() | c.away | t.Room.Handed | c.lapsed
}

// held reports whether the table waits for the person of seat with their
// clock stopped: a computer player took their last HeldAfter turns.
func (c *seatClock) held(t *Table, seat game.Seat) bool {
	return t.Pace.Own() && t.Pace.Rule == RuleComputer && int(c.missed[seat]) >= HeldAfter
}

// goneDue is when a computer player stands in for the disconnected person
// of seat; zero while they are connected or the table never stands in.
func (c *seatClock) goneDue(t *Table, seat game.Seat) time.Time {
	if c.gone[seat].IsZero() || t.Room.AwaySeconds <= 0 || t.Pace.Own() {
		return time.Time{}
	}
	return c.gone[seat].Add(time.Duration(t.Room.AwaySeconds) * time.Second)
}

// remindAt is when the reminder of seat's turn goes out: half its limit
// before the deadline.
func (c *seatClock) remindAt(t *Table, seat game.Seat) time.Time {
	return c.deadline[seat].Add(-time.Duration(t.Pace.Limit) * time.Second / 2)
}

// back ends the stand-in for the person of seat, who is back; their turn
// timer starts afresh.
func (c *seatClock) back(seat game.Seat) {
	c.away = c.away.Without(seat)
	c.deadline[seat] = time.Time{}
}

// moved notes a move of seat: a person's own move starts their count of
// missed turns again, and at a live table each move has a turn timer of
// its own.
func (c *seatClock) moved(t *Table, seat game.Seat, standIn bool) {
	if !standIn {
		c.missed[seat] = 0 // the person is back: their clock runs again
	}
	if !t.Pace.Own() {
		c.deadline[seat] = time.Time{}
	}
}

// arm starts the turn timer (live) or limit (own pace) of each person the
// game now waits on (actors), forgets it for everyone else, and returns the
// earliest moment something is due (zero: nothing): a turn timer or limit
// running out, a reminder at your own pace, or a waited-on person
// disconnected for the table's AwaySeconds (live only). At your own pace a
// limit runs for as long as the game waits on the seat, over every move of
// the turn; a seat whose limit ran out keeps it until the game no longer
// waits on it, and a held seat has none.
func (c *seatClock) arm(t *Table, actors game.SeatSet, now time.Time) time.Time {
	own := t.Pace.Own()
	limit := time.Duration(t.TurnSeconds) * time.Second
	if own {
		limit = time.Duration(t.Pace.Limit) * time.Second
	}
	c.lapsed &= actors // a lapse ends with the turn
	var next time.Time
	for i := range t.Seats {
		seat := game.Seat(i)
		if !actors.Has(seat) || t.Seats[i].Kind != Human || ((c.computerSeats(t).Has(seat) || c.held(t, seat)) && !c.lapsed.Has(seat)) {
			c.deadline[i] = time.Time{}
			c.reminded = c.reminded.Without(seat)
			continue
		}
		if limit > 0 && c.deadline[i].IsZero() {
			c.deadline[i] = now.Add(limit)
			c.reminded = c.reminded.Without(seat)
		}
		dues := []time.Time{c.deadline[i], c.goneDue(t, seat)}
		if own && c.lapsed.Has(seat) {
			continue // the table's rule plays the turn
		}
		if own && !c.reminded.Has(seat) {
			dues = append(dues, c.remindAt(t, seat))
		}
		for _, due := range dues {
			if !due.IsZero() && (next.IsZero() || due.Before(next)) {
				next = due
			}
		}
	}
	return next
}

// lapse, at your own pace, marks every seat whose limit ran out by now,
// counting the turn missed under RuleComputer, and returns the reminders
// due, each marked sent. changed reports whether a seat lapsed.
func (c *seatClock) lapse(t *Table, now time.Time) (changed bool, due []reminder) {
	for i, end := range c.deadline {
		seat := game.Seat(i)
		if end.IsZero() || c.lapsed.Has(seat) {
			continue
		}
		if !end.After(now) {
			c.lapsed = c.lapsed.With(seat)
			if t.Pace.Rule == RuleComputer && int(c.missed[seat]) < HeldAfter {
				c.missed[seat]++
			}
			changed = true
			continue
		}
		if !c.reminded.Has(seat) && !c.remindAt(t, seat).After(now) {
			c.reminded = c.reminded.With(seat)
			due = append(due, reminder{seat, end.Sub(now)})
		}
	}
	return changed, due
}

// standIn, at a live table, hands to a computer player every waited-on
// person whose turn timer ran out by now or who has been disconnected too
// long, and reports whether it handed anyone.
func (c *seatClock) standIn(t *Table, actors game.SeatSet, now time.Time) bool {
	changed := false
	for i, d := range c.deadline {
		seat := game.Seat(i)
		gone := c.goneDue(t, seat)
		late := !d.IsZero() && !d.After(now)
		lost := actors.Has(seat) && !gone.IsZero() && !gone.After(now) && i < len(t.Seats) && t.Seats[i].Kind == Human
		if (late || lost) && !c.computerSeats(t).Has(seat) {
			c.away = c.away.With(seat)
			c.deadline[i] = time.Time{}
			changed = true
		}
	}
	return changed
}

// deadlines returns the deadlines to store for the running game of t at
// version; nil when there are none (a live table).
func (c *seatClock) deadlines(t *Table, version int) *Deadlines {
	if !t.Pace.Own() {
		return nil
	}
	d := &Deadlines{Version: version}
	for i, due := range c.deadline {
		if due.IsZero() {
			continue
		}
		seat := game.Seat(i)
		d.Seats = append(d.Seats, Deadline{Seat: seat, Due: due.UnixMilli(), Reminded: c.reminded.Has(seat), Lapsed: c.lapsed.Has(seat)})
	}
	for i := range t.Seats {
		if c.missed[i] > 0 {
			if d.Missed == nil {
				d.Missed = make([]int, len(t.Seats))
			}
			d.Missed[i] = int(c.missed[i])
		}
	}
	return d
}

// unsaved reports whether d differs from the deadlines stored, with d's
// encoding, which becomes saved once d is stored.
func (c *seatClock) unsaved(d *Deadlines) (text string, changed bool) {
	if d != nil {
		b, _ := json.Marshal(d)
		text = string(b)
	}
	return text, text != c.saved
}

// restore takes the stored deadlines d of a table just loaded, when they
// are those of its game as it is (actors the seats it waits on), and its
// count of missed turns in any case. since are the moves stored after d's
// version, when the store missed the deadlines of the game's last moves:
// a person who made one of those has their count start again (a computer
// player's moves for them may then be one turn short of the count, which
// only lets the table wait a turn later).
func (c *seatClock) restore(t *Table, actors game.SeatSet, d *Deadlines, since []Move) {
	for i, n := range d.Missed {
		if i < len(t.Seats) && n > 0 {
			c.missed[i] = uint8(min(n, HeldAfter))
		}
	}
	for _, m := range since {
		if !m.StandIn && m.Seat >= 0 && int(m.Seat) < len(c.missed) {
			c.missed[m.Seat] = 0
		}
	}
	if d.Version != t.Version {
		return
	}
	for _, s := range d.Seats {
		if s.Seat < 0 || int(s.Seat) >= len(t.Seats) || !actors.Has(s.Seat) {
			continue
		}
		c.deadline[s.Seat] = time.UnixMilli(s.Due).UTC()
		if s.Reminded {
			c.reminded = c.reminded.With(s.Seat)
		}
		if s.Lapsed {
			c.lapsed = c.lapsed.With(s.Seat)
		}
	}
	c.saved, _ = c.unsaved(d)
}

// next returns the earliest moment a turn limit or turn timer of a
// waited-on person runs out; zero when none runs. A table whose game is
// not loaded (read from the store alone) answers from its stored
// deadlines.
func (c *seatClock) next(t *Table, loaded bool) time.Time {
	var next time.Time
	consider := func(d time.Time) {
		if !d.IsZero() && (next.IsZero() || d.Before(next)) {
			next = d
		}
	}
	if !loaded {
		if d := t.Deadlines; d != nil && t.Status == Playing && d.Version == t.Version {
			for _, s := range d.Seats {
				consider(time.UnixMilli(s.Due))
			}
		}
		return next
	}
	for _, d := range c.deadline {
		consider(d)
	}
	return next
}
