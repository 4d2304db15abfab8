package greatharbor

import (
	"testing"

	"harbor"
	"harbor/game"
)

func shipID(id string) int8 {
	for i, sh := range ships {
		if sh.ID == id {
			return int8(i)
		}
	}
	panic(id)
}

func giveShip(s *State, seat, dock int8, id string) {
	c := shipID(id)
	s.Players[seat].Ships[dock] = Ship{Card: c}
	s.Players[seat].ShipsPlayed |= bit(c)
}

// stackPirates puts the given strengths on top of the Pirate deck, first revealed first.
func stackPirates(s *State, strengths ...int8) {
	s.PirateN = int8(len(strengths))
	s.PirateDiscN = int8(len(pirateCards) - len(strengths))
	for i, v := range strengths {
		s.PirateDeck[len(strengths)-1-i] = v
	}
}

// startVoyageNow ends every Action turn so the Voyage phase begins.
func startVoyageNow(s *State) {
	s.OrderIdx = s.N
	s.advance(nil)
}

func TestGH136_EarlierPositionTakesTheDemand(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "M1")
	giveShip(s, 1, 0, "M3")
	s.send(1, 0) // seat 1 sends first: position 1
	s.send(0, 0)
	s.Demand[0] = wine
	s.Players[0].Lux[wine] = 1
	s.Players[1].Lux[wine] = 1
	stackPirates(s, 0, 0, 0)
	startVoyageNow(s)
	if s.actor() != 1 || s.VoyStage != voyChoice {
		t.Fatalf("GH-123 the ship in position 1 resolves first: actor %d stage %d", s.actor(), s.VoyStage)
	}
	apply(t, s, Move{Type: mvTrade, Deliver: true, Lux: wine})
	if p := &s.Players[1]; p.Coins != 3 || p.Prestige != 2 || p.Lux[wine] != 0 {
		t.Fatalf("GH-133..135 trade at segment 1 with cargo 3: coins %d prestige %d", p.Coins, p.Prestige)
	}
	if s.actor() != 0 || s.VoyStage != voyChoice {
		t.Fatalf("seat 0 should now choose: actor %d", s.actor())
	}
	for _, m := range s.Legal(0, nil) {
		if m.Deliver {
			t.Fatalf("GH-136 the demand was taken by the earlier ship, yet %+v is legal", m)
		}
	}
	err := s.Apply(0, Move{Type: mvTrade, Deliver: true, Lux: wine}, nil)
	if harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("delivering to a taken demand: %v", err)
	}
}

func TestGH124_PiratesAccumulateAndGH128_NoContinueAtThree(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "L1") // strength 5
	s.send(0, 0)
	stackPirates(s, 1, 2, 2)
	startVoyageNow(s)
	apply(t, s, Move{Type: mvContinue})
	if s.Players[0].Ships[0].Seg != 1 || s.pirateTotal(0) != 3 {
		t.Fatalf("after segment 2 the total is 1+2: %d", s.pirateTotal(0))
	}
	apply(t, s, Move{Type: mvContinue})
	if s.pirateTotal(0) != 5 || s.VoySeg != 2 {
		t.Fatalf("GH-124 total %d at segment %d", s.pirateTotal(0), s.VoySeg+1)
	}
	for _, m := range s.Legal(0, nil) {
		if m.Type == mvContinue {
			t.Fatal("GH-128 continue offered at the third segment")
		}
	}
	if err := s.Apply(0, Move{Type: mvContinue}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("continued past segment 3: %v", err)
	}
	apply(t, s, Move{Type: mvTrade})
	if p := &s.Players[0]; p.Coins != 6 || p.Prestige != 3 {
		t.Fatalf("segment 3 with cargo 2: coins %d prestige %d", p.Coins, p.Prestige)
	}
}

func TestGH125_LoserTakesDamageAndGH145_SailsBack(t *testing.T) {
	for _, hut := range []bool{false, true} {
		s := actionState(t, 2, "")
		giveShip(s, 0, 0, "S2") // strength 1, speed 3, hull 2
		if hut {
			s.Players[0].Huts = 1
		}
		s.send(0, 0)
		stackPirates(s, 2)
		startVoyageNow(s)
		sh := &s.Players[0].Ships[0]
		if sh.Where != shipDocked {
			t.Fatalf("GH-145 a ship 1 space out with speed 3 is home after the turn: %+v", sh)
		}
		want := int8(1)
		if hut {
			want = 0 // GH-096
		}
		if sh.Damage != want {
			t.Fatalf("hut %v: damage %d, want %d", hut, sh.Damage, want)
		}
	}
}

