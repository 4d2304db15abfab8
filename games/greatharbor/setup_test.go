package greatharbor

import (
	"encoding/json"
	"testing"

	"harbor"
	"harbor/game"
)

func TestGH001_ComponentCounts(t *testing.T) {
	var sizes [3]int
	for _, sh := range ships {
		sizes[sh.Size]++
	}
	pirateSum, pirateKinds := 0, [4]int{}
	for _, p := range pirateCards {
		pirateSum += int(p)
		pirateKinds[p]++
	}
	for _, tc := range []struct {
		name      string
		got, want any
	}{
		{"GH-002 harbor tiles", len(tiles), 9},
		{"GH-003 ships by size", sizes, [3]int{8, 8, 4}},
		{"GH-004 persons", len(people), 24},
		{"GH-004 buildings", len(buildings), 20},
		{"GH-004 governors", len(governors), 4},
		{"GH-004 conversion cards", len(conversions), 6},
		{"GH-004 dice bonus tiles", len(bonusTiles), 6},
		{"GH-130 pirates", pirateKinds, [4]int{2, 3, 3, 2}},
		{"GH-130 pirate total", pirateSum, 15},
		{"GH-005 colonists", int(supply.Colonists), 30},
		{"GH-006 luxury per type", int(supply.LuxuryPerType), 4},
		{"GH-T14 automa deck", len(automaDeck), 28},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Fatalf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
}

func TestGH009_SetupTable(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		s := newGame(t, 4, seed, "")
		if s.Conversions&1 == 0 || popcount8(s.Conversions) != 3 {
			t.Fatalf("GH-009 conversions %b", s.Conversions)
		}
		if s.Layout[shipyardCell] != shipyardTile {
			t.Fatal("GH-010 the Shipyard is not on its space")
		}
		seen := map[int8]bool{}
		for _, tl := range s.Layout {
			seen[tl] = true
		}
		if len(seen) != 9 {
			t.Fatal("GH-010 tiles repeated")
		}
		for z, c := range s.ShipDisplay {
			if c < 0 || ships[c].Size != int8(z) {
				t.Fatalf("GH-011 ship display %v", s.ShipDisplay)
			}
		}
		if displayCount(&s.PersonDisplay) != 3 || displayCount(&s.BuildingDisplay) != 3 {
			t.Fatal("GH-012 displays")
		}
		if s.Round != 0 || s.Turn != 0 {
			t.Fatal("GH-013 turn marker")
		}
		for i := range s.Demand {
			if s.Demand[i] < 0 {
				t.Fatal("GH-015 demand slot empty")
			}
		}
		for i := range s.N {
			p := &s.Players[i]
			if kinds(p.Production) < 2 {
				t.Fatalf("GH-020 seat %d production %v", i, p.Production)
			}
			if p.Res != [numRes]int8{} || p.Coins != 0 || p.Free != 0 || p.Senate != [numColours]int8{} {
				t.Fatal("GH-025 players start with nothing")
			}
		}
	}
}

func TestGH021_DicePerPlayerCount(t *testing.T) {
	for _, tc := range []struct {
		clause string
		n      int
		opts   string
		bag    int
		pool   int
	}{
		{"GH-021", 2, "", 12, 5}, {"GH-022", 3, "", 16, 7}, {"GH-023", 4, "", 20, 9},
		{"GH-021 GH-170 solo", 1, "", 12, 5}, {"GH-023 GH-170 Automa", 3, `{"automa":true}`, 20, 9},
	} {
		t.Run(tc.clause, func(t *testing.T) { checkDice(t, tc.n, tc.opts, tc.bag, tc.pool) })
	}
}

// checkDice checks the dice in the game (GH-021..023) and those rolled for
// the first turn (GH-031; the Automa may already have placed its die).
func checkDice(t *testing.T, n int, opts string, bag, rolled int) {
	s := newGame(t, n, 3, opts)
	inGame, pool := 0, 0
	for _, d := range s.Dice {
		if d.Loc != locBox {
			inGame++
		}
		if d.Loc != locBox && d.Loc != locBag {
			pool++
		}
	}
	if inGame != bag {
		t.Errorf("%d players (%s): %d dice, want %d", n, opts, inGame, bag)
	}
	if pool != rolled {
		t.Errorf("GH-031 %d players: %d dice rolled, want %d", n, pool, rolled)
	}
}

