package neko

import (
	"testing"

	"harbor/game"
)

// finishPeriod plays "last listed" moves (no free actions) to the end of
// the current action phase.
func finishPeriod(t *testing.T, s *State) {
	t.Helper()
	period := s.Period
	for s.Period == period && s.Phase != phOver {
		seat := s.Actors().First()
		l := s.Legal(seat, nil)
		act(t, s, seat, l[len(l)-1])
	}
}

func TestIntermediateScoring(t *testing.T) {
	t.Run("NK-066 NK-067 NK-068 ships in the line score and go home", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-01", "P1-07", "P1-12")
		p := &s.Players[0]
		p.Ships[0] = Ship{Loc: 3, Level: 6} // on the last column
		p.Ships[2] = Ship{Loc: 1, Level: 2} // in the line
		p.Ships[4] = Ship{Loc: 2, Level: 3}
		p.Ships[3] = Ship{Loc: locHarbour, Level: 5}
		s.intermediate()
		if p.Interim[0] != 6+1+1 {
			t.Errorf("scored %d, want 8", p.Interim[0])
		}
		if p.Scored[0] != (PeriodScore{LastColumn: 6, Line: 2}) {
			t.Errorf("by source %+v, want 6 from the last column and 2 from the line", p.Scored[0])
		}
		if v := s.View(game.Public).Players[0]; v.Periods[0] != p.Scored[0] || v.Interim[0] != 8 {
			t.Errorf("view shows %+v (%d)", v.Periods[0], v.Interim[0])
		}
		for k := range numShips {
			if l := p.Ships[k].Loc; l > 0 {
				t.Errorf("ship %d still at %d", k, l)
			}
		}
	})
	t.Run("NK-Q08 ships at attractions stay and score nothing", func(t *testing.T) {
		s := actionGame(t, 2, "")
		setLine(t, s, 0, "P1-01")
		p := &s.Players[0]
		p.Ships[0] = Ship{Loc: locAttr, Level: 6}
		s.intermediate()
		if p.Interim[0] != 0 || p.Ships[0].Loc != locAttr {
			t.Errorf("score %d ship %+v", p.Interim[0], p.Ships[0])
		}
	})
	t.Run("NK-069 NK-Q20 period-2 order by harbour ship level", func(t *testing.T) {
		s := actionGame(t, 3, "")
		s.Order = [maxPlayers]int8{0, 1, 2}
		s.Players[0].Ships[1] = Ship{Loc: locHarbour, Level: 1} // 1+1 = 2
		s.Players[1].Ships[4] = Ship{Loc: locHarbour, Level: 3} // 1+3 = 4
		s.Players[2].Ships[0] = Ship{Loc: locSupply, Level: 1}
		s.Players[2].Ships[2] = Ship{Loc: locHarbour, Level: 2} // 2: ties seat 0 and stays behind it
		s.reorder()
		if s.Order[0] != 1 || s.Order[1] != 0 || s.Order[2] != 2 {
			t.Errorf("order %v, want 1 0 2", s.Order[:3])
		}
	})
	t.Run("NK-021 NK-071 two periods, then the game ends", func(t *testing.T) {
		s := actionGame(t, 2, "")
		finishPeriod(t, s)
		if s.Period != 2 || s.Phase != phDraft {
			t.Fatalf("period %d phase %d", s.Period, s.Phase)
		}
		draftAll(t, s)
		finishPeriod(t, s)
		if r := s.Result(); !r.Over || r.Reason != "two_periods" {
			t.Errorf("result %+v", r)
		}
	})
	t.Run("NK-070 NK-Q21 a cards-only window after period 2", func(t *testing.T) {
		s := actionGame(t, 2, "")
		finishPeriod(t, s)
		draftAll(t, s)
		for i := range s.N {
			s.Players[i].Supply = Bundle{}
		}
		first := s.seatAt(0)
		hold(s, first, int8(Licence), 2, int8(Fish), 1, int8(Captain), 1)
		for s.Phase == phAction {
			seat := s.Actors().First()
			l := s.Legal(seat, nil)
			act(t, s, seat, l[len(l)-1])
			if s.Phase == phAction { // cards held from before the last turn: none locked
				s.Players[first].Supply = bundle(int8(Licence), 2, int8(Fish), 1, int8(Captain), 1)
				s.Players[first].Locked = Bundle{}
			}
		}
		if s.Phase != phLast || s.current() != first || !s.Turn.Last {
			t.Fatalf("phase %d seat %d", s.Phase, s.current())
		}
		refuse(t, s, first, Move{Type: MoveCaptain, Col: 0}, "NK-070")
		act(t, s, first, Move{Type: MoveHarbour})
		if s.Players[first].Harbour != 2 || s.Players[first].Pending[Captain] != 1 {
			t.Fatalf("harbour %d", s.Players[first].Harbour)
		}
	})
}

