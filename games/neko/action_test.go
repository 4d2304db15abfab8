package neko

import "testing"

func TestPlayingCards(t *testing.T) {
	t.Run("NK-033 turns in order until hands are empty", func(t *testing.T) {
		s := actionGame(t, 3, "")
		turns := [3]int{}
		for s.Phase == phAction && s.Period == 1 {
			seat := s.Actors().First()
			if s.Turn.Stage == stPlay {
				turns[seat]++
			}
			act(t, s, seat, s.Legal(seat, nil)[len(s.Legal(seat, nil))-1])
		}
		if turns != [3]int{6, 6, 6} {
			t.Errorf("turns %v", turns)
		}
	})
	t.Run("NK-034 a card must be played first", func(t *testing.T) {
		s := actionGame(t, 2, "")
		refuse(t, s, 0, Move{Type: MoveNext}, "NK-034")
		refuse(t, s, 0, Move{Type: MovePlay, Card: 99}, "NK-034")
		refuse(t, s, 1, Move{Type: MovePlay, Card: int16(s.Players[1].Hand[0])}, "NK-033")
	})
	t.Run("NK-035 NK-036 NK-037 NK-038 columns", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setHand(t, s, 0, "P1-23")
		playCard(t, s, 0, "P1-23")
		p := &s.Players[0]
		if p.NCols != 1 || p.Cols[0].Kind != TouristCenter || p.Cols[0].First != cardNo(t, "P1-23") {
			t.Fatalf("first card did not start column 1: %+v", p.Cols[0])
		}
		p.placeCard(cardNo(t, "P1-17"))
		if p.NCols != 2 || p.Cols[1].Kind != SupplyVessel {
			t.Fatalf("a new kind did not start a column at the right: %+v", p.Cols[:p.NCols])
		}
		p.placeCard(cardNo(t, "P1-24"))
		if p.NCols != 2 || p.Cols[0].Cards != 2 || p.Cols[0].Hub != 1 {
			t.Fatalf("same kind not tucked into its column (hub stays 1): %+v", p.Cols[0])
		}
	})
	t.Run("NK-039 the effect is live this turn", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setHand(t, s, 0, "P1-23")
		playCard(t, s, 0, "P1-23")
		if windowKind(s) != int(TouristCenter) || s.Turn.Icons[icCoin] != 2 {
			t.Fatalf("window %d icons %v", windowKind(s), s.Turn.Icons)
		}
	})
	t.Run("NK-040 deactivate for a hub and 2 fish", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		setHand(t, s, 0, "P1-11")
		refuse(t, s, 0, Move{Type: MoveDeactivate, Card: int16(cardNo(t, "P1-11")), Col: 3}, "NK-040")
		act(t, s, 0, Move{Type: MoveDeactivate, Card: int16(cardNo(t, "P1-11")), Col: 0})
		p := &s.Players[0]
		if p.Cols[0].Hub != 1+3 || p.Pending[Fish]+p.Supply[Fish] != 2 || p.NCols != 1 {
			t.Errorf("hub %d fish %d", p.Cols[0].Hub, p.Pending[Fish])
		}
	})
	t.Run("NK-Q16 no deactivation without a column", func(t *testing.T) {
		s := actionGame(t, 2, "")
		for _, m := range s.Legal(0, nil) {
			if m.Type == MoveDeactivate {
				t.Fatalf("deactivation offered with no column: %+v", m)
			}
		}
	})
}

