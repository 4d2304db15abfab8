package neko

import "testing"

func TestTimingTypes(t *testing.T) {
	t.Run("NK-016 a persistent effect applies every turn", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-30")
		for range 2 {
			if licencePrice(&s.Players[0]) != 2 {
				t.Fatal("discount lost")
			}
			finishTurnOf(t, s, 0, "P1-07")
			finishTurnOf(t, s, 1, "P1-08")
		}
	})
	t.Run("NK-017 an Immediate card resolves at once and may be tucked without fish", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		setHand(t, s, 0, "P2-11")
		playCard(t, s, 0, "P2-11")
		p := &s.Players[0]
		if s.Turn.Stage != stTuck || p.Pending[VP1] != 1 || p.NCols != 2 {
			t.Fatalf("stage %d pending %v cols %d", s.Turn.Stage, p.Pending, p.NCols)
		}
		if hasMove(s, 0, Move{Type: MoveTuck, Col: 1}) {
			t.Error("tucking the card under its own lone column offered")
		}
		act(t, s, 0, Move{Type: MoveTuck, Col: 0})
		if p.NCols != 1 || p.Cols[0].Hub != 1+2 || p.Pending[Fish]+p.Supply[Fish] != 0 || p.Effects[EffImmediateVPPerShip] != 0 {
			t.Errorf("cols %d hub %d fish %d", p.NCols, p.Cols[0].Hub, p.Pending[Fish])
		}
	})
	t.Run("NK-018 once-per-turn icons do not carry over", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		hold(s, 0, int8(Fish), 1)
		setHand(t, s, 0, "P1-24")
		playCard(t, s, 0, "P1-24")
		if s.Turn.Icons[icCoin] != 4 {
			t.Fatalf("icons %d", s.Turn.Icons[icCoin])
		}
		act(t, s, 0, Move{Type: MoveNext})
		if s.current() == 0 && s.Turn.Icons != [3]int8{} {
			t.Errorf("icons %v after the window", s.Turn.Icons)
		}
	})
	t.Run("NK-019 a ship-moves-in effect triggers per arrival", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-07")
		p := &s.Players[0]
		arriveAt(s, p, 0, 0)
		p.Ships[2] = Ship{Loc: locHarbour, Level: 2}
		arriveAt(s, p, 2, 0)
		if p.Pending[Goods] != 2 {
			t.Errorf("goods %d", p.Pending[Goods])
		}
	})
	t.Run("NK-020 E cards score only at the end", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P2-15")
		s.intermediate()
		if s.Players[0].Interim[0] != 0 || s.Players[0].Final.Total != 0 {
			t.Errorf("E card scored early")
		}
		s.finalScoring()
		if s.Players[0].Final.Harbour != 1 {
			t.Errorf("E card scored %d at the end", s.Players[0].Final.Harbour)
		}
	})
}

// finishTurnOf plays id for seat (deactivating it when a column exists) and
// ends the turn with "next" and discards.
func finishTurnOf(t *testing.T, s *State, seat int, id string) {
	t.Helper()
	setHand(t, s, s.current(), append([]string{id}, "P1-09")...)
	if s.Players[seat].NCols > 0 {
		act(t, s, s.current(), Move{Type: MoveDeactivate, Card: int16(cardNo(t, id)), Col: 0})
	} else {
		playCard(t, s, s.current(), id)
	}
	for s.current() == s.seatAt(int8(seat)) && s.Turn.Stage != stPlay {
		l := s.Legal(s.current(), nil)
		act(t, s, s.current(), l[len(l)-1])
	}
}

func TestCaptains(t *testing.T) {
	t.Run("NK-109 NK-Q23 a captain raises a hub by 2, from the next turn", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-23")
		p := &s.Players[0]
		p.Pending[Captain] = 1
		hold(s, 0, int8(Fish), 2)
		setHand(t, s, 0, "P1-24")
		playCard(t, s, 0, "P1-24")
		refuse(t, s, 0, Move{Type: MoveCaptain, Col: 0}, "NK-109")
		p.flushPending()
		act(t, s, 0, Move{Type: MoveCaptain, Col: 0})
		if p.Cols[0].Hub != 3 || p.Cols[0].Captains != 1 || p.Supply[Captain] != 0 {
			t.Errorf("column %+v", p.Cols[0])
		}
	})
	t.Run("NK-110 unused captains score 1", func(t *testing.T) {
		s := scored(t, func(s *State) { s.Players[2].Supply[Captain] = 3 })
		if s.Players[2].Final.Captains != 3 {
			t.Errorf("captains scored %d", s.Players[2].Final.Captains)
		}
	})
}

