package table

import (
	"context"

	"harbor"
	"harbor/game"
)

// Again opens the table that follows r's finished game, for its host with
// key: a new lobby of gameID ("" for the same game) with the same people in
// the same seats with the same colours, the same computer players, and the
// same options when the game is the same. Everyone at r is told (its lobby
// view names the new table) and is already a member of the new one. Asked
// again, it answers the table it opened the first time.
func (ts *Tables) Again(ctx context.Context, r *Runner, key, gameID string) (*Runner, error) {
	old := r.Table()
	if err := old.isHost(key); err != nil {
		return nil, err
	}
	if old.Status != Finished {
		return nil, harbor.Errorf(harbor.EConflict, "a new game can be opened when this one is over")
	}
	if old.Room.Next != "" {
		return ts.Get(ctx, old.Room.Next)
	}
	if gameID == "" {
		gameID = old.Game
	}
	def, err := game.Lookup(gameID)
	if err != nil {
		return nil, err
	}
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
	next, err := ts.createTable(ctx, def, t)
	if err != nil {
		return nil, err
	}
	err = r.Change(ctx, func(o *Table) error {
		if o.Room.Next != "" {
			return harbor.Errorf(harbor.EConflict, "the next game is already open")
		}
		o.Room.Next, o.Room.NextTV = t.ID, t.TV
		return nil
	})
	if err != nil {
		return nil, err
	}
	return next, nil
}
