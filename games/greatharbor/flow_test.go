package greatharbor

import (
	"testing"

	"harbor"
)

func TestGH146_EndOfTurnSteps(t *testing.T) {
	s := actionState(t, 3, "")
	s.Revealed = [3]int8{1, 2, -1}
	s.PirateN, s.PirateDiscN = 8, 0
	s.Demand[1] = -1
	anchor := s.Anchor
	s.endOfTurn(nil)
	if s.Revealed != [3]int8{-1, -1, -1} || s.PirateDiscN != 2 {
		t.Fatalf("GH-146 pirates subside to the discards: %v %d", s.Revealed, s.PirateDiscN)
	}
	if s.Demand[1] < 0 {
		t.Fatal("GH-147 demand refilled")
	}
	if s.Anchor != (anchor+1)%3 {
		t.Fatal("GH-148 the Anchor passes left")
	}
	if s.Turn != 1 || s.Round != 0 || s.Phase != phaseDraft {
		t.Fatal("GH-149 turn B follows turn A")
	}
}

func TestGH150_EndOfRoundSteps(t *testing.T) {
	s := actionState(t, 2, "")
	s.Turn = 1
	p := &s.Players[0]
	p.Free, p.Structural, p.LuxWork = 3, 1, 1 // 3 housed, 3 working
	p.Employed = bit(bCensors)
	s.SupplyColonists -= 3 + 1 + 2 + 1
	person0, building0 := s.PersonDisplay[0], s.BuildingDisplay[0]
	bonus := s.BonusIdx
	putOn(s, dieOf(s, red), 3, 4)
	s.endOfTurn(nil)
	if p.Coins != 1 {
		t.Fatalf("GH-150 three free colonists give 1 Coin: %d", p.Coins)
	}
	if p.Free != 4 || s.SupplyColonists != supply.Colonists-4 || p.Employed != 0 || p.LuxWork != 0 || p.Structural != 0 {
		t.Fatalf("GH-151 workers return to the 4 housing spaces, the rest to the supply: free %d supply %d", p.Free, s.SupplyColonists)
	}
	if s.PersonDeck[0] != person0 || s.BuildingDeck[0] != building0 {
		t.Fatal("GH-152 the card nearest the icon goes under the deck")
	}
	if s.BonusIdx != bonus+1 {
		t.Fatal("GH-153 next Dice Bonus tile")
	}
	if s.Slots[3] >= 0 || s.Round != 1 {
		t.Fatal("GH-154 dice return to the bag")
	}
}

