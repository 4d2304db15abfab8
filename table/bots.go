package table

import (
	"context"
	"encoding/json"
	"slices"
	"sync/atomic"
	"time"

	"harbor"
	"harbor/game"
)

// botRetry is the pause before a computer player tries again after the
// store failed to take its move.
const botRetry = time.Second

// schedule arranges what happens next without anyone asking: a computer
// player's move when the game waits on a computer seat or on a person one
// stands in for, and the turn timer (live) or limit (own pace) of each
// person the game waits on. At a live table computer players move after
// the table's bot pause while someone is connected, and wait while nobody
// is; at your own pace they move whether anyone watches or not, at once
// when nobody does. It holds r.mu.
func (r *Runner) schedule() {
	if r.g == nil || r.closed || r.t.Status != Playing {
		r.stopTimers()
		return
	}
	actors := r.g.Actors()
	watched := r.fan.watched()
	if r.resting() {
		// Nobody watches: computer players wait for someone to come back.
		if r.botTimer != nil {
			r.botTimer.Stop()
		}
		r.botDue = false
	} else if !(actors & r.computerSeats()).Empty() && !r.botDue {
		r.botDue = true
		delay := r.tables.botDelay
		if !watched {
			delay = 0
		}
		if r.botTimer == nil {
			r.botTimer = time.AfterFunc(delay, r.botStep)
		} else {
			r.botTimer.Reset(delay)
		}
	}
	r.armTimers(actors)
}

// resting reports whether computer players wait for someone to watch:
// nobody's page is open, and either the table plays live, or it plays at
// its own pace with no person in a seat (a game of computer players only,
// which nobody waits for).
func (r *Runner) resting() bool {
	return !r.fan.watched() && (!r.t.Pace.Own() || !r.t.hasPerson())
}

func (r *Runner) stopTimers() {
	if r.botTimer != nil {
		r.botTimer.Stop()
	}
	if r.turn != nil {
		r.turn.Stop()
	}
	r.botDue = false
}

// botStep makes one computer move, for the first waited-on seat a computer
// player sits in or stands in for.
func (r *Runner) botStep() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.botDue = false
	if r.g == nil || r.closed || r.t.Status != Playing || r.resting() {
		return
	}
	seat := (r.g.Actors() & r.computerSeats()).First()
	if seat < 0 {
		return
	}
	if r.bots[seat] == nil {
		r.bots[seat] = r.newComputer(seat)
	}
	err := r.lapseMove(seat)
	r.saveDeadlines(context.Background())
	if err != nil {
		r.tables.log.Error("computer player failed", "table", r.t.ID, "seat", seat, "err", err)
		if harbor.ErrorCode(err) == harbor.EInternal {
			// The store failed: try again in a while.
			r.botDue = true
			r.botTimer.Reset(botRetry)
		}
	}
}

// lapseMove makes seat's computer move, or, when the seat's limit ran out
// at a table whose rule skips the person, the game's pass or end of the
// turn when it lists one.
func (r *Runner) lapseMove(seat game.Seat) error {
	if r.clock.lapsed.Has(seat) && r.t.Pace.Rule == RuleSkip {
		if skip, ok := r.skipMove(seat); ok {
			err := r.apply(context.Background(), seat, skip, true)
			if err == nil || harbor.ErrorCode(err) == harbor.EInternal {
				return err
			}
			r.tables.log.Warn("skip move refused", "table", r.t.ID, "seat", seat, "move", string(skip), "err", err)
		}
	}
	return r.botMove(seat)
}

// botAsks is how many times a computer player is asked for a move before,
// its moves refused, the table plays one for it.
const botAsks = 2

// RefusalListener is a computer player that wants to hear why the game
// refused its move before it is asked again.
type RefusalListener interface {
	Refused(move json.RawMessage, err error)
}

// refusals count computer moves the games refused, and the moves the
// tables then played in their place.
type refusals struct {
	refused, fallbacks atomic.Uint64
}

// ComputerRefusals returns how many computer moves the games refused, and
// how many times a table then played the first legal move instead.
func (ts *Tables) ComputerRefusals() (refused, fallbacks uint64) {
	return ts.refusals.refused.Load(), ts.refusals.fallbacks.Load()
}

