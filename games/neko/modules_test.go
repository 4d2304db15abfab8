package neko

import (
	"testing"

	"harbor/game"
)

func TestExtraCards(t *testing.T) {
	t.Run("NK-120 NK-Q28 extra cards join their decks", func(t *testing.T) {
		for n := 2; n <= 4; n++ {
			s := newGame(t, n, `{"extraCards":true}`)
			if want := []int8{0, 0, 17, 25, 33}[n]; s.DeckN[0] != want || s.DeckN[1] != want {
				t.Errorf("%d players: decks %v, want %d", n, s.DeckN, want)
			}
		}
		extra := 0
		for seed := range uint64(60) {
			s, _ := Setup(config(4, seed, `{"extraCards":true}`))
			for _, a := range s.Attrs[:s.NAttrs] {
				if cat.Attractions[a.Card].Extra {
					extra++
				}
			}
			plain, _ := Setup(config(4, seed, ""))
			for _, a := range plain.Attrs[:plain.NAttrs] {
				if cat.Attractions[a.Card].Extra {
					t.Fatal("an extra attraction without the module")
				}
			}
		}
		if extra == 0 {
			t.Error("extra attractions never drawn")
		}
	})
}

// toBoats plays first-listed... last-listed moves until the boats are handed out.
func toBoats(t *testing.T, s *State) {
	t.Helper()
	for s.Phase != phBoats {
		seat := s.Actors().First()
		l := s.Legal(seat, nil)
		act(t, s, seat, l[len(l)-1])
	}
}

func TestFishingBoats(t *testing.T) {
	t.Run("NK-121 period-1 boats on show", func(t *testing.T) {
		s := newGame(t, 3, `{"fishingBoats":true}`)
		for _, c := range s.Boats {
			if c == noCard || !cat.Cards[c].Boat || cat.Cards[c].Period != 1 {
				t.Fatalf("boats %v", s.Boats)
			}
		}
	})
	t.Run("NK-122 NK-123 most coins chooses first; ties by ships, then later order", func(t *testing.T) {
		s := actionGame(t, 4, `{"fishingBoats":true}`)
		toBoats(t, s)
		for i := range s.N {
			s.Players[i].Supply = Bundle{}
			s.Players[i].Icons = [3]int8{}
			for k := 1; k < numShips; k++ {
				s.Players[i].Ships[k] = Ship{Loc: locSupply, Level: cat.ShipFaces[k][0]}
			}
		}
		s.Order = [maxPlayers]int8{0, 1, 2, 3}
		s.Players[2].Supply[Fish] = 5                           // 5 coins
		s.Players[0].Icons[icCoin] = 2                          // 2 + 1 fish = 3 coins
		s.Players[0].Supply[Fish] = 1                           //
		s.Players[3].Supply[Fish] = 3                           // 3 coins, same ships: later order first
		s.Players[1].Supply[Fish] = 1                           // 1 coin
		s.Players[1].Ships[2] = Ship{Loc: locHarbour, Level: 2} // more ships breaks no tie here
		s.startBoats()
		if got := s.Queue; got != [maxPlayers]int8{2, 3, 0, 1} {
			t.Errorf("queue %v, want 2 3 0 1", got)
		}
		s.Players[0].Ships[2] = Ship{Loc: locAttr, Level: 2}
		s.startBoats()
		if got := s.Queue; got != [maxPlayers]int8{2, 0, 3, 1} {
			t.Errorf("queue %v, want 2 0 3 1 (more ships first)", got)
		}
	})
	t.Run("NK-124 NK-125 a boat becomes a column or a hub; period-2 boats follow", func(t *testing.T) {
		s := actionGame(t, 2, `{"fishingBoats":true}`)
		toBoats(t, s)
		first := s.Actors().First()
		boat := s.Boats[0]
		act(t, s, first, Move{Type: MoveBoat, Card: int16(boat)})
		refuse(t, s, first, Move{Type: MoveBoat, Card: int16(s.Boats[1])}, "NK-124")
		cols := s.Players[first].NCols
		act(t, s, first, Move{Type: MovePlay, Card: int16(boat)})
		if p := s.Players[first]; p.NCols != cols+1 || p.Cols[cols].Kind != FishingBoat {
			t.Fatalf("boat not placed as a new column")
		}
		second := s.Actors().First()
		fish := s.Players[second].Supply[Fish]
		act(t, s, second, Move{Type: MoveBoat, Card: int16(s.Boats[1])})
		act(t, s, second, Move{Type: MoveDeactivate, Card: int16(s.Players[second].Hand[0]), Col: 0})
		if s.Players[second].Supply[Fish] != fish+2 {
			t.Errorf("deactivated boat gave %d fish", s.Players[second].Supply[Fish]-fish)
		}
		if s.Phase != phDraft || s.Period != 2 {
			t.Fatalf("phase %d period %d", s.Phase, s.Period)
		}
		for _, c := range s.Boats {
			if c == noCard || cat.Cards[c].Period != 2 {
				t.Fatalf("period-2 boats %v", s.Boats)
			}
		}
	})
}

