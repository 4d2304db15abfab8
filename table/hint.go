package table

import (
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
		return harbor.Errorf(harbor.EConflict, "the game is over")
	}
	t.Hints = &on
	return nil
}

// Hint answers "what would the computer do?" for the seat of s: the game's
// computer player decides from that seat's own view and legal moves, as if
// it sat there, and says why when it can. Every subscriber is told that the
// seat asked (a `note` frame for the log). Errors: EUnauthorized for the TV,
// EForbidden for a spectator or when the host turned hints off, EConflict
// when no game runs, ENotYourTurn when the game does not wait on the seat.
func (r *Runner) Hint(s *Sub) (game.Suggestion, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.tv {
		return game.Suggestion{}, harbor.Errorf(harbor.EUnauthorized, "the TV screen only watches")
	}
	seat := r.viewerOf(s)
	switch {
	case seat < 0:
		return game.Suggestion{}, harbor.Errorf(harbor.EForbidden, "you are watching this game, not playing")
	case !r.t.HintsOn():
		return game.Suggestion{}, harbor.Errorf(harbor.EForbidden, "the host has turned hints off at this table")
	case r.g == nil || r.t.Status != Playing:
		return game.Suggestion{}, harbor.Errorf(harbor.EConflict, "no game is running")
	case !r.g.Actors().Has(seat):
		return game.Suggestion{}, harbor.Errorf(harbor.ENotYourTurn, "the game is not waiting for your decision")
	}
	// A fresh player each time, so a hint never moves the generator of the
	// computer player that stands in for the seat.
	bot := r.def.NewBot(seat, game.BotSeed(r.t.Seed, seat))
	hint, err := game.Suggest(bot, r.g, seat)
	if err != nil {
		return game.Suggestion{}, err
	}
	r.tables.log.Info("hint", "table", r.t.ID, "seat", seat, "version", r.t.Version)
	note := NewMsg("note", r.t.Version, game.Event{Type: "hint", Seat: seat, Text: r.t.Seats[seat].Name + " asked what the computer would do"})
	for _, sub := range r.subs {
		sub.conn.Send(note)
	}
	note.Done()
	return hint, nil
}
