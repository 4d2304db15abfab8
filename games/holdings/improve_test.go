package holdings

import (
	"testing"

	"harbor"
)

func TestHH24_ImproveAfterRollingFor70(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 39)
	give(s, 1, 0, 37)
	rollTo(t, s, 0, 1, 2)
	ev := play(t, s, 0, Move{Type: MoveImprove, Space: 39})
	ev2 := play(t, s, 0, Move{Type: MoveImprove, Space: 39})
	if s.Level[39] != 2 || s.Cash[0] != 1360 || !hasFlow(ev, 0, Bank, 70, "improve") || !hasFlow(ev2, 0, Bank, 70, "improve") {
		t.Fatalf("two levels: level %d cash %d", s.Level[39], s.Cash[0])
	}
	refuse(t, s, 0, Move{Type: MoveImprove, Space: 37}, harbor.EIllegal, "HH-24")
	refuse(t, s, 0, Move{Type: MoveImprove, Space: 37 + 100}, harbor.EIllegal, "HH-28")
}

func TestHH25_ImproveBeforeRollRefused(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 39)
	refuse(t, s, 0, Move{Type: MoveImprove, Space: 39}, harbor.EIllegal, "HH-25")
	for _, m := range s.Legal(0, nil) {
		if m.Type == MoveImprove {
			t.Fatal("improve listed before the roll")
		}
	}
}

func TestHH26_ImproveOnlyOnYourTurn(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 0, 39)
	rollTo(t, s, 0, 1, 2)
	refuse(t, s, 1, Move{Type: MoveImprove, Space: 39}, harbor.ENotYourTurn, "HH-26")
}

func TestHH27_FiveImprovementsAtMost(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 4, 39)
	rollTo(t, s, 0, 1, 2)
	play(t, s, 0, Move{Type: MoveImprove, Space: 39})
	refuse(t, s, 0, Move{Type: MoveImprove, Space: 39}, harbor.EIllegal, "HH-27")
}

func TestHH28_OnlyStreetsCanBeImproved(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 5, 12)
	rollTo(t, s, 0, 1, 2)
	for _, sp := range []int{5, 12, 0, 10, 20, -1} {
		refuse(t, s, 0, Move{Type: MoveImprove, Space: sp}, harbor.EIllegal, "HH-28")
	}
}

func TestHH29_NoGroupNeededToImprove(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 1)
	give(s, 1, 0, 3)
	rollTo(t, s, 0, 3, 4)
	play(t, s, 0, Move{Type: MoveImprove, Space: 1})
	if s.Level[1] != 1 {
		t.Fatal("improvement without the group was not made")
	}
}

func TestHH30_AnyNumberOfLevelsNoEvenBuilding(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 6, 8, 9)
	rollTo(t, s, 0, 1, 2)
	for i := 0; i < 5; i++ {
		play(t, s, 0, Move{Type: MoveImprove, Space: 6})
	}
	play(t, s, 0, Move{Type: MoveImprove, Space: 9})
	if s.Level[6] != 5 || s.Level[8] != 0 || s.Level[9] != 1 || s.Cash[0] != 1500-6*70 {
		t.Fatalf("levels %d %d %d cash %d", s.Level[6], s.Level[8], s.Level[9], s.Cash[0])
	}
}

func TestHH31_ImproveNeeds70NoSale(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 39, 1)
	rollTo(t, s, 0, 1, 2)
	s.Cash[0] = 69
	refuse(t, s, 0, Move{Type: MoveImprove, Space: 39}, harbor.EIllegal, "HH-31")
	s.Cash[0] = 70
	play(t, s, 0, Move{Type: MoveImprove, Space: 39})
	if s.Cash[0] != 0 || s.Owner[1] != 0 {
		t.Fatal("improving with exactly 70 went wrong")
	}
}

func TestHH32_UnlimitedImprovementPieces(t *testing.T) {
	s := newGame(t, 2, "")
	var streets []int
	for i := 0; i < NumSpaces; i++ {
		if board.kind[i] == kStreet {
			streets = append(streets, i)
		}
	}
	give(s, 0, 0, streets...)
	s.Cash[0] = 100000
	rollTo(t, s, 0, 1, 2)
	for _, sp := range streets {
		for l := 0; l < MaxImprovements; l++ {
			play(t, s, 0, Move{Type: MoveImprove, Space: sp})
		}
	}
	if s.Improved != int8(5*len(streets)) || len(streets) != 22 {
		t.Fatalf("%d levels on %d streets", s.Improved, len(streets))
	}
}
