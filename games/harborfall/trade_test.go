package harborfall

import (
	"testing"

	"harbor"
	"harbor/game"
)

func TestHF36_HF42_HF43_PlayerTrade(t *testing.T) {
	s := blank(t, 4)
	give(s, 0, hand(2, 0, 0, 0, 0))
	give(s, 2, hand(0, 0, 0, 1, 0))
	offer := Move{Type: "offer", Seat: 2, Give: hand(2, 0, 0, 0, 0), Get: hand(0, 0, 0, 1, 0)}
	mustFail(t, s, 0, Move{Type: "offer", Seat: 2, Give: hand(2, 0, 0, 0, 0)}, "HF-42")
	mustFail(t, s, 0, Move{Type: "offer", Seat: 2, Get: hand(0, 0, 0, 1, 0)}, "HF-42")
	mustFail(t, s, 0, Move{Type: "offer", Seat: 2, Give: hand(3, 0, 0, 0, 0), Get: hand(0, 0, 0, 1, 0)}, "HF-43")
	mustFail(t, s, 0, Move{Type: "offer", Seat: 0, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 0, 0, 1, 0)}, "HF-36")
	mustFail(t, s, 0, Move{Type: "offer", Seat: 2, Give: hand(1, 0, 0, 0, 0), Get: hand(1, 0, 0, 1, 0)}, "HF-G13")
	mustApply(t, s, 0, offer)
	if s.Actors() != game.Seats(2) {
		t.Fatalf("actors %v", s.Actors().List())
	}
	mustFail(t, s, 0, Move{Type: "end"}, "HF-G13")
	mustApply(t, s, 2, Move{Type: "accept"})
	if s.Hands[0] != hand(0, 0, 0, 1, 0) || s.Hands[2] != hand(2, 0, 0, 0, 0) || s.Phase != phaseMain {
		t.Errorf("hands %v %v", s.Hands[0], s.Hands[2])
	}
	// HF-43: the recipient must hold what is asked.
	mustApply(t, s, 0, Move{Type: "offer", Seat: 1, Give: hand(0, 0, 0, 1, 0), Get: hand(0, 0, 0, 0, 1)})
	if hasMove(s.Legal(1, nil), Move{Type: "accept"}) {
		t.Error("accept listed for a recipient without the cards")
	}
	mustFail(t, s, 1, Move{Type: "accept"}, "HF-43")
	mustApply(t, s, 1, Move{Type: "decline"})
	if s.Hands[0] != hand(0, 0, 0, 1, 0) || s.Phase != phaseMain {
		t.Errorf("decline changed hands: %v", s.Hands[0])
	}
	// HF-G13: offers per turn are capped.
	mustApply(t, s, 0, Move{Type: "offer", Seat: 1, Give: hand(0, 0, 0, 1, 0), Get: hand(0, 0, 0, 0, 1)})
	mustApply(t, s, 1, Move{Type: "decline"})
	mustFail(t, s, 0, Move{Type: "offer", Seat: 1, Give: hand(0, 0, 0, 1, 0), Get: hand(0, 0, 0, 0, 1)}, "HF-G13")
}

func TestHF37_OnlyTheActivePlayerTrades(t *testing.T) {
	s := blank(t, 4)
	give(s, 1, hand(4, 0, 0, 0, 0))
	give(s, 2, hand(0, 1, 0, 0, 0))
	mustFail(t, s, 1, Move{Type: "offer", Seat: 2, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)}, "HF-37")
	mustFail(t, s, 1, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)}, "HF-37")
	if len(s.Legal(1, nil)) != 0 {
		t.Error("a seat off turn has legal moves")
	}
}

