package greatharbor

import (
	"testing"

	"harbor/game"
)

// TestDieOnASlotNamesItsPlacer plays seeded games of computer players (with
// and without the Automa) and checks after every move that a die newly on a
// slot names who placed it (the seat whose place move it was, else the
// Automa), and that a die moved between slots by the Port Crane keeps it:
// the screens say whose die a slot holds from it.
func TestDieOnASlotNamesItsPlacer(t *testing.T) {
	placed := 0
	for _, g := range []struct {
		n    int
		opts string
	}{{1, `{"automa":true}`}, {2, `{"automa":true,"shops":true}`}, {3, ""}, {4, `{"shops":true}`}} {
		for seed := uint64(1); seed <= 3; seed++ {
			s := newGame(t, g.n, seed, g.opts)
			bots := make([]*Bot, g.n)
			for i := range bots {
				bots[i] = NewBot(game.Seat(i), 1)
			}
			for step := 0; step < 5000 && s.Actors() != 0; step++ {
				seat := game.Seat(0)
				for !s.Actors().Has(seat) {
					seat++
				}
				before := s.Dice
				m := bots[seat].Choose(s.View(seat), s.Legal(seat, nil))
				if err := s.Apply(seat, m, nil); err != nil {
					t.Fatalf("%d players, seed %d: %v", g.n, seed, err)
				}
				for id, d := range s.Dice {
					if d.Loc != locSlot {
						continue
					}
					was := before[id]
					want := s.automaID() // placed by the Automa in its turn within this move
					switch {
					case m.Type == mvPlace && int(m.Die) == id:
						want = int8(seat)
					case was == d:
						continue // the same die, still where it was
					case m.Type == mvCrane && was.Loc == locSlot && was.At == m.Slot && d.At == m.To:
						want = was.By
					}
					if d.By != want {
						t.Fatalf("%d players, seed %d, move %+v by seat %d: die %d on slot %d is placed by %d, want %d", g.n, seed, m, seat, id, d.At, d.By, want)
					}
					placed++
				}
			}
		}
	}
	if placed < 100 {
		t.Fatalf("only %d dice placed: the games did not reach the Harbor", placed)
	}
}
