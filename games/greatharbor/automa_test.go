package greatharbor

import (
	"slices"
	"testing"

	"harbor/game"
)

// automaState is a two-player-total game (one person and the Automa) with
// every die in the bag and the Automa deck under test control.
func automaState(t *testing.T) *State {
	s := actionState(t, 1, "")
	s.Bot.Track = [numColours]int8{}
	s.Bot.Prestige = 0
	return s
}

// topCard puts Automa card i on top of its deck.
func topCard(s *State, i int8) {
	a := &s.Bot
	for k := int8(0); k < a.DeckN; k++ {
		if a.Deck[k] == i {
			a.Deck[k], a.Deck[a.DeckN-1] = a.Deck[a.DeckN-1], a.Deck[k]
			return
		}
	}
	a.Deck[a.DeckN] = i
	a.DeckN++
	for k := int8(0); k < a.DiscardN; k++ {
		if a.Discard[k] == i {
			a.Discard[k] = a.Discard[a.DiscardN-1]
			a.DiscardN--
			return
		}
	}
}

func findCard(colour int8, up bool) int8 {
	for i, c := range automaDeck {
		if c.Colour == colour && c.Up == up {
			return int8(i)
		}
	}
	panic("no card")
}

func TestGH174_AutomaDraftsByColourAndArrow(t *testing.T) {
	for _, up := range []bool{true, false} {
		s := automaState(t)
		card := findCard(purple, up)
		topCard(s, card)
		ids := [3]int8{15, 16, 17}
		faces := [3]int8{2, 5, 2}
		for k, id := range ids {
			s.Dice[id] = Die{Face: faces[k], Loc: locPool, Order: int8(k)}
		}
		s.Dice[0] = Die{Face: 6, Loc: locPool, Order: 3}
		s.automaDraft(nil)
		want := int8(16) // the 5
		if !up {
			want = 15 // the first-rolled 2 (GH-Q30)
		}
		if s.Dice[want].Loc == locPool {
			t.Fatalf("arrow up=%v: die %d was not drafted", up, want)
		}
		for _, id := range []int8{15, 16, 17} {
			if id != want && s.Dice[id].Loc != locPool {
				t.Fatalf("arrow up=%v: die %d taken instead of %d", up, id, want)
			}
		}
		if s.Bot.Track[purple] != 1 {
			t.Fatalf("GH-182 the purple marker moves: %v", s.Bot.Track)
		}
	}
}

func TestGH175_AutomaSkipsCardsWithoutItsColour(t *testing.T) {
	s := automaState(t)
	topCard(s, findCard(blue, true))
	s.Dice[0] = Die{Face: 4, Loc: locPool}
	discards := s.Bot.DiscardN
	s.automaDraft(nil)
	if s.Dice[0].Loc == locPool {
		t.Fatal("the Automa should reach a red card eventually")
	}
	if s.Bot.DiscardN < discards+2 {
		t.Fatalf("GH-175 the blue card is discarded, then the drafting card: %d -> %d", discards, s.Bot.DiscardN)
	}
}

func TestGH178_AutomaPlacementSlots(t *testing.T) {
	s := automaState(t)
	card := findCard(red, true)
	tile := automaDeck[card].Tile
	cell := int8(0)
	for c, tl := range s.Layout {
		if tl == tile {
			cell = int8(c)
		}
	}
	slots := cellSlots[cell]
	// Only the third slot (clockwise from the top) takes red.
	for k, slot := range slots {
		s.Accept[slot] = 1 << blue
		if k == 2 {
			s.Accept[slot] = 1 << red
		}
	}
	topCard(s, card)
	s.Dice[0] = Die{Face: 4, Loc: locPool}
	s.automaDraft(nil)
	if s.Slots[slots[2]] != 0 {
		t.Fatalf("GH-178 the red die goes to the first red slot clockwise: slots %v", s.Slots)
	}
	// GH-179: no red slot left, so the first empty slot clockwise.
	topCard(s, card)
	s.Dice[1] = Die{Face: 4, Loc: locPool}
	s.automaDraft(nil)
	if s.Slots[slots[0]] != 1 {
		t.Fatalf("GH-179 first empty slot: %v", s.Slots)
	}
	// GH-180: a full tile sends the die to the District with a token.
	for _, slot := range slots {
		if s.Slots[slot] < 0 {
			putOn(s, dieOf(s, blue), slot, 1)
		}
	}
	topCard(s, card)
	s.Dice[2] = Die{Face: 4, Loc: locPool}
	s.automaDraft(nil)
	if s.Dice[2].Loc != locDistrict || s.Bot.Smuggler != 1 {
		t.Fatalf("GH-180 die %+v tokens %d", s.Dice[2], s.Bot.Smuggler)
	}
	if s.Players[0].Res != [numRes]int8{} {
		t.Fatal("GH-181 the Automa's placements pay no player")
	}
}

