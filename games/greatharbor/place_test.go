package greatharbor

import (
	"testing"

	"harbor"
)

func TestGH047_TierThresholds(t *testing.T) {
	for _, tc := range []struct{ pips, fee, tier int8 }{
		{0, 0, 0}, {1, 0, 1}, {2, 0, 1}, {3, 0, 2}, {4, 0, 2}, {5, 0, 3}, {6, 0, 3}, {9, 0, 3},
		{3, 3, 0}, {4, 3, 1}, {5, 3, 1}, {6, 3, 2}, {8, 3, 3},
	} {
		if got := tierFor(tc.pips, tc.fee); got != tc.tier {
			t.Errorf("GH-054 %d pips against fee %d: tier %d, want %d", tc.pips, tc.fee, got, tc.tier)
		}
	}
}

// splitSetup puts Blacksmith Avenue right of the central Shipyard.
func splitSetup(t *testing.T) (*State, int8, int8) {
	s := actionState(t, 2, "")
	arrange(s, "BLACKSMITH_AVENUE", 5)
	slot := shared(4, 5)
	s.Accept[slot] = 0xF
	return s, slot, shoreOf(5)
}

func TestGH048_SplitPipsWithFeeOnOneTile(t *testing.T) {
	s, slot, shore := splitSetup(t)
	putOn(s, dieOf(s, red), shore, 2) // Shore Fee 2 on Blacksmith Avenue
	die := dieOf(s, blue)
	draftTo(s, 0, die, 4)
	small := s.ShipDisplay[small]
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: slot, First: 1, Second: 3})
	p := &s.Players[0]
	if p.Res[metal] != 1 {
		t.Errorf("3 pips against fee 2 should give tier 1 (1 Metal), got %d", p.Res[metal])
	}
	if p.HandShips&bit(small) == 0 {
		t.Errorf("1 pip on the Shipyard should take the displayed small ship")
	}
}

func TestGH049_SplitPipsWithoutFee(t *testing.T) {
	s, slot, _ := splitSetup(t)
	die := dieOf(s, blue)
	draftTo(s, 0, die, 4)
	small := s.ShipDisplay[small]
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: slot, First: 1, Second: 3})
	if p := &s.Players[0]; p.Res[metal] != 2 || p.HandShips&bit(small) == 0 {
		t.Fatalf("want 2 Metal and the small ship, got %d metal, hand %b", p.Res[metal], p.HandShips)
	}
	if s.ShipDisplay[small] == small {
		t.Fatal("GH-071 the small ship display was not refilled")
	}
}

func TestGH055_HighestShoreDieIsTheFee(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "SAILMAKER", 0)
	n, e, south, w := cellSlots[0][0], cellSlots[0][1], cellSlots[0][2], cellSlots[0][3]
	putOn(s, dieOf(s, blue), n, 3)
	putOn(s, dieOf(s, red), w, 2)
	putOn(s, dieOf(s, purple), e, 6) // not a shore slot
	if f := s.fee(0); f != 3 {
		t.Fatalf("GH-051 fee %d, want the highest shore face 3", f)
	}
	s.Accept[south] = 0xF
	die := dieOf(s, yellow)
	draftTo(s, 0, die, 5)
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: south, First: 5})
	if got := s.Players[0].Res[sails]; got != 1 {
		t.Fatalf("a 5 against fee 3 earns tier 1 (1 Sail), got %d", got)
	}
}

func TestGH053_CentralTileHasNoFee(t *testing.T) {
	s := actionState(t, 2, "")
	for k, slot := range cellSlots[shipyardCell] {
		putOn(s, dieOf(s, int8(k)), slot, 6)
	}
	if f := s.fee(shipyardCell); f != 0 {
		t.Fatalf("central tile fee %d", f)
	}
}

func TestGH056_ShoreDieDoesNotTaxItself(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "ROPEYARD", 0)
	shore := shoreOf(0)
	s.Accept[shore] = 0xF
	die := dieOf(s, red)
	draftTo(s, 0, die, 6)
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: shore, First: 6})
	if s.Players[0].Res[rope] != 3 {
		t.Fatalf("got %d rope, want tier 3", s.Players[0].Res[rope])
	}
	if s.fee(0) != 6 {
		t.Fatalf("the shore die should now set the fee to 6, got %d", s.fee(0))
	}
}