func TestHF38_HF39_HF40_HF41_SupplyRates(t *testing.T) {
	// general and brick harbors on the coast of the 19-hex island
	s := blank(t, 3)
	var general, brick int16 = -1, -1
	for c := range int16(s.geo().Corners) {
		switch s.CornerHarbor[c] {
		case GeneralHarbor:
			general = c
		case Brick:
			brick = c
		}
	}
	give(s, 0, hand(8, 8, 0, 0, 0))
	t.Run("HF-38 4 for 1", func(t *testing.T) {
		mustFail(t, s, 0, Move{Type: "bank", Give: hand(3, 0, 0, 0, 0), Get: hand(0, 0, 1, 0, 0)}, "HF-41")
		mustFail(t, s, 0, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(1, 0, 0, 0, 0)}, "HF-G14")
		mustFail(t, s, 0, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(0, 0, 2, 0, 0)}, "HF-G14")
		mustApply(t, s, 0, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(0, 0, 1, 0, 0)})
		if s.Hands[0] != hand(4, 8, 1, 0, 0) {
			t.Errorf("hand %v", s.Hands[0])
		}
	})
	t.Run("HF-39 3 for 1 at a general harbor", func(t *testing.T) {
		build(s, 0, general, false)
		mustFail(t, s, 0, Move{Type: "bank", Give: hand(0, 4, 0, 0, 0), Get: hand(0, 0, 1, 0, 0)}, "HF-41")
		mustApply(t, s, 0, Move{Type: "bank", Give: hand(0, 3, 0, 0, 0), Get: hand(0, 0, 1, 0, 0)})
	})
	t.Run("HF-40 HF-41 2 for 1 at a matching harbor", func(t *testing.T) {
		build(s, 0, brick, false)
		mustApply(t, s, 0, Move{Type: "bank", Give: hand(2, 0, 0, 0, 0), Get: hand(0, 0, 0, 0, 1)})
		mustFail(t, s, 0, Move{Type: "bank", Give: hand(0, 2, 0, 0, 0), Get: hand(0, 0, 0, 0, 1)}, "HF-41")
		if v := s.View(0); v.Me.Rates != hand(2, 3, 3, 3, 3) {
			t.Errorf("rates %v", v.Me.Rates)
		}
	})
	t.Run("HF-G14 the supply must hold the card", func(t *testing.T) {
		give(s, 1, hand(0, 0, 0, s.Supply[Grain], 0))
		mustFail(t, s, 0, Move{Type: "bank", Give: hand(2, 0, 0, 0, 0), Get: hand(0, 0, 0, 1, 0)}, "HF-G14")
	})
}

func TestHF44_NoTradeOnExtraBuildTurn(t *testing.T) {
	s := blank(t, 5)
	give(s, 1, hand(4, 0, 0, 0, 0))
	give(s, 2, hand(0, 1, 0, 0, 0))
	mustApply(t, s, 0, Move{Type: "end"})
	if s.Phase != phaseSpecial || s.Special != 1 {
		t.Fatalf("phase %s special %d", phaseNames[s.Phase], s.Special)
	}
	mustFail(t, s, 1, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)}, "HF-44")
	mustFail(t, s, 1, Move{Type: "offer", Seat: 2, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)}, "HF-44")
}

// TestHF36_FreeFormOfferAsJSON: an offer Legal does not list (two for one)
// is accepted through the type-erased game, as the table server sends it.
func TestHF36_FreeFormOfferAsJSON(t *testing.T) {
	g, err := Definition.New(config(4, 21))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := game.StateOf[*State, Move, View](g)
	for s.Phase == phaseSetup {
		seat := s.Actors().First()
		if err := g.Apply(seat, []byte(encode(t, g.Legal(seat)[0])), nil); err != nil {
			t.Fatal(err)
		}
	}
	p := s.Active
	s.Phase = phaseMain
	s.Hands[p] = hand(2, 0, 0, 0, 0)
	to := (p + 1) % 4
	s.Hands[to] = hand(0, 0, 0, 1, 0)
	if !s.View(game.Seat(p)).CanOffer || s.View(game.Seat(to)).CanOffer {
		t.Error("canOffer should be set for the active player only")
	}
	offer := []byte(`{"type":"offer","seat":` + string(rune('0'+to)) + `,"give":[2,0,0,0,0],"get":[0,0,0,1,0]}`)
	if err := g.Apply(game.Seat(p), offer, nil); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(game.Seat(to), []byte(`{"type":"accept"}`), nil); err != nil {
		t.Fatal(err)
	}
	if s.Hands[p] != hand(0, 0, 0, 1, 0) || s.Hands[to] != hand(2, 0, 0, 0, 0) {
		t.Errorf("hands %v %v", s.Hands[p], s.Hands[to])
	}
	if err := g.Apply(game.Seat(p), []byte(`{"type":"offer","bogus":1}`), nil); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Errorf("malformed move: %v", err)
	}
}