func TestGH030_TurnBDrawsFromTheRestOfTheBag(t *testing.T) {
	s := newGame(t, 4, 5, "")
	for s.Turn == 0 {
		seat := s.Actors().First()
		legal := s.Legal(seat, nil)
		m := legal[0]
		for _, l := range legal {
			if l.Type == mvEnd || l.Type == mvDraft || l.Type == mvPass || l.Type == mvFight {
				m = l
			}
			if l.Type == mvTrade {
				m = l
			}
		}
		if err := s.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	bag, onHarbor, pool := 0, 0, 0
	for _, d := range s.Dice {
		switch d.Loc {
		case locBag:
			bag++
		case locSlot, locDistrict, locSmuggler:
			onHarbor++
		case locPool, locDrafted:
			pool++
		}
	}
	if onHarbor != 9 || pool != 9 || bag != 2 {
		t.Fatalf("GH-029 turn A dice stay (%d on harbor), GH-030 turn B rolls 9 of the 11 left (pool %d, bag %d)", onHarbor, pool, bag)
	}
}

func TestGH032_DraftOrderAndFaces(t *testing.T) {
	s := newGame(t, 3, 11, "")
	want := []int8{s.Anchor, (s.Anchor + 1) % 3, (s.Anchor + 2) % 3}
	for pass := 0; pass < 2; pass++ {
		for _, seat := range want {
			if s.actor() != seat {
				t.Fatalf("GH-033 pass %d: seat %d drafts, want %d", pass, s.actor(), seat)
			}
			legal := s.Legal(game.Seat(seat), nil)
			die := legal[len(legal)-1].Die
			face := s.Dice[die].Face
			apply(t, s, legal[len(legal)-1])
			if d := s.Dice[die]; d.Face != face || d.Loc != locDrafted || d.At != seat {
				t.Fatalf("GH-034 drafted die %+v, face was %d", d, face)
			}
		}
	}
	smugglers := 0
	for _, d := range s.Dice {
		if d.Loc == locSmuggler && d.At == 0 {
			smugglers++
		}
	}
	if smugglers != 1 || s.Phase != phaseAction {
		t.Fatalf("GH-035 %d smuggler dice, phase %d", smugglers, s.Phase)
	}
}

func TestGH039_ActionOrderExample(t *testing.T) {
	// White 7, Blue 10, Yellow 5, Black 7; the Anchor is Blue, so Black
	// (clockwise after Yellow) is nearer than White.
	const white, blue, yellow, black = 0, 1, 2, 3
	s := newGame(t, 4, 1, "")
	for id := range s.Dice {
		s.Dice[id] = Die{Loc: locBag}
	}
	sums := [4][2]int8{{3, 4}, {4, 6}, {2, 3}, {1, 6}}
	id := int8(0)
	for seat, faces := range sums {
		for _, f := range faces {
			draftTo(s, int8(seat), id, f)
			id++
		}
	}
	s.Dice[id] = Die{Face: 1, Loc: locPool}
	s.Anchor = blue
	s.finishDraft(nil)
	want := [4]int8{yellow, black, white, blue}
	if s.Order != want {
		t.Fatalf("GH-037/038 order %v, want %v", s.Order, want)
	}
}

func TestGH162_TieBreakOnCoins(t *testing.T) {
	s := newGame(t, 3, 1, "")
	s.Phase = phaseOver
	for i := range s.Players {
		s.Players[i].Prestige = 10
	}
	s.Players[1].Coins = 3
	s.Players[2].Coins = 3
	r := s.Result()
	if r.Places[0] != 3 || r.Places[1] != 1 || r.Places[2] != 1 || r.Winners != game.Seats(1, 2) {
		t.Fatalf("places %v winners %b", r.Places, r.Winners)
	}
}

func TestGH_Q30_AutomaPlayerLimits(t *testing.T) {
	if _, err := Setup(cfgFor(4, 1, `{"automa":true}`)); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Fatalf("four people plus the Automa: %v", err)
	}
	s := newGame(t, 1, 1, `{"automa":false}`)
	if !s.Automa {
		t.Fatal("a one-player game always has the Automa")
	}
	// The lobby learns it from the option: on, and fixed, at a table of one.
	solo := false
	for _, o := range info.Options {
		solo = solo || o.Key == "automa" && o.Solo
	}
	if !solo {
		t.Error("the automa option does not say it is always on for one person")
	}
	if _, err := Setup(cfgFor(2, 1, `{"bogus":true}`)); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Fatal("unknown option accepted")
	}
}

func TestCatalogCarriesEveryDataFile(t *testing.T) {
	c := Catalog()
	var ships struct{ Ships []struct{ ID string } }
	if err := json.Unmarshal(c["ships"], &ships); err != nil || len(ships.Ships) != 20 || ships.Ships[0].ID != "S1" {
		t.Fatalf("ships %v %v", err, ships)
	}
	if len(c) != 6 {
		t.Fatalf("catalog has %d files", len(c))
	}
}