func TestGH093_ConstructStructures(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	p.Res = [numRes]int8{planks: 1, rope: 1}
	giveShip(s, 0, 0, "S2")
	p.Ships[0].Damage = 1
	apply(t, s, Move{Type: mvConstruct, Structure: 0})
	if p.Huts != 1 || p.Res != [numRes]int8{} || p.Ships[0].Damage != 0 {
		t.Fatal("GH-095 Dock Hut I built and the ship repaired")
	}
	if err := s.Apply(0, Move{Type: mvConstruct, Structure: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("built twice")
	}
	p.Res = [numRes]int8{planks: 1}
	p.Free = 1
	s.SupplyColonists--
	apply(t, s, Move{Type: mvConstruct, Structure: 3, Colonist: true}) // Insula I: Planks + Metal, -1 with the colonist
	if p.Insula != 1 || p.Free != 0 || p.Structural != 1 {
		t.Fatalf("GH-094 insula %b free %d", p.Insula, p.Free)
	}
	if p.housing() != 6 {
		t.Fatalf("GH-097 an Insula adds housing: %d", p.housing())
	}
	p.Insula = 3
	if p.housing() != 9 {
		t.Fatalf("GH-098 adjacent Insulae add one more: %d", p.housing())
	}
}

func TestGH104_LuxuryProduction(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	p.Free = 3
	s.SupplyColonists -= 3
	lux := p.Production[1]
	apply(t, s, Move{Type: mvProduce, Tile: 1})
	if p.Lux[lux] != 1 || p.Free != 1 {
		t.Fatal("two colonists make one luxury")
	}
	if err := s.Apply(0, Move{Type: mvProduce, Tile: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("produced with one colonist")
	}
	p.Free = 3
	if err := s.Apply(0, Move{Type: mvProduce, Tile: 1}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("GH-Q44 a tile produces once a round")
	}
}

func TestGH105_CrewLimits(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	giveShip(s, 0, 0, "S1") // hull 1
	p.Free = 2
	s.SupplyColonists -= 2
	apply(t, s, Move{Type: mvCrew, Dock: 0, Stat: 1})
	if s.strength(0, 0) != 3 {
		t.Fatal("GH-105 crew on Strength adds 1")
	}
	if err := s.Apply(0, Move{Type: mvCrew, Dock: 0, Stat: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("GH-107 crew beyond the Hull")
	}
	giveShip(s, 0, 1, "M4") // hull 3
	apply(t, s, Move{Type: mvCrew, Dock: 1, Stat: 2})
	if err := s.Apply(0, Move{Type: mvCrew, Dock: 1, Stat: 2}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("GH-106 two crew on one stat")
	}
}

func TestGH113_GH108_RetiringReturnsCrew(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	giveShip(s, 0, 0, "S1")
	p.Ships[0].Crew = crewStrength
	s.SupplyColonists--
	p.ColourCards[red] = 1
	c := shipID("M2")
	p.HandShips = bit(c)
	p.Res = [numRes]int8{1, 1, 1, 1}
	p.Ships[0].Damage = 1
	if err := s.Apply(0, Move{Type: mvPlayShip, Card: c, Dock: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("retired a damaged ship")
	}
	p.Ships[0].Damage = 0
	apply(t, s, Move{Type: mvPlayShip, Card: c, Dock: 0})
	if p.Ships[0].Card != c || s.SupplyColonists != supply.Colonists || p.ShipsPlayed&bit(shipID("S1")) == 0 {
		t.Fatal("the crew goes back to the supply; the old card still counts")
	}
	if p.ColourBonus&(1<<red) == 0 {
		t.Fatal("GH-114 the retired red ship counts toward the red bonus")
	}
}

func TestGH118_ConvertCoins(t *testing.T) {
	s := actionState(t, 2, "")
	p := &s.Players[0]
	p.Coins = 9
	apply(t, s, Move{Type: mvConvert, Res: metal})
	apply(t, s, Move{Type: mvConvert, Res: metal})
	if p.Res[metal] != 2 || p.Coins != 5 {
		t.Fatal("GH-118 2 Coins per resource, any number of times")
	}
	apply(t, s, Move{Type: mvConvertCard, Card: 0, N: 1})
	if err := s.Apply(0, Move{Type: mvConvertCard, Card: 0, N: 1}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatal("GH-119 a Conversion card twice in a turn")
	}
	if p.Prestige != 1 || p.Coins != 3 {
		t.Fatal("Laurel")
	}
}

func TestGH156_FinalScoring(t *testing.T) {
	s := actionState(t, 2, "")
	s.Phase = phaseOver
	p := &s.Players[0]
	gov := &governors[p.Governor]
	p.ShipsPlayed = bit(shipID("L1")) | bit(shipID("S1")) // 4 + 1
	p.Buildings = bit(buildingNumber(1))                  // Castrum 4
	p.ColourCards[gov.Top], p.ColourCards[gov.Bottom] = 3, 2
	p.Huts, p.Insula = 7, 1 // 4 structures, one column with both
	p.Smuggler, p.Prestige = 2, 7
	sc := s.PlayerScore(0)
	want := Score{Cards: 9, Governor: 2, Structures: 5, Smuggler: 2, Tokens: 7, Total: 25}
	if sc != want {
		t.Fatalf("GH-156..161 score %+v, want %+v", sc, want)
	}
}
