package holdings

import (
	"testing"

	"harbor"
	"harbor/game"
)

func TestHH43_ObligatoryPaymentsTriggerTheSale(t *testing.T) {
	for _, tc := range []struct {
		name   string
		from   int
		d1, d2 int
		card   [2]int // deck, card; deck -1 for none
		reason string
		cash   int32
	}{
		{"HH-43 rent", 35, 2, 2, [2]int{-1}, "rent", 60},
		{"HH-43 levy", 1, 1, 2, [2]int{-1}, "levy", 60},
		{"HH-43 Port Inspection", 25, 2, 3, [2]int{-1}, "inspection", 30},
		{"HH-43 Dispatch charge", 0, 3, 4, [2]int{1, 10}, "dispatch", 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, 2, "")
			give(s, 1, 0, 37, 39) // Harbor Heights rent 100 with the group
			give(s, 0, 0, 6)      // Gull Street sells for 50
			s.Cash[0] = tc.cash
			if tc.card[0] >= 0 {
				putCard(s, tc.card[0], tc.card[1])
			}
			s.Pos[0] = int8(tc.from)
			ev := rollTo(t, s, 0, tc.d1, tc.d2)
			if !hasFlow(ev, Bank, 0, 50, "sale") || s.Owner[6] != -1 {
				t.Fatalf("no automatic sale: flows %+v", flows(ev))
			}
			fl := flows(ev)
			if last := fl[len(fl)-1]; last.Reason != tc.reason || last.From != 0 {
				t.Fatalf("the payment was not made after the sale: %+v", fl)
			}
		})
	}
}

func TestHH44_SaleValueIsHalfPricePlus35PerImprovement(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 2, 6)
	if s.SaleValue(6) != 50+70 {
		t.Fatalf("sale value %d", s.SaleValue(6))
	}
	give(s, 1, 0, 37, 39)
	s.Cash[0] = 0
	s.Pos[0] = 35
	ev := rollTo(t, s, 0, 2, 2)
	if !hasFlow(ev, Bank, 0, 120, "sale") || s.Cash[0] != 20 {
		t.Fatalf("flows %+v cash %d", flows(ev), s.Cash[0])
	}
}

func TestHH45_CheapestFirstTiesToLowerIndex(t *testing.T) {
	sales := func(options string) []int {
		s := newGame(t, 2, options)
		give(s, 0, 0, 8, 6, 5, 1)
		s.Level[1] = 5 // price 60, sale value 205
		give(s, 1, 4, 37, 39)
		s.Cash[0] = 150
		s.Pos[0] = 35
		ev := rollTo(t, s, 0, 2, 2) // rent 500
		var order []int
		for _, f := range flows(ev) {
			if f.Reason == "sale" {
				order = append(order, f.Space)
			}
		}
		return order
	}
	if got := sales(""); !equalInts(got, []int{1, 6, 8, 5}) {
		t.Fatalf("HH-45 price order: sold %v, want [1 6 8 5]", got)
	}
	if got := sales(`{"saleOrder":"value"}`); !equalInts(got, []int{6, 8, 5, 1}) {
		t.Fatalf("HH-45 option saleOrder value: sold %v, want [6 8 5 1]", got)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestHH46_SaleStopsAsSoonAsTheDebtIsCovered reproduces exact positions with
// forced dice: Ana at Shipwright Avenue rolls 2+2 onto Ben's Harbor Heights
// (rent 100 with the dark blue group), holding 40 Coins; Net Menders Row and
// Tar Lane (30 each) cover it, so Gull Street is kept.
func TestHH46_SaleStopsAsSoonAsTheDebtIsCovered(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 0, 37, 39)
	give(s, 0, 0, 1, 3, 6)
	s.Cash[0] = 40
	s.Pos[0] = 34
	rollTo(t, s, 0, 1, 4)
	if s.Pos[0] != 39 {
		t.Fatalf("at %d", s.Pos[0])
	}
	if s.Owner[1] != -1 || s.Owner[3] != -1 || s.Owner[6] != 0 {
		t.Fatalf("owners %d %d %d: want the two browns sold and Gull Street kept", s.Owner[1], s.Owner[3], s.Owner[6])
	}
	if s.Cash[0] != 0 || s.Cash[1] != 1600 || s.Out.Has(0) {
		t.Fatalf("cash %v out %v", s.Cash, s.Out)
	}
}

func TestHH47_SoldDistrictsReturnUnimprovedAndBuyable(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 0, 37, 39)
	give(s, 0, 3, 6)
	s.Cash[0] = 0
	s.Pos[0] = 35
	rollTo(t, s, 0, 2, 2)
	if s.Owner[6] != -1 || s.Level[6] != 0 {
		t.Fatalf("Gull Street owner %d level %d", s.Owner[6], s.Level[6])
	}
	play(t, s, 0, Move{Type: MoveEnd})
	rollTo(t, s, 1, 3, 3)
	play(t, s, 1, Move{Type: MoveBuy, Space: 6})
	if s.Owner[6] != 1 || s.Level[6] != 0 {
		t.Fatal("the sold street could not be bought again")
	}
}

