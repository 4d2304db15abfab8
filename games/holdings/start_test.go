package holdings

import (
	"testing"

	"harbor"
	"harbor/game"
)

func TestHH01_TokensStartOnHarborGate(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		s := newGame(t, n, "")
		for p := 0; p < n; p++ {
			if s.Pos[p] != GateSpace {
				t.Fatalf("%d players: seat %d starts on space %d", n, p, s.Pos[p])
			}
		}
	}
}

func TestHH02_EveryoneStartsWith1500(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		s := newGame(t, n, "")
		for p := 0; p < n; p++ {
			if s.Cash[p] != 1500 || s.NetWorth(game.Seat(p)) != 1500 {
				t.Fatalf("%d players: seat %d starts with %d Coins", n, p, s.Cash[p])
			}
		}
	}
}

func TestHH03_FortySpacesInAClosedLoop(t *testing.T) {
	if len(Board()) != 40 || Board()[0].Name != "Harbor Gate" || Board()[39].Name != "Harbor Heights" {
		t.Fatalf("board has %d spaces", len(Board()))
	}
	s := newGame(t, 2, "")
	s.Pos[0] = 39
	rollTo(t, s, 0, 1, 1) // 39 + 2 wraps to space 1
	if s.Pos[0] != 1 {
		t.Fatalf("from space 39 a roll of 2 reached space %d, want 1", s.Pos[0])
	}
}

func TestHH04_TwoDiceOnceNoDoublesRule(t *testing.T) {
	s := newGame(t, 2, "")
	rollTo(t, s, 0, 3, 4)
	if s.Pos[0] != 7 || s.Dice != [2]int8{3, 4} {
		t.Fatalf("after 3+4 at space %d with dice %v", s.Pos[0], s.Dice)
	}
	refuse(t, s, 0, Move{Type: MoveRoll}, harbor.EIllegal, "HH-04")

	t.Run("HH-04 doubles give no extra roll", func(t *testing.T) {
		s := newGame(t, 2, "")
		rollTo(t, s, 0, 3, 3)
		refuse(t, s, 0, Move{Type: MoveRoll}, harbor.EIllegal, "HH-04")
		play(t, s, 0, Move{Type: MovePass})
		play(t, s, 0, Move{Type: MoveEnd})
		if s.Seat() != 1 {
			t.Fatalf("after doubles and end, seat %d is on turn", s.Seat())
		}
	})
}

func TestHH05_PassingTheGatePays200(t *testing.T) {
	s := newGame(t, 2, "")
	s.Pos[0] = 38
	ev := rollTo(t, s, 0, 2, 1) // 38 + 3 = space 1, Net Menders Row
	if s.Pos[0] != 1 || s.Cash[0] != 1700 || !hasFlow(ev, Bank, 0, 200, "gate") {
		t.Fatalf("passing the Gate: at %d with %d Coins", s.Pos[0], s.Cash[0])
	}
	t.Run("HH-05 a card that moves forward past the Gate pays too", func(t *testing.T) {
		s := newGame(t, 2, "")
		s.Pos[0] = 31
		putCard(s, 0, 3) // advance to Lantern Row
		ev := rollTo(t, s, 0, 1, 1)
		if s.Pos[0] != 11 || !hasFlow(ev, Bank, 0, 200, "gate") || s.Cash[0] != 1700 {
			t.Fatalf("card past the Gate: at %d with %d Coins", s.Pos[0], s.Cash[0])
		}
	})
}

func TestHH06_LandingOnTheGatePays200(t *testing.T) {
	s := newGame(t, 2, "")
	s.Pos[0] = 35
	rollTo(t, s, 0, 2, 3)
	if s.Pos[0] != GateSpace || s.Cash[0] != 1700 {
		t.Fatalf("landing on the Gate: at %d with %d Coins", s.Pos[0], s.Cash[0])
	}
	t.Run("HH-06 option gateBonusOnLanding off", func(t *testing.T) {
		s := newGame(t, 2, `{"gateBonusOnLanding":false}`)
		s.Pos[0] = 35
		rollTo(t, s, 0, 2, 3)
		if s.Pos[0] != GateSpace || s.Cash[0] != 1500 {
			t.Fatalf("landing with the option off: at %d with %d Coins", s.Pos[0], s.Cash[0])
		}
		play(t, s, 0, Move{Type: MoveEnd})
		s.Pos[1] = 38
		rollTo(t, s, 1, 2, 1)
		if s.Cash[1] != 1700 {
			t.Fatalf("passing with the option off paid %d", s.Cash[1]-1500)
		}
	})
	t.Run("HH-06 the Advance to Harbor Gate card pays with the option off", func(t *testing.T) {
		s := newGame(t, 2, `{"gateBonusOnLanding":false}`)
		putCard(s, 1, 0)
		ev := rollTo(t, s, 0, 3, 4)
		if s.Pos[0] != GateSpace || s.Cash[0] != 1700 || len(flows(ev)) != 1 {
			t.Fatalf("at %d with %d Coins, flows %+v", s.Pos[0], s.Cash[0], flows(ev))
		}
	})
}

func TestHH07_LeavingTheGateAtTheStartPaysNothing(t *testing.T) {
	s := newGame(t, 2, "")
	ev := rollTo(t, s, 0, 1, 2)
	if s.Pos[0] != 3 || s.Cash[0] != 1500 || len(flows(ev)) != 0 {
		t.Fatalf("first move: at %d with %d Coins, flows %v", s.Pos[0], s.Cash[0], flows(ev))
	}
}