func TestHFG13_OfferToEveryone(t *testing.T) {
	offer := Move{Type: "offer", Seat: Everyone, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 0, 0, 1, 0)}
	deal := func(t *testing.T) *State {
		s := blank(t, 4)
		give(s, 0, hand(1, 0, 0, 0, 0))
		give(s, 1, hand(0, 0, 0, 1, 0))
		give(s, 2, hand(0, 0, 0, 1, 0))
		give(s, 3, hand(0, 0, 1, 0, 0))
		mustApply(t, s, 0, offer)
		return s
	}
	t.Run("HF-36 every other player answers at once", func(t *testing.T) {
		s := deal(t)
		if s.Actors() != game.Seats(1, 2, 3) {
			t.Fatalf("actors %v, want 1 2 3", s.Actors().List())
		}
		mustFail(t, s, 0, Move{Type: "pick", Seat: 1}, "HF-G13")
		mustFail(t, s, 3, Move{Type: "accept"}, "HF-43")
		mustApply(t, s, 2, Move{Type: "accept"})
		mustApply(t, s, 1, Move{Type: "accept"})
		mustFail(t, s, 1, Move{Type: "decline"}, "HF-G13")
		if s.Actors() != game.Seats(3) {
			t.Fatalf("actors %v, want 3", s.Actors().List())
		}
		mustApply(t, s, 3, Move{Type: "decline"})
		if s.Actors() != game.Seats(0) || s.Phase != phaseOffer {
			t.Fatalf("actors %v phase %d: the offerer should pick", s.Actors().List(), s.Phase)
		}
		legal := s.Legal(0, nil)
		for _, m := range []Move{{Type: "cancel"}, {Type: "pick", Seat: 1}, {Type: "pick", Seat: 2}} {
			if !hasMove(legal, m) {
				t.Errorf("%+v not listed in %v", m, legal)
			}
		}
		if hasMove(legal, Move{Type: "pick", Seat: 3}) {
			t.Error("a seat that declined can be picked")
		}
	})
	t.Run("HF-37 the offerer picks one who accepted", func(t *testing.T) {
		s := deal(t)
		mustApply(t, s, 1, Move{Type: "accept"})
		mustApply(t, s, 2, Move{Type: "accept"})
		mustApply(t, s, 3, Move{Type: "decline"})
		mustFail(t, s, 0, Move{Type: "pick", Seat: 3}, "HF-G13")
		mustFail(t, s, 0, Move{Type: "end"}, "HF-G13")
		mustApply(t, s, 0, Move{Type: "pick", Seat: 2})
		if s.Hands[0] != hand(0, 0, 0, 1, 0) || s.Hands[2] != hand(1, 0, 0, 0, 0) || s.Hands[1] != hand(0, 0, 0, 1, 0) {
			t.Errorf("hands %v %v %v", s.Hands[0], s.Hands[1], s.Hands[2])
		}
		if s.Phase != phaseMain || s.Actors() != game.Seats(0) {
			t.Errorf("phase %d after the trade", s.Phase)
		}
	})
	t.Run("HF-G13 nobody takes it: the offer closes", func(t *testing.T) {
		s := deal(t)
		for _, q := range []int8{1, 2, 3} {
			mustApply(t, s, q, Move{Type: "decline"})
		}
		if s.Phase != phaseMain || s.Hands[0] != hand(1, 0, 0, 0, 0) {
			t.Errorf("phase %d hand %v", s.Phase, s.Hands[0])
		}
	})
	t.Run("HF-G13 the offerer may cancel", func(t *testing.T) {
		s := deal(t)
		mustApply(t, s, 1, Move{Type: "accept"})
		mustApply(t, s, 2, Move{Type: "accept"})
		mustApply(t, s, 3, Move{Type: "decline"})
		mustFail(t, s, 1, Move{Type: "cancel"}, "HF-G13")
		mustApply(t, s, 0, Move{Type: "cancel"})
		if s.Phase != phaseMain || s.Hands[0] != hand(1, 0, 0, 0, 0) {
			t.Errorf("cancel traded: phase %d hand %v", s.Phase, s.Hands[0])
		}
	})
}

