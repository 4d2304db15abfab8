package harborfall

import (
	"harbor"
	"harbor/game"
)

// Trades between players (HF-36, HF-37, HF-42, HF-43, HF-G13). The active
// player offers to one other player or to everyone at once. Every recipient
// answers: accept, decline, or counter with its own terms. An accepted offer
// to one player trades at once; otherwise, once everyone has answered, the
// active player picks one who accepted or countered, or cancels. Every trade
// has the active player on one side.

// Everyone is an offer's recipient seat when it goes to every other player.
const Everyone int8 = -1

// A recipient's answer to an open offer.
const (
	answerWaiting int8 = iota
	answerAccept
	answerDecline
	answerCounter
)

// offerMove reports whether t is a move about a trade between players.
func offerMove(t string) bool {
	switch t {
	case "offer", "accept", "decline", "counter", "pick", "cancel":
		return true
	}
	return false
}

// recipient reports whether seat q was asked by the open offer.
func (s *State) recipient(q int8) bool {
	o := &s.Offer
	return q != o.From && (o.To == Everyone || o.To == q)
}

// waiting is the set of recipients that have not answered the open offer.
func (s *State) waiting() game.SeatSet {
	var set game.SeatSet
	for q := range s.Players {
		if s.recipient(q) && s.Offer.Answers[q] == answerWaiting {
			set = set.With(game.Seat(q))
		}
	}
	return set
}

// offerActors is who the open offer waits on: the recipients still to
// answer, then the active player to pick or cancel.
func (s *State) offerActors() game.SeatSet {
	if w := s.waiting(); w != 0 {
		return w
	}
	return game.Seats(game.Seat(s.Offer.From))
}

// pickTerms is what the active player gives and gets by trading with q:
// the offer's terms if q accepted, q's terms turned round if q countered.
func (s *State) pickTerms(q int8) (give, get Hand, ok bool) {
	o := &s.Offer
	switch o.Answers[q] {
	case answerAccept:
		return o.Give, o.Get, true
	case answerCounter:
		return o.Counters[q].Get, o.Counters[q].Give, true
	}
	return Hand{}, Hand{}, false
}

// checkOfferMove checks a trade move by p, an actor, in any phase.
func (s *State) checkOfferMove(p int8, m Move) error {
	if s.Phase != phaseOffer {
		if m.Type == "offer" {
			return s.checkOffer(p, m)
		}
		return harbor.RuleError("HF-G13", "there is no trade offer to answer").With(game.M("harborfall.err.no_offer"))
	}
	o := &s.Offer
	if p == o.From {
		switch m.Type {
		case "cancel":
			return nil
		case "pick":
			if m.Seat < 0 || m.Seat >= s.Players || !s.recipient(m.Seat) {
				return harbor.RuleError("HF-37", "pick a player your offer went to").With(game.M("harborfall.err.pick_recipient"))
			}
			give, get, ok := s.pickTerms(m.Seat)
			if !ok {
				return harbor.RuleError("HF-G13", "%s did not accept or counter your offer", s.Names[m.Seat]).With(game.M("harborfall.err.pick_no_answer", "who", s.Names[m.Seat]))
			}
			if !s.Hands[p].covers(give) {
				return harbor.RuleError("HF-43", "you do not hold the cards %s asks for", s.Names[m.Seat]).With(game.M("harborfall.err.pick_not_held", "who", s.Names[m.Seat]))
			}
			if !s.Hands[m.Seat].covers(get) {
				return harbor.RuleError("HF-43", "%s no longer holds those cards", s.Names[m.Seat]).With(game.M("harborfall.err.pick_they_lack", "who", s.Names[m.Seat]))
			}
			return nil
		}
		return harbor.RuleError("HF-G13", "pick a player who answered your offer, or cancel it, first").With(game.M("harborfall.err.pick_first"))
	}
	switch m.Type {
	case "accept":
		if !s.Hands[p].covers(o.Get) {
			return harbor.RuleError("HF-43", "you do not hold the cards this offer asks for").With(game.M("harborfall.err.accept_not_held"))
		}
		return nil
	case "decline":
		return nil
	case "counter":
		return s.checkTerms(p, m.Give, m.Get)
	case "pick", "cancel":
		return harbor.RuleError("HF-37", "only %s, who made the offer, can pick or cancel", s.Names[o.From]).With(game.M("harborfall.err.offerer_only", "who", s.Names[o.From]))
	}
	return s.wrongPhase(doThat)
}