func TestGhostShip(t *testing.T) {
	t.Run("NK-128 a ghost ship on each harbour", func(t *testing.T) {
		s := newGame(t, 3, `{"ghostShip":true}`)
		for i := range s.N {
			if g := s.Players[i].Ships[ghost]; g.Loc != locHarbour || g.Level != 0 {
				t.Errorf("ghost %+v", g)
			}
		}
		if newGame(t, 3, "").Players[0].Ships[ghost].Loc != locNone {
			t.Error("ghost ship without the module")
		}
	})
	t.Run("NK-129 level 0: alone it triggers a level-1 hub, with others it adds nothing", func(t *testing.T) {
		s := actionGame(t, 2, `{"ghostShip":true}`)
		setLine(t, s, 0, "P1-01")
		p := &s.Players[0]
		arriveAt(s, p, ghost, 0)
		if p.Pending[Fish] != 1 {
			t.Errorf("ghost alone: %v", p.Pending)
		}
		p.Pending = Bundle{}
		p.Cols[0].Hub = 2
		arriveAt(s, p, 0, 0) // level 1 + ghost 0 < 2
		if p.Pending[Fish] != 1 {
			t.Errorf("ghost added a level: %v", p.Pending)
		}
	})
	t.Run("NK-130 NK-131 2 fuel a step; no attraction, upgrade or effect", func(t *testing.T) {
		s := actionGame(t, 2, `{"ghostShip":true}`)
		setLine(t, s, 0, "P1-17", "P1-07", "P1-12")
		p := &s.Players[0]
		p.Supply[Fish] = 2
		setHand(t, s, 0, "P1-18")
		playCard(t, s, 0, "P1-18") // 2 fuel icons
		act(t, s, 0, Move{Type: MoveShip, Ship: ghost})
		if s.Turn.Icons[icFuel] != 0 || p.Ships[ghost].Loc != 1 {
			t.Fatalf("icons %v ghost %+v", s.Turn.Icons, p.Ships[ghost])
		}
		act(t, s, 0, Move{Type: MoveShip, Ship: ghost}) // 2 fish: the turn then ends
		if p.Supply[Fish] != 2 || p.Supply[Goods] != 0 {
			t.Fatalf("supply %v: want the 2 hub fish and no Seaside Town goods", p.Supply)
		}
		s2 := actionGame(t, 2, `{"ghostShip":true}`)
		setLine(t, s2, 0, "P1-01", "P1-17")
		p2 := &s2.Players[0]
		p2.Ships[ghost].Loc = 2
		p2.Ships[0].Loc = 1
		hold(s2, 0, int8(Fish), 3, int8(Licence), 5)
		setHand(t, s2, 0, "P1-02")
		playCard(t, s2, 0, "P1-02")
		if !hasMove(s2, 0, Move{Type: MoveUpgrade, Ship: 0, Level: 6}) || hasMove(s2, 0, Move{Type: MoveUpgrade, Ship: ghost, Level: 1}) {
			t.Error("upgrades: the ghost ship may be upgraded, or ship 0 may not")
		}
		nextUntil(t, s2, int(SupplyVessel))
		if hasMove(s2, 0, Move{Type: MoveSail, Ship: ghost, To: 0}) {
			t.Error("the ghost ship may sail to an attraction")
		}
		refuse(t, s2, 0, Move{Type: MoveSail, Ship: ghost, To: 0}, "NK-131")
	})
	t.Run("NK-Q25 NK-122 the ghost ship in play is a ship in game for the boat tie", func(t *testing.T) {
		s := actionGame(t, 2, `{"fishingBoats":true,"ghostShip":true}`)
		toBoats(t, s)
		for i := range s.N {
			p := &s.Players[i]
			p.Supply, p.Icons = Bundle{}, [3]int8{}
			for k := 1; k < numShips; k++ {
				p.Ships[k] = Ship{Loc: locSupply, Level: cat.ShipFaces[k][0]}
			}
		}
		s.Order = [maxPlayers]int8{0, 1}
		s.Players[0].Ships[ghost].Loc = 1 // in play on the line
		s.Players[1].Ships[ghost].Loc = locDone
		s.startBoats()
		if got := s.Queue[:2]; got[0] != 0 || got[1] != 1 {
			t.Errorf("queue %v: seat 0 has two ships in game (its ghost included), seat 1 one, so seat 0 chooses first", got)
		}
		s.Players[0].Ships[ghost].Loc = locDone
		s.startBoats()
		if got := s.Queue[:2]; got[0] != 1 {
			t.Errorf("queue %v: with equal ships the later turn order chooses first; a ghost that left the game counts no more", got)
		}
	})
	t.Run("NK-Q25 NK-091 the period-2 Shipyard counts the ghost ship in play", func(t *testing.T) {
		s := actionGame(t, 2, `{"ghostShip":true}`)
		setLine(t, s, 0, "P1-23")
		shipAt(s, 0, 2, locHarbour, 2)
		setHand(t, s, 0, "P2-11")
		p := &s.Players[0]
		act(t, s, 0, Move{Type: MovePlay, Card: int16(cardNo(t, "P2-11"))})
		// ship 0, ship 2 and the ghost on the harbour: 3 VP, a penguin (2) and a 1 VP card
		if p.Pending[Penguin] != 1 || p.Pending[VP1] != 1 {
			t.Errorf("pending %v, want 1 penguin and 1 VP card for three ships", p.Pending)
		}
	})
	t.Run("NK-132 the ghost at the end scores 8, once", func(t *testing.T) {
		s := actionGame(t, 2, `{"ghostShip":true}`)
		setLine(t, s, 0, "P1-01", "P1-07")
		setLine(t, s, 1, "P1-02", "P1-08")
		s.Players[0].Ships[ghost].Loc = 2
		s.Players[1].Ships[ghost].Loc = 1
		s.intermediate()
		if s.Players[0].Ships[ghost].Loc != locDone || !s.Players[0].GhostEnd || s.Players[0].Interim[0] != 0 {
			t.Errorf("ghost 0: %+v", s.Players[0].Ships[ghost])
		}
		if s.Players[1].Ships[ghost].Loc != locHarbour || s.Players[1].GhostEnd {
			t.Errorf("ghost 1: %+v", s.Players[1].Ships[ghost])
		}
		s.finalScoring()
		if s.Players[0].Final.Ghost != 8 || s.Players[1].Final.Ghost != 0 {
			t.Errorf("ghost points %d %d", s.Players[0].Final.Ghost, s.Players[1].Final.Ghost)
		}
	})
}

// TestRulesOptions: the lobby offers the three modules and not the Contract.
func TestRulesOptions(t *testing.T) {
	t.Run("NK-120 NK-121 NK-128 NK-133 options", func(t *testing.T) {
		keys := map[string]bool{}
		for _, o := range Definition.Info().Options {
			keys[o.Key] = true
		}
		if !keys["extraCards"] || !keys["fishingBoats"] || !keys["ghostShip"] || keys["contract"] {
			t.Errorf("options %v", keys)
		}
		if _, err := game.Lookup(ID); err != nil {
			t.Error(err)
		}
	})
}