// scored builds a 3-player game at its end with the given setup applied.
func scored(t *testing.T, set func(s *State)) *State {
	s := actionGame(t, 3, "")
	for i := range s.N {
		p := &s.Players[i]
		p.HandN = 0
		for k := range numShips {
			p.Ships[k] = Ship{Loc: locSupply, Level: cat.ShipFaces[k][0]}
		}
	}
	set(s)
	s.finalScoring()
	s.Phase = phOver
	return s
}

func TestFinalScoring(t *testing.T) {
	t.Run("NK-072 NK-073 NK-074 attraction: full and half", func(t *testing.T) {
		s := scored(t, func(s *State) {
			s.Players[0].Ships[0] = Ship{Loc: locAttr, Level: 4, Place: 0}
			s.Players[1].Ships[2] = Ship{Loc: locAttr, Level: 2, Place: -1}
			s.Players[2].Ships[4] = Ship{Loc: locAttr, Level: 5, Place: -2}
		})
		got := [3]int16{s.Players[0].Final.Attractions, s.Players[1].Final.Attractions, s.Players[2].Final.Attractions}
		if got != [3]int16{5, 0, 11} {
			t.Errorf("attraction scores %v, want [5 0 11]", got)
		}
	})
	t.Run("NK-075 NK-Q11 equal totals: the higher place wins", func(t *testing.T) {
		s := scored(t, func(s *State) {
			s.Players[0].Ships[4] = Ship{Loc: locAttr + 1, Level: 3, Place: -1}
			s.Players[1].Ships[4] = Ship{Loc: locAttr + 1, Level: 3, Place: 0}
		})
		if a, b := s.Players[0].Final.Attractions, s.Players[1].Final.Attractions; a != 3 || b != 6 {
			t.Errorf("tied attraction: %d and %d, want 3 and 6", a, b)
		}
	})
	t.Run("NK-077 NK-078 NK-079 NK-081 cards", func(t *testing.T) {
		s := scored(t, func(s *State) {
			s.Players[0].Supply = bundle(int8(Penguin), 3, int8(Captain), 2, int8(Goods), 4, int8(VP1), 5, int8(Fish), 7, int8(Licence), 1)
		})
		f := s.Players[0].Final
		if f.Penguins != 6 || f.Captains != 2 || f.Goods != 4 || f.VPCards != 5 || f.Total != 17 {
			t.Errorf("breakdown %+v", f)
		}
	})
	t.Run("NK-082 NK-092 NK-127 the harbour and the chosen hub are lines of their own", func(t *testing.T) {
		s := scored(t, func(s *State) {
			p := &s.Players[0]
			p.Harbour = 4
			setLine(t, s, 0, "P2-15", "P2-09", "FB10")
			p.deactivate(cardNo(t, "P1-10"), 0) // the Shipyard hub: 2 cards, level 2 + 1
			p.Supply = bundle(int8(Goods), 2)
		})
		f := s.Players[0].Final
		hub := int16(s.Players[0].Cols[0].Hub)
		if f.Harbour != 4 || f.Hubs != hub || f.Cards != 2 || f.Goods != 2 {
			t.Errorf("breakdown %+v: want harbour 4, hubs %d, cards 2 (P2-09 per goods), goods 2", f, hub)
		}
		if f.Total != 4+hub+2+2 || f.Total != f.Periods+f.Attractions+f.Harbour+f.Hubs+f.Cards+f.Penguins+f.Captains+f.Goods+f.VPCards+f.Ships+f.Ghost {
			t.Errorf("total %d does not add the lines", f.Total)
		}
		if got := endCards(&s.Players[0]); got != f.Harbour+f.Hubs+f.Cards {
			t.Errorf("E cards score %d together, %d in the lines", got, f.Harbour+f.Hubs+f.Cards)
		}
		if v := s.View(game.Public).Players[0].Final; v == nil || *v != f {
			t.Errorf("view shows %+v", v)
		}
	})
	t.Run("NK-080 level 5 and 6 ships", func(t *testing.T) {
		s := scored(t, func(s *State) {
			p := &s.Players[0]
			p.Ships[0] = Ship{Loc: locHarbour, Level: 6}
			p.Ships[2] = Ship{Loc: locAttr, Level: 5}
			p.Ships[3] = Ship{Loc: locSupply, Level: 5}
		})
		if f := s.Players[0].Final; f.Ships != 4 {
			t.Errorf("ships scored %d, want 4", f.Ships)
		}
	})
	t.Run("NK-076 NK-082 totals add every source", func(t *testing.T) {
		s := scored(t, func(s *State) {
			p := &s.Players[0]
			p.Interim = [2]int16{4, 7}
			p.Harbour = 3
			setLine(t, s, 0, "P2-15")
			p.Supply = bundle(int8(Penguin), 1)
		})
		f := s.Players[0].Final
		if f.Periods != 11 || f.Harbour != 3 || f.Cards != 0 || f.Total != 11+3+2 {
			t.Errorf("breakdown %+v", f)
		}
		if r := s.Result(); r.Scores[0] != int(f.Total) || !r.Winners.Has(0) {
			t.Errorf("result %+v", r)
		}
	})
	t.Run("NK-022 NK-083 tie-breaks", func(t *testing.T) {
		s := scored(t, func(s *State) {
			for i := range 3 {
				s.Players[i].Interim[0] = 10
			}
			s.Players[0].Ships[0] = Ship{Loc: locHarbour, Level: 1}
			s.Players[0].Ships[2] = Ship{Loc: locHarbour, Level: 2} // level 3 in game: last
			s.Players[1].Ships[0] = Ship{Loc: locHarbour, Level: 1} // level 1 and more resources: first
			s.Players[2].Ships[0] = Ship{Loc: locHarbour, Level: 1}
			s.Players[1].Supply = bundle(int8(Fish), 2)
			s.Players[2].Supply = bundle(int8(Fish), 1)
		})
		r := s.Result()
		if !r.Winners.Has(1) || r.Winners.Len() != 1 || r.Places[2] != 2 || r.Places[0] != 3 {
			t.Errorf("result %+v", r)
		}
		s2 := scored(t, func(s *State) {
			s.Players[0].Interim[0] = 5
			s.Players[1].Interim[0] = 5
		})
		if r := s2.Result(); r.Winners != game.Seats(0, 1) {
			t.Errorf("a full tie is not shared: %+v", r)
		}
	})
}

