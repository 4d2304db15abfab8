package greatharbor

import (
	"testing"

	"harbor"
)

// withPerson puts Person card number in column 0 of seat 0.
func withPerson(s *State, number int) {
	s.Players[0].People[0][0] = personNumber(number)
}

func TestGH198_PatricianFlipsUpToTwo(t *testing.T) {
	for _, number := range []int{1, 6, 16} {
		s := actionState(t, 2, "")
		withPerson(s, number)
		c := people[personNumber(number)].Colour
		mine, placed := dieOf(s, c), int8(-1)
		draftTo(s, 0, mine, 2)
		placed = dieOf(s, c)
		putOn(s, placed, shoreOf(0), 6)
		apply(t, s, Move{Type: mvActivate, Person: 0})
		apply(t, s, Move{Type: mvFlip, Die: mine})
		apply(t, s, Move{Type: mvFlip, Die: placed})
		if s.Dice[mine].Face != 5 || s.Dice[placed].Face != 1 || s.PendingN != 0 {
			t.Fatalf("Patrician %d: faces %d %d", number, s.Dice[mine].Face, s.Dice[placed].Face)
		}
		if s.fee(0) != 1 {
			t.Fatal("GH-Q08 fees follow the flipped face")
		}
	}
}

func TestGH199_InvestorAndGH200_Engineer(t *testing.T) {
	for _, tc := range []struct {
		number int
		check  func(d Die) bool
	}{
		{2, func(d Die) bool { return d.Bonus == 2 && d.Face == 3 }},
		{7, func(d Die) bool { return d.Bonus == 2 }},
		{11, func(d Die) bool { return d.Bonus == 2 }},
		{3, func(d Die) bool { return d.Wild }},
		{12, func(d Die) bool { return d.Wild }},
		{17, func(d Die) bool { return d.Wild }},
	} {
		s := actionState(t, 2, "")
		withPerson(s, tc.number)
		c := people[personNumber(tc.number)].Colour
		other := (c + 1) % numColours
		wrong := dieOf(s, other)
		draftTo(s, 0, wrong, 3)
		if err := s.Apply(0, Move{Type: mvActivate, Person: 0, Die: wrong}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
			t.Fatalf("card %d accepted a die of another colour", tc.number)
		}
		die := dieOf(s, c)
		draftTo(s, 0, die, 3)
		apply(t, s, Move{Type: mvActivate, Person: 0, Die: die})
		if !tc.check(s.Dice[die]) {
			t.Fatalf("card %d: die %+v", tc.number, s.Dice[die])
		}
	}
}

func TestGH201_LegateBuildsForTwoLess(t *testing.T) {
	s := actionState(t, 2, "")
	withPerson(s, 4)
	p := &s.Players[0]
	p.Res = [numRes]int8{planks: 2} // Insula III costs 2 Planks, 1 Metal, 1 Rope
	if err := s.Apply(0, Move{Type: mvConstruct, Structure: 5}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("built without the discount")
	}
	apply(t, s, Move{Type: mvActivate, Person: 0, Structure: 5})
	if p.Insula != 4 || p.Res[planks] != 0 {
		t.Fatalf("GH-Q23 the discount skips the missing Metal and Rope: insula %b res %v", p.Insula, p.Res)
	}
}

func TestGH205_SimpleActionPersons(t *testing.T) {
	for _, tc := range []struct {
		name   string
		number int
		move   Move
		check  func(s *State) bool
	}{
		{"GH-205 Quaestor", 9, Move{}, func(s *State) bool { return s.Players[0].Free == 2 }},
		{"GH-212 Tribune", 20, Move{}, func(s *State) bool { return s.Players[0].Favor == 1 && s.Players[0].Smuggler == 1 }},
		{"GH-214 Schemer", 22, Move{}, func(s *State) bool { return s.Players[0].Smuggler == 2 }},
		{"GH-216 Praetor twice on one track", 24, Move{Track: blue, Track2: blue}, func(s *State) bool { return s.Players[0].Senate[blue] == 2 }},
		{"GH-216 Praetor on two tracks", 24, Move{Track: red, Track2: purple}, func(s *State) bool {
			return s.Players[0].Senate[red] == 1 && s.Players[0].Senate[purple] == 1
		}},
		{"GH-208 Praefectus from the deck", 14, Move{Choice: 3}, func(s *State) bool { return cardCount(s.Players[0].HandBuildings) == 2 }},
		{"GH-208 Praefectus from the display", 14, Move{Choice: 0}, func(s *State) bool { return cardCount(s.Players[0].HandBuildings) == 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := actionState(t, 2, "")
			withPerson(s, tc.number)
			m := tc.move
			m.Type, m.Person = mvActivate, 0
			apply(t, s, m)
			if !tc.check(s) || !s.Players[0].Marked[0][0] {
				t.Fatalf("effect missing: %+v", s.Players[0])
			}
			if err := s.Apply(0, m, nil); harbor.ErrorCode(err) != harbor.EIllegal {
				t.Fatal("GH-087 a marked card was activated again")
			}
		})
	}
}