func TestGH057_FavorPipDoesNotMoveTheFee(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "CARPENTRY", 0)
	shore := shoreOf(0)
	s.Accept[shore] = 0xF
	die := dieOf(s, yellow)
	draftTo(s, 0, die, 4)
	s.Players[0].Favor = 1
	apply(t, s, Move{Type: mvFavorPip, Die: die})
	if s.Dice[die].Face != 4 || s.Dice[die].Bonus != 1 || s.Players[0].Favor != 0 {
		t.Fatalf("GH-099 favor pip: die %+v favor %d", s.Dice[die], s.Players[0].Favor)
	}
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: shore, First: 5})
	if s.Players[0].Res[planks] != 3 {
		t.Fatalf("4 + 1 Favor pip = 5 pips should give tier 3, got %d planks", s.Players[0].Res[planks])
	}
	if f := s.fee(0); f != 4 {
		t.Fatalf("fee %d, want the face value 4, not the boosted 5", f)
	}
	if s.Dice[die].Bonus != 0 {
		t.Fatal("temporary pips last for one placement only")
	}
}

func TestGH058_SmugglerTokenIgnoresFee(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "BLACKSMITH_AVENUE", 0)
	n, south := cellSlots[0][0], cellSlots[0][2]
	putOn(s, dieOf(s, red), n, 4)
	s.Accept[south] = 0xF
	die := dieOf(s, blue)
	draftTo(s, 0, die, 5)
	m := Move{Type: mvPlace, Die: die, Slot: south, First: 5, Waive: 1}
	if err := s.Apply(0, m, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("waiving without a token: %v", err)
	}
	s.Players[0].Smuggler = 1
	apply(t, s, m)
	if p := &s.Players[0]; p.Res[metal] != 3 || p.Smuggler != 0 {
		t.Fatalf("with the fee ignored a 5 is tier 3: metal %d, tokens %d", p.Res[metal], p.Smuggler)
	}
}

func TestGH058_NoFeeNoWaive(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "BLACKSMITH_AVENUE", 0)
	south := cellSlots[0][2]
	s.Accept[south] = 0xF
	die := dieOf(s, blue)
	draftTo(s, 0, die, 5)
	s.Players[0].Smuggler = 1
	if err := s.Apply(0, Move{Type: mvPlace, Die: die, Slot: south, First: 5, Waive: 1}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("a token on a tile without a fee: %v", err)
	}
}

func TestGH043_SlotColourAndWild(t *testing.T) {
	s := actionState(t, 2, "")
	// The first slot that refuses a color, and that color.
	slot, wrong := int8(-1), int8(-1)
	for sl := range int8(len(s.Accept)) {
		for c := int8(0); c < numColours && wrong < 0; c++ {
			if s.Accept[sl]&(1<<uint(c)) == 0 {
				slot, wrong = sl, c
			}
		}
		if wrong >= 0 {
			break
		}
	}
	if wrong < 0 {
		t.Fatal("every slot of the harbor accepts every colour: the test has no slot to try")
	}
	die := dieOf(s, wrong)
	draftTo(s, 0, die, 3)
	before := mustJSON(t, s)
	err := s.Apply(0, Move{Type: mvPlace, Die: die, Slot: slot, First: 1}, nil)
	if harbor.ErrorCode(err) != harbor.EIllegal || mustJSON(t, s) != before {
		t.Fatalf("a die of the wrong colour was placed: %v", err)
	}
	s.Dice[die].Wild = true // GH-200
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: slot, First: 1})
	if s.Dice[die].Wild {
		t.Fatal("the Wild die lasts for one placement")
	}
}

func TestGH044_OccupiedSlotAndOverAssignedPips(t *testing.T) {
	s, slot, _ := splitSetup(t)
	other := dieOf(s, red)
	putOn(s, other, slot, 1)
	die := dieOf(s, blue)
	draftTo(s, 0, die, 4)
	before := mustJSON(t, s)
	if err := s.Apply(0, Move{Type: mvPlace, Die: die, Slot: slot, First: 1}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("GH-044 placed on an occupied slot: %v", err)
	}
	if mustJSON(t, s) != before {
		t.Fatal("a refused placement changed the state")
	}
	s.Slots[slot], s.Dice[other] = -1, Die{Loc: locBag}
	after := mustJSON(t, s)
	if err := s.Apply(0, Move{Type: mvPlace, Die: die, Slot: slot, First: 3, Second: 2}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("GH-046 assigned 5 pips from a 4: %v", err)
	}
	if mustJSON(t, s) != after {
		t.Fatal("a refused placement changed the state")
	}
}

