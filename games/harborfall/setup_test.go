package harborfall

import (
	"testing"

	"harbor"
	"harbor/game"
)

func TestHF01_PlayerCount(t *testing.T) {
	for n := 1; n <= 7; n++ {
		_, err := Setup(config(n, 1))
		if ok := n >= 3 && n <= 6; ok != (err == nil) {
			t.Errorf("%d players: err %v", n, err)
		}
		if err != nil && harbor.ErrorCode(err) != harbor.EInvalid {
			t.Errorf("%d players: code %s, want invalid", n, harbor.ErrorCode(err))
		}
	}
}

func TestHF11_DistinctColors(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range content.Colors {
		seen[c] = true
	}
	if len(content.Colors) != 6 || len(seen) != 6 {
		t.Fatalf("colors %v: want six distinct", content.Colors)
	}
	v := newGame(t, 6, 1).View(0)
	for p := range 6 {
		if v.Players[p].Color != content.Colors[p] {
			t.Errorf("seat %d has color %q", p, v.Players[p].Color)
		}
	}
}

func TestHF12_HighestRollerFirst(t *testing.T) {
	s := newGame(t, 4, 1)
	s.StartRolls = nil
	// Seats roll 3+3, 6+6, 5+6, 6+6: seats 1 and 3 tie and reroll 2+2 and 1+4.
	s.Rand.ForceDice(3, 3, 6, 6, 5, 6, 6, 6, 2, 2, 1, 4)
	s.rollForFirst()
	if s.First != 3 {
		t.Errorf("first player %d, want 3", s.First)
	}
	if len(s.StartRolls) != 2 || s.StartRolls[1][0] != 0 || s.StartRolls[1][1] != 4 || s.StartRolls[1][3] != 5 {
		t.Errorf("start rolls %v", s.StartRolls)
	}
}

func TestHF13_HF14_SnakeOrder(t *testing.T) {
	s := newGame(t, 4, 1)
	s.First = 2
	want := []int8{2, 3, 0, 1, 1, 0, 3, 2}
	for k, w := range want {
		if got := s.setupSeat(int8(k)); got != w {
			t.Errorf("step %d: seat %d, want %d", k, got, w)
		}
	}
}

// placeSetup plays the whole setup with each seat taking its first legal
// settlement and road.
func placeSetup(t *testing.T, s *State) {
	t.Helper()
	for s.Phase == phaseSetup {
		seat := int8(s.Actors().First())
		legal := s.Legal(game.Seat(seat), nil)
		mustApply(t, s, seat, legal[len(legal)/2])
	}
}

func TestHF15_HF16_SetupPlacement(t *testing.T) {
	s := newGame(t, 3, 7)
	p := s.First
	c := ring(s, center)[0]
	mustFail(t, s, p, Move{Type: "road", At: 0}, "HF-13")
	mustApply(t, s, p, Move{Type: "settlement", At: c})
	far := edgeBetween(t, s, ring(s, 0)[0], ring(s, 0)[1])
	mustFail(t, s, p, Move{Type: "road", At: far}, "HF-16")
	mustApply(t, s, p, Move{Type: "road", At: edgeBetween(t, s, c, ring(s, center)[1])})
	next := (p + 1) % 3
	mustFail(t, s, next, Move{Type: "settlement", At: ring(s, center)[1]}, "HF-47")
	mustApply(t, s, next, Move{Type: "settlement", At: ring(s, center)[3]})
}

func TestHF17_HF18_SecondSettlementPays(t *testing.T) {
	s := newGame(t, 4, 3)
	for s.Phase == phaseSetup {
		seat := int8(s.Actors().First())
		legal := s.Legal(game.Seat(seat), nil)
		m := legal[len(legal)/3]
		before := s.Hands[seat]
		var want Hand
		if m.Type == "settlement" && s.SetupStep >= s.Players {
			for _, h := range s.geo().cornerHexes[m.At] {
				if s.Terrain[h] != Desert {
					want[s.Terrain[h]]++
				}
			}
		}
		mustApply(t, s, seat, m)
		got := s.Hands[seat]
		got.sub(before)
		if got != want {
			t.Errorf("step %d %s: seat %d got %v, want %v", s.SetupStep, m.Type, seat, got, want)
		}
	}
}

func TestHF19_FirstTurnAfterSetup(t *testing.T) {
	s := newGame(t, 5, 11)
	placeSetup(t, s)
	if s.Phase != phaseRoll || s.Active != s.First || s.Turns != 1 {
		t.Errorf("after setup: phase %s, active %d (first %d), turns %d", phaseNames[s.Phase], s.Active, s.First, s.Turns)
	}
	for p := range s.n() {
		if s.Settlements[p] != content.Pieces.Settlements-2 || s.Roads[p] != content.Pieces.Roads-2 {
			t.Errorf("seat %d has %d settlements and %d roads left", p, s.Settlements[p], s.Roads[p])
		}
	}
}