// botMove makes seat's computer move. A move the game refuses (a free-form
// offer with bad terms, say) is logged and counted, the computer player is
// told (RefusalListener) and asked again, and after botAsks refusals the
// table plays the first legal move the game accepts, so a faulty computer
// player never stalls its table. A store failure ends it at once.
func (r *Runner) botMove(seat game.Seat) error {
	standIn := r.t.Seats[seat].Kind == Human // a person's seat: its moves are marked
	var err error
	for ask := 1; ask <= botAsks; ask++ {
		var move json.RawMessage
		move, err = r.think(seat)
		if err == nil {
			err = r.apply(context.Background(), seat, move, standIn)
		}
		if err == nil || harbor.ErrorCode(err) == harbor.EInternal {
			return err
		}
		r.tables.refusals.refused.Add(1)
		r.tables.log.Warn("computer move refused", "table", r.t.ID, "seat", seat, "ask", ask, "move", string(move), "err", err)
		if l, ok := r.bots[seat].(RefusalListener); ok {
			l.Refused(move, err)
		}
	}
	for _, m := range r.g.Legal(seat) {
		raw, jerr := json.Marshal(m)
		if jerr != nil {
			continue
		}
		if err = r.apply(context.Background(), seat, raw, standIn); err == nil {
			r.tables.refusals.fallbacks.Add(1)
			r.tables.log.Warn("computer move played in place of refused ones", "table", r.t.ID, "seat", seat, "move", string(raw))
			return nil
		}
		if harbor.ErrorCode(err) == harbor.EInternal {
			return err
		}
	}
	return err
}

// computerSeats are the seats a computer player moves for now
// (seatClock.computerSeats).
func (r *Runner) computerSeats() game.SeatSet { return r.clock.computerSeats(r.t) }

// armTimers has the seat clock arm the turn timers and limits of the
// people the game now waits on (seatClock.arm) and sets the runner's one
// timer for the earliest moment something is due.
func (r *Runner) armTimers(actors game.SeatSet) {
	now := r.tables.now()
	next := r.clock.arm(r.t, actors, now)
	if next.IsZero() {
		if r.turn != nil {
			r.turn.Stop()
		}
		return
	}
	wait := next.Sub(now)
	if r.turn == nil {
		r.turn = time.AfterFunc(wait, r.timeUp)
	} else {
		r.turn.Reset(wait)
	}
}

// timeUp applies what the seat clock finds due: at your own pace the
// reminders and the table's rule for each limit that ran out; at a live
// table a computer player for every waited-on person whose turn timer ran
// out, or who has been disconnected too long.
func (r *Runner) timeUp() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.g == nil || r.closed || r.t.Status != Playing {
		return
	}
	now := r.tables.now()
	if r.t.Pace.Own() {
		changed, due := r.clock.lapse(r.t, now)
		r.schedule()
		r.saveDeadlines(context.Background(), r.reminders(due)...)
		if changed {
			r.broadcastLobby()
			r.broadcastState()
		}
		return
	}
	changed := r.clock.standIn(r.t, r.g.Actors(), now)
	r.schedule()
	if changed {
		r.broadcastLobby()
		r.broadcastState()
	}
}

// standInEvents marks the events of a move a computer player made in the
// person's seat, so the log and the replay tell it from the person's own:
// "Computer for Bo: Bo rolled 7" (the message "table.standIn" around the
// line's own). The events about that seat are marked, or the first one when
// none is; the others are left as they are.
func standInEvents(seats []Seat, seat game.Seat, events []game.Event) []game.Event {
	name := seatName(seats, seat)
	prefix := "Computer for " + name + ": "
	wrap := func(m *game.Msg) *game.Msg {
		if m == nil {
			return nil
		}
		return game.M("table.standIn", "who", name, "line", m)
	}
	mark := slices.IndexFunc(events, func(e game.Event) bool { return e.Seat == seat && e.Text != "" })
	out := make([]game.Event, len(events))
	for i, e := range events {
		if e.Text != "" && (e.Seat == seat || (mark < 0 && i == 0)) {
			e.Text, e.Msg = prefix+e.Text, wrap(e.Msg)
			if len(e.Secrets) > 0 {
				e.Secrets = slices.Clone(e.Secrets)
				for j := range e.Secrets {
					if e.Secrets[j].Text != "" {
						e.Secrets[j].Text = prefix + e.Secrets[j].Text
					}
					e.Secrets[j].Msg = wrap(e.Secrets[j].Msg)
				}
			}
		}
		out[i] = e
	}
	return out
}
