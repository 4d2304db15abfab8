package contracttest

import (
	"fmt"
	"reflect"

	"harbor/game"
)

// ReplayFunc replays a recorded game, take-backs included: game.Replay.
type ReplayFunc func(d game.Definition, cfg game.Config, records []game.Record) (game.Game, error)

// takeBacks is how many take-backs of each game CheckTakeBack replays
// (each replays the game from its start).
const takeBacks = 8

// CheckTakeBack plays cfgs' games and, for moves the game lets be taken
// back, replays the log with a take-back after the move: by the seat that
// made it, the replay gives every view and every legal move of the moment
// before; by any other seat, and a second take-back in a row, the replay
// refuses.
func CheckTakeBack(d game.Definition, cfgs []game.Config, replay ReplayFunc) error {
	tried := 0
	for _, cfg := range cfgs {
		n := len(cfg.Players)
		w := newWalker(d, cfg, map[string]int{}, map[string]int{})
		replays := 0
		err := w.walk(2000, nil, func(st step) error {
			if replays == takeBacks || st.Index%3 != 0 || !d.Undoable(st.Before, st.After, st.Seat, st.Move) {
				return nil
			}
			replays++
			tried++
			log := append([]game.Record(nil), st.Record...)
			undone, err := replay(d, cfg, append(log, game.Record{Seat: st.Seat, Move: game.UndoMove}))
			if err != nil {
				return fmt.Errorf("its mover's take-back does not replay: %v", err)
			}
			if v, ok := sameViews(views(undone, n), views(st.Before, n)); !ok {
				return fmt.Errorf("taken back, it shows %s something else than before it", viewerName(v))
			}
			for s := range n {
				if !reflect.DeepEqual(undone.Legal(game.Seat(s)), st.Before.Legal(game.Seat(s))) {
					return fmt.Errorf("taken back, seat %d has other legal moves than before it", s)
				}
			}
			for s := range n {
				other := game.Seat(s)
				if other == st.Seat {
					continue
				}
				if _, err := replay(d, cfg, append(log, game.Record{Seat: other, Move: game.UndoMove})); err == nil {
					return fmt.Errorf("the replay let seat %d take back seat %d's move", other, st.Seat)
				}
			}
			twice := append(log, game.Record{Seat: st.Seat, Move: game.UndoMove}, game.Record{Seat: st.Seat, Move: game.UndoMove})
			if _, err := replay(d, cfg, twice); err == nil {
				return fmt.Errorf("the replay took back a take-back")
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if tried == 0 {
		return fmt.Errorf("%s: no move to take back was found", d.Info().ID)
	}
	return nil
}