// lastTurnOfPeriod2 plays a 2-player game with "last listed" moves to the
// start of the last period-2 turn of the first seat in turn order, whose
// supply is then set to b; it returns that seat.
func lastTurnOfPeriod2(t *testing.T, b Bundle) (*State, game.Seat) {
	t.Helper()
	s := actionGame(t, 2, "")
	finishPeriod(t, s)
	draftAll(t, s)
	first := s.seatAt(0)
	for !(s.current() == first && s.Turn.Stage == stPlay && s.Players[first].HandN == 1) {
		seat := s.Actors().First()
		l := s.Legal(seat, nil)
		act(t, s, seat, l[len(l)-1])
	}
	s.Players[first].Supply = b
	return s, first
}

// TestNK070_LastActionGainsStayLocked: the rulebook bars spending, in the
// window after period 2, what the last action earned; that covers the cards gained in each player's last action turn; they
// still join the supply, meet the supply limit and count at the end.
func TestNK070_LastActionGainsStayLocked(t *testing.T) {
	t.Run("NK-070 a licence and fish gained in the last turn cannot be spent after period 2, but still count", func(t *testing.T) {
		s, first := lastTurnOfPeriod2(t, bundle(int8(Fish), 6, int8(Licence), 1))
		p := &s.Players[first]
		setLine(t, s, first, "FB7") // 1 VP per licence at the end
		// Gains of the last turn: 2 fish for a deactivation, then a bought licence.
		act(t, s, first, Move{Type: MoveDeactivate, Card: int16(p.Hand[0]), Col: 0})
		for !hasMove(s, first, Move{Type: MoveBuyLicence}) {
			act(t, s, first, Move{Type: MoveNext})
		}
		act(t, s, first, Move{Type: MoveBuyLicence})
		gained := p.Pending
		if gained[Licence] != 1 || gained[Fish] < 2 {
			t.Fatalf("gained %v in the last turn, want a licence and 2 fish", gained)
		}
		for s.current() == first && s.Phase == phAction {
			act(t, s, first, Move{Type: MoveNext})
		}
		if p.Locked != gained || p.Pending != (Bundle{}) {
			t.Errorf("locked %v pending %v after the last turn, want %v locked", p.Locked, p.Pending, gained)
		}
		for s.Phase == phAction {
			seat := s.Actors().First()
			l := s.Legal(seat, nil)
			act(t, s, seat, l[len(l)-1])
		}
		if s.Phase != phLast || s.current() != first {
			t.Fatalf("phase %d, seat %d acting: want the first seat's window after period 2", s.Phase, s.current())
		}
		if p.Supply[Licence] != 2 || p.Harbour != 1 {
			t.Fatalf("supply %v harbour %d, want 2 licences at harbour level 1", p.Supply, p.Harbour)
		}
		refuseSaying(t, s, first, Move{Type: MoveHarbour}, "NK-070", "gained in your last action ("+bundleText(gained)+") cannot be used after period 2")
		if v := s.View(first).Players[first]; v.Locked != gained {
			t.Errorf("view shows %v locked, want %v", v.Locked, gained)
		}
		supply := p.Supply
		act(t, s, first, Move{Type: MoveNext})
		if p.Locked != (Bundle{}) {
			t.Errorf("still locked after the window: %v", p.Locked)
		}
		finishPeriod(t, s)
		if s.Phase != phOver || p.Supply[Licence] != 2 || p.Supply[Fish] != supply[Fish] {
			t.Fatalf("phase %d supply %v, want the locked cards kept to the end (%v)", s.Phase, p.Supply, supply)
		}
		p.Supply[Licence] = 0
		withoutLicences := endCards(p)
		p.Supply[Licence] = 2
		if got := p.Final.Cards + p.Final.Harbour + p.Final.Hubs; got != withoutLicences+2 {
			t.Errorf("E cards scored %d, want %d + 2 for the licences, the locked one included", got, withoutLicences)
		}
	})
	t.Run("NK-063 NK-070 the limit applies at the end of the last turn, locked cards discarded first", func(t *testing.T) {
		s, first := lastTurnOfPeriod2(t, bundle(int8(Fish), 4, int8(Licence), 4))
		p := &s.Players[first]
		act(t, s, first, Move{Type: MoveDeactivate, Card: int16(p.Hand[0]), Col: 0})
		for s.Turn.Stage != stDiscard {
			act(t, s, first, Move{Type: MoveNext})
		}
		locked := p.Locked
		over := p.resources() - limit(p)
		if locked[Fish] < 2 || over < 1 {
			t.Fatalf("locked %v, %d over the limit: want the deactivation fish locked and a discard", locked, over)
		}
		for range over {
			act(t, s, first, Move{Type: MoveDiscard, Res: int8(Fish)})
		}
		if want := max(0, locked[Fish]-int16(over)); p.Locked[Fish] != want || p.Supply[Licence] != 4 {
			t.Errorf("supply %v locked %v: want %d locked fish, the discards taking the locked fish first", p.Supply, p.Locked, want)
		}
	})
	t.Run("NK-061 NK-070 cards held before the last turn stay usable in the window", func(t *testing.T) {
		s, first := lastTurnOfPeriod2(t, bundle(int8(Licence), 2))
		p := &s.Players[first]
		act(t, s, first, Move{Type: MovePlay, Card: int16(p.Hand[0])})
		for s.Phase == phAction {
			seat := s.Actors().First()
			l := s.Legal(seat, nil)
			act(t, s, seat, l[len(l)-1])
		}
		if p.Locked[Licence] != 0 || !hasMove(s, first, Move{Type: MoveHarbour}) {
			t.Errorf("locked %v: the 2 licences held before the last turn should pay the harbour", p.Locked)
		}
	})
}

