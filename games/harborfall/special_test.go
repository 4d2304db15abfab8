package harborfall

import (
	"testing"

	"harbor/game"
)

func TestHF73_ExtraBuildTurnsInOrder(t *testing.T) {
	for _, n := range []int{5, 6} {
		s := blank(t, n)
		s.Active = 3
		mustApply(t, s, 3, Move{Type: "end"})
		for i := 1; i < n; i++ {
			want := game.Seat((3 + i) % n)
			if s.Phase != phaseSpecial || s.Actors() != game.Seats(want) {
				t.Fatalf("%d players, extra turn %d: phase %s actors %v, want %d", n, i, phaseNames[s.Phase], s.Actors().List(), want)
			}
			mustApply(t, s, int8(want), Move{Type: "end"})
		}
		if s.Phase != phaseRoll || s.Active != int8(4%n) {
			t.Errorf("after the extra turns: phase %s active %d", phaseNames[s.Phase], s.Active)
		}
	}
	s := blank(t, 4)
	mustApply(t, s, 0, Move{Type: "end"})
	if s.Phase != phaseRoll || s.Active != 1 {
		t.Errorf("HF-73: 4 players got an extra build turn")
	}
}

func TestHF74_HF75_ExtraBuildTurnActions(t *testing.T) {
	s := blank(t, 5)
	r := ring(s, center)
	build(s, 1, r[0], false)
	give(s, 1, hand(5, 5, 1, 3, 4))
	holding(s, 1, CardSteal, 1)
	holding(s, 1, CardHarvest, 1)
	mustApply(t, s, 0, Move{Type: "end"})
	mustFail(t, s, 1, Move{Type: "play_steal"}, "HF-75")
	mustFail(t, s, 1, Move{Type: "play_harvest", Get: hand(1, 1, 0, 0, 0)}, "HF-75")
	mustFail(t, s, 1, Move{Type: "robber", At: center}, "HF-75")
	mustFail(t, s, 1, Move{Type: "roll"}, "HF-75")
	for _, m := range s.Legal(1, nil) {
		switch m.Type {
		case "end", "road", "settlement", "city", "buy":
		default:
			t.Errorf("HF-75: %s listed on an extra build turn", m.Type)
		}
	}
	mustApply(t, s, 1, Move{Type: "road", At: edgeBetween(t, s, r[0], r[1])})
	mustApply(t, s, 1, Move{Type: "city", At: r[0]})
	mustApply(t, s, 1, Move{Type: "buy"})
	if s.Hands[1] != hand(4, 4, 0, 0, 0) {
		t.Errorf("HF-74: hand %v", s.Hands[1])
	}
	mustFail(t, s, 2, Move{Type: "road", At: 0}, "not_your_turn")
}

func TestHF76_NoWinOnExtraBuildTurn(t *testing.T) {
	s := blank(t, 5)
	nearWin(t, s, 2)
	give(s, 2, hand(0, 0, 0, 2, 3))
	mustApply(t, s, 0, Move{Type: "end"})
	mustApply(t, s, 1, Move{Type: "end"})
	mustApply(t, s, 2, Move{Type: "city", At: ring(s, 7)[4]})
	if s.Result().Over {
		t.Fatal("won on an extra build turn")
	}
	for _, p := range []int8{2, 3, 4} {
		mustApply(t, s, p, Move{Type: "end"})
	}
	// Seat 1's regular turn: still no win for seat 2.
	if s.Result().Over || s.Active != 1 {
		t.Fatalf("active %d over %v", s.Active, s.Result().Over)
	}
	s.Rand.ForceDice(1, 1)
	mustApply(t, s, 1, Move{Type: "roll"})
	mustApply(t, s, 1, Move{Type: "end"})
	for _, p := range []int8{2, 3, 4, 0} {
		mustApply(t, s, p, Move{Type: "end"})
	}
	if res := s.Result(); !res.Over || res.Winners.First() != 2 {
		t.Fatalf("seat 2's turn began without a win: %+v", res)
	}
}