func TestActivation(t *testing.T) {
	t.Run("NK-041 columns left to right", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-01", "P1-23", "P1-17")
		hold(s, 0, int8(Fish), 6)
		shipAt(s, 0, 0, locHarbour, 1)
		setHand(t, s, 0, "P1-02")
		playCard(t, s, 0, "P1-02")
		var seen []int
		for s.current() == 0 && s.Turn.Stage == stWindow {
			seen = append(seen, windowKind(s))
			act(t, s, 0, Move{Type: MoveNext})
		}
		want := []int{int(PermitOffice), int(TouristCenter), int(SupplyVessel)}
		if len(seen) != 3 || seen[0] != want[0] || seen[1] != want[1] || seen[2] != want[2] {
			t.Errorf("windows %v, want %v", seen, want)
		}
	})
	t.Run("NK-042 effects add up in a column", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-01")
		setHand(t, s, 0, "P1-02")
		playCard(t, s, 0, "P1-02")
		if s.Turn.Icons[icLicence] != 2 {
			t.Errorf("licence icons %d", s.Turn.Icons[icLicence])
		}
	})
	t.Run("NK-043 free actions only in their column's window", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23", "P1-01")
		hold(s, 0, int8(Licence), 5, int8(Fish), 4)
		setHand(t, s, 0, "P1-24")
		playCard(t, s, 0, "P1-24")
		if windowKind(s) != int(TouristCenter) {
			t.Fatalf("window %d", windowKind(s))
		}
		refuse(t, s, 0, Move{Type: MoveHarbour}, "NK-043")
		nextUntil(t, s, int(PermitOffice))
		act(t, s, 0, Move{Type: MoveHarbour})
		act(t, s, 0, Move{Type: MoveNext})
		// Past the Permit Office: the licence actions are closed for the turn.
		if s.current() == 0 && hasMove(s, 0, Move{Type: MoveHarbour}) {
			t.Error("harbour upgrade offered after the Permit Office window")
		}
	})
	t.Run("NK-044 no related column: after all columns", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		hold(s, 0, int8(Licence), 2)
		setHand(t, s, 0, "P1-12")
		playCard(t, s, 0, "P1-12")
		if windowKind(s) != int(TouristCenter) {
			t.Fatalf("window %d", windowKind(s))
		}
		refuse(t, s, 0, Move{Type: MoveHarbour}, "NK-043")
		nextUntil(t, s, -1)
		act(t, s, 0, Move{Type: MoveHarbour})
		if s.Players[0].Harbour != 2 {
			t.Error("harbour not upgraded in the final window")
		}
	})
	t.Run("NK-045 icons are spent before cards", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		hold(s, 0, int8(Fish), 3)
		setHand(t, s, 0, "P1-24")
		playCard(t, s, 0, "P1-24") // 4 coin icons
		act(t, s, 0, Move{Type: MoveBuyLicence})
		if s.Turn.Icons[icCoin] != 1 || s.Players[0].Supply[Fish] != 3 {
			t.Fatalf("icons %d fish %d", s.Turn.Icons[icCoin], s.Players[0].Supply[Fish])
		}
		act(t, s, 0, Move{Type: MoveBuyLicence})
		if s.Turn.Icons[icCoin] != 0 || s.Players[0].Supply[Fish] != 1 {
			t.Errorf("icons %d fish %d", s.Turn.Icons[icCoin], s.Players[0].Supply[Fish])
		}
	})
	t.Run("NK-046 NK-047 free actions repeat; fish pay coins and fuel", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-12", "P1-07")
		hold(s, 0, int8(Fish), 8)
		setHand(t, s, 0, "P1-13")
		playCard(t, s, 0, "P1-13")
		nextUntil(t, s, -1)
		act(t, s, 0, Move{Type: MoveBuyShip, Level: 1}) // 2 fish as coins
		act(t, s, 0, Move{Type: MoveBuyLicence})        // 3 fish as coins
		act(t, s, 0, Move{Type: MoveShip, Ship: 0})     // 1 fish as fuel
		if s.Turn.Stage == stChoice {
			act(t, s, 0, s.Legal(0, nil)[0])
		}
		if f := s.Players[0].Supply[Fish]; f != 2 {
			t.Errorf("%d fish left, want 2", f)
		}
	})
}

