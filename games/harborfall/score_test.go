package harborfall

import (
	"testing"

	"harbor/game"
)

func TestHF62_SettlementAndCityPoints(t *testing.T) {
	s := blank(t, 3)
	build(s, 0, ring(s, center)[0], false)
	build(s, 0, ring(s, center)[3], true)
	build(s, 0, ring(s, 0)[0], true)
	if s.Points(0) != 5 || s.View(1).Players[0].Points != 5 {
		t.Errorf("points %d", s.Points(0))
	}
}

// spine returns the corners of a long path across the 19-hex island: the
// top and bottom corners of the middle row, zig-zagging left to right.
func spine(s *State) []int16 {
	var out []int16
	out = append(out, ring(s, 7)[4], ring(s, 7)[5])
	for h := 7; h <= 11; h++ {
		out = append(out, ring(s, h)[0], ring(s, h)[1])
	}
	return out
}

func TestHF63_HF64_LongestRoad(t *testing.T) {
	s := blank(t, 3)
	path := spine(s)
	build(s, 0, path[0], false)
	give(s, 0, hand(10, 10, 0, 0, 0))
	for i := 1; i <= 4; i++ {
		mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, path[i-1], path[i])})
	}
	if s.LongestRoad != -1 || s.RoadLength[0] != 4 {
		t.Fatalf("HF-63: 4 segments hold the bonus? holder %d length %d", s.LongestRoad, s.RoadLength[0])
	}
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, path[4], path[5])})
	if s.LongestRoad != 0 || s.Points(0) != 3 {
		t.Fatalf("HF-63: holder %d points %d", s.LongestRoad, s.Points(0))
	}
	// HF-64: a rival's equal road does not take it; a longer one does.
	bottom := func(h int) [6]int16 { return ring(s, h) }
	other := []int16{bottom(16)[4], bottom(16)[3], bottom(16)[2], bottom(17)[3], bottom(17)[2], bottom(18)[3], bottom(18)[2]}
	build(s, 1, other[0], false)
	s.Active = 1
	give(s, 1, hand(10, 10, 0, 0, 0))
	for i := 1; i <= 5; i++ {
		mustApply(t, s, 1, Move{Type: "road", At: edgeBetween(t, s, other[i-1], other[i])})
	}
	if s.LongestRoad != 0 {
		t.Fatalf("HF-64: a tie moved the bonus to %d", s.LongestRoad)
	}
	mustApply(t, s, 1, Move{Type: "road", At: edgeBetween(t, s, other[5], other[6])})
	if s.LongestRoad != 1 || s.RoadLength[1] != 6 {
		t.Fatalf("HF-64: holder %d lengths %v", s.LongestRoad, s.RoadLength)
	}
}

func TestHFG18_RoadBrokenByRivalSettlement(t *testing.T) {
	s := blank(t, 4)
	path := spine(s) // 16 corners, 15 edges
	build(s, 0, path[0], false)
	roads(t, s, 0, path[:8]...) // 7 segments
	s.awardLongestRoad(1)
	if s.LongestRoad != 0 || s.RoadLength[0] != 7 {
		t.Fatalf("holder %d length %d", s.LongestRoad, s.RoadLength[0])
	}
	// A rival with a 5-road elsewhere and a road to the middle of seat 0's.
	bottom := func(h int) [6]int16 { return ring(s, h) }
	other := []int16{bottom(16)[4], bottom(16)[3], bottom(16)[2], bottom(17)[3], bottom(17)[2], bottom(18)[3]}
	roads(t, s, 1, other...)
	s.awardLongestRoad(2)
	mid := path[4]
	var spur int16 = -1
	for _, e := range s.geo().cornerEdges[mid] {
		if s.Road[e] < 0 {
			spur = e
		}
	}
	s.Road[spur] = 1
	s.Active = 1
	give(s, 1, hand(1, 1, 1, 1, 0))
	mustApply(t, s, 1, Move{Type: "settlement", At: mid})
	// seat 0 is split into 4 and 3; the rival's 5 is now uniquely longest.
	if s.RoadLength[0] != 4 || s.LongestRoad != 1 {
		t.Errorf("after the split: lengths %v holder %d", s.RoadLength, s.LongestRoad)
	}
	t.Run("HF-G18 tie among others sets it aside", func(t *testing.T) {
		s := blank(t, 4)
		roads(t, s, 0, path[:8]...)
		s.awardLongestRoad(1)
		roads(t, s, 1, other...)
		s.Road[spur] = 1
		r2 := []int16{bottom(12)[4], bottom(12)[3], bottom(12)[2], bottom(13)[3], bottom(13)[2], bottom(14)[3]}
		roads(t, s, 2, r2...)
		s.awardLongestRoad(6)
		s.Active = 1
		give(s, 1, hand(1, 1, 1, 1, 0))
		mustApply(t, s, 1, Move{Type: "settlement", At: mid})
		if s.LongestRoad != -1 {
			t.Errorf("lengths %v holder %d, want set aside", s.RoadLength, s.LongestRoad)
		}
	})
}

