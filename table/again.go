package table

import (
	"cmp"
	"context"

	"harbor"
	"harbor/game"
	"harbor/people"
)

// Again opens the table that follows r's finished game, for its host with
// key: a new lobby of gameID ("" for the same game) with the same people in
// the same seats with the same colors, the same computer players, and the
// same options when the game is the same. Everyone at r is told (its lobby
// view names the new table) and is already a member of the new one. Asked
// again, it answers the table it opened the first time. The new table
// counts against owners while it is open, as one made by Create does.
func (ts *Tables) Again(ctx context.Context, r *Runner, key, gameID string, owners ...people.Owner) (*Runner, error) {
	old := r.Table()
	opened, def, err := checkAgain(old, key, gameID)
	if err != nil {
		return nil, err
	}
	if opened {
		return ts.Get(ctx, old.Room.Next)
	}
	gameID = def.Info().ID
	t, err := New(def, key, "host", nil, old.TurnSeconds, ts.now())
	if err != nil {
		return nil, err
	}
	if gameID == old.Game {
		t.Options = old.Options
	}
	t.Members = append([]Member(nil), old.Members...)
	t.Room.AwaySeconds, t.Room.ChatOff = old.Room.AwaySeconds, old.Room.ChatOff
	t.Undo, t.HideHands, t.Hints = old.Undo, old.HideHands, old.Hints
	clear(t.Seats)
	for i, s := range old.Seats {
		if i >= len(t.Seats) {
			break // the other game has fewer seats: the rest watch
		}
		if s.Kind == Human && old.Member(s.Key) < 0 {
			continue
		}
		s.Ready, s.HandedBy = s.Kind == Bot, ""
		t.Seats[i] = s
	}
	next, err := ts.createTable(ctx, def, t, owners...)
	if err != nil {
		return nil, err
	}
	err = r.Change(ctx, func(o *Table) error {
		if o.Room.Next != "" {
			return harbor.Errorf(harbor.EConflict, "the next game is already open").With(harbor.M("api.nextOpen"))
		}
		o.Room.Next, o.Room.NextTV = t.ID, t.TV
		return nil
	})
	if err != nil {
		return nil, err
	}
	return next, nil
}

// CheckAgain says whether the host with key may ask for the table that
// follows r's finished game (gameID "" for the same game), and whether it
// is already open: a request for a new table can be refused before any
// limit is charged for it, and asking again for the open one costs nothing.
func (r *Runner) CheckAgain(key, gameID string) (opened bool, err error) {
	opened, _, err = checkAgain(r.Table(), key, gameID)
	return opened, err
}

func checkAgain(old *Table, key, gameID string) (opened bool, def game.Definition, err error) {
	if err := old.isHost(key); err != nil {
		return false, nil, err
	}
	if old.Status != Finished {
		return false, nil, harbor.Errorf(harbor.EConflict, "a new game can be opened when this one is over").With(harbor.M("api.againWhenOver"))
	}
	if old.Room.Next != "" {
		return true, nil, nil
	}
	def, err = game.Lookup(cmp.Or(gameID, old.Game))
	return false, def, err
}
