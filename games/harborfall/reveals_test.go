package harborfall

import (
	"testing"

	"harbor/game"
)

// takeBackable applies m for seat and reports whether the move may be
// taken back (Reveals says it showed nothing).
func takeBackable(t *testing.T, s *State, seat int8, m Move) bool {
	t.Helper()
	before := s.Clone()
	mustApply(t, s, seat, m)
	return !Reveals(before, s, game.Seat(seat), m)
}

// TestHF71_SecretPointsShownCannotBeTakenBack: a build that wins shows the
// winner's Secret points to everyone, and so does a turn that begins with
// a win; a move after which the game checked for a win that unplayed cards
// might have made shows a rival something too. None of them may be taken
// back. The same moves with nothing secret at stake may.
func TestHF71_SecretPointsShownCannotBeTakenBack(t *testing.T) {
	t.Run("a city that wins with a Secret point", func(t *testing.T) {
		s := blank(t, 3)
		nearWin(t, s, 0)
		c := ring(s, 0)[0] // one of nearWin's cities, made a settlement again: 8 visible points
		s.City[c], s.Cities[0], s.Settlements[0] = false, s.Cities[0]+1, s.Settlements[0]-1
		s.Dev[0][CardPoint] = 1
		give(s, 0, hand(0, 0, 0, 2, 3))
		if takeBackable(t, s, 0, Move{Type: "city", At: c}) {
			t.Fatal("the winning city, which showed a Secret point to everyone, may be taken back")
		}
		if !s.Result().Over {
			t.Fatal("the city did not win")
		}
	})
	t.Run("a turn that begins with a win", func(t *testing.T) {
		s := blank(t, 3)
		nearWin(t, s, 1)
		s.Dev[1][CardPoint] = 1
		if takeBackable(t, s, 0, Move{Type: "end"}) {
			t.Fatal("ending the turn, which let B win with a Secret point, may be taken back")
		}
	})
	t.Run("a turn that begins when unplayed cards might have won", func(t *testing.T) {
		s := blank(t, 3)
		nearWin(t, s, 1)
		s.Dev[1][CardSteal] = 1
		if takeBackable(t, s, 0, Move{Type: "end"}) {
			t.Fatal("ending the turn showed that B's unplayed card is no Secret point, yet it may be taken back")
		}
		if s.Result().Over {
			t.Fatal("B won without the points")
		}
	})
	t.Run("a turn that begins with nothing secret at stake", func(t *testing.T) {
		s := blank(t, 3)
		nearWin(t, s, 1)
		if !takeBackable(t, s, 0, Move{Type: "end"}) {
			t.Fatal("ending the turn revealed nothing, yet it may not be taken back")
		}
	})
}