func TestGH111_BrokenShipCannotSail(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "S1") // hull 1
	s.Players[0].Ships[0].Damage = 1
	if err := s.Apply(0, Move{Type: mvSend, Dock: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("sent a ship with damage equal to its hull: %v", err)
	}
	s.Players[0].Res[rope] = 1
	apply(t, s, Move{Type: mvRepair, Dock: 0, Res: rope}) // GH-115
	if s.Players[0].Ships[0].Damage != 0 || s.Players[0].Res[rope] != 0 {
		t.Fatal("GH-115 repair")
	}
	apply(t, s, Move{Type: mvSend, Dock: 0})
}

func TestGH121_NoShipsNoVoyage(t *testing.T) {
	s := actionState(t, 2, "")
	n := s.PirateN
	startVoyageNow(s)
	if s.PirateN != n || s.Phase != phaseDraft || s.Turn != 1 {
		t.Fatalf("the voyage should be skipped: phase %d turn %d pirates %d", s.Phase, s.Turn, s.PirateN)
	}
}

func TestGH132_EmptyPirateDeckReshuffles(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "L1")
	s.send(0, 0)
	s.PirateN = 0
	copy(s.PirateDisc[:], pirateCards)
	s.PirateDiscN = int8(len(pirateCards))
	startVoyageNow(s)
	if s.Revealed[0] < 0 || s.PirateN != int8(len(pirateCards)-1) {
		t.Fatalf("revealed %v, deck %d", s.Revealed, s.PirateN)
	}
}

func TestGH127_OneOwnerOnePosition(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "S1")
	giveShip(s, 0, 1, "S3")
	giveShip(s, 1, 0, "S5")
	s.send(0, 0)
	s.send(1, 0)
	s.send(0, 1)
	if s.SegOwner[0] != [4]int8{0, 1, -1, -1} {
		t.Fatalf("GH-117 positions %v", s.SegOwner[0])
	}
}

func TestGH213_CorsairBeforeTheReveal(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "S2") // strength 1
	s.Players[0].People[0][0] = personNumber(21)
	s.send(0, 0)
	stackPirates(s, 3)
	startVoyageNow(s)
	if s.VoyStage != voyCorsair || s.actor() != 0 || s.Revealed[0] >= 0 {
		t.Fatalf("the Corsair question comes before the reveal: stage %d revealed %v", s.VoyStage, s.Revealed)
	}
	apply(t, s, Move{Type: mvCorsair, Person: 0, Dock: 0})
	if s.strength(0, 0) != 3 || !s.Players[0].Marked[0][0] {
		t.Fatalf("strength %d", s.strength(0, 0))
	}
	if s.VoyStage != voyChoice {
		t.Fatalf("strength 3 beats pirates of 3: stage %d", s.VoyStage)
	}
}

func TestGH080_VoyageCardsInTheWindow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		number int
		move   Move
		check  func(s *State) bool
	}{
		{"GH-202 Admiral", 5, Move{Type: mvActivate, Person: 0}, func(s *State) bool { return s.strength(0, 0) == 2 && s.Players[0].Favor == 0 }},
		{"GH-204 Captain 8", 8, Move{Type: mvActivate, Person: 0, Dock: 0}, func(s *State) bool { return s.cargo(0, 0) == 2 }},
		{"GH-206 Trader", 10, Move{Type: mvActivate, Person: 0}, func(s *State) bool { return s.Players[0].Trader }},
		{"GH-211 Diplomat", 19, Move{Type: mvActivate, Person: 0, Choice: 0}, func(s *State) bool { return s.pirateTotal(0) == 0 && s.pirateTotal(1) == 2 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := actionState(t, 2, "")
			giveShip(s, 0, 0, "S2")
			s.Players[0].People[0][0] = personNumber(tc.number)
			s.Players[0].Favor = 1
			s.send(0, 0)
			stackPirates(s, 2)
			startVoyageNow(s)
			if s.VoyStage != voyWindow || s.actor() != 0 {
				t.Fatalf("the window should be open: stage %d", s.VoyStage)
			}
			apply(t, s, tc.move)
			if !tc.check(s) {
				t.Fatalf("effect missing: %+v", s.Players[0])
			}
			apply(t, s, Move{Type: mvFight})
		})
	}
}

func TestGH210_CaptainCoinsForFarShips(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "L1")
	giveShip(s, 0, 1, "L3")
	s.Players[0].Ships[1].Where, s.Players[0].Ships[1].Dist = shipBack, 5
	s.Players[0].People[0][0] = personNumber(18)
	s.send(0, 0)
	stackPirates(s, 0, 0)
	startVoyageNow(s)
	apply(t, s, Move{Type: mvFight})
	apply(t, s, Move{Type: mvContinue})
	apply(t, s, Move{Type: mvActivate, Person: 0})
	if s.Players[0].Coins != 2 {
		t.Fatalf("two ships in the far segments: %d coins", s.Players[0].Coins)
	}
}

