package table

import (
	"context"
	"slices"

	"harbor"
	"harbor/game"
)

// HintsOn reports whether "what would the computer do?" is on: as the host
// set it, or, when the host never did, whenever a computer player sits at
// the table.
func (t *Table) HintsOn() bool {
	if t.Hints != nil {
		return *t.Hints
	}
	return !t.Bots().Empty()
}

// SetHints lets the host turn hints on or off, before or during the game.
func (t *Table) SetHints(key string, on bool) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if t.Status == Finished {
		return harbor.Errorf(harbor.EConflict, "the game is over").With(harbor.M("api.over"))
	}
	t.Hints = &on
	return nil
}

// Hint answers "what would the computer do?" for the seat of s: the game's
// computer player decides from that seat's own view and legal moves, as if
// it sat there, and says why when it can. Every subscriber is told that the
// seat asked (a `note` frame for the log), once a seat and version, and the
// note is stored with the table, so the log reads the same after a reload.
// Errors: EUnauthorized for the TV, EForbidden for a spectator or when the
// host turned hints off, EConflict when no game runs, ENotYourTurn when the
// game does not wait on the seat, EInternal when the note cannot be stored.
func (r *Runner) Hint(ctx context.Context, s *Sub) (game.Suggestion, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.tv {
		return game.Suggestion{}, harbor.Errorf(harbor.EUnauthorized, "the TV screen only watches").With(harbor.M("api.tvWatches"))
	}
	seat := r.viewerOf(s)
	switch {
	case seat < 0:
		return game.Suggestion{}, harbor.Errorf(harbor.EForbidden, "you are watching this game, not playing").With(harbor.M("api.watching"))
	case !r.t.HintsOn():
		return game.Suggestion{}, harbor.Errorf(harbor.EForbidden, "the host has turned hints off at this table").With(harbor.M("api.hintsOff"))
	case r.g == nil || r.t.Status != Playing:
		return game.Suggestion{}, harbor.Errorf(harbor.EConflict, "no game is running").With(harbor.M("api.notRunning"))
	case !r.g.Actors().Has(seat):
		return game.Suggestion{}, harbor.Errorf(harbor.ENotYourTurn, "the game is not waiting for your decision").With(harbor.M("api.notWaiting"))
	}
	// A fresh player each time, so a hint never moves the generator of the
	// computer player that stands in for the seat.
	bot := r.def.NewBot(seat, game.BotSeed(r.t.Seed, seat))
	hint, err := game.Suggest(bot, r.g, seat)
	if err != nil {
		return game.Suggestion{}, err
	}
	r.tables.log.Info("hint", "table", r.t.ID, "seat", seat, "version", r.t.Version)
	asked := HintNote{V: r.t.Version, Seat: seat}
	if slices.Contains(r.t.Room.Hints, asked) {
		return hint, nil // the log says so already
	}
	next := r.t.Clone()
	next.Room.Hints = append(next.Room.Hints, asked)
	if over := len(next.Room.Hints) - MaxHintNotes; over > 0 {
		next.Room.Hints = slices.Delete(next.Room.Hints, 0, over)
	}
	if err := r.tables.store.SaveTable(ctx, next); err != nil {
		r.tables.log.Error("save hint note", "table", r.t.ID, "err", err)
		return game.Suggestion{}, storeFault(err, "the hint could not be noted; try again")
	}
	r.t = next
	e := hintEvent(r.t.Seats, seat)
	if r.hist.first() >= 0 && r.hist.first() <= asked.V {
		h := r.hist.at(asked.V)
		h.Events = append(slices.Clip(h.Events), e) // never into the events of the last state frame
		r.hist.set(h)
	}
	note := NewMsg("note", r.t.Version, e)
	r.fan.send(note)
	return hint, nil
}

// hintEvent is what the log says of a seat's question for a hint.
func hintEvent(seats []Seat, seat game.Seat) game.Event {
	name := seatName(seats, seat)
	return game.Event{Type: "hint", Seat: seat, Text: name + " asked what the computer would do", Msg: game.M("table.hint", "who", name)}
}

// withHints adds the hint notes of t to the log entries of their versions.
func withHints(t *Table, hist []HistoryEntry) {
	for _, n := range t.Room.Hints {
		for i := range hist {
			if hist[i].V == n.V {
				hist[i].Events = append(slices.Clip(hist[i].Events), hintEvent(t.Seats, n.Seat))
				break
			}
		}
	}
}