func TestLicenceActions(t *testing.T) {
	t.Run("NK-048 NK-108 harbour upgrades cost 2/3/5/8 and give captains", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-01")
		hold(s, 0, int8(Licence), 17)
		setHand(t, s, 0, "P1-02")
		playCard(t, s, 0, "P1-02") // 2 icons
		for _, want := range []int8{2, 3, 4, 5} {
			act(t, s, 0, Move{Type: MoveHarbour})
			if s.Players[0].Harbour != want {
				t.Fatalf("harbour %d, want %d", s.Players[0].Harbour, want)
			}
		}
		p := &s.Players[0]
		if p.Supply[Licence] != 17+2-18 || p.Supply[Captain]+p.Pending[Captain] != 6 {
			t.Errorf("licences %d captains %d", p.Supply[Licence], p.Pending[Captain])
		}
		s2 := actionGame(t, 2, "")
		setLine(t, s2, 0, "P1-01")
		s2.Players[0].Harbour = 5
		hold(s2, 0, int8(Licence), 5)
		shipAt(s2, 0, 0, 1, 1)
		setHand(t, s2, 0, "P1-23")
		playCard(t, s2, 0, "P1-23")
		nextUntil(t, s2, int(PermitOffice))
		refuse(t, s2, 0, Move{Type: MoveHarbour}, "NK-048")
	})
	t.Run("NK-049 NK-050 NK-051 NK-052 ship upgrades", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-01")
		hold(s, 0, int8(Licence), 9)
		shipAt(s, 0, 0, 1, 1)
		setHand(t, s, 0, "P1-12")
		playCard(t, s, 0, "P1-12")
		nextUntil(t, s, int(PermitOffice))
		for _, c := range cat.ShipFaces {
			if c[0]+c[1] != 7 {
				t.Errorf("faces %v do not sum to 7", c)
			}
		}
		act(t, s, 0, Move{Type: MoveUpgrade, Ship: 0, Level: 6}) // flip: 5 licences
		if sh := s.Players[0].Ships[0]; sh.Level != 6 || sh.Loc != 1 || s.Players[0].Supply[Licence] != 9+1-5 {
			t.Fatalf("ship %+v, licences %d", sh, s.Players[0].Supply[Licence])
		}
		shipAt(s, 0, 2, 1, 2)
		act(t, s, 0, Move{Type: MoveUpgrade, Ship: 2, Level: 3}) // swap with a 3/4 card
		p := &s.Players[0]
		if p.Ships[2].Loc != locSupply || p.Ships[4].Loc != 1 || p.Ships[4].Level != 3 || p.Supply[Licence] != 4 {
			t.Fatalf("swap: ships %+v licences %d", p.Ships, p.Supply[Licence])
		}
		p.Ships[3] = Ship{Loc: locHarbour, Level: 2}
		p.Ships[5] = Ship{Loc: locHarbour, Level: 3}
		p.Ships[1] = Ship{Loc: locHarbour, Level: 1}
		// Level 4 is now on no supply card, and 3 flips to 4: allowed; 5 is
		// on the supply card 2 (2/5): allowed; but a 1/6 card is not in supply.
		if !hasMove(s, 0, Move{Type: MoveUpgrade, Ship: 4, Level: 4}) || !hasMove(s, 0, Move{Type: MoveUpgrade, Ship: 4, Level: 5}) {
			t.Error("upgrade by flip or by supply card missing")
		}
		p.Ships[2] = Ship{Loc: locHarbour, Level: 2}
		refuse(t, s, 0, Move{Type: MoveUpgrade, Ship: 4, Level: 5}, "NK-050")
	})
	t.Run("NK-053 only ships in the line", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-01")
		hold(s, 0, int8(Licence), 5)
		setHand(t, s, 0, "P1-02")
		playCard(t, s, 0, "P1-02")
		refuse(t, s, 0, Move{Type: MoveUpgrade, Ship: 0, Level: 6}, "NK-053")
	})
}

