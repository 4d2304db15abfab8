package holdings

import (
	"encoding/json"
	"testing"

	"harbor"
	"harbor/game"
)

func props(spaces ...int) PropertySet {
	var p PropertySet
	for _, sp := range spaces {
		p = p.With(sp)
	}
	return p
}

// offer is Ben offering Rope Walk to Ana for 100 Coins.
func offer(s *State) Move {
	s.Owner[9] = 1
	return Move{Type: MovePropose, To: 0, Give: Side{Properties: props(9)}, Get: Side{Coins: 100}}
}

func TestHH53_AnyActivePlayerMayProposeAnyTime(t *testing.T) {
	s := newGame(t, 3, "")
	play(t, s, 1, offer(s)) // on Ana's turn, before her roll
	if !s.Trade.Open || s.Trade.From != 1 || s.Trade.To != 0 || s.Actors() != game.Seats(0) {
		t.Fatalf("trade %+v actors %v", s.Trade, s.Actors())
	}
	play(t, s, 0, Move{Type: MoveDecline})
	rollTo(t, s, 0, 3, 3)
	play(t, s, 2, Move{Type: MovePropose, To: 1, Give: Side{Coins: 5}, Get: Side{Properties: props(9)}})
	if s.Actors() != game.Seats(0, 1) {
		t.Fatalf("actors %v, want the seat on turn and the recipient", s.Actors())
	}
	if v := s.View(2); v.CanPropose || v.CanCounter {
		t.Fatal("view offers a proposal while a trade is open")
	}
}

func TestHH54_OneTradeOpenAtATime(t *testing.T) {
	s := newGame(t, 3, "")
	play(t, s, 1, offer(s))
	refuse(t, s, 2, Move{Type: MovePropose, To: 0, Give: Side{Coins: 5}, Get: Side{Coins: 6}}, harbor.EIllegal, "HH-54")
	refuse(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Coins: 5}, Get: Side{Coins: 6}}, harbor.EIllegal, "HH-54")
}

func TestHH55_TermsOfAProposal(t *testing.T) {
	s := newGame(t, 3, "")
	give(s, 0, 0, 1, 3)
	give(s, 1, 0, 6, 8, 12)
	play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Properties: props(1, 3), Coins: 40}, Get: Side{Properties: props(6, 8, 12), Coins: 10}})
	play(t, s, 0, Move{Type: MoveCancel})
	for _, tc := range []struct {
		name string
		m    Move
		rule string
	}{
		{"HH-55 nothing given", Move{Type: MovePropose, To: 1, Get: Side{Coins: 10}}, "HH-55"},
		{"HH-55 nothing asked", Move{Type: MovePropose, To: 1, Give: Side{Coins: 10}}, "HH-55"},
		{"HH-55 negative coins", Move{Type: MovePropose, To: 1, Give: Side{Coins: -10}, Get: Side{Coins: 10}}, "HH-55"},
		{"HH-55 to yourself", Move{Type: MovePropose, To: 0, Give: Side{Coins: 10}, Get: Side{Coins: 10}}, "HH-55"},
		{"HH-55 to nobody", Move{Type: MovePropose, To: 5, Give: Side{Coins: 10}, Get: Side{Coins: 10}}, "HH-55"},
		{"HH-55 not a district", Move{Type: MovePropose, To: 1, Give: Side{Properties: props(10)}, Get: Side{Coins: 10}}, "HH-55"},
		{"HH-55 not yours", Move{Type: MovePropose, To: 1, Give: Side{Properties: props(6)}, Get: Side{Coins: 10}}, "HH-60"},
		{"HH-55 not theirs", Move{Type: MovePropose, To: 1, Give: Side{Coins: 10}, Get: Side{Properties: props(1)}}, "HH-60"},
		{"HH-55 more coins than you have", Move{Type: MovePropose, To: 1, Give: Side{Coins: 1501}, Get: Side{Coins: 10}}, "HH-60"},
	} {
		t.Run(tc.name, func(t *testing.T) { refuse(t, s, 0, tc.m, harbor.EIllegal, tc.rule) })
	}
	t.Run("HH-55 option oneSidedTrades allows a gift", func(t *testing.T) {
		s := newGame(t, 2, `{"oneSidedTrades":true}`)
		play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Coins: 10}})
		play(t, s, 1, Move{Type: MoveAccept})
		if s.Cash[1] != 1510 {
			t.Fatalf("gift not received: %v", s.Cash)
		}
		refuse(t, s, 0, Move{Type: MovePropose, To: 1}, harbor.EIllegal, "HH-55")
	})
	t.Run("HH-55 a property listed twice is malformed", func(t *testing.T) {
		g, err := Definition.New(setupConfig(2, 1))
		if err != nil {
			t.Fatal(err)
		}
		err = g.Apply(0, json.RawMessage(`{"type":"propose","to":1,"give":{"properties":[1,1]},"get":{"coins":5}}`), nil)
		if harbor.ErrorCode(err) != harbor.EInvalid {
			t.Fatalf("got %v", err)
		}
	})
}