func TestGH207_CaptainRefreshesShips(t *testing.T) {
	s := actionState(t, 2, "")
	withPerson(s, 13)
	before := s.ShipDisplay
	apply(t, s, Move{Type: mvActivate, Person: 0})
	for z := range before {
		if s.ShipDisplay[z] == before[z] || s.ShipDeck[z][0] != before[z] {
			t.Fatalf("size %d: display %v deck bottom %d (was %d)", z, s.ShipDisplay, s.ShipDeck[z][0], before[z])
		}
	}
}

func TestGH209_ArchitectBuildsCheapBuildingFree(t *testing.T) {
	s := actionState(t, 2, "")
	withPerson(s, 15)
	p := &s.Players[0]
	tavern, castrum := buildingNumber(10), buildingNumber(1)
	p.HandBuildings = bit(tavern) | bit(castrum)
	if err := s.Apply(0, Move{Type: mvActivate, Person: 0, Card: castrum}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("the Castrum costs 4")
	}
	apply(t, s, Move{Type: mvActivate, Person: 0, Card: tavern})
	if p.Buildings != bit(tavern) || p.Senate[yellow] != 1 || p.Res != [numRes]int8{} {
		t.Fatalf("built %b senate %v", p.Buildings, p.Senate)
	}
}

func TestGH215_NavigatorBringsAShipCloser(t *testing.T) {
	s := actionState(t, 2, "")
	withPerson(s, 23)
	giveShip(s, 0, 1, "M2")
	s.Players[0].Huts = 2
	s.Players[0].Ships[1].Where, s.Players[0].Ships[1].Dist, s.Players[0].Ships[1].Damage = shipBack, 1, 1
	apply(t, s, Move{Type: mvActivate, Person: 0, Dock: 1})
	if sh := s.Players[0].Ships[1]; sh.Where != shipDocked || sh.Damage != 0 {
		t.Fatalf("docked and repaired by the Dock Hut: %+v", sh)
	}
}

func TestGH081_PersonSlots(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	a, b := personNumber(1), personNumber(17) // both red
	c := personNumber(2)                      // blue
	p.HandPeople = bit(a) | bit(b) | bit(c)
	apply(t, s, Move{Type: mvPlayPerson, Card: a, Column: 0})
	if p.Senate[red] != 1 {
		t.Fatal("GH-085 a red card moves the red marker")
	}
	if err := s.Apply(0, Move{Type: mvPlayPerson, Card: b, Column: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("GH-083 a second Person without an Insula")
	}
	p.Insula = 1
	if err := s.Apply(0, Move{Type: mvPlayPerson, Card: c, Column: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("GH-082 a second Person of another colour")
	}
	apply(t, s, Move{Type: mvPlayPerson, Card: b, Column: 0})
	if p.People[0] != [2]int8{a, b} || p.ColourBonus&(1<<red) == 0 {
		t.Fatalf("people %v bonus %b", p.People[0], p.ColourBonus)
	}
}

// withBuilding builds Building number for seat 0 with free Colonists.
func withBuilding(s *State, number int, free int8) int8 {
	b := buildingNumber(number)
	s.Players[0].Buildings |= bit(b)
	s.Players[0].Free = free
	s.SupplyColonists -= free
	return b
}

func TestGH218_NavalAcademy(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 2, 1)
	giveShip(s, 0, 0, "M1")
	supplyBefore := s.SupplyColonists
	apply(t, s, Move{Type: mvEmploy, Card: b, Dock: 0, Stat: 2})
	if sh := s.Players[0].Ships[0]; sh.Crew != crewCargo || s.SupplyColonists != supplyBefore-1 || s.Players[0].Free != 0 {
		t.Fatalf("crew %b supply %d", sh.Crew, s.SupplyColonists)
	}
	if err := s.Apply(0, Move{Type: mvEmploy, Card: b, Dock: 0, Stat: 1}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("GH-092 employed twice")
	}
}

func TestGH219_ArsenalAndFoundryStrength(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "S1") // small, strength 2
	giveShip(s, 0, 1, "M1") // medium, strength 3
	s.Players[0].Ships[1].Crew = crewCargo
	ars := withBuilding(s, 3, 2)
	fou := withBuilding(s, 4, 2)
	apply(t, s, Move{Type: mvEmploy, Card: ars})
	if s.strength(0, 0) != 3 || s.strength(0, 1) != 3 {
		t.Fatalf("GH-219 only small ships gain: %d %d", s.strength(0, 0), s.strength(0, 1))
	}
	apply(t, s, Move{Type: mvEmploy, Card: fou})
	if s.strength(0, 0) != 3 || s.strength(0, 1) != 4 {
		t.Fatalf("GH-220 only crewed ships gain: %d %d", s.strength(0, 0), s.strength(0, 1))
	}
}

