package harborfall

import (
	"testing"

	"harbor/game"
)

// afterDecline plays a seeded four-player game with the rule-based players
// until an offer made to one player is declined and the offerer is to move
// again in its main phase. It returns that position and the declined offer.
func afterDecline(t *testing.T) (*State, Offer) {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		s := newGame(t, 4, seed)
		bots := make([]*Bot, 4)
		for i := range bots {
			bots[i] = NewBot(vseat(i), seed)
		}
		for step := 0; step < 3000 && s.Phase != phaseOver; step++ {
			seat := s.Actors().List()[0]
			m := bots[seat].Choose(s.View(seat), s.Legal(seat, nil))
			o := s.Offer
			mustApply(t, s, int8(seat), m)
			if m.Type == "decline" && o.To != Everyone && s.Phase == phaseMain && s.Active == o.From {
				return s, o
			}
		}
	}
	t.Fatal("no declined offer in 200 games")
	return nil, Offer{}
}

// repeats reports whether m is offer o again, to the player who declined it.
func repeats(m Move, o Offer) bool {
	return m.Type == "offer" && m.Seat == o.To && m.Give == o.Give && m.Get == o.Get
}

// TestHFG13_DeclinedOfferIsNotListedAgain: once a player declines an offer,
// Legal does not list the same offer to them again that turn, while the
// same terms to another player stay listed.
func TestHFG13_DeclinedOfferIsNotListedAgain(t *testing.T) {
	s, o := afterDecline(t)
	legal := s.Legal(game.Seat(o.From), nil)
	other := Move{Type: "offer", Seat: -1, Give: o.Give, Get: o.Get}
	for _, m := range legal {
		if repeats(m, o) {
			t.Fatalf("Legal lists the declined offer %+v to seat %d again", o, o.To)
		}
		if m.Type == "offer" && m.Seat != o.To && m.Give == o.Give && m.Get == o.Get {
			other = m
		}
	}
	if other.Seat < 0 {
		t.Errorf("the same terms to the other players are no longer listed")
	}
}

// TestHFG13_ComputersDoNotRepeatADeclinedOffer: right after a player
// declines a computer's offer, no computer player of any level makes the
// same offer to that player again, though it is made afresh (as after a
// restart of the server) and so remembers nothing of the turn itself.
func TestHFG13_ComputersDoNotRepeatADeclinedOffer(t *testing.T) {
	s, o := afterDecline(t)
	seat := game.Seat(o.From)
	v := s.View(seat)
	legal := s.Legal(seat, nil)
	budget := func() game.Budget { return game.Budget{Rollouts: 48} }
	for seed := range uint64(60) {
		players := []game.Bot[Move, View]{game.NewEasyBot[Move, View](NewBot(seat, seed), seed), NewBot(seat, seed)}
		if seed < 6 {
			players = append(players, game.NewSearchBot(Rules, seat, seed, budget))
		}
		for i, b := range players {
			if m := b.Choose(v, legal); repeats(m, o) {
				t.Fatalf("%s computer (seed %d) offers seat %d %v for %v again right after the decline", []game.Level{game.LevelEasy, game.LevelNormal, game.LevelHard}[i], seed, o.To, o.Give, o.Get)
			}
		}
	}
}

// TestHFG13_DeclinedOfferMayComeBackOnceSomethingChanged: the declined
// offer is listed again once the recipient's cards change, and on a new
// turn.
func TestHFG13_DeclinedOfferMayComeBackOnceSomethingChanged(t *testing.T) {
	s, o := afterDecline(t)
	again := Move{Type: "offer", Seat: o.To, Give: o.Give, Get: o.Get}
	changed := s.Clone()
	changed.Hands[o.To][0]++
	changed.Supply[0]--
	if int(changed.Offers) < changed.Opts.OffersPerTurn && !hasMove(changed.Legal(game.Seat(o.From), nil), again) {
		t.Error("the offer stays left out after the recipient's cards changed")
	}
	if n := s.View(game.Seat(o.From)).NumDeclined; n == 0 {
		t.Error("the offerer's view does not list the declined offer")
	}
	next := s.Clone()
	next.nextTurn(nil)
	if next.NumDeclined != 0 || next.View(0).NumDeclined != 0 {
		t.Error("a new turn still remembers the last turn's declined offers")
	}
}
