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
// computer seat or on a person one stands in for, and the turn timer of each
// person the game waits on. It holds r.mu.
func (r *Runner) schedule() {
	if r.g == nil || r.closed || r.t.Status != Playing {
		r.stopTimers()
		return
	}
	actors := r.g.Actors()
	if !(actors & (r.t.Bots() | r.away)).Empty() && !r.botDue {
		r.botDue = true
		if r.botTimer == nil {
			r.botTimer = time.AfterFunc(r.tables.botDelay, r.botStep)
		} else {
			r.botTimer.Reset(r.tables.botDelay)
		}
	}
	r.armTurnTimer(actors)
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
	if r.g == nil || r.closed || r.t.Status != Playing {
		return
	}
	seat := (r.g.Actors() & (r.t.Bots() | r.away)).First()
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

// armTurnTimer starts the timer of each person the game now waits on,
// forgets it for everyone else, and sets the runner's one timer for the
// earliest deadline.
func (r *Runner) armTurnTimer(actors game.SeatSet) {
	if r.t.TurnSeconds <= 0 {
		return
	}
	now := r.tables.now()
	var next time.Time
	for i := range r.t.Seats {
		seat := game.Seat(i)
		if !actors.Has(seat) || r.t.Seats[i].Kind != Human || r.away.Has(seat) {
			r.deadline[i] = time.Time{}
			continue
		}
		if r.deadline[i].IsZero() {
			r.deadline[i] = now.Add(time.Duration(r.t.TurnSeconds) * time.Second)
		}
		if next.IsZero() || r.deadline[i].Before(next) {
			next = r.deadline[i]
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

// timeUp hands every person whose turn timer ran out to a computer player.
func (r *Runner) timeUp() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.g == nil || r.closed || r.t.Status != Playing {
		return
	}
	now := r.tables.now()
	changed := false
	for i, d := range r.deadline {
		if !d.IsZero() && !d.After(now) {
			r.away = r.away.With(game.Seat(i))
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