func TestGH222_PortCraneMovesADie(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 7, 1)
	die := dieOf(s, red)
	putOn(s, die, 0, 5)
	apply(t, s, Move{Type: mvEmploy, Card: b})
	apply(t, s, Move{Type: mvCrane, Slot: 0, To: 7})
	if s.Slots[0] != -1 || s.Slots[7] != die || s.Dice[die].At != 7 || s.Players[0].Res != [numRes]int8{} {
		t.Fatal("moved without benefits")
	}
}

func TestGH223_MarketSquareLuxury(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 8, 1)
	apply(t, s, Move{Type: mvEmploy, Card: b, Lux: amphorae})
	if s.Players[0].Lux[amphorae] != 1 {
		t.Fatal("no amphora")
	}
}

func TestGH224_CustomsOfficeOnTrade(t *testing.T) {
	s := actionState(t, 2, "")
	withBuilding(s, 9, 0)
	giveShip(s, 0, 0, "M1")
	s.send(0, 0)
	stackPirates(s, 0)
	startVoyageNow(s)
	if err := s.Apply(0, Move{Type: mvTrade, Res: 7}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("the resource must be chosen")
	}
	apply(t, s, Move{Type: mvTrade, Res: metal})
	if s.Players[0].Res[metal] != 1 {
		t.Fatal("no Metal from the Customs Office")
	}
}

func TestGH226_EngineersHut(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 12, 3)
	p := &s.Players[0]
	p.Res = [numRes]int8{planks: 1, metal: 0}
	apply(t, s, Move{Type: mvEmploy, Card: b, Structure: 4, Colonist: true}) // Insula II: 2 Planks 1 Metal
	if p.Insula != 2 || p.Res[planks] != 1 || p.Free != 0 || p.Structural != 1 {
		t.Fatalf("GH-234 two colonists on the hut, GH-Q23 the colonist discount stacks: %+v", p)
	}
}

func TestGH227_FleetyardFavorOnShip(t *testing.T) {
	s := actionState(t, 2, "")
	withBuilding(s, 13, 0)
	p := &s.Players[0]
	c := shipID("S7")
	p.HandShips = bit(c)
	p.Res = [numRes]int8{planks: 1, sails: 1}
	apply(t, s, Move{Type: mvPlayShip, Card: c, Dock: 0})
	if p.Favor != 2 || p.Ships[0].Card != c || p.Senate[purple] != 1 {
		t.Fatalf("favor %d", p.Favor)
	}
}

func TestGH228_LighthousePeekIsPrivate(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 14, 1)
	stackPirates(s, 3, 1)
	apply(t, s, Move{Type: mvEmploy, Card: b})
	if v := s.View(0); v.Players[0].Peek != 3 {
		t.Fatalf("the user sees the top card: %d", v.Players[0].Peek)
	}
	for _, viewer := range []int8{1, -1} {
		if v := s.View(gameSeat(viewer)); v.Players[0].Peek != -1 {
			t.Fatalf("viewer %d sees the peek", viewer)
		}
	}
	apply(t, s, Move{Type: mvLighthouse, Choice: 1})
	if s.PirateN != 1 || s.PirateDeck[0] != 1 || s.PirateDisc[s.PirateDiscN-1] != 3 {
		t.Fatal("the peeked card should be discarded")
	}
}

