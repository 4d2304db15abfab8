package harborfall

import "testing"

func TestHF45_BuildCosts(t *testing.T) {
	want := map[string]Hand{
		"road": hand(1, 1, 0, 0, 0), "settlement": hand(1, 1, 1, 1, 0),
		"city": hand(0, 0, 0, 2, 3), "buy": hand(0, 0, 1, 1, 1),
	}
	r := func(s *State) [6]int16 { return ring(s, center) }
	for typ, c := range want {
		t.Run("HF-45 "+typ, func(t *testing.T) {
			s := blank(t, 3)
			build(s, 0, r(s)[0], false)
			roads(t, s, 0, r(s)[0], r(s)[1], r(s)[2])
			m := Move{Type: typ}
			switch typ {
			case "road":
				m.At = edgeBetween(t, s, r(s)[2], r(s)[3])
			case "settlement":
				m.At = r(s)[2]
			case "city":
				m.At = r(s)[0]
			}
			short := c
			for i := range short {
				if short[i] > 0 {
					short[i]--
					break
				}
			}
			give(s, 0, short)
			mustFail(t, s, 0, m, "HF-45")
			s.Hands[0] = Hand{}
			s.Supply = hand(19, 19, 19, 19, 19)
			give(s, 0, c)
			supply := s.Supply
			mustApply(t, s, 0, m)
			if s.Hands[0] != (Hand{}) {
				t.Errorf("hand after %s: %v", typ, s.Hands[0])
			}
			supply.add(c)
			if s.Supply != supply {
				t.Errorf("supply %v, want %v", s.Supply, supply)
			}
		})
	}
}

func TestHF46_BuildManyInAnyOrder(t *testing.T) {
	s := blank(t, 3)
	r := ring(s, center)
	build(s, 0, r[0], false)
	give(s, 0, hand(3, 3, 1, 3, 3))
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[0], r[1])})
	mustApply(t, s, 0, Move{Type: "city", At: r[0]})
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[1], r[2])})
	mustApply(t, s, 0, Move{Type: "settlement", At: r[2]})
	if s.Points(0) != 3 {
		t.Errorf("points %d", s.Points(0))
	}
}

func TestHF47_HF48_SettlementPlacement(t *testing.T) {
	s := blank(t, 3)
	r := ring(s, center)
	build(s, 1, r[0], false)
	roads(t, s, 0, r[3], r[2], r[1])
	give(s, 0, hand(2, 2, 2, 2, 0))
	mustFail(t, s, 0, Move{Type: "settlement", At: r[1]}, "HF-47") // next to a rival's
	mustFail(t, s, 0, Move{Type: "settlement", At: r[0]}, "HF-47") // on it
	mustFail(t, s, 0, Move{Type: "settlement", At: r[4]}, "HF-48") // no road of seat 0 reaches it
	mustApply(t, s, 0, Move{Type: "settlement", At: r[2]})
	mustFail(t, s, 0, Move{Type: "settlement", At: r[3]}, "HF-47") // next to its own
}

func TestHF49_RoadConnection(t *testing.T) {
	s := blank(t, 3)
	r := ring(s, center)
	build(s, 0, r[0], false)
	roads(t, s, 0, r[0], r[1])
	build(s, 1, r[2], false)
	give(s, 0, hand(5, 5, 0, 0, 0))
	mustFail(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[3], r[4])}, "HF-49")  // not connected
	mustFail(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[2], r[3])}, "HF-49")  // through a rival's settlement
	mustFail(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[0], r[1])}, "HF-G17") // occupied
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[1], r[2])})          // up to the rival's corner
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[0], r[5])})          // from its own settlement
}

func TestHF50_CityReturnsSettlement(t *testing.T) {
	s := blank(t, 3)
	c := ring(s, center)[0]
	build(s, 0, c, false)
	build(s, 1, ring(s, center)[3], false)
	give(s, 0, hand(0, 0, 0, 4, 6))
	mustFail(t, s, 0, Move{Type: "city", At: ring(s, center)[3]}, "HF-50")
	left := s.Settlements[0]
	mustApply(t, s, 0, Move{Type: "city", At: c})
	if s.Settlements[0] != left+1 || s.Cities[0] != content.Pieces.Cities-1 || !s.City[c] {
		t.Errorf("settlements %d cities %d", s.Settlements[0], s.Cities[0])
	}
	mustFail(t, s, 0, Move{Type: "city", At: c}, "HF-50")
}

func TestHFG9_PieceLimits(t *testing.T) {
	s := blank(t, 3)
	r := ring(s, center)
	build(s, 0, r[0], false)
	s.Roads[0] = 0
	s.Cities[0] = 0
	give(s, 0, hand(2, 2, 0, 2, 3))
	mustFail(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[0], r[1])}, "HF-G9")
	mustFail(t, s, 0, Move{Type: "city", At: r[0]}, "HF-G9")
	s.Roads[0] = 1
	roads(t, s, 0, r[0], r[1], r[2])
	s.Settlements[0] = 0
	give(s, 0, hand(0, 0, 1, 0, 0))
	mustFail(t, s, 0, Move{Type: "settlement", At: r[2]}, "HF-G9")
}

func TestHF51_BuyTakesTopCard(t *testing.T) {
	s := blank(t, 3)
	give(s, 0, hand(0, 0, 2, 2, 2))
	s.Deck[s.DeckLen-1] = CardForced
	mustApply(t, s, 0, Move{Type: "buy"})
	if s.Dev[0][CardForced] != 1 || s.Fresh[0][CardForced] != 1 || s.DeckLen != 24 {
		t.Errorf("dev %v deck %d", s.Dev[0], s.DeckLen)
	}
	s.DeckLen = 0
	mustFail(t, s, 0, Move{Type: "buy"}, "HF-G8")
}

func TestHF52_TurnPassesClockwise(t *testing.T) {
	s := blank(t, 4)
	s.Active = 3
	mustFail(t, s, 0, Move{Type: "end"}, "not_your_turn")
	mustApply(t, s, 3, Move{Type: "end"})
	if s.Active != 0 || s.Phase != phaseRoll || s.Turns != 2 {
		t.Errorf("active %d phase %s turns %d", s.Active, phaseNames[s.Phase], s.Turns)
	}
	mustFail(t, s, 0, Move{Type: "end"}, "HF-G12")
	mustFail(t, s, 0, Move{Type: "road", At: 0}, "HF-G12")
}
