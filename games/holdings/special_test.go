package holdings

import (
	"testing"

	"harbor"
)

func TestHH33_BothLeviesCost100(t *testing.T) {
	for _, levy := range []int{4, 38} {
		s := newGame(t, 2, "")
		s.Pos[0] = int8(levy - 3)
		ev := rollTo(t, s, 0, 1, 2)
		if !hasFlow(ev, 0, Bank, 100, "levy") || s.Cash[0] != 1400 {
			t.Errorf("HH-33 levy at %d: flows %+v", levy, flows(ev))
		}
	}
}

func TestHH34_FestivalSquareGrants100OnLandingOnly(t *testing.T) {
	s := newGame(t, 2, "")
	s.Pos[0] = 17
	ev := rollTo(t, s, 0, 1, 2)
	if !hasFlow(ev, Bank, 0, 100, "festival") || s.Cash[0] != 1600 {
		t.Fatalf("landing: flows %+v", flows(ev))
	}
	t.Run("HH-34 passing over gives nothing", func(t *testing.T) {
		s := newGame(t, 2, "")
		s.Pos[0] = 19
		ev := rollTo(t, s, 0, 1, 1)
		if s.Pos[0] != 21 || len(flows(ev)) != 0 {
			t.Fatalf("passing: at %d flows %+v", s.Pos[0], flows(ev))
		}
	})
}

func TestHH35_TwoShuffledDecksOf16(t *testing.T) {
	if len(Decks()) != 2 {
		t.Fatalf("%d decks", len(Decks()))
	}
	shuffled := false
	for seed := uint64(0); seed < 8; seed++ {
		s2, err := Setup(setupConfig(2, seed))
		if err != nil {
			t.Fatal(err)
		}
		for d := 0; d < 2; d++ {
			if len(Decks()[d].Cards) != 16 {
				t.Fatalf("deck %d has %d cards", d, len(Decks()[d].Cards))
			}
			seen := map[int8]bool{}
			for i, c := range s2.Decks[d].Cards {
				seen[c] = true
				if int(c) != i {
					shuffled = true
				}
			}
			if len(seen) != 16 || s2.Decks[d].Top != 0 {
				t.Fatalf("seed %d deck %d is not a permutation of 16 cards: %v", seed, d, s2.Decks[d].Cards)
			}
		}
	}
	if !shuffled {
		t.Fatal("no deck was shuffled in 8 seeds")
	}
}

func TestHH36_DispatchDrawsTheTopCardOfThatDeck(t *testing.T) {
	s := newGame(t, 2, "")
	putCard(s, 1, 1) // Town Dispatch: collect 200
	top := s.Decks[1].Top
	ev := rollTo(t, s, 0, 3, 4) // Town Dispatch at 7
	if !hasFlow(ev, Bank, 0, 200, "dispatch") || s.Cash[0] != 1700 {
		t.Fatalf("collect 200: flows %+v", flows(ev))
	}
	if s.LastCard != (LastCard{Deck: 1, Card: 1}) || s.Decks[1].Top != (top+1)%DeckSize || s.Decks[0].Top != 0 {
		t.Fatalf("last card %+v, tops %d %d", s.LastCard, s.Decks[0].Top, s.Decks[1].Top)
	}
	t.Run("HH-36 the drawn card goes to the bottom", func(t *testing.T) {
		p := s.Decks[1]
		first := p.draw()
		for i := 1; i < DeckSize; i++ {
			p.draw()
		}
		if p.draw() != first {
			t.Fatal("after 16 draws the first card did not come back")
		}
	})
}

