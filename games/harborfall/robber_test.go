package harborfall

import (
	"testing"

	"harbor/game"
)

func TestHF29_SevenProducesNothing(t *testing.T) {
	s := blank(t, 3)
	s.Number[center] = 7 // even a (impossible) 7 token would not produce
	build(s, 1, ring(s, center)[0], false)
	rollDice(t, s, 3, 4)
	if s.Hands[1].Total() != 0 || s.Phase != phaseRobber {
		t.Errorf("hand %v, phase %s", s.Hands[1], phaseNames[s.Phase])
	}
}

func TestHF30_HF31_Discards(t *testing.T) {
	s := blank(t, 4)
	give(s, 0, hand(3, 3, 3, 0, 0)) // 9: active player discards 4 (HF-G30)
	give(s, 1, hand(2, 2, 2, 1, 0)) // 7: nothing (HF-31)
	give(s, 2, hand(5, 0, 0, 0, 6)) // 11: discards 5
	give(s, 3, hand(0, 0, 0, 0, 1))
	rollDice(t, s, 6, 1)
	if s.Phase != phaseDiscard || s.Actors() != game.Seats(0, 2) {
		t.Fatalf("phase %s, actors %v", phaseNames[s.Phase], s.Actors().List())
	}
	if s.Owed[0] != 4 || s.Owed[1] != 0 || s.Owed[2] != 5 {
		t.Errorf("owed %v", s.Owed)
	}
	mustFail(t, s, 1, Move{Type: "discard", Give: hand(1, 0, 0, 0, 0)}, "HF-31")
	mustFail(t, s, 0, Move{Type: "robber", At: 0}, "HF-30")
	mustFail(t, s, 2, Move{Type: "discard", Give: hand(6, 0, 0, 0, 0)}, "HF-30")
	mustFail(t, s, 2, Move{Type: "discard", Give: hand(0, 0, 0, 0, 6)}, "HF-30")
	mustApply(t, s, 2, Move{Type: "discard", Give: hand(2, 0, 0, 0, 3)})
	mustApply(t, s, 0, Move{Type: "discard", Give: hand(1, 0, 0, 0, 0)})
	if s.Actors() != game.Seats(0) || s.Phase != phaseDiscard {
		t.Fatalf("actors %v", s.Actors().List())
	}
	mustApply(t, s, 0, Move{Type: "discard", Give: hand(0, 3, 0, 0, 0)})
	if s.Hands[0].Total() != 5 || s.Hands[2].Total() != 6 || s.Phase != phaseRobber {
		t.Errorf("hands %v %v phase %s", s.Hands[0], s.Hands[2], phaseNames[s.Phase])
	}
	if s.Supply[Brick] != 19-3-2-5+2+1 {
		t.Errorf("discards did not return to the supply: %v", s.Supply)
	}
}

func TestHF32_RobberMustMoveToAnotherLandHex(t *testing.T) {
	s := blank(t, 3)
	rollDice(t, s, 5, 2)
	mustFail(t, s, 0, Move{Type: "robber", At: int16(s.Robber)}, "HF-32")
	mustFail(t, s, 0, Move{Type: "robber", At: 19}, "HF-32")
	mustFail(t, s, 0, Move{Type: "end"}, "HF-32")
	legal := s.Legal(0, nil)
	if len(legal) != 18 {
		t.Errorf("%d robber moves, want 18", len(legal))
	}
	mustApply(t, s, 0, Move{Type: "robber", At: center})
	if s.Robber != center || s.Phase != phaseMain {
		t.Errorf("robber %d phase %s", s.Robber, phaseNames[s.Phase])
	}
}

func TestHF33_HF34_HF35_Steal(t *testing.T) {
	r := func(s *State) [6]int16 { return ring(s, center) }
	t.Run("HF-33 the active player picks among rivals", func(t *testing.T) {
		s := blank(t, 4)
		build(s, 1, r(s)[0], false)
		build(s, 2, r(s)[3], false)
		build(s, 0, r(s)[1+4], false)
		give(s, 1, hand(0, 0, 2, 0, 1))
		give(s, 2, hand(1, 0, 0, 0, 0))
		rollDice(t, s, 1, 6)
		mustApply(t, s, 0, Move{Type: "robber", At: center})
		if s.Phase != phaseSteal {
			t.Fatalf("phase %s", phaseNames[s.Phase])
		}
		legal := s.Legal(0, nil)
		if len(legal) != 2 || !hasMove(legal, Move{Type: "steal", Seat: 1}) || !hasMove(legal, Move{Type: "steal", Seat: 2}) {
			t.Fatalf("legal %v", legal)
		}
		mustFail(t, s, 0, Move{Type: "steal", Seat: 0}, "HF-35")
		mustFail(t, s, 0, Move{Type: "steal", Seat: 3}, "HF-35")
		s.Rand.Force(2) // the third card of [wool, wool, ore]: ore
		log := &game.Log{}
		if err := s.Apply(0, Move{Type: "steal", Seat: 1}, log); err != nil {
			t.Fatal(err)
		}
		if s.Hands[0] != hand(0, 0, 0, 0, 1) || s.Hands[1] != hand(0, 0, 2, 0, 0) || s.Phase != phaseMain {
			t.Errorf("hands %v %v", s.Hands[0], s.Hands[1])
		}
		ev := log.Events[len(log.Events)-1]
		if ev.For(3).Text == ev.For(0).Text || ev.For(0).Text != ev.For(1).Text {
			t.Errorf("HF-G16: steal text %q to thief, %q to a bystander", ev.For(0).Text, ev.For(3).Text)
		}
	})
	for _, tc := range []struct {
		name   string
		owner  int8
		cards  Hand // the building owner's hand
		active Hand // the active player's hand afterwards
	}{
		{"HF-34 no rival with cards: no steal", 1, Hand{}, hand(1, 0, 0, 0, 0)},
		{"HF-35 own building only: no steal (HF-G31)", 0, Hand{}, hand(1, 0, 0, 0, 0)},
		{"HF-33 a single rival is robbed at once", 2, hand(0, 1, 0, 0, 0), hand(1, 1, 0, 0, 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := blank(t, 3)
			build(s, tc.owner, r(s)[0], false)
			give(s, 0, hand(1, 0, 0, 0, 0))
			give(s, tc.owner, tc.cards)
			rollDice(t, s, 1, 6)
			mustApply(t, s, 0, Move{Type: "robber", At: center})
			if s.Phase != phaseMain || s.Hands[0] != tc.active {
				t.Errorf("phase %s hand %v, want %v", phaseNames[s.Phase], s.Hands[0], tc.active)
			}
		})
	}
}