func TestGH061_SurplusPrestigeOncePerGain(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "SAILMAKER", 0)
	shore := shoreOf(0)
	s.Accept[shore] = 0xF
	p := &s.Players[0]
	p.Res[sails] = 4
	die := dieOf(s, red)
	draftTo(s, 0, die, 6)
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: shore, First: 6})
	if p.Res[sails] != 4 || p.Prestige != 1 {
		t.Fatalf("4 + 3 Sails: marker %d, Prestige %d; want the marker left on 4 and exactly 1 Prestige", p.Res[sails], p.Prestige)
	}
	s.gainRes(p, sails, 1)
	if p.Prestige != 1 || p.Res[sails] != 5 {
		t.Fatalf("4 + 1 Sails reaches five without surplus: marker %d, Prestige %d", p.Res[sails], p.Prestige)
	}
	s.gainRes(p, sails, 1)
	if p.Prestige != 2 || p.Res[sails] != 5 {
		t.Fatalf("a second surplus gain pays again: %d", p.Prestige)
	}
	s.gainRes(p, rope, 2)
	if p.Prestige != 2 {
		t.Fatal("a gain within the cap pays no Prestige")
	}
}

func TestGH074_SmugglersDistrictPaysBothSmugglerDice(t *testing.T) {
	s := actionState(t, 2, "")
	s.Turn = 1
	a, b := dieOf(s, blue), dieOf(s, red)
	s.Dice[a] = Die{Face: 1, Loc: locSmuggler, At: 0}
	s.Dice[b] = Die{Face: 2, Loc: locSmuggler, At: 1}
	die := dieOf(s, yellow)
	draftTo(s, 0, die, 2)
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: district})
	p := &s.Players[0]
	if p.Res[sails] != 1 || p.Res[rope] != 1 || p.Smuggler != 1 {
		t.Fatalf("GH-078 want 1 Sail, 1 Rope, 1 token: %+v", p.Res)
	}
	die2 := dieOf(s, yellow)
	draftTo(s, 0, die2, 6)
	s.Dice[a].Face = 6 // GH-077: a 6 gives a Colonist
	apply(t, s, Move{Type: mvPlace, Die: die2, Slot: district})
	if p.Free != 1 || p.Smuggler != 2 {
		t.Fatalf("GH-077 want a Colonist and a second token: free %d tokens %d", p.Free, p.Smuggler)
	}
}

func TestGH041_BothDiceBeforeEnd(t *testing.T) {
	s := actionState(t, 2, "")
	draftTo(s, 0, dieOf(s, red), 3)
	if err := s.Apply(0, Move{Type: mvEnd}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("ended the turn with a die unplaced: %v", err)
	}
}

func TestGH059_ResourceTilesAndOffices(t *testing.T) {
	for _, tc := range []struct {
		tile string
		tier int8
		want Gain
	}{
		{"SAILMAKER", 2, Gain{Res: [numRes]int8{sails: 2}}},
		{"COLONISTS_OFFICE", 3, Gain{Colonists: 2, Favor: 1}},
		{"FORUM", 2, Gain{Favor: 1, Colonists: 1}},
		{"ARCHITECTS_OFFICE", 3, Gain{BuildingDeck: 1, BuildingDisplay: 1}},
		{"ADMINISTRATION_OFFICE", 1, Gain{PersonDeck: 1}},
		{"SHIPYARD", 3, Gain{Ship: 3}},
	} {
		t.Run("GH-059 "+tc.tile, func(t *testing.T) {
			if got := tiles[tileID(tc.tile)].Tiers[tc.tier-1]; got != tc.want {
				t.Fatalf("tier %d: %+v, want %+v", tc.tier, got, tc.want)
			}
		})
	}
}

func TestGH066_ArchitectsTier3DeckThenDisplayPick(t *testing.T) {
	s := actionState(t, 2, "")
	arrange(s, "ARCHITECTS_OFFICE", 0)
	shore := shoreOf(0)
	s.Accept[shore] = 0xF
	top := s.BuildingDeck[s.BuildingDeckN-1]
	shown := s.BuildingDisplay
	die := dieOf(s, red)
	draftTo(s, 0, die, 5)
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: shore, First: 5})
	p := &s.Players[0]
	if p.HandBuildings&bit(top) == 0 {
		t.Fatal("GH-Q41 the deck card is drawn first")
	}
	if s.PendingN != 1 || s.Pending[0].Kind != pendBuilding {
		t.Fatalf("a display pick should be pending: %+v", s.Pending)
	}
	apply(t, s, Move{Type: mvPick, Choice: 1})
	if p.HandBuildings&bit(shown[1]) == 0 {
		t.Fatal("the picked display card is not in hand")
	}
	if s.BuildingDisplay[0] != shown[0] || s.BuildingDisplay[1] != shown[2] {
		t.Fatalf("GH-069 the display should slide toward the icon: %v from %v", s.BuildingDisplay, shown)
	}
}