func TestCoinAndFuelActions(t *testing.T) {
	t.Run("NK-054 a ship costs twice its level", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		hold(s, 0, int8(Fish), 4)
		setHand(t, s, 0, "P1-24")
		playCard(t, s, 0, "P1-24") // 4 icons + 4 fish
		refuse(t, s, 0, Move{Type: MoveBuyShip, Level: 5}, "NK-054")
		act(t, s, 0, Move{Type: MoveBuyShip, Level: 3})
		p := &s.Players[0]
		if p.Supply[Fish] != 2 || p.Ships[4].Loc != locHarbour || p.Ships[4].Level != 3 {
			t.Errorf("fish %d ship %+v", p.Supply[Fish], p.Ships[4])
		}
	})
	t.Run("NK-055 a licence costs 3 coins", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		hold(s, 0, int8(Fish), 1)
		setHand(t, s, 0, "P1-05")
		playCard(t, s, 0, "P1-05")
		act(t, s, 0, Move{Type: MoveBuyLicence})
		if p := &s.Players[0]; p.Pending[Licence]+p.Supply[Licence] != 1 || p.Supply[Fish] != 0 {
			t.Errorf("pending %v supply %v", p.Pending, p.Supply)
		}
	})
	t.Run("NK-056 NK-057 moving ships", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-17", "P1-07")
		hold(s, 0, int8(Fish), 5)
		shipAt(s, 0, 1, locHarbour, 1)
		setHand(t, s, 0, "P1-18")
		playCard(t, s, 0, "P1-18") // 2 fuel icons
		act(t, s, 0, Move{Type: MoveShip, Ship: 0})
		resolveAll(t, s)
		act(t, s, 0, Move{Type: MoveShip, Ship: 1})
		resolveAll(t, s)
		act(t, s, 0, Move{Type: MoveShip, Ship: 0})
		resolveAll(t, s)
		p := &s.Players[0]
		if p.Ships[0].Loc != 2 || p.Ships[1].Loc != 1 || p.Supply[Fish] != 4 {
			t.Fatalf("ships %+v fish %d", p.Ships[:2], p.Supply[Fish])
		}
		if hasMove(s, 0, Move{Type: MoveSail, Ship: 1, To: 0}) {
			t.Error("a ship sails to an attraction from the middle of the line")
		}
		act(t, s, 0, Move{Type: MoveSail, Ship: 0, To: 0})
		resolveAll(t, s)
		act(t, s, 0, Move{Type: MoveSail, Ship: 0, To: 1})
		resolveAll(t, s)
		if p.Ships[0].Loc != locAttr+1 || p.Supply[Fish] != 2 {
			t.Errorf("ship %+v fish %d", p.Ships[0], p.Supply[Fish])
		}
	})
}

// resolveAll answers waiting choices with their first option.
func resolveAll(t *testing.T, s *State) {
	t.Helper()
	for s.Turn.Stage == stChoice {
		act(t, s, s.current(), s.Legal(s.current(), nil)[0])
	}
}

func TestHubs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		hub     int8
		others  map[int]int8 // ship card -> level, already on column 1
		trigger bool
	}{
		{"NK-058 hub 2 beats a level-1 ship", 2, nil, true},
		{"NK-058 hub 1 does not beat a level-1 ship", 1, nil, false},
		{"NK-058 ship levels on the column are summed: 1+2 = hub 3", 3, map[int]int8{2: 2}, false},
		{"NK-058 hub 4 beats 1+2", 4, map[int]int8{2: 2}, true},
		{"NK-058 hub 6 does not beat 1+2+3", 6, map[int]int8{2: 2, 4: 3}, false},
		{"NK-058 hub 7 beats 1+2+3", 7, map[int]int8{2: 2, 4: 3}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := actionGame(t, 2, "")
			setLine(t, s, 0, "P1-17", "P1-12")
			p := &s.Players[0]
			p.Cols[0].Hub = tc.hub
			for k, lv := range tc.others {
				p.Ships[k] = Ship{Loc: 1, Level: lv}
			}
			setHand(t, s, 0, "P1-18")
			playCard(t, s, 0, "P1-18")
			act(t, s, 0, Move{Type: MoveShip, Ship: 0}) // the level-1 ship arrives
			if got := p.Pending[Fish] == 1; got != tc.trigger {
				t.Errorf("hub %d, ships %v + 1: triggered %v", tc.hub, tc.others, got)
			}
		})
	}
	t.Run("NK-059 any reward up to the harbour level", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-18")
		p := &s.Players[0]
		p.Harbour = 4
		setHand(t, s, 0, "P1-17")
		playCard(t, s, 0, "P1-17")
		act(t, s, 0, Move{Type: MoveShip, Ship: 0})
		if s.Turn.Stage != stChoice || len(s.Legal(0, nil)) != 4 {
			t.Fatalf("stage %d, options %v", s.Turn.Stage, s.Legal(0, nil))
		}
		act(t, s, 0, Move{Type: MoveChoose, Option: 4})
		if p.Pending[Goods] != 1 || p.Pending[Fish] != 1 {
			t.Errorf("level-4 reward gave %v", p.Pending)
		}
		refuse(t, s, 0, Move{Type: MoveChoose, Option: 5}, "NK-041")
	})
	t.Run("NK-060 each card of the column triggers", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-07", "P1-08", "P1-17")
		hold(s, 0, int8(Fish), 1)
		setHand(t, s, 0, "P1-19")
		playCard(t, s, 0, "P1-19")
		nextUntil(t, s, int(SupplyVessel))
		act(t, s, 0, Move{Type: MoveShip, Ship: 0})
		resolveAll(t, s)
		if g := s.Players[0].Pending[Goods]; g != 2 {
			t.Errorf("%d goods from two Seaside Towns", g)
		}
	})
}