func TestAttractions(t *testing.T) {
	for _, tc := range []struct {
		id, attr      string
		better, worse Bundle
		up, upWorse   int8
	}{
		{"NK-111", "penguin", bundle(int8(Fish), 1), Bundle{}, 0, 0},
		{"NK-112", "elephant", bundle(int8(Licence), 3), bundle(int8(Licence), 1), 0, 0},
		{"NK-113", "coulman", bundle(int8(Penguin), 1), bundle(int8(Goods), 1), 0, 0},
		{"NK-114", "kinggeorge", Bundle{}, Bundle{}, 3, 1},
		{"NK-115", "livingston", bundle(int8(Fish), 2), bundle(int8(Fish), 1), 0, 0},
		{"NK-117", "pleneau", bundle(int8(Captain), 1, int8(Goods), 1), bundle(int8(Captain), 1), 0, 0},
	} {
		t.Run(tc.id+" "+tc.attr, func(t *testing.T) {
			s := actionGame(t, 2, `{"extraCards":true}`)
			s.Attrs[0] = Attr{Card: attrNo(t, tc.attr)}
			p := &s.Players[0]
			p.Ships[0] = Ship{Loc: 1, Level: 1}
			p.Ships[2] = Ship{Loc: 1, Level: 2}
			s.arriveAttraction(p, 0, 0)
			if p.Pending != tc.better || levelAt(p, locAttr) != 1+tc.up {
				t.Errorf("first arrival: %v, level %d", p.Pending, levelAt(p, locAttr))
			}
			p.Pending = Bundle{}
			s.arriveAttraction(p, 2, 0)
			if p.Pending != tc.worse || levelAt(p, locAttr)-(1+tc.up) != 2+tc.upWorse {
				t.Errorf("later arrival: %v, levels %d", p.Pending, levelAt(p, locAttr))
			}
		})
	}
	t.Run("NK-116 Half Moon Island", func(t *testing.T) {
		s := actionGame(t, 2, `{"extraCards":true}`)
		s.Attrs[0] = Attr{Card: attrNo(t, "halfmoon")}
		p := &s.Players[0]
		p.Ships[0].Loc = 1
		s.arriveAttraction(p, 0, 0)
		s.Turn.Stage = stChoice
		if n := len(s.Legal(0, nil)); n != 4 {
			t.Fatalf("%d options", n)
		}
		act(t, s, 0, Move{Type: MoveChoose, Option: 3})
		if p.Pending[VP1]+p.Supply[VP1] != 1 || p.Pending[Fish]+p.Supply[Fish] != 1 {
			t.Errorf("pending %v", p.Pending)
		}
		p.Ships[2] = Ship{Loc: 1, Level: 2}
		p.Pending = Bundle{}
		s.arriveAttraction(p, 2, 0)
		if p.Pending != bundle(int8(Fish), 1) {
			t.Errorf("lesser %v", p.Pending)
		}
	})
	t.Run("NK-118 Neko Harbour", func(t *testing.T) {
		s := actionGame(t, 2, `{"extraCards":true}`)
		s.Attrs[0] = Attr{Card: attrNo(t, "nekoharbour")}
		p := &s.Players[0]
		p.Ships[0].Loc = 1
		s.arriveAttraction(p, 0, 0)
		s.Turn.Stage = stChoice
		if n := len(s.Legal(0, nil)); n != 10 {
			t.Fatalf("%d options", n)
		}
		act(t, s, 0, Move{Type: MoveChoose, Option: 9}) // penguin + penguin
		if p.Pending[Penguin]+p.Supply[Penguin] != 2 {
			t.Errorf("pending %v", p.Pending)
		}
		p.Ships[2] = Ship{Loc: 1, Level: 2}
		p.Pending = Bundle{}
		s.arriveAttraction(p, 2, 0)
		if p.Pending != bundle(int8(Penguin), 1) {
			t.Errorf("lesser %v", p.Pending)
		}
	})
	t.Run("NK-119 one attraction reward per ship", func(t *testing.T) {
		s := actionGame(t, 2, "")
		s.Attrs[0] = Attr{Card: attrNo(t, "livingston")}
		s.Attrs[1] = Attr{Card: attrNo(t, "elephant")}
		p := &s.Players[0]
		p.Ships[0].Loc = 1
		s.arriveAttraction(p, 0, 0)
		s.arriveAttraction(p, 0, 1)
		if p.Pending != bundle(int8(Fish), 2) || p.Ships[0].Loc != locAttr+1 {
			t.Errorf("pending %v ship %+v", p.Pending, p.Ships[0])
		}
	})
}

// levelAt sums a player's ship levels at loc.
func levelAt(p *Player, loc int8) int8 {
	t := int8(0)
	for k := range numShips {
		if p.Ships[k].Loc == loc {
			t += p.Ships[k].Level
		}
	}
	return t
}