func TestGH182_AutomaTrackActionsAndLinks(t *testing.T) {
	s := automaState(t)
	a := &s.Bot
	s.automaAdvance(yellow, nil)
	s.automaAdvance(yellow, nil)
	if a.Prestige != 1 {
		t.Fatalf("yellow space 2 is Prestige 1: %d", a.Prestige)
	}
	s.automaAdvance(yellow, nil) // space 3: building
	if a.Buildings == 0 {
		t.Fatal("yellow space 3 takes a Building")
	}
	// Red reaches row 4 after yellow is there: the red-yellow link pays a Ship.
	s.automaAdvance(yellow, nil) // yellow 4: colonist
	for range 4 {
		s.automaAdvance(red, nil)
	}
	ships := 0
	for _, sh := range a.Ships {
		if sh.Card >= 0 {
			ships++
		}
	}
	if ships != 2 {
		t.Fatalf("GH-183 red 3 (Ship) and the red-yellow link at 4 (Ship): %d ships", ships)
	}
	for range 10 {
		s.automaAdvance(blue, nil)
	}
	if a.Track[blue] != automaTop {
		t.Fatal("the marker stops at the top")
	}
}

func TestGH185_GH186_GH187_AutomaShipChoiceReplacementAndCrew(t *testing.T) {
	s := automaState(t)
	a := &s.Bot
	gov := &governors[a.Governor]
	s.ShipDisplay = [3]int8{-1, -1, -1}
	var top [3]int8
	for i, sh := range ships {
		if sh.Colour == gov.Top {
			top[sh.Size] = int8(i)
		}
	}
	s.ShipDisplay[small], s.ShipDisplay[medium] = top[small], top[medium]
	a.Free = 1
	s.automaAct(AutomaAction{Kind: "ship"}, AutomaStep{}, nil)
	if a.Ships[0].Card != top[medium] || a.Ships[0].Crew != crewStrength || a.Free != 0 {
		t.Fatalf("GH-185/187 the largest top-colour ship, crewed on Strength: %+v", a.Ships[0])
	}
	a.Ships[1] = Ship{Card: shipID("L1")}
	a.Ships[2] = Ship{Card: shipID("L2")}
	s.ShipDisplay = [3]int8{-1, -1, shipID("L4")}
	supplyBefore := s.SupplyColonists
	s.automaAct(AutomaAction{Kind: "ship"}, AutomaStep{}, nil)
	if a.Ships[0].Card != shipID("L4") || a.AllShips&bit(top[medium]) == 0 || s.SupplyColonists != supplyBefore+1 {
		t.Fatalf("GH-186 the smallest ship is replaced and still scores: %+v", a.Ships)
	}
	// GH-190: a new colonist crews the largest ship without Strength crew.
	s.automaAct(AutomaAction{Kind: "colonist"}, AutomaStep{}, nil)
	crewed := 0
	for _, sh := range a.Ships {
		if sh.Crew&crewStrength != 0 {
			crewed++
		}
	}
	if crewed != 1 || a.Free != 0 {
		t.Fatalf("GH-190 crew %+v free %d", a.Ships, a.Free)
	}
}