func TestHH08_BackwardMovesNeverPay(t *testing.T) {
	s := newGame(t, 2, "")
	putCard(s, 0, 9)            // go back 3 spaces
	ev := rollTo(t, s, 0, 1, 1) // Gate -> Harbor Dispatch (2) -> back to Harbor Heights (39)
	if s.Pos[0] != 39 || s.Cash[0] != 1500 || len(flows(ev)) != 0 {
		t.Fatalf("back across the Gate: at %d with %d Coins, flows %v", s.Pos[0], s.Cash[0], flows(ev))
	}
	if s.Phase != PhaseBuy || s.Landed != 39 {
		t.Fatalf("the space reached backwards was not resolved: phase %v landed %d", s.Phase, s.Landed)
	}
}

func TestHH09_BonusBeforeTheCharge(t *testing.T) {
	s := newGame(t, 2, "")
	s.Cash[0] = 50
	give(s, 0, 0, 1) // something the automatic sale could take
	s.Pos[0] = 38
	ev := rollTo(t, s, 0, 3, 3) // 38 + 6 = Dock Levy (4), past the Gate
	fl := flows(ev)
	if len(fl) != 2 || fl[0].Reason != "gate" || fl[1].Reason != "levy" {
		t.Fatalf("flows %+v, want the gate bonus then the levy", fl)
	}
	if s.Cash[0] != 150 || s.Owner[1] != 0 {
		t.Fatalf("cash %d, Net Menders Row owner %d: the bonus should have covered the levy", s.Cash[0], s.Owner[1])
	}
}

func TestHH10_BuyingPaysThePriceToTheBank(t *testing.T) {
	s := newGame(t, 2, "")
	rollTo(t, s, 0, 3, 3) // Gull Street, 100
	ev := play(t, s, 0, Move{Type: MoveBuy})
	if s.Owner[6] != 0 || s.Cash[0] != 1400 || !hasFlow(ev, 0, Bank, 100, "buy") {
		t.Fatalf("after buying: owner %d cash %d", s.Owner[6], s.Cash[0])
	}
}

func TestHH11_PassingLeavesItUnownedNoAuction(t *testing.T) {
	s := newGame(t, 3, "")
	rollTo(t, s, 0, 3, 3)
	ev := play(t, s, 0, Move{Type: MovePass})
	if s.Owner[6] != -1 || len(flows(ev)) != 0 || s.Phase != PhaseEnd || s.Actors() != game.Seats(0) {
		t.Fatalf("after passing: owner %d, flows %v, phase %v, actors %v", s.Owner[6], flows(ev), s.Phase, s.Actors())
	}
	for p := 0; p < 3; p++ {
		if s.Cash[p] != 1500 {
			t.Fatalf("seat %d cash %d after a pass", p, s.Cash[p])
		}
	}
}

func TestHH12_OnlyTheDistrictLandedOn(t *testing.T) {
	s := newGame(t, 2, "")
	refuse(t, s, 0, Move{Type: MoveBuy, Space: 6}, harbor.EIllegal, "HH-12")
	rollTo(t, s, 0, 3, 3)
	refuse(t, s, 0, Move{Type: MoveBuy, Space: 8}, harbor.EIllegal, "HH-12")
	refuse(t, s, 1, Move{Type: MoveBuy, Space: 6}, harbor.ENotYourTurn, "HH-12")
	play(t, s, 0, Move{Type: MoveBuy, Space: 6})
	refuse(t, s, 0, Move{Type: MoveBuy, Space: 6}, harbor.EIllegal, "HH-12")
}

func TestHH13_BuyingNeedsTheCashNoSale(t *testing.T) {
	s := newGame(t, 2, "")
	s.Cash[0] = 90
	give(s, 0, 0, 1, 3)
	rollTo(t, s, 0, 3, 3) // Gull Street, 100
	refuse(t, s, 0, Move{Type: MoveBuy}, harbor.EIllegal, "HH-13")
	for _, m := range s.Legal(0, nil) {
		if m.Type == MoveBuy {
			t.Fatal("buy listed as legal without the cash")
		}
	}
}

func TestHH14_EndingTheTurnDeclinesTheOffer(t *testing.T) {
	s := newGame(t, 2, "")
	rollTo(t, s, 0, 3, 3)
	ev := play(t, s, 0, Move{Type: MoveEnd})
	if s.Owner[6] != -1 || s.Seat() != 1 || s.Phase != PhaseRoll || len(flows(ev)) != 0 {
		t.Fatalf("after ending on an offer: owner %d, seat %d, phase %v", s.Owner[6], s.Seat(), s.Phase)
	}
	if ev[0].Type != "pass" {
		t.Fatalf("first event %q, want the pass", ev[0].Type)
	}
}

func TestHH15_DistrictsAreStreetsFerriesAndUtilities(t *testing.T) {
	kinds := map[string]int{}
	for i, sp := range Board() {
		if sp.Ownable() {
			kinds[sp.Kind]++
			if !board.ownable.Has(i) {
				t.Fatalf("space %d not ownable", i)
			}
		}
	}
	if kinds[KindStreet] != 22 || kinds[KindFerry] != 4 || kinds[KindUtility] != 2 || board.ownable.Len() != 28 {
		t.Fatalf("districts %v", kinds)
	}
	for _, tc := range []struct {
		name        string
		from, price int
		d1, d2      int
	}{{"ferry", 0, 200, 2, 3}, {"utility", 10, 150, 1, 1}} {
		t.Run("HH-15 buy a "+tc.name, func(t *testing.T) {
			s := newGame(t, 2, "")
			s.Pos[0] = int8(tc.from)
			rollTo(t, s, 0, tc.d1, tc.d2)
			at := int(s.Pos[0])
			play(t, s, 0, Move{Type: MoveBuy})
			if s.Owner[at] != 0 || s.Cash[0] != int32(1500-tc.price) {
				t.Fatalf("bought space %d: owner %d cash %d", at, s.Owner[at], s.Cash[0])
			}
		})
	}
}