func TestHF65_HF66_MostMoveAndSteal(t *testing.T) {
	s := blank(t, 3)
	play := func(p int8) {
		s.Active, s.Phase, s.CardPlayed = p, phaseMain, false
		holding(s, p, CardSteal, 1)
		mustApply(t, s, p, Move{Type: "play_steal"})
		mustApply(t, s, p, Move{Type: "robber", At: int16((int(s.Robber) + 1) % 19)})
	}
	play(0)
	play(0)
	if s.LargestArmy != -1 {
		t.Fatal("HF-65: two cards hold the bonus")
	}
	play(0)
	if s.LargestArmy != 0 || s.Points(0) != 2 {
		t.Fatalf("HF-65: holder %d", s.LargestArmy)
	}
	play(1)
	play(1)
	play(1)
	if s.LargestArmy != 0 {
		t.Fatal("HF-66: a tie moved the bonus")
	}
	play(1)
	if s.LargestArmy != 1 || s.Points(0) != 0 || s.Points(1) != 2 {
		t.Fatalf("HF-66: holder %d", s.LargestArmy)
	}
}

// nearWin gives seat p 9 points: 3 cities and 3 settlements on separate
// corners of the island.
func nearWin(t *testing.T, s *State, p int8) {
	t.Helper()
	for _, c := range []int16{ring(s, 0)[0], ring(s, 2)[0], ring(s, 16)[3]} {
		build(s, p, c, true)
	}
	for _, c := range []int16{ring(s, 7)[4], ring(s, 11)[2], ring(s, 18)[3]} {
		build(s, p, c, false)
	}
	if s.Points(int(p)) != 9 {
		t.Fatalf("setup gave %d points", s.Points(int(p)))
	}
}

func TestHF68_WinOnOwnTurn(t *testing.T) {
	s := blank(t, 3)
	nearWin(t, s, 0)
	give(s, 0, hand(0, 0, 0, 2, 3))
	mustApply(t, s, 0, Move{Type: "city", At: ring(s, 7)[4]})
	res := s.Result()
	if !res.Over || res.Winners.First() != 0 || res.Reason != "ten_points" || res.Scores[0] != 10 || res.Places[0] != 1 {
		t.Fatalf("result %+v", res)
	}
	mustFail(t, s, 1, Move{Type: "end"}, "HF-68")
}

func TestHF69_HF70_WinWhenOwnTurnBegins(t *testing.T) {
	s := blank(t, 3)
	nearWin(t, s, 1)
	roads(t, s, 1, spine(s)[:6]...)
	s.awardLongestRoad(2)
	if s.LongestRoad != 1 || s.Points(1) != 11 {
		t.Fatalf("setup: holder %d, points %d", s.LongestRoad, s.Points(1))
	}
	// HF-69: seat 1 has 11 points, but it is seat 0's turn.
	give(s, 0, hand(4, 0, 0, 0, 0))
	mustApply(t, s, 0, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)})
	if s.Result().Over {
		t.Fatal("HF-69: seat 1 won on seat 0's turn")
	}
	// HF-70: seat 1 wins as its own turn begins, before rolling.
	mustApply(t, s, 0, Move{Type: "end"})
	res := s.Result()
	if !res.Over || res.Winners.First() != 1 || s.Dice != [2]int8{} {
		t.Fatalf("HF-70: result %+v", res)
	}
}

func TestHF69_NotOnAnotherPlayersTurn(t *testing.T) {
	s := blank(t, 3)
	nearWin(t, s, 1)
	s.Dev[1][CardPoint] = 1 // 10 points, acting on seat 0's turn
	give(s, 0, hand(1, 0, 0, 0, 0))
	give(s, 1, hand(0, 1, 0, 0, 0))
	mustApply(t, s, 0, Move{Type: "offer", Seat: 1, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)})
	mustApply(t, s, 1, Move{Type: "accept"})
	if s.Result().Over {
		t.Fatal("HF-69: seat 1 won on seat 0's turn")
	}
}

func TestHF71_SecretPointsWin(t *testing.T) {
	s := blank(t, 3)
	nearWin(t, s, 0)
	give(s, 0, hand(0, 0, 1, 1, 1))
	s.Deck[s.DeckLen-1] = CardPoint
	if s.View(1).Players[0].Points != 9 {
		t.Fatal("setup")
	}
	mustApply(t, s, 0, Move{Type: "buy"})
	if !s.Result().Over || s.View(1).Players[0].Points != 10 {
		t.Fatalf("over %v, seat 0 shows %d", s.Result().Over, s.View(1).Players[0].Points)
	}
}

// TestHF71_LosersSecretPointsStayHidden: a Secret point card is "never
// revealed unless it wins you the game", so when the game ends only the
// winner's are shown; a loser's stay out of every other view and of the
// result's scores and places.
func TestHF71_LosersSecretPointsStayHidden(t *testing.T) {
	s := blank(t, 3)
	nearWin(t, s, 0)
	build(s, 1, ring(s, 4)[0], false)
	build(s, 2, ring(s, 14)[3], false)
	build(s, 2, ring(s, 2)[3], false)
	s.Dev[1][CardPoint] = 2 // seat 1 truly has 3 points, seat 2 has 2
	give(s, 0, hand(0, 0, 0, 2, 3))
	mustApply(t, s, 0, Move{Type: "city", At: ring(s, 7)[4]})
	res := s.Result()
	if !res.Over || res.Scores[1] != 1 || res.Places[1] != 3 || res.Places[2] != 2 {
		t.Errorf("result %+v: seat 1's secret points count in public", res)
	}
	for viewer := game.Seat(-1); viewer < 3; viewer++ {
		if viewer == 1 {
			continue
		}
		if got := s.View(viewer).Players[1].Points; got != 1 {
			t.Errorf("seat %d sees seat 1 with %d points", viewer, got)
		}
	}
	if v := s.View(1); v.Me.Points != 3 {
		t.Errorf("seat 1 sees its own total as %d", v.Me.Points)
	}
}