// TestGH188_AutomaDisplayPicks builds each display it needs from the
// catalog: a Building of the Governor's top color is taken over one of
// its bottom color and over the card nearest the icon; without the top
// color, the bottom color; without either, the card nearest the icon.
// Each take refreshes the display from the deck.
func TestGH188_AutomaDisplayPicks(t *testing.T) {
	s := automaState(t)
	gov := &governors[s.Bot.Governor]
	var top, bottom int8 = -1, -1
	var others []int8
	for i, b := range buildings {
		switch {
		case b.Colour == gov.Top && top < 0:
			top = int8(i)
		case b.Colour == gov.Bottom && bottom < 0:
			bottom = int8(i)
		case b.Colour != gov.Top && b.Colour != gov.Bottom:
			others = append(others, int8(i))
		}
	}
	if top < 0 || bottom < 0 || len(others) < 2 {
		t.Fatalf("the catalogue lacks the Buildings this test needs: top %d, bottom %d, %d of other colours", top, bottom, len(others))
	}
	for _, tc := range []struct {
		name    string
		display [3]int8
		want    int8
	}{
		{"the top colour over the bottom and the nearest", [3]int8{others[0], bottom, top}, top},
		{"the bottom colour over the nearest", [3]int8{others[0], others[1], bottom}, bottom},
		{"no colour matches: the card nearest the icon", [3]int8{others[1], others[0], -1}, others[1]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := automaState(t)
			s.BuildingDisplay = tc.display
			deckTop := s.BuildingDeck[s.BuildingDeckN-1]
			s.automaAct(AutomaAction{Kind: "building"}, AutomaStep{}, nil)
			if s.Bot.Buildings != bit(tc.want) {
				t.Fatalf("GH-188 took %b from %v, want %s", s.Bot.Buildings, tc.display, buildings[tc.want].Name)
			}
			if slices.Contains(s.BuildingDisplay[:], tc.want) || !slices.Contains(s.BuildingDisplay[:], deckTop) {
				t.Fatalf("GH-188 the display %v was not refreshed from the deck (top card %d)", s.BuildingDisplay, deckTop)
			}
		})
	}
	s.automaAct(AutomaAction{Kind: "person"}, AutomaStep{}, nil)
	if s.Bot.People == 0 {
		t.Fatal("GH-189 person")
	}
}

func TestGH194_AutomaVoyage(t *testing.T) {
	for _, tc := range []struct {
		name     string
		pirate   int8
		where    int8
		prestige int16
	}{
		{"GH-194 stronger continues", 1, shipOut, 0},
		{"GH-195 equal trades for double Prestige", 3, shipBack, 2},
		{"GH-196 weaker goes home undamaged", 4, shipDocked, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := automaState(t)
			s.Bot.Ships[0] = Ship{Card: shipID("M1")} // strength 3
			s.Bot.AllShips = bit(shipID("M1"))
			s.Demand[0] = marble
			stackPirates(s, tc.pirate, 9)
			s.OrderIdx = s.N
			s.Phase = phaseAction
			s.startVoyage(nil)
			for s.Phase == phaseVoyage && s.VoyStage != voyWindow {
				s.voyageStep(nil)
			}
			s.voyageStep(nil)
			sh := s.Bot.Ships[0]
			if sh.Where != tc.where || s.Bot.Prestige != tc.prestige || sh.Damage != 0 {
				t.Fatalf("ship %+v prestige %d", sh, s.Bot.Prestige)
			}
			if tc.pirate == 3 && s.Demand[0] != -1 {
				t.Fatal("GH-195 the leftmost demand is discarded")
			}
		})
	}
}

func TestGH197_AutomaScore(t *testing.T) {
	s := automaState(t)
	a := &s.Bot
	gov := &governors[a.Governor]
	var pick []int8
	for i, sh := range ships {
		if sh.Colour == gov.Top && len(pick) < 3 {
			pick = append(pick, int8(i))
		}
	}
	cards := 0
	for _, c := range pick {
		a.AllShips |= bit(c)
		cards += int(ships[c].Prestige)
	}
	a.Smuggler, a.Prestige = 2, 5
	sc := s.AutomaScore()
	if sc.Cards != cards || sc.Governor != 1 || sc.Smuggler != 2 || sc.Tokens != 5 || sc.Total != cards+1+2+5 {
		t.Fatalf("score %+v (cards %d)", sc, cards)
	}
}

func TestGHQ33_AutomaShipWithEveryDockAtSeaOnlyScores(t *testing.T) {
	s := automaState(t)
	a := &s.Bot
	for d, id := range []string{"S1", "S3", "S5"} {
		a.Ships[d] = Ship{Card: shipID(id), Where: shipOut}
	}
	s.automaTakeShip(shipID("L2"))
	if a.AllShips&bit(shipID("L2")) == 0 {
		t.Fatal("the new card scores")
	}
	for _, sh := range a.Ships {
		if sh.Card == shipID("L2") {
			t.Fatal("no dock was free to take it")
		}
	}
}

func TestGH173_AutomaDraftsFirstInEachPass(t *testing.T) {
	s := newGame(t, 2, 4, `{"automa":true}`)
	want := [6]int8{2, s.Anchor, 1 - s.Anchor, 2, s.Anchor, 1 - s.Anchor}
	if s.DraftLen != 6 || [6]int8(s.DraftSeq[:6]) != want {
		t.Fatalf("draft order %v, want %v", s.DraftSeq[:s.DraftLen], want)
	}
	if s.DraftIdx != 1 {
		t.Fatal("the Automa has already drafted and placed its first die")
	}
}