func TestHH56_RecipientAcceptsDeclinesOrCounters(t *testing.T) {
	s := newGame(t, 3, "")
	play(t, s, 1, offer(s))
	refuse(t, s, 2, Move{Type: MoveAccept}, harbor.EIllegal, "HH-56")
	refuse(t, s, 1, Move{Type: MoveAccept}, harbor.EIllegal, "HH-56")
	refuse(t, s, 2, Move{Type: MoveDecline}, harbor.EIllegal, "HH-56")
	if legal := s.Legal(0, nil); legal[0].Type != MoveAccept || legal[1].Type != MoveDecline {
		t.Fatalf("recipient's legal moves %+v", legal)
	}
	if !s.View(0).CanCounter || s.View(1).CanCounter {
		t.Fatal("only the recipient may counter")
	}
	play(t, s, 0, Move{Type: MoveDecline})
	if s.Trade.Open || s.LastTrade.Status != TradeDeclined || s.Owner[9] != 1 {
		t.Fatalf("after decline: %+v %+v", s.Trade, s.LastTrade)
	}
}

func TestHH57_ProposerCancels(t *testing.T) {
	s := newGame(t, 3, "")
	play(t, s, 1, offer(s))
	refuse(t, s, 0, Move{Type: MoveCancel}, harbor.EIllegal, "HH-57")
	refuse(t, s, 2, Move{Type: MoveCancel}, harbor.EIllegal, "HH-57")
	if legal := s.Legal(1, nil); len(legal) != 1 || legal[0].Type != MoveCancel {
		t.Fatalf("proposer's legal moves %+v", legal)
	}
	ev := play(t, s, 1, Move{Type: MoveCancel})
	if s.Trade.Open || s.LastTrade.Status != TradeCancelled || len(flows(ev)) != 0 {
		t.Fatalf("after cancel: %+v", s.LastTrade)
	}
}

func TestHH58_TradesStayOpenAcrossTurns(t *testing.T) {
	s := newGame(t, 2, "")
	play(t, s, 1, offer(s))
	for i := 0; i < 6; i++ {
		seat := s.Seat()
		rollTo(t, s, seat, 1, 1)
		play(t, s, seat, Move{Type: MoveEnd})
	}
	if !s.Trade.Open || s.Turns != 6 {
		t.Fatalf("after 6 turns: %+v", s.Trade)
	}
	play(t, s, 0, Move{Type: MoveAccept})
	if s.Owner[9] != 0 {
		t.Fatal("the long-open trade did not execute")
	}
}

func TestHH59_CounterSwapsRoles(t *testing.T) {
	s := newGame(t, 3, "")
	play(t, s, 1, offer(s))
	refuse(t, s, 1, Move{Type: MoveCounter, Give: Side{Coins: 1}, Get: Side{Coins: 2}}, harbor.EIllegal, "HH-59")
	refuse(t, s, 2, Move{Type: MoveCounter, Give: Side{Coins: 1}, Get: Side{Coins: 2}}, harbor.EIllegal, "HH-59")
	refuse(t, s, 0, Move{Type: MoveCounter, Give: Side{Coins: 80}}, harbor.EIllegal, "HH-55")
	play(t, s, 0, Move{Type: MoveCounter, Give: Side{Coins: 80}, Get: Side{Properties: props(9)}})
	if !s.Trade.Open || s.Trade.From != 0 || s.Trade.To != 1 || s.Trade.Give.Coins != 80 || s.Trade.Get.Properties != props(9) {
		t.Fatalf("after counter: %+v", s.Trade)
	}
	play(t, s, 1, Move{Type: MoveAccept})
	if s.Owner[9] != 0 || s.Cash[0] != 1420 || s.Cash[1] != 1580 {
		t.Fatalf("countered trade: owner %d cash %v", s.Owner[9], s.Cash)
	}
}

// TestHH60_RecheckFailsOnCash reproduces a failed recheck with forced dice:
// Ben offers Rope Walk for 1,450 Coins; Ana then rolls 1+3 onto Dock Levy,
// drops to 1,400 and accepts: the trade fails and nothing moves.
func TestHH60_RecheckFailsOnCash(t *testing.T) {
	s := newGame(t, 2, "")
	s.Owner[9] = 1
	play(t, s, 1, Move{Type: MovePropose, To: 0, Give: Side{Properties: props(9)}, Get: Side{Coins: 1450}})
	rollTo(t, s, 0, 1, 3)
	if s.Pos[0] != 4 || s.Cash[0] != 1400 {
		t.Fatalf("at %d with %d", s.Pos[0], s.Cash[0])
	}
	before := s.Cash
	ev := play(t, s, 0, Move{Type: MoveAccept})
	if s.Trade.Open || s.LastTrade != (TradeOutcome{Status: TradeFailed, Reason: "short_cash", Seat: 0, Space: -1}) {
		t.Fatalf("last trade %+v", s.LastTrade)
	}
	if s.Owner[9] != 1 || s.Cash != before || len(flows(ev)) != 0 {
		t.Fatal("something moved in a failed trade")
	}
	refuse(t, s, 0, Move{Type: MoveAccept}, harbor.EIllegal, "HH-56")
}