func TestGH072_EmptyDeckSkipsThatPart(t *testing.T) {
	s := actionState(t, 2, "")
	s.PersonDeckN = 0
	before := s.Players[0].HandPeople
	s.gain(0, &Gain{PersonDeck: 1}, 0)
	if s.Players[0].HandPeople != before {
		t.Fatal("drew from an empty deck")
	}
	s.ShipDisplay[large] = -1
	s.gain(0, &Gain{Ship: 3}, 0)
	if s.Players[0].HandShips != 0 {
		t.Fatal("took a ship from an empty display")
	}
}

func TestGH064_ColonistsBeyondHousingReturn(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	p.Free = p.housing() - 1
	supplyBefore := s.SupplyColonists
	s.gainColonists(0, 3)
	if p.Free != p.housing() || s.SupplyColonists != supplyBefore-1 {
		t.Fatalf("free %d/%d supply %d", p.Free, p.housing(), s.SupplyColonists)
	}
}

func TestGH046_OverflowingPipsRefused(t *testing.T) {
	s, slot, _ := splitSetup(t)
	die := dieOf(s, blue)
	draftTo(s, 0, die, 4)
	if err := s.Apply(0, Move{Type: mvPlace, Die: die, Slot: slot, First: 100, Second: 100}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("200 pips from a 4: %v", err)
	}
}

func TestGHQ06_FillSurplusOption(t *testing.T) {
	s := actionState(t, 2, `{"surplus":"fill"}`)
	p := &s.Players[0]
	p.Res[sails] = 4
	s.gainRes(p, sails, 3)
	if p.Res[sails] != 5 || p.Prestige != 1 {
		t.Fatalf("fill surplus: marker %d prestige %d", p.Res[sails], p.Prestige)
	}
	if _, err := Setup(cfgFor(2, 1, `{"surplus":"sometimes"}`)); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Fatal("unknown option value accepted")
	}
}

func TestGHQ07_SmugglerRewardByColourOption(t *testing.T) {
	s := actionState(t, 2, `{"smugglerReward":"colour"}`)
	a := dieOf(s, blue)
	s.Dice[a] = Die{Face: 6, Loc: locSmuggler}
	die := dieOf(s, yellow)
	draftTo(s, 0, die, 2)
	apply(t, s, Move{Type: mvPlace, Die: die, Slot: district})
	p := &s.Players[0]
	if p.Res[s.bonusTile()[blue]] != 1 || p.Free != 0 || p.Smuggler != 1 {
		t.Fatalf("the blue Smuggler die pays the blue resource: %v free %d", p.Res, p.Free)
	}
}

func TestGHQ05_OneTokenPerPlacementOption(t *testing.T) {
	for _, tc := range []struct {
		opts   string
		tokens int8
		left   int8
	}{{"", 2, 0}, {`{"smugglerToken":"placement"}`, 1, 0}} {
		s := actionState(t, 2, tc.opts)
		arrange(s, "SAILMAKER", 0)
		arrange(s, "ROPEYARD", 1)
		putOn(s, dieOf(s, red), shoreOf(0), 3)
		putOn(s, dieOf(s, red), shoreOf(1), 3)
		slot := shared(0, 1)
		s.Accept[slot] = 0xF
		die := dieOf(s, blue)
		draftTo(s, 0, die, 6)
		s.Players[0].Smuggler = tc.tokens
		apply(t, s, Move{Type: mvPlace, Die: die, Slot: slot, First: 3, Second: 3, Waive: 3})
		p := &s.Players[0]
		if p.Res[sails] != 2 || p.Res[rope] != 2 || p.Smuggler != tc.left {
			t.Fatalf("%s: both fees waived with %d tokens: %v left %d", tc.opts, tc.tokens, p.Res, p.Smuggler)
		}
	}
}

func TestGHQ38_StartingColonistsOption(t *testing.T) {
	s := newGame(t, 3, 1, `{"startingColonists":2}`)
	for i := range s.N {
		if s.Players[i].Free != 2 {
			t.Fatal("starting colonists")
		}
	}
	if s.SupplyColonists != supply.Colonists-6 {
		t.Fatal("colonists come from the supply")
	}
}