// performOffer applies a trade move that checkOfferMove accepted.
func (s *State) performOffer(p int8, m Move, log *game.Log) {
	o := &s.Offer
	switch m.Type {
	case "offer":
		s.Offer = Offer{From: p, To: m.Seat, Give: m.Give, Get: m.Get}
		s.Offers++
		s.Phase = phaseOffer
		if log.On() {
			to, toMsg := "everyone", any(msg("everyone"))
			if m.Seat != Everyone {
				to, toMsg = s.Names[m.Seat], s.Names[m.Seat]
			}
			s.event(log, "offer", p, msg("offers", "who", s.Names[p], "give", handMsg(m.Give), "to", toMsg, "get", handMsg(m.Get)), "%s offers %s to %s for %s", s.Names[p], handText(m.Give), to, handText(m.Get))
		}
		return
	case "accept":
		if o.To != Everyone {
			from, give, get := o.From, o.Give, o.Get
			s.swap(from, p, give, get)
			if log.On() {
				s.event(log, "trade", p, msg("accepted_trade", "who", s.Names[p], "from", s.Names[from], "give", handMsg(give), "get", handMsg(get)), "%s accepted: %s gave %s for %s", s.Names[p], s.Names[from], handText(give), handText(get))
			}
			return
		}
		o.Answers[p] = answerAccept
		if log.On() {
			s.event(log, "accept", p, msg("accepts", "who", s.Names[p]), "%s accepts the offer", s.Names[p])
		}
	case "decline":
		o.Answers[p] = answerDecline
		s.noteDeclined(p)
		if log.On() {
			s.event(log, "decline", p, msg("declined", "who", s.Names[p]), "%s declined the offer", s.Names[p])
		}
	case "counter":
		o.Answers[p] = answerCounter
		o.Counters[p] = CounterTerms{Give: m.Give, Get: m.Get}
		if log.On() {
			s.event(log, "counter", p, msg("counters", "who", s.Names[p], "give", handMsg(m.Give), "get", handMsg(m.Get)), "%s counters: %s for %s", s.Names[p], handText(m.Give), handText(m.Get))
		}
	case "pick":
		from := o.From
		give, get, _ := s.pickTerms(m.Seat)
		s.swap(from, m.Seat, give, get)
		if log.On() {
			s.event(log, "trade", p, msg("traded_with", "who", s.Names[from], "with", s.Names[m.Seat], "give", handMsg(give), "get", handMsg(get)), "%s traded with %s: gave %s for %s", s.Names[from], s.Names[m.Seat], handText(give), handText(get))
		}
		return
	case "cancel":
		s.closeOffer()
		if log.On() {
			s.event(log, "cancel", p, msg("withdrew", "who", s.Names[p]), "%s withdrew the offer", s.Names[p])
		}
		return
	}
	if s.waiting() == 0 && !s.anyTaker() {
		from, to := o.From, o.To
		s.closeOffer()
		if log.On() && to == Everyone {
			s.event(log, "no_trade", from, msg("no_taker", "who", s.Names[from]), "Nobody took %s's offer", s.Names[from])
		}
	}
}

// MaxDeclined is how many declined offers a turn remembers; past it, the
// oldest is forgotten.
const MaxDeclined = 16

// Declined is an offer that To declined this turn, with the number of cards
// To held and the supply as they were then: the same offer to To counts as
// a repeat while both are unchanged (HF-G13). Both are public, so every
// view tells the same. A trade keeps the count but changes the hand: swap
// forgets the offers its two sides declined.
type Declined struct {
	To     int8 `json:"to"`
	Give   Hand `json:"give"`
	Get    Hand `json:"get"`
	Cards  int  `json:"cards"`
	Supply Hand `json:"supply"`
}

// noteDeclined remembers that p declined the open offer.
func (s *State) noteDeclined(p int8) {
	d := Declined{To: p, Give: s.Offer.Give, Get: s.Offer.Get, Cards: s.Hands[p].Total(), Supply: s.Supply}
	if int(s.NumDeclined) == MaxDeclined {
		copy(s.Declined[:], s.Declined[1:])
		s.NumDeclined--
	}
	s.Declined[s.NumDeclined] = d
	s.NumDeclined++
}

// live reports whether d still stands: the offer was declined this turn
// and neither the recipient's cards nor the supply changed since.
func (s *State) live(d *Declined) bool {
	return s.Hands[d.To].Total() == d.Cards && s.Supply == d.Supply
}

// forget drops the declined offers of seat q: its hand changed.
func (s *State) forget(q int8) {
	n := int8(0)
	for i := range s.NumDeclined {
		if s.Declined[i].To != q {
			s.Declined[n] = s.Declined[i]
			n++
		}
	}
	s.NumDeclined = n
}

// declinedAgain reports whether an offer of give for get to seat to repeats
// one that to declined this turn while nothing has changed since. Legal
// leaves such offers out, so no computer player, at any level, asks again.
func (s *State) declinedAgain(to int8, give, get Hand) bool {
	for i := range s.NumDeclined {
		d := &s.Declined[i]
		if d.To == to && d.Give == give && d.Get == get && s.live(d) {
			return true
		}
	}
	return false
}

// anyTaker reports whether a recipient accepted or countered the offer.
func (s *State) anyTaker() bool {
	for q := range s.Players {
		if a := s.Offer.Answers[q]; a == answerAccept || a == answerCounter {
			return true
		}
	}
	return false
}

// swap trades atomically: from gives give to q and receives get, and the
// offer closes.
func (s *State) swap(from, q int8, give, get Hand) {
	s.Hands[from].sub(give)
	s.Hands[q].add(give)
	s.Hands[q].sub(get)
	s.Hands[from].add(get)
	s.forget(from)
	s.forget(q)
	s.closeOffer()
}

func (s *State) closeOffer() {
	s.Offer = Offer{}
	s.Phase = phaseMain
}

// legalOffer lists seat p's moves while an offer is open: a recipient's
// accept (when it holds the cards) and decline, or the active player's
// picks and cancel. Counter-offers are free-form and not listed.
func (s *State) legalOffer(p int8, dst []Move) []Move {
	o := &s.Offer
	if p != o.From {
		dst = append(dst, Move{Type: "decline"})
		if s.Hands[p].covers(o.Get) {
			dst = append(dst, Move{Type: "accept"})
		}
		return dst
	}
	dst = append(dst, Move{Type: "cancel"})
	for q := range s.Players {
		if give, get, ok := s.pickTerms(q); ok && s.Hands[p].covers(give) && s.Hands[q].covers(get) {
			dst = append(dst, Move{Type: "pick", Seat: q})
		}
	}
	return dst
}