// TestHH60_RecheckFailsOnOwnership: Ben offers Gull Street, then rolls 2+2
// from Shipwright Avenue onto Ana's Harbor Heights and the automatic sale
// takes Gull Street; Ana's acceptance fails its recheck.
func TestHH60_RecheckFailsOnOwnership(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 0, 6)
	give(s, 0, 0, 37, 39)
	play(t, s, 1, Move{Type: MovePropose, To: 0, Give: Side{Properties: props(6)}, Get: Side{Coins: 100}})
	rollTo(t, s, 0, 1, 1)
	play(t, s, 0, Move{Type: MoveEnd})
	s.Cash[1] = 60
	s.Pos[1] = 35
	rollTo(t, s, 1, 2, 2)
	if s.Owner[6] != -1 || s.Out.Has(1) || !s.Trade.Open {
		t.Fatalf("Gull Street owner %d, trade %+v", s.Owner[6], s.Trade)
	}
	ev := play(t, s, 0, Move{Type: MoveAccept})
	if s.LastTrade != (TradeOutcome{Status: TradeFailed, Reason: "not_owner", Seat: 1, Space: 6}) || len(flows(ev)) != 0 || s.Owner[6] != -1 {
		t.Fatalf("last trade %+v", s.LastTrade)
	}
}

func TestHH61_EverythingMovesTogether(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 1, 3)
	give(s, 1, 0, 5, 15)
	play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Properties: props(1, 3), Coins: 30}, Get: Side{Properties: props(5, 15), Coins: 10}})
	ev := play(t, s, 1, Move{Type: MoveAccept})
	if s.Owner[1] != 1 || s.Owner[3] != 1 || s.Owner[5] != 0 || s.Owner[15] != 0 || s.Cash[0] != 1480 || s.Cash[1] != 1520 {
		t.Fatalf("owners %v cash %v", s.Owner, s.Cash)
	}
	if !hasFlow(ev, 0, 1, 30, "trade") || !hasFlow(ev, 1, 0, 10, "trade") || s.LastTrade.Status != TradeAccepted {
		t.Fatalf("flows %+v", flows(ev))
	}
}

func TestHH62_FailedTradeClosesWithAReason(t *testing.T) {
	s := newGame(t, 2, "")
	play(t, s, 1, offer(s))
	s.Owner[9] = -1
	var log game.Log
	if err := s.Apply(0, Move{Type: MoveAccept}, &log); err != nil {
		t.Fatal(err)
	}
	last := log.Events[len(log.Events)-1]
	if s.Trade.Open || last.Type != "trade_closed" || last.Text != "The trade between Ben and Ana failed: Ben no longer owns Rope Walk" {
		t.Fatalf("event %+v", last)
	}
	play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Coins: 1}, Get: Side{Coins: 2}})
}

func TestHH63_ImprovementsGoWithTheProperty(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 3, 9)
	play(t, s, 1, Move{Type: MovePropose, To: 0, Give: Side{Properties: props(9)}, Get: Side{Coins: 400}})
	play(t, s, 0, Move{Type: MoveAccept})
	if s.Owner[9] != 0 || s.Level[9] != 3 || s.NetWorth(0) != 1100+120+210 {
		t.Fatalf("owner %d level %d worth %d", s.Owner[9], s.Level[9], s.NetWorth(0))
	}
}

func TestHH64_GroupDoublingFollowsTheTrade(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 6, 8)
	give(s, 1, 0, 9)
	if s.Rent(6) != 6 || s.Rent(9) != 8 {
		t.Fatal("doubling before the trade")
	}
	play(t, s, 1, Move{Type: MovePropose, To: 0, Give: Side{Properties: props(9)}, Get: Side{Coins: 120}})
	play(t, s, 0, Move{Type: MoveAccept})
	if s.Rent(6) != 12 || s.Rent(9) != 16 {
		t.Fatalf("rents after the trade %d %d", s.Rent(6), s.Rent(9))
	}
}

func TestHH65_DeclineOrCancelFreesTheTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		seat game.Seat
		move string
	}{{"HH-65 decline", 0, MoveDecline}, {"HH-65 cancel", 1, MoveCancel}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, 3, "")
			play(t, s, 1, offer(s))
			ev := play(t, s, tc.seat, Move{Type: tc.move})
			if s.Trade.Open || len(flows(ev)) != 0 || s.Owner[9] != 1 || !s.View(2).CanPropose {
				t.Fatalf("after %s: %+v", tc.move, s.Trade)
			}
			play(t, s, 2, Move{Type: MovePropose, To: 1, Give: Side{Coins: 5}, Get: Side{Properties: props(9)}})
		})
	}
}