func TestHFG13_CounterOffer(t *testing.T) {
	t.Run("HF-G13 a counter goes back to the offerer, who may take it", func(t *testing.T) {
		s := blank(t, 4)
		give(s, 0, hand(2, 1, 0, 0, 0))
		give(s, 1, hand(0, 0, 0, 0, 2))
		mustApply(t, s, 0, Move{Type: "offer", Seat: 1, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 0, 0, 0, 2)})
		mustFail(t, s, 1, Move{Type: "counter", Give: hand(0, 0, 0, 0, 3), Get: hand(2, 0, 0, 0, 0)}, "HF-43")
		mustFail(t, s, 1, Move{Type: "counter", Give: hand(0, 0, 0, 0, 1)}, "HF-42")
		mustFail(t, s, 1, Move{Type: "counter", Give: hand(0, 0, 0, 0, 1), Get: hand(0, 0, 0, 0, 1)}, "HF-G13")
		mustApply(t, s, 1, Move{Type: "counter", Give: hand(0, 0, 0, 0, 2), Get: hand(2, 0, 0, 0, 0)})
		if s.Actors() != game.Seats(0) {
			t.Fatalf("actors %v, want the offerer", s.Actors().List())
		}
		if !hasMove(s.Legal(0, nil), Move{Type: "pick", Seat: 1}) {
			t.Fatal("the counter cannot be picked")
		}
		mustApply(t, s, 0, Move{Type: "pick", Seat: 1})
		if s.Hands[0] != hand(0, 1, 0, 0, 2) || s.Hands[1] != hand(2, 0, 0, 0, 0) || s.Phase != phaseMain {
			t.Errorf("hands %v %v phase %d", s.Hands[0], s.Hands[1], s.Phase)
		}
		if s.Offers != 1 {
			t.Errorf("a counter counted as an offer: %d", s.Offers)
		}
	})
	t.Run("HF-43 a counter asking for cards the offerer lacks cannot be picked", func(t *testing.T) {
		s := blank(t, 4)
		give(s, 0, hand(1, 0, 0, 0, 0))
		give(s, 2, hand(0, 0, 3, 0, 0))
		mustApply(t, s, 0, Move{Type: "offer", Seat: Everyone, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 0, 1, 0, 0)})
		mustApply(t, s, 1, Move{Type: "decline"})
		mustApply(t, s, 2, Move{Type: "counter", Give: hand(0, 0, 2, 0, 0), Get: hand(0, 3, 0, 0, 0)})
		mustApply(t, s, 3, Move{Type: "decline"})
		if hasMove(s.Legal(0, nil), Move{Type: "pick", Seat: 2}) {
			t.Error("an unaffordable counter is listed")
		}
		mustFail(t, s, 0, Move{Type: "pick", Seat: 2}, "HF-43")
		mustApply(t, s, 0, Move{Type: "cancel"})
	})
	t.Run("HF-37 only the offerer picks, only recipients answer", func(t *testing.T) {
		s := blank(t, 4)
		give(s, 0, hand(1, 0, 0, 0, 0))
		give(s, 1, hand(0, 1, 0, 0, 0))
		mustFail(t, s, 0, Move{Type: "counter", Give: hand(1, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)}, "HF-G13")
		mustApply(t, s, 0, Move{Type: "offer", Seat: 1, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)})
		mustFail(t, s, 2, Move{Type: "counter", Give: hand(0, 0, 1, 0, 0), Get: hand(1, 0, 0, 0, 0)}, "HF-G13")
		mustFail(t, s, 1, Move{Type: "pick", Seat: 1}, "HF-37")
	})
}

// TestHFG12_NoTradeWhileTheTurnIsElsewhere: the active player trades only
// in the main part of its turn (HF-G12). Before the roll, while discards
// are pending (HF-30), while the robber is to be moved (HF-32) or a victim
// picked (HF-33), and while the roads of a Free roads card are being
// placed (HF-57), neither an offer to another player nor a trade with the
// supply is listed or accepted, each refusal naming the step still to
// finish, and the view does not invite an offer.
func TestHFG12_NoTradeWhileTheTurnIsElsewhere(t *testing.T) {
	for _, c := range []struct {
		clause string
		phase  int8
	}{
		{"HF-G12", phaseRoll},
		{"HF-30", phaseDiscard},
		{"HF-32", phaseRobber},
		{"HF-33", phaseSteal},
		{"HF-57", phaseRoads},
	} {
		t.Run(c.clause+" "+phaseNames[c.phase], func(t *testing.T) {
			s := blank(t, 4)
			give(s, 0, hand(4, 1, 0, 0, 0))
			give(s, 2, hand(0, 0, 0, 1, 0))
			s.Phase = c.phase
			if c.phase == phaseDiscard {
				s.Owed[0] = 1 // the active player owes a card: it is an actor
			}
			if c.phase == phaseRoads {
				s.FreeRoads = 2
			}
			for _, m := range s.Legal(0, nil) {
				if m.Type == "offer" || m.Type == "bank" {
					t.Fatalf("%s listed during %s", m.Type, phaseNames[c.phase])
				}
			}
			if s.View(0).CanOffer {
				t.Fatalf("the view invites offers during %s", phaseNames[c.phase])
			}
			mustFail(t, s, 0, Move{Type: "offer", Seat: 2, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 0, 0, 1, 0)}, c.clause)
			mustFail(t, s, 0, Move{Type: "offer", Seat: Everyone, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 0, 0, 1, 0)}, c.clause)
			mustFail(t, s, 0, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(0, 0, 1, 0, 0)}, c.clause)
		})
	}
}