func TestGH120_FinalConversionWindow(t *testing.T) {
	s := actionState(t, 2, "")
	s.Round, s.Turn = rounds-1, 1
	s.Players[0].Coins = 4
	startVoyageNow(s)
	if s.Phase != phaseFinalConvert {
		t.Fatalf("phase %d", s.Phase)
	}
	seat := game.Seat(s.actor())
	s.Players[seat].Coins = 4
	apply(t, s, Move{Type: mvConvertCard, Card: 0, N: 2})
	if s.Players[seat].Prestige != 2 {
		t.Fatal("Laurel 4 coins for 2 Prestige")
	}
	if err := s.Apply(seat, Move{Type: mvSend, Dock: 0}, nil); harbor.ErrorCode(err) != harbor.EIllegal {
		t.Fatalf("only conversions after the last voyage: %v", err)
	}
	apply(t, s, Move{Type: mvEnd})
	apply(t, s, Move{Type: mvEnd})
	if s.Phase != phaseOver || !s.Result().Over {
		t.Fatal("GH-155 the game ends after round 5")
	}
}

func TestGHQ13_OwnerChoosesTheOrderOfTheirShips(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "S2")
	giveShip(s, 0, 2, "L1")
	s.send(0, 0)
	s.send(0, 2)
	s.Demand[0] = dyes
	s.Players[0].Lux[dyes] = 1
	stackPirates(s, 0)
	startVoyageNow(s)
	if s.VoyStage != voyWindow || s.actor() != 0 {
		t.Fatalf("two ships in one position: the owner picks which fights first (stage %d)", s.VoyStage)
	}
	if n := len(s.Legal(0, nil)); n != 2 {
		t.Fatalf("want a fight move per ship, got %d moves", n)
	}
	apply(t, s, Move{Type: mvFight, Dock: 2})
	apply(t, s, Move{Type: mvTrade, Deliver: true, Lux: dyes})
	if s.Players[0].Prestige != 2 || s.Players[0].Coins != 2 {
		t.Fatalf("the Trireme traded first: prestige %d coins %d", s.Players[0].Prestige, s.Players[0].Coins)
	}
	// The last ship fights without a window.
	if s.VoyStage != voyChoice || s.VoyShip != 0 {
		t.Fatalf("stage %d ship %d", s.VoyStage, s.VoyShip)
	}
}

func TestGH206_TraderMeetsAnyDemand(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "M1")
	s.Players[0].People[0][0] = personNumber(10)
	s.Players[0].Lux[marble] = 1
	s.Demand[0] = wine
	s.send(0, 0)
	stackPirates(s, 0)
	startVoyageNow(s)
	if err := s.Clone().Apply(0, Move{Type: mvActivate, Person: 0}, nil); err != nil {
		t.Fatal(err)
	}
	apply(t, s, Move{Type: mvActivate, Person: 0})
	apply(t, s, Move{Type: mvFight})
	apply(t, s, Move{Type: mvTrade, Deliver: true, Lux: marble})
	if s.Players[0].Prestige != 2 || s.Players[0].Lux[marble] != 0 {
		t.Fatalf("marble met the wine demand: prestige %d", s.Players[0].Prestige)
	}
}

func TestGHQ11_OnlySegmentsWithShipsRevealPirates(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "M1")
	s.send(0, 0)
	stackPirates(s, 1, 2, 3)
	startVoyageNow(s)
	apply(t, s, Move{Type: mvTrade})
	if s.PirateN != 2 || s.Phase != phaseDraft {
		t.Fatalf("one reveal for one segment, then the voyage ends: deck %d phase %d", s.PirateN, s.Phase)
	}
}

// TestGH203_VoyageCardsWhenTradingOrContinuing checks that a Voyage Person
// card may be activated at the moment the ship trades or continues, as
// Appendix A says, not only before the battle: the Trader lets a won ship
// deliver a luxury no Demand tile asks for, and Captain #8 adds its Cargo.
func TestGH203_VoyageCardsWhenTradingOrContinuing(t *testing.T) {
	s := actionState(t, 2, "")
	giveShip(s, 0, 0, "M3") // cargo 3
	s.send(0, 0)
	s.Demand[0] = wine
	s.Players[0].Lux[marble] = 1
	stackPirates(s, 0, 0, 0)
	startVoyageNow(s)
	s.Players[0].People[0][0] = personNumber(10) // Trader
	s.Players[0].People[1][0] = personNumber(8)  // Captain: +1 Cargo
	if s.actor() != 0 || s.VoyStage != voyChoice {
		t.Fatalf("the ship should have won and wait to trade: actor %d stage %d", s.actor(), s.VoyStage)
	}
	apply(t, s, Move{Type: mvActivate, Person: 0})
	apply(t, s, Move{Type: mvActivate, Person: 2, Dock: 0})
	apply(t, s, Move{Type: mvTrade, Deliver: true, Lux: marble})
	if p := &s.Players[0]; p.Coins != 4 || p.Prestige != 2 || p.Lux[marble] != 0 {
		t.Fatalf("Trader and Captain at the trade: coins %d prestige %d marble %d", p.Coins, p.Prestige, p.Lux[marble])
	}
}