func TestEndOfTurn(t *testing.T) {
	t.Run("NK-061 a reward earned this turn cannot be spent this turn", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-17", "P1-01")
		p := &s.Players[0]
		p.Harbour = 2
		p.Cols[0].Hub = 5
		hold(s, 0, int8(Licence), 1)
		setHand(t, s, 0, "P1-18")
		playCard(t, s, 0, "P1-18")
		act(t, s, 0, Move{Type: MoveShip, Ship: 0})
		act(t, s, 0, Move{Type: MoveChoose, Option: 2}) // a licence
		if p.Pending[Licence] != 1 {
			t.Fatalf("pending %v", p.Pending)
		}
		nextUntil(t, s, int(PermitOffice)) // 1 icon + 1 card: 2 licences, the earned one not counted
		if hasMove(s, 0, Move{Type: MoveHarbour}) {
			t.Fatal("earned licence spendable this turn")
		}
		refuse(t, s, 0, Move{Type: MoveHarbour}, "NK-048")
	})
	t.Run("NK-062 gains join the supply at the end of the turn", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		setHand(t, s, 0, "P1-07")
		act(t, s, 0, Move{Type: MoveDeactivate, Card: int16(cardNo(t, "P1-07")), Col: 0})
		for s.current() == 0 {
			act(t, s, 0, Move{Type: MoveNext})
		}
		if p := &s.Players[0]; p.Supply[Fish] != 2 || p.Pending != (Bundle{}) {
			t.Errorf("supply %v pending %v", p.Supply, p.Pending)
		}
	})
	t.Run("NK-063 discard down to eight", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		hold(s, 0, int8(Fish), 4, int8(Goods), 3, int8(Penguin), 3, int8(Captain), 2)
		setHand(t, s, 0, "P1-07")
		act(t, s, 0, Move{Type: MoveDeactivate, Card: int16(cardNo(t, "P1-07")), Col: 0})
		nextUntil(t, s, -1)
		for s.Turn.Stage == stWindow {
			act(t, s, 0, Move{Type: MoveNext})
		}
		if s.Turn.Stage != stDiscard || s.current() != 0 {
			t.Fatalf("stage %d", s.Turn.Stage)
		}
		refuse(t, s, 0, Move{Type: MoveDiscard, Res: int8(Penguin)}, "NK-063")
		refuse(t, s, 0, Move{Type: MoveNext}, "NK-063")
		act(t, s, 0, Move{Type: MoveDiscard, Res: int8(Goods)})
		if s.current() != 1 || s.Players[0].resources() != 8 || s.Players[0].Supply[Penguin] != 3 {
			t.Errorf("after discarding: %v, seat %d", s.Players[0].Supply, s.current())
		}
	})
	t.Run("NK-064 Seaside Town raises the limit by 2", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P2-06")
		if limit(&s.Players[0]) != 10 {
			t.Errorf("limit %d", limit(&s.Players[0]))
		}
	})
	t.Run("NK-065 NK-107 the extra Research Station lifts the limit", func(t *testing.T) {
		s := actionGame(t, 2, `{"extraCards":true}`)
		setLine(t, s, 0, "P2-KS")
		if limit(&s.Players[0]) < 100 {
			t.Errorf("limit %d", limit(&s.Players[0]))
		}
	})
}
