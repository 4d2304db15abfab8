package harborfall

import (
	"encoding/json"
	"strings"
	"testing"
)

// holding gives p an old (playable) card of kind k.
func holding(s *State, p int8, k int, n int8) { s.Dev[p][k] += n }

func TestHF53_OneCardPerTurn(t *testing.T) {
	s := blank(t, 3)
	holding(s, 0, CardForced, 2)
	holding(s, 0, CardHarvest, 1)
	mustApply(t, s, 0, Move{Type: "play_forced", Res: Ore})
	mustFail(t, s, 0, Move{Type: "play_harvest", Get: hand(1, 1, 0, 0, 0)}, "HF-53")
	mustFail(t, s, 0, Move{Type: "play_forced", Res: Wool}, "HF-53")
	mustApply(t, s, 0, Move{Type: "end"})
	s.Active, s.Phase = 0, phaseMain // seat 0's next turn: one more play
	mustApply(t, s, 0, Move{Type: "play_forced", Res: Wool})
}

func TestHF54_NotTheTurnBought(t *testing.T) {
	s := blank(t, 3)
	give(s, 0, hand(0, 0, 1, 1, 1))
	s.Deck[s.DeckLen-1] = CardHarvest
	mustApply(t, s, 0, Move{Type: "buy"})
	mustFail(t, s, 0, Move{Type: "play_harvest", Get: hand(1, 1, 0, 0, 0)}, "HF-54")
	if hasMove(s.Legal(0, nil), Move{Type: "play_harvest", Get: hand(1, 1, 0, 0, 0)}) {
		t.Error("a card bought this turn is listed as playable")
	}
	mustApply(t, s, 0, Move{Type: "end"})
	s.Active, s.Phase = 0, phaseMain // seat 0's next turn
	mustApply(t, s, 0, Move{Type: "play_harvest", Get: hand(1, 1, 0, 0, 0)})
}

func TestHF55_HF56_MoveAndSteal(t *testing.T) {
	s := blank(t, 3)
	holding(s, 0, CardSteal, 1)
	build(s, 1, ring(s, center)[0], false)
	give(s, 1, hand(0, 0, 0, 0, 1))
	give(s, 2, hand(4, 4, 4, 0, 0)) // 12 cards: no discard on a card play
	mustApply(t, s, 0, Move{Type: "play_steal"})
	if s.Phase != phaseRobber || s.Played[0][CardSteal] != 1 {
		t.Fatalf("phase %s played %v", phaseNames[s.Phase], s.Played[0])
	}
	mustFail(t, s, 0, Move{Type: "robber", At: int16(s.Robber)}, "HF-32")
	mustApply(t, s, 0, Move{Type: "robber", At: center})
	if s.Hands[0] != hand(0, 0, 0, 0, 1) || s.Hands[2].Total() != 12 || s.Phase != phaseMain {
		t.Errorf("hands %v %v phase %s", s.Hands[0], s.Hands[2], phaseNames[s.Phase])
	}
}

func TestHF57_FreeRoads(t *testing.T) {
	s := blank(t, 3)
	r := ring(s, center)
	build(s, 0, r[0], false)
	holding(s, 0, CardRoads, 1)
	mustApply(t, s, 0, Move{Type: "play_roads"})
	if s.Phase != phaseRoads || s.FreeRoads != 2 {
		t.Fatalf("phase %s free %d", phaseNames[s.Phase], s.FreeRoads)
	}
	mustFail(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[2], r[3])}, "HF-49")
	mustFail(t, s, 0, Move{Type: "end"}, "HF-57")
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[0], r[1])})
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[1], r[2])})
	if s.Phase != phaseMain || s.Hands[0] != (Hand{}) || s.Roads[0] != content.Pieces.Roads-2 {
		t.Errorf("phase %s hand %v roads %d", phaseNames[s.Phase], s.Hands[0], s.Roads[0])
	}
}

func TestHFG27_FreeRoadsWithOnePieceLeft(t *testing.T) {
	s := blank(t, 3)
	r := ring(s, center)
	build(s, 0, r[0], false)
	holding(s, 0, CardRoads, 1)
	s.Roads[0] = 1
	mustApply(t, s, 0, Move{Type: "play_roads"})
	mustApply(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[0], r[1])})
	if s.Phase != phaseMain || !s.CardPlayed {
		t.Errorf("phase %s", phaseNames[s.Phase])
	}
}

