package table

import (
	"context"
	"time"

	"harbor"
	"harbor/game"
)

// botRetry is the pause before a computer player tries again after the
// store failed to take its move.
const botRetry = time.Second

// schedule arranges what happens next without anyone asking: a computer
// player's move (after the table's bot pause) when the game waits on a
// computer seat or on a person one stands in for, while someone is
// connected to the table, and the turn timer of each person the game
// waits on. It holds r.mu.
func (r *Runner) schedule() {
	if r.g == nil || r.closed || r.t.Status != Playing {
		r.stopTimers()
		return
	}
	actors := r.g.Actors()
	if len(r.subs) == 0 {
		// Nobody watches: computer players wait for someone to come back.
		if r.botTimer != nil {
			r.botTimer.Stop()
		}
		r.botDue = false
	} else if !(actors & r.computerSeats()).Empty() && !r.botDue {
		r.botDue = true
		if r.botTimer == nil {
			r.botTimer = time.AfterFunc(r.tables.botDelay, r.botStep)
		} else {
			r.botTimer.Reset(r.tables.botDelay)
		}
	}
	r.armTimers(actors)
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
	if r.g == nil || r.closed || r.t.Status != Playing || len(r.subs) == 0 {
		return
	}
	seat := (r.g.Actors() & r.computerSeats()).First()
	if seat < 0 {
		return
	}
	if r.bots[seat] == nil {
		r.bots[seat] = r.newComputer(seat)
	}
	move, err := r.think(seat)
	if err == nil {
		err = r.apply(context.Background(), seat, move)
	}
	if err != nil {
		r.tables.log.Error("computer player failed", "table", r.t.ID, "seat", seat, "move", string(move), "err", err)
		if harbor.ErrorCode(err) == harbor.EInternal {
			// The store failed: try again in a while. A move the game
			// refused would be refused again, so that is not retried.
			r.botDue = true
			r.botTimer.Reset(botRetry)
		}
	}
}

// computerSeats are the seats a computer player moves for: its own, the
// ones it stands in for while their person is away, and the ones the host
// handed to it.
func (r *Runner) computerSeats() game.SeatSet {
	return r.t.Bots() | r.away | r.t.Room.Handed
}

// armTimers starts the turn timer of each person the game now waits on,
// forgets it for everyone else, and sets the runner's one timer for the
// earliest moment a computer player must stand in: a turn timer running
// out, or a waited-on person disconnected for the table's AwaySeconds.
func (r *Runner) armTimers(actors game.SeatSet) {
	now := r.tables.now()
	var next time.Time
	for i := range r.t.Seats {
		seat := game.Seat(i)
		if !actors.Has(seat) || r.t.Seats[i].Kind != Human || r.computerSeats().Has(seat) {
			r.deadline[i] = time.Time{}
			continue
		}
		if r.t.TurnSeconds > 0 && r.deadline[i].IsZero() {
			r.deadline[i] = now.Add(time.Duration(r.t.TurnSeconds) * time.Second)
		}
		for _, due := range []time.Time{r.deadline[i], r.goneDue(seat)} {
			if !due.IsZero() && (next.IsZero() || due.Before(next)) {
				next = due
			}
		}
	}
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

// goneDue is when a computer player stands in for the disconnected person
// of seat; zero while they are connected or the table never stands in.
func (r *Runner) goneDue(seat game.Seat) time.Time {
	if r.gone[seat].IsZero() || r.t.Room.AwaySeconds <= 0 {
		return time.Time{}
	}
	return r.gone[seat].Add(time.Duration(r.t.Room.AwaySeconds) * time.Second)
}

// timeUp hands every waited-on person whose turn timer ran out, or who has
// been disconnected too long, to a computer player.
func (r *Runner) timeUp() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.g == nil || r.closed || r.t.Status != Playing {
		return
	}
	now := r.tables.now()
	actors := r.g.Actors()
	changed := false
	for i, d := range r.deadline {
		seat := game.Seat(i)
		gone := r.goneDue(seat)
		late := !d.IsZero() && !d.After(now)
		lost := actors.Has(seat) && !gone.IsZero() && !gone.After(now) && i < len(r.t.Seats) && r.t.Seats[i].Kind == Human
		if (late || lost) && !r.computerSeats().Has(seat) {
			r.away = r.away.With(seat)
			r.deadline[i] = time.Time{}
			changed = true
		}
	}
	r.schedule()
	if changed {
		r.broadcastLobby()
		r.broadcastState()
	}
}