// TestAutomaLastTurnInView checks the public record of the Automa's latest
// draft: the card set aside for want of a die, the card used, the die and its
// slot, and each track step with its reason, the same for every viewer.
func TestAutomaLastTurnInView(t *testing.T) {
	s := automaState(t)
	if s.View(game.Public).Automa.Last == nil {
		t.Fatal("the Automa drafted first at setup: a record is shown")
	}
	s.Bot.Last = AutomaTurn{} // as before its first draft
	if s.View(game.Public).Automa.Last != nil {
		t.Fatal("no record before the Automa's first draft")
	}
	// Yellow 2 pays 1 Prestige; yellow already at 1 makes this draft reach it.
	s.Bot.Track[yellow] = 1
	card := findCard(yellow, true)
	topCard(s, card)
	topCard(s, findCard(blue, true)) // no blue die: set aside first
	a := &s.Bot
	k := slices.Index(a.Deck[:a.DeckN], card)
	a.Deck[k], a.Deck[a.DeckN-2] = a.Deck[a.DeckN-2], a.Deck[k] // the yellow card next
	s.Dice[5] = Die{Face: 3, Loc: locPool}
	s.Dice[6] = Die{Face: 5, Loc: locPool, Order: 1}
	s.automaDraft(nil)
	last := s.View(game.Public).Automa.Last
	if last == nil || last.Seq != 1 {
		t.Fatalf("record %+v", last)
	}
	if last.SkippedN != 1 || len(last.Skipped) != 1 || last.Skipped[0].Colour != blue || !last.Skipped[0].Up {
		t.Fatalf("the blue card is shown set aside: %+v (%d)", last.Skipped, last.SkippedN)
	}
	if last.Card.Colour != yellow || !last.Card.Up || last.Card.Tile != tiles[automaDeck[card].Tile].ID {
		t.Fatalf("card %+v", last.Card)
	}
	if last.Die != 6 || last.Colour != yellow || last.Face != 5 {
		t.Fatalf("the highest yellow die: %+v", last)
	}
	if s.Dice[6].Loc == locSlot && last.Slot != s.Dice[6].At || s.Dice[6].Loc == locDistrict && last.Slot != district {
		t.Fatalf("slot %d, die %+v", last.Slot, s.Dice[6])
	}
	if last.Space != 2 || len(last.Steps) != 1 {
		t.Fatalf("one step at yellow 2: %+v", last)
	}
	if st := last.Steps[0]; st.Why != "space" || st.Kind != "prestige" || st.Value != 1 || !st.Done {
		t.Fatalf("step %+v", st)
	}
	for viewer := game.Seat(-1); viewer < game.Seat(s.N); viewer++ {
		if got := s.View(viewer).Automa.Last; mustJSON(t, got) != mustJSON(t, last) {
			t.Fatalf("viewer %d sees another record", viewer)
		}
	}

	// A full track pays the overflow; a link step names the other track.
	s.Bot.Track[red] = automaTop
	topCard(s, findCard(red, false))
	s.Dice[0] = Die{Face: 2, Loc: locPool}
	s.automaDraft(nil)
	last = s.View(game.Public).Automa.Last
	if last.Seq != 2 || last.SkippedN != 0 || len(last.Steps) != 1 || last.Steps[0].Why != "full" || last.Steps[0].Value != automaOverflow {
		t.Fatalf("overflow record %+v", last)
	}
	// Red reaches row 4 beside yellow there: the space, then the red-yellow link.
	s.Bot.Track[yellow], s.Bot.Track[red] = 4, 3
	topCard(s, findCard(red, true))
	s.Dice[1] = Die{Face: 6, Loc: locPool}
	s.automaDraft(nil)
	steps := s.View(game.Public).Automa.Last.Steps
	if len(steps) != 2 || steps[0].Why != "space" || steps[0].Kind != "prestige" || steps[1].Why != "link" || steps[1].Other != yellow || steps[1].Kind != "ship" {
		t.Fatalf("red 4 then the red-yellow link: %+v", steps)
	}
	if steps[1].Done != (steps[1].Card >= 0) {
		t.Fatalf("a ship taken names its card: %+v", steps[1])
	}
}