func TestHF58_HFG22_BonusHarvest(t *testing.T) {
	s := blank(t, 3)
	holding(s, 0, CardHarvest, 2)
	mustFail(t, s, 0, Move{Type: "play_harvest", Get: hand(1, 0, 0, 0, 0)}, "HF-58")
	mustFail(t, s, 0, Move{Type: "play_harvest", Get: hand(3, 0, 0, 0, 0)}, "HF-58")
	mustApply(t, s, 0, Move{Type: "play_harvest", Get: hand(0, 0, 2, 0, 0)})
	if s.Hands[0] != hand(0, 0, 2, 0, 0) {
		t.Errorf("hand %v", s.Hands[0])
	}
	// With one card left in the whole supply, the harvest takes just that.
	s.CardPlayed = false
	s.Supply = hand(0, 0, 0, 1, 0)
	legal := s.Legal(0, nil)
	if !hasMove(legal, Move{Type: "play_harvest", Get: hand(0, 0, 0, 1, 0)}) {
		t.Errorf("legal %v", legal)
	}
	mustApply(t, s, 0, Move{Type: "play_harvest", Get: hand(0, 0, 0, 1, 0)})
}

func TestHF59_HFG28_ForcedTrade(t *testing.T) {
	s := blank(t, 4)
	holding(s, 0, CardForced, 1)
	give(s, 0, hand(0, 0, 1, 0, 0))
	give(s, 1, hand(0, 0, 3, 1, 0))
	give(s, 3, hand(0, 0, 2, 0, 0))
	mustFail(t, s, 0, Move{Type: "play_forced", Res: 5}, "invalid")
	mustApply(t, s, 0, Move{Type: "play_forced", Res: Wool})
	if s.Hands[0] != hand(0, 0, 6, 0, 0) || s.Hands[1] != hand(0, 0, 0, 1, 0) || s.Hands[3] != (Hand{}) {
		t.Errorf("hands %v", s.Hands[:4])
	}
	// HF-G28: allowed when nobody holds the resource.
	s.CardPlayed = false
	holding(s, 0, CardForced, 1)
	mustApply(t, s, 0, Move{Type: "play_forced", Res: Ore})
}

func TestHF60_HF61_HF67_SecretPoint(t *testing.T) {
	s := blank(t, 3)
	build(s, 0, ring(s, center)[0], false)
	give(s, 0, hand(0, 0, 1, 1, 1))
	s.Deck[s.DeckLen-1] = CardPoint
	holding(s, 0, CardHarvest, 1)
	mustApply(t, s, 0, Move{Type: "buy"})
	if s.Points(0) != 2 {
		t.Errorf("HF-60/HF-67: points %d, want 2", s.Points(0))
	}
	for _, viewer := range []int{-1, 1, 2} {
		v := s.View(vseat(viewer))
		if v.Players[0].Points != 1 {
			t.Errorf("viewer %d sees %d points", viewer, v.Players[0].Points)
		}
		b, _ := json.Marshal(v)
		if strings.Contains(string(b), `"dev":[0,0,1,0,1]`) {
			t.Errorf("viewer %d sees seat 0's cards", viewer)
		}
	}
	if v := s.View(0); v.Me.Points != 2 || v.Me.Dev[CardPoint] != 1 {
		t.Errorf("own view: %+v", v.Me)
	}
	for _, m := range s.Legal(0, nil) {
		if strings.Contains(m.Type, "point") {
			t.Errorf("a secret point is playable: %v", m)
		}
	}
	// HF-61: holding it leaves the one play of the turn free.
	mustApply(t, s, 0, Move{Type: "play_harvest", Get: hand(1, 0, 0, 1, 0)})
}

func TestHFG12_PreRollCardsOption(t *testing.T) {
	s := blank(t, 3)
	holding(s, 0, CardForced, 1)
	s.Phase = phaseRoll
	mustApply(t, s, 0, Move{Type: "play_forced", Res: Ore})
	if s.Phase != phaseRoll {
		t.Errorf("phase %s", phaseNames[s.Phase])
	}
	s.Opts.PreRollCards = false
	s.CardPlayed = false
	holding(s, 0, CardForced, 1)
	mustFail(t, s, 0, Move{Type: "play_forced", Res: Ore}, "HF-G12")
	if hasMove(s.Legal(0, nil), Move{Type: "play_forced", Res: Ore}) {
		t.Error("pre-roll play listed with the option off")
	}
}

func TestHFG29_MoveAndStealBeforeTheRoll(t *testing.T) {
	s := blank(t, 3)
	holding(s, 0, CardSteal, 1)
	s.Phase = phaseRoll
	mustApply(t, s, 0, Move{Type: "play_steal"})
	mustApply(t, s, 0, Move{Type: "robber", At: center})
	if s.Phase != phaseRoll {
		t.Fatalf("after the pre-roll robber: phase %s", phaseNames[s.Phase])
	}
	s.Rand.ForceDice(3, 4)
	mustApply(t, s, 0, Move{Type: "roll"})
	if s.Phase != phaseRobber {
		t.Fatalf("a 7 after the card: phase %s", phaseNames[s.Phase])
	}
	mustFail(t, s, 0, Move{Type: "robber", At: center}, "HF-32")
	mustApply(t, s, 0, Move{Type: "robber", At: 0})
	if s.Phase != phaseMain {
		t.Errorf("phase %s", phaseNames[s.Phase])
	}
}