func TestHH48_BankruptWhenTheSaleIsNotEnough(t *testing.T) {
	s := newGame(t, 3, "")
	give(s, 1, 5, 37, 39) // rent 600
	give(s, 0, 0, 1)
	s.Cash[0] = 100
	s.Pos[0] = 35
	ev := rollTo(t, s, 0, 2, 2)
	if !s.Out.Has(0) || s.Owner[1] != -1 || s.Cash[0] != 0 {
		t.Fatalf("out %v owner %d cash %d", s.Out, s.Owner[1], s.Cash[0])
	}
	if !hasFlow(ev, Bank, 0, 30, "sale") || ev[len(ev)-1].Type != "bankrupt" {
		t.Fatalf("events %+v", ev)
	}
}

func TestHH49_CreditorGetsTheRemainingCash(t *testing.T) {
	s := newGame(t, 3, "")
	give(s, 1, 5, 37, 39)
	give(s, 0, 0, 1)
	s.Cash[0] = 100
	s.Pos[0] = 35
	ev := rollTo(t, s, 0, 2, 2)
	if !hasFlow(ev, 0, 1, 130, "bankruptcy") || s.Cash[1] != 1630 {
		t.Fatalf("creditor cash %d flows %+v", s.Cash[1], flows(ev))
	}
	t.Run("HH-49 the bank as creditor", func(t *testing.T) {
		s := newGame(t, 3, "")
		s.Cash[0] = 60
		s.Pos[0] = 1
		ev := rollTo(t, s, 0, 1, 2) // Dock Levy 100
		if !hasFlow(ev, 0, Bank, 60, "bankruptcy") || !s.Out.Has(0) {
			t.Fatalf("flows %+v", flows(ev))
		}
	})
}

func TestHH50_BankruptPlayersLeaveTurnsAndTrades(t *testing.T) {
	s := newGame(t, 3, "")
	give(s, 2, 0, 9)
	play(t, s, 2, Move{Type: MovePropose, To: 0, Give: Side{Properties: PropertySet(0).With(9)}, Get: Side{Coins: 100}})
	give(s, 1, 5, 37, 39)
	s.Cash[0] = 10
	s.Pos[0] = 35
	ev := rollTo(t, s, 0, 2, 2)
	if s.Trade.Open || s.LastTrade.Status != TradeCancelled || s.LastTrade.Reason != "bankrupt" {
		t.Fatalf("trade %+v last %+v", s.Trade, s.LastTrade)
	}
	if len(ev) == 0 || s.Actors().Has(0) {
		t.Fatal("the bankrupt seat is still waited on")
	}
	refuse(t, s, 0, Move{Type: MovePropose, To: 2, Give: Side{Coins: 0}, Get: Side{Properties: PropertySet(0).With(9)}}, harbor.EIllegal, "HH-50")
	refuse(t, s, 2, Move{Type: MovePropose, To: 0, Give: Side{Coins: 10}, Get: Side{Coins: 10}}, harbor.EIllegal, "HH-50")
	for round := 0; round < 3; round++ {
		for _, seat := range []game.Seat{1, 2} {
			if s.Seat() != seat {
				t.Fatalf("seat %d on turn, want %d", s.Seat(), seat)
			}
			rollTo(t, s, seat, 1, 1)
			play(t, s, seat, Move{Type: MoveEnd})
		}
	}
	if len(s.Legal(0, nil)) != 0 {
		t.Fatal("a bankrupt seat has legal moves")
	}
}

func TestHH51_BankruptcyEndsTheOwnTurn(t *testing.T) {
	s := newGame(t, 3, "")
	s.Cash[0] = 10
	s.Pos[0] = 1
	rollTo(t, s, 0, 1, 2) // Dock Levy
	if s.Seat() != 1 || s.Phase != PhaseRoll || s.Turns != 1 {
		t.Fatalf("seat %d phase %v turns %d", s.Seat(), s.Phase, s.Turns)
	}
	t.Run("HH-51 another player's bankruptcy does not end the turn", func(t *testing.T) {
		s := newGame(t, 3, "")
		s.Cash[1] = 5
		putCard(s, 1, 8) // collect 10 from each other player
		rollTo(t, s, 0, 3, 4)
		if !s.Out.Has(1) || s.Seat() != 0 || s.Phase != PhaseEnd || s.Cash[0] != 1515 {
			t.Fatalf("out %v seat %d phase %v cash %v", s.Out, s.Seat(), s.Phase, s.Cash)
		}
		play(t, s, 0, Move{Type: MoveEnd})
		if s.Seat() != 2 {
			t.Fatalf("play passed to seat %d, want 2 (seat 1 is out)", s.Seat())
		}
	})
}

func TestHH52_VoluntaryActionsNeverSell(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 1, 3)
	s.Cash[0] = 50
	rollTo(t, s, 0, 3, 3) // Gull Street, 100
	refuse(t, s, 0, Move{Type: MoveBuy}, harbor.EIllegal, "HH-13")
	refuse(t, s, 0, Move{Type: MoveImprove, Space: 1}, harbor.EIllegal, "HH-31")
	give(s, 1, 0, 9)
	play(t, s, 1, Move{Type: MovePropose, To: 0, Give: Side{Properties: PropertySet(0).With(9)}, Get: Side{Coins: 50}})
	s.Cash[0] = 40
	ev := play(t, s, 0, Move{Type: MoveAccept})
	if len(flows(ev)) != 0 || s.Owner[1] != 0 || s.Owner[3] != 0 || s.LastTrade.Status != TradeFailed {
		t.Fatalf("trade short of cash: flows %+v last %+v", flows(ev), s.LastTrade)
	}
}