func TestHH37_CardMovesResolveTheDistrict(t *testing.T) {
	t.Run("HH-37 unowned: offered for sale", func(t *testing.T) {
		s := newGame(t, 2, "")
		putCard(s, 0, 2) // advance to Tollgate Lane
		rollTo(t, s, 0, 1, 1)
		if s.Pos[0] != 24 || s.Phase != PhaseBuy || s.Landed != 24 {
			t.Fatalf("at %d phase %v landed %d", s.Pos[0], s.Phase, s.Landed)
		}
		play(t, s, 0, Move{Type: MoveBuy, Space: 24})
		if s.Owner[24] != 0 || s.Cash[0] != 1260 {
			t.Fatal("Tollgate Lane not bought")
		}
	})
	t.Run("HH-37 owned: rent at the nearest ferry", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 1, 0, 5, 35)
		putCard(s, 0, 4) // nearest ferry
		s.Pos[0] = 31
		ev := rollTo(t, s, 0, 1, 1) // Harbor Dispatch at 33 -> West Ferry (35)
		if s.Pos[0] != 35 || !hasFlow(ev, 0, 1, 50, "rent") {
			t.Fatalf("at %d flows %+v", s.Pos[0], flows(ev))
		}
	})
	t.Run("HH-37 nearest utility past the Gate", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 1, 0, 12)
		putCard(s, 0, 6) // nearest utility
		s.Pos[0] = 31
		ev := rollTo(t, s, 0, 1, 1) // 33 -> Lighthouse Power (12), past the Gate
		if s.Pos[0] != 12 || !hasFlow(ev, Bank, 0, 200, "gate") || !hasFlow(ev, 0, 1, 20, "rent") {
			t.Fatalf("at %d flows %+v", s.Pos[0], flows(ev))
		}
	})
}

func TestHH38_PortInspectionSendsToCustomsFor50(t *testing.T) {
	s := newGame(t, 2, "")
	s.Pos[0] = 25
	ev := rollTo(t, s, 0, 2, 3)
	if s.Pos[0] != CustomsSpace || s.Cash[0] != 1450 || !hasFlow(ev, 0, Bank, 50, "inspection") {
		t.Fatalf("Port Inspection: at %d cash %d", s.Pos[0], s.Cash[0])
	}
	if s.Phase != PhaseEnd {
		t.Fatalf("phase %v after Port Inspection", s.Phase)
	}
	t.Run("HH-38 the Customs House card charges the same", func(t *testing.T) {
		s := newGame(t, 2, "")
		putCard(s, 1, 5)
		ev := rollTo(t, s, 0, 3, 4)
		if s.Pos[0] != CustomsSpace || s.Cash[0] != 1450 || len(flows(ev)) != 1 {
			t.Fatalf("card: at %d cash %d flows %+v", s.Pos[0], s.Cash[0], flows(ev))
		}
	})
}

func TestHH39_NoGateBonusOnTheWayToCustoms(t *testing.T) {
	s := newGame(t, 2, "")
	s.Pos[0] = 25
	ev := rollTo(t, s, 0, 2, 3)
	for _, f := range flows(ev) {
		if f.Reason == "gate" {
			t.Fatalf("Gate bonus paid on the way to Customs House: %+v", flows(ev))
		}
	}
}

func TestHH40_NoDetentionAtCustoms(t *testing.T) {
	s := newGame(t, 2, "")
	s.Pos[0] = 25
	rollTo(t, s, 0, 2, 3)
	play(t, s, 0, Move{Type: MoveEnd})
	rollTo(t, s, 1, 1, 2)
	play(t, s, 1, Move{Type: MoveEnd})
	rollTo(t, s, 0, 1, 1)
	if s.Pos[0] != 12 {
		t.Fatalf("leaving Customs House with 2 reached %d", s.Pos[0])
	}
}

func TestHH41_LandingOnCustomsDoesNothing(t *testing.T) {
	s := newGame(t, 2, "")
	s.Pos[0] = 4
	ev := rollTo(t, s, 0, 3, 3)
	if s.Pos[0] != CustomsSpace || len(flows(ev)) != 0 || s.Phase != PhaseEnd {
		t.Fatalf("at %d flows %+v phase %v", s.Pos[0], flows(ev), s.Phase)
	}
}

func TestHH42_CornersCannotBeBought(t *testing.T) {
	for _, tc := range []struct{ from, to int }{{35, 0}, {5, 10}, {15, 20}} {
		s := newGame(t, 2, "")
		s.Pos[0] = int8(tc.from)
		rollTo(t, s, 0, 2, 3)
		if s.Pos[0] != int8(tc.to) || board.ownable.Has(tc.to) {
			t.Fatalf("at %d", s.Pos[0])
		}
		refuse(t, s, 0, Move{Type: MoveBuy, Space: tc.to}, harbor.EIllegal, "HH-12")
		refuse(t, s, 0, Move{Type: MoveBuy}, harbor.EIllegal, "HH-12")
	}
}