// TestGH228_DiscardedPeekIsForgotten: after one seat keeps the card it
// peeked at and another seat's Lighthouse discards it, the first seat's view
// no longer shows it as the top card (it is in the public discards now).
func TestGH228_DiscardedPeekIsForgotten(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 14, 1)
	stackPirates(s, 3, 1)
	apply(t, s, Move{Type: mvEmploy, Card: b})
	apply(t, s, Move{Type: mvLighthouse, Choice: 0})
	if s.View(0).Players[0].Peek != 3 {
		t.Fatal("seat 0 kept the card and should still see it")
	}
	s.Players[1].Peek = s.PirateDeck[s.PirateN-1]
	s.pushPending(Pending{Kind: pendLighthouse, Seat: 1, N: 1})
	if err := s.Apply(1, Move{Type: mvLighthouse, Choice: 1}, nil); err != nil {
		t.Fatal(err)
	}
	for _, seat := range []int8{0, 1} {
		if peek := s.View(gameSeat(seat)).Players[seat].Peek; peek != -1 {
			t.Errorf("GH-228 seat %d still shows a peek of %d after the card was discarded", seat, peek)
		}
	}
	if s.PirateDeck[s.PirateN-1] != 1 {
		t.Fatal("the discarded card is still on top")
	}
}

func TestGH230_HouseOfCensors(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 17, 1)
	apply(t, s, Move{Type: mvEmploy, Card: b, Track: yellow})
	if s.Players[0].Senate[yellow] != 1 {
		t.Fatal("no Senate step")
	}
}

func TestGH231_HarborMasterRerolls(t *testing.T) {
	s := actionState(t, 2, "")
	b := withBuilding(s, 18, 1)
	die := dieOf(s, blue)
	putOn(s, die, 5, 6)
	s.Rand.ForceDice(2)
	apply(t, s, Move{Type: mvEmploy, Card: b, Die: die})
	if s.Dice[die].Face != 2 || s.Slots[5] != die {
		t.Fatalf("rerolled die %+v", s.Dice[die])
	}
}

func TestGH232_GovernorsVillaFavorEachRound(t *testing.T) {
	s := actionState(t, 2, "")
	withBuilding(s, 19, 0)
	s.endOfRound(nil)
	if s.Players[0].Favor != 1 {
		t.Fatal("no Favor at the end of the round")
	}
}

func TestGH221_EndGameBuildings(t *testing.T) {
	medium2 := bit(shipID("M1")) | bit(shipID("M2")) | bit(shipID("S1"))
	for _, tc := range []struct {
		name       string
		number     int
		structures int
		colonists  int
		want       int
	}{
		{"GH-221 Smithy", 5, 0, 0, 2},
		{"GH-225 Tavern", 10, 0, 0, 1},
		{"GH-229 Odeon", 15, 5, 0, 2},
		{"GH-233 Curia", 20, 0, 7, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			built := bit(buildingNumber(tc.number)) | bit(buildingNumber(1)) | bit(buildingNumber(6))
			if got := endGameBuildings(built, medium2, tc.structures, tc.colonists); got != tc.want {
				t.Fatalf("got %d, want %d", got, tc.want)
			}
		})
	}
}

func TestGH217_PrestigeOnlyBuildings(t *testing.T) {
	s := actionState(t, 2, "")
	s.Phase = phaseOver
	for _, n := range []int{1, 6, 11, 16} {
		s.Players[0].Buildings |= bit(buildingNumber(n))
	}
	if sc := s.PlayerScore(0); sc.Cards != 4+4+5+6 {
		t.Fatalf("cards %d", sc.Cards)
	}
}

// TestGH216_GH230_SenateStepsBelowTheTop checks that the Praetor and the
// House of Censors cannot be spent on a marker that cannot move up, as
// Favor cannot (GH-101): the card would move nothing.
func TestGH216_GH230_SenateStepsBelowTheTop(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	p.Senate[red], p.Senate[blue] = senateTop, senateTop-1
	withPerson(s, 24)
	b := withBuilding(s, 17, 1)
	for _, c := range []struct {
		name string
		move Move
		ok   bool
	}{
		{"GH-216 a step on a full track", Move{Type: mvActivate, Person: 0, Track: red, Track2: yellow}, false},
		{"GH-216 two steps with room for one", Move{Type: mvActivate, Person: 0, Track: blue, Track2: blue}, false},
		{"GH-216 one step each", Move{Type: mvActivate, Person: 0, Track: yellow, Track2: blue}, true},
		{"GH-230 Censors on a full track", Move{Type: mvEmploy, Card: b, Track: red}, false},
		{"GH-230 Censors below the top", Move{Type: mvEmploy, Card: b, Track: blue}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			listed := false
			for _, m := range s.Legal(0, nil) {
				listed = listed || m == c.move
			}
			err := s.Clone().Apply(0, c.move, nil)
			if (err == nil) != c.ok || listed != c.ok {
				t.Fatalf("accepted %v (err %v), listed %v; want %v", err == nil, err, listed, c.ok)
			}
		})
	}
}
