package harborfall

import "testing"

// rollDice rolls forced dice for the active player.
func rollDice(t *testing.T, s *State, d1, d2 int) {
	t.Helper()
	s.Phase = phaseRoll
	s.Rand.ForceDice(d1, d2)
	mustApply(t, s, s.Active, Move{Type: "roll"})
}

func TestHF05_HF06_TerrainYields(t *testing.T) {
	for terrain := range int8(NumResources) {
		s := blank(t, 3)
		s.Terrain[center], s.Number[center] = terrain, 5
		build(s, 1, ring(s, center)[0], false)
		rollDice(t, s, 2, 3)
		var want Hand
		want[terrain] = 1
		if s.Hands[1] != want {
			t.Errorf("terrain %s gave %v", content.Terrains[terrain], s.Hands[1])
		}
	}
	if len(content.Resources) != NumResources {
		t.Errorf("resources %v", content.Resources)
	}
}

func TestHF09_HF21_HF22_HF23_HF24_HF25_Production(t *testing.T) {
	s := blank(t, 4)
	r := ring(s, center)
	s.Terrain[center], s.Number[center] = Ore, 9
	s.Terrain[0], s.Number[0] = Wool, 9
	s.Terrain[1], s.Number[1] = Grain, 4
	build(s, 0, r[0], false) // HF-22: 1 ore
	build(s, 2, r[3], true)  // HF-23: 2 ore
	// HF-25: a corner of hex 0 touching hex 1 too, both... only hex 0 rolls 9.
	c := ring(s, 0)[2]
	build(s, 3, c, false)
	rollDice(t, s, 4, 5)
	if s.Hands[0] != hand(0, 0, 0, 0, 1) || s.Hands[2] != hand(0, 0, 0, 0, 2) || s.Hands[3][Wool] != 1 {
		t.Errorf("HF-21..23: hands %v", s.Hands[:4])
	}
	// HF-24: the robber's hex gives nothing to anyone.
	s.Robber = center
	before := s.Hands
	rollDice(t, s, 4, 5)
	if s.Hands[0] != before[0] || s.Hands[2] != before[2] || s.Hands[3][Wool] != before[3][Wool]+1 {
		t.Errorf("HF-24: hands %v", s.Hands[:4])
	}
	// HF-25: a building on two hexes with the number collects from both.
	s2 := blank(t, 3)
	shared := int16(-1)
	for _, a := range ring(s2, center) {
		for _, b := range ring(s2, 4) {
			if a == b {
				shared = a
			}
		}
	}
	s2.Terrain[center], s2.Number[center] = Brick, 6
	s2.Terrain[4], s2.Number[4] = Lumber, 6
	build(s2, 1, shared, false)
	rollDice(t, s2, 3, 3)
	if s2.Hands[1] != hand(1, 1, 0, 0, 0) {
		t.Errorf("HF-25: hand %v", s2.Hands[1])
	}
}

func TestHF26_HF27_HF28_BankRunsDry(t *testing.T) {
	setupDry := func(t *testing.T) *State {
		s := blank(t, 4)
		r := ring(s, center)
		s.Terrain[center], s.Number[center] = Ore, 8
		s.Terrain[0], s.Number[0] = Grain, 8
		build(s, 0, r[0], true)
		build(s, 1, r[3], false)
		build(s, 2, ring(s, 0)[0], false)
		return s
	}
	t.Run("HF-26 two owed, too few: nobody", func(t *testing.T) {
		s := setupDry(t)
		give(s, 3, hand(0, 0, 0, 0, s.Supply[Ore]-2)) // 2 ore left, 3 owed
		rollDice(t, s, 4, 4)
		if s.Hands[0][Ore] != 0 || s.Hands[1][Ore] != 0 || s.Supply[Ore] != 2 {
			t.Errorf("ore paid: %v %v supply %d", s.Hands[0], s.Hands[1], s.Supply[Ore])
		}
		// HF-28: grain is still paid.
		if s.Hands[2][Grain] != 1 {
			t.Errorf("HF-28: grain not paid: %v", s.Hands[2])
		}
	})
	t.Run("HF-27 one owed takes what is left", func(t *testing.T) {
		s := setupDry(t)
		s.Owner[ring(s, center)[3]] = -1
		s.Settlements[1]++
		give(s, 3, hand(0, 0, 0, 0, s.Supply[Ore]-1)) // 1 ore left, 2 owed to seat 0
		rollDice(t, s, 4, 4)
		if s.Hands[0][Ore] != 1 || s.Supply[Ore] != 0 {
			t.Errorf("seat 0 got %v, supply %d", s.Hands[0], s.Supply[Ore])
		}
	})
	t.Run("HF-26 exactly enough pays all", func(t *testing.T) {
		s := setupDry(t)
		give(s, 3, hand(0, 0, 0, 0, s.Supply[Ore]-3))
		rollDice(t, s, 4, 4)
		if s.Hands[0][Ore] != 2 || s.Hands[1][Ore] != 1 || s.Supply[Ore] != 0 {
			t.Errorf("hands %v %v supply %d", s.Hands[0], s.Hands[1], s.Supply[Ore])
		}
	})
}

func TestHF79_WorkedExample(t *testing.T) {
	s := blank(t, 4)
	s.Terrain[center], s.Number[center] = Wool, 8
	s.Terrain[2], s.Number[2] = Brick, 8
	build(s, 0, ring(s, center)[0], false)
	build(s, 0, ring(s, 2)[3], false)
	build(s, 1, ring(s, center)[3], true)
	rollDice(t, s, 5, 3)
	if s.Hands[0].Total() != 2 || s.Hands[1].Total() != 2 {
		t.Errorf("active got %d, rival got %d; want 2 and 2", s.Hands[0].Total(), s.Hands[1].Total())
	}
}