// TestPointsHistory: the public points history has an entry after every
// turn and at the end of each period, reads only the open table (hands
// never change it), and ends on the final totals (NK-082).
func TestPointsHistory(t *testing.T) {
	t.Run("NK-082 the points history ends on the final totals and never reads a hand", func(t *testing.T) {
		for i := range 30 {
			n := 2 + i%3
			s, err := Setup(config(n, uint64(900+i), moduleOptions[i%len(moduleOptions)]))
			if err != nil {
				t.Fatal(err)
			}
			rng := game.NewRand(uint64(i))
			for !s.Result().Over {
				seat := s.Actors().First()
				l := s.Legal(seat, nil)
				act(t, s, seat, l[rng.Intn(len(l))])
				other := s.Clone()
				for k := range other.N {
					p := &other.Players[k]
					for h := range p.HandN {
						p.Hand[h] = (p.Hand[h] + 7) % 64
					}
				}
				if other.standings() != s.standings() {
					t.Fatalf("game %d: the standings depend on the hands", i)
				}
			}
			if int(s.HistN) != s.Turns+2 {
				t.Errorf("game %d: %d entries for %d turns, want one per turn and per period", i, s.HistN, s.Turns)
			}
			last := s.History[s.HistN-1]
			for k := range s.N {
				if last.Points[k] != s.Players[k].Final.Total || last.Seat != -1 || last.Period != 2 {
					t.Errorf("game %d: last entry %+v, seat %d's total %d", i, last, k, s.Players[k].Final.Total)
				}
			}
			pub := s.View(game.Public).History
			for seat := range game.Seat(s.N) {
				v := s.View(seat).History
				if mustJSON(t, v) != mustJSON(t, pub) {
					t.Fatalf("game %d: seat %d sees another history than the public", i, seat)
				}
			}
			if len(pub) != int(s.HistN) || len(pub[0].Points) != int(s.N) {
				t.Errorf("game %d: view history %+v", i, pub[0])
			}
		}
	})
}
