package harborfall

import "harbor/game"

// Move is a Harborfall move, {"type": ...} with the fields its type uses:
//
//	settlement, road, city  at: corner or edge (free in setup and for Free roads)
//	buy                     a development card
//	roll, end               roll the dice; end the turn or the extra build turn
//	discard                 give: the cards to discard (some or all that are owed)
//	robber                  at: the hex to move the robber to
//	steal                   seat: the rival to steal from
//	bank                    give: rate × one resource; get: one card of another
//	offer                   seat: the recipient, or -1 for everyone; give, get: what the offerer gives and gets
//	accept, decline         a recipient's answer to the open offer
//	counter                 a recipient's own terms: give, get from its side
//	pick, cancel            the offerer trades with seat (who accepted or countered), or withdraws
//	play_steal, play_roads  play Move & steal or Free roads
//	play_harvest            get: the cards to take (two, or what the supply has)
//	play_forced             res: the resource every other player hands over
//
// Resources are numbered brick 0, lumber 1, wool 2, grain 3, ore 4; hands
// are [brick, lumber, wool, grain, ore] counts.
type Move struct {
	Type string `json:"type"`
	At   int16  `json:"at,omitzero"`
	Seat int8   `json:"seat,omitzero"`
	Res  int8   `json:"res,omitzero"`
	Give Hand   `json:"give,omitzero"`
	Get  Hand   `json:"get,omitzero"`
}

// Actors is the active player, or every seat that still owes a discard, or
// the recipient of an open offer, or the seat on its extra build turn.
func (s *State) Actors() game.SeatSet {
	switch s.Phase {
	case phaseOver:
		return 0
	case phaseDiscard:
		var set game.SeatSet
		for p := range s.n() {
			if s.Owed[p] > 0 {
				set = set.With(game.Seat(p))
			}
		}
		return set
	case phaseOffer:
		return s.offerActors()
	case phaseSpecial:
		return game.Seats(game.Seat(s.Special))
	}
	return game.Seats(game.Seat(s.Active))
}

// Legal lists seat's moves. Trade offers are free-form: Legal lists only the
// one-for-one offers, and Apply accepts any offer that follows the rules.
func (s *State) Legal(seat game.Seat, dst []Move) []Move {
	if !s.Actors().Has(seat) {
		return dst
	}
	p := int8(seat)
	g := s.geo()
	switch s.Phase {
	case phaseSetup:
		if s.SetupCorner < 0 {
			for c := range int16(g.Corners) {
				if s.cornerFree(c) {
					dst = append(dst, Move{Type: "settlement", At: c})
				}
			}
			return dst
		}
		for _, e := range g.cornerEdges[s.SetupCorner] {
			if s.Road[e] < 0 {
				dst = append(dst, Move{Type: "road", At: e})
			}
		}
	case phaseRoll:
		dst = append(dst, Move{Type: "roll"})
		if s.Opts.PreRollCards {
			dst = s.legalCards(p, dst)
		}
	case phaseDiscard:
		for r := range NumResources {
			if s.Hands[p][r] > 0 {
				var h Hand
				h[r] = 1
				dst = append(dst, Move{Type: "discard", Give: h})
			}
		}
	case phaseRobber:
		for h := range int8(g.Hexes) {
			if h != s.Robber {
				dst = append(dst, Move{Type: "robber", At: int16(h)})
			}
		}
	case phaseSteal:
		v := s.victims(p, s.Robber)
		for o := range s.Players {
			if v&(1<<o) != 0 {
				dst = append(dst, Move{Type: "steal", Seat: o})
			}
		}
	case phaseMain:
		dst = append(dst, Move{Type: "end"})
		dst = s.legalBuilds(p, dst)
		dst = s.legalCards(p, dst)
		dst = s.legalTrades(p, dst)
	case phaseRoads:
		for e := range int16(g.Edges) {
			if s.canRoad(p, e) {
				dst = append(dst, Move{Type: "road", At: e})
			}
		}
	case phaseOffer:
		dst = s.legalOffer(p, dst)
	case phaseSpecial:
		dst = append(dst, Move{Type: "end"})
		dst = s.legalBuilds(p, dst)
	}
	return dst
}

// legalBuilds lists the roads, settlements, cities and card purchases p can
// afford now.
func (s *State) legalBuilds(p int8, dst []Move) []Move {
	g, hand := s.geo(), s.Hands[p]
	if s.Roads[p] > 0 && hand.covers(cost[costRoad]) {
		for e := range int16(g.Edges) {
			if s.canRoad(p, e) {
				dst = append(dst, Move{Type: "road", At: e})
			}
		}
	}
	if s.Settlements[p] > 0 && hand.covers(cost[costSettlement]) {
		for c := range int16(g.Corners) {
			if s.canSettle(p, c) {
				dst = append(dst, Move{Type: "settlement", At: c})
			}
		}
	}
	if s.Cities[p] > 0 && hand.covers(cost[costCity]) {
		for c := range int16(g.Corners) {
			if s.Owner[c] == p && !s.City[c] {
				dst = append(dst, Move{Type: "city", At: c})
			}
		}
	}
	if s.DeckLen > 0 && hand.covers(cost[costDev]) {
		dst = append(dst, Move{Type: "buy"})
	}
	return dst
}

// playable is how many cards of kind k p may play this turn (HF-53, HF-54).
func (s *State) playable(p int8, k int) int8 {
	if s.CardPlayed {
		return 0
	}
	return s.Dev[p][k] - s.Fresh[p][k]
}

var playTypes = [...]string{"play_steal", "play_roads", "play_harvest", "play_forced"}

// legalCards lists the development cards p may play now.
func (s *State) legalCards(p int8, dst []Move) []Move {
	for k := range CardPoint {
		if s.playable(p, k) <= 0 {
			continue
		}
		switch k {
		case CardHarvest:
			dst = s.legalHarvests(dst)
		case CardForced:
			for r := range int8(NumResources) {
				dst = append(dst, Move{Type: "play_forced", Res: r})
			}
		default:
			dst = append(dst, Move{Type: playTypes[k]})
		}
	}
	return dst
}

// legalHarvests lists every pair of cards the supply can give, or, when it
// holds fewer than two, the one move that takes what there is (HF-58, HF-G22).
func (s *State) legalHarvests(dst []Move) []Move {
	if s.Supply.Total() < 2 {
		return append(dst, Move{Type: "play_harvest", Get: s.Supply})
	}
	for a := range NumResources {
		for b := a; b < NumResources; b++ {
			var h Hand
			h[a]++
			h[b]++
			if s.Supply.covers(h) {
				dst = append(dst, Move{Type: "play_harvest", Get: h})
			}
		}
	}
	return dst
}

// legalTrades lists p's supply trades at p's best rates and the one-for-one
// offers to each other player.
func (s *State) legalTrades(p int8, dst []Move) []Move {
	hand := s.Hands[p]
	for r := range NumResources {
		rate := s.rate(p, r)
		if hand[r] < rate {
			continue
		}
		for o := range NumResources {
			if o != r && s.Supply[o] > 0 {
				var give, get Hand
				give[r] = rate
				get[o] = 1
				dst = append(dst, Move{Type: "bank", Give: give, Get: get})
			}
		}
	}
	if int(s.Offers) >= s.Opts.OffersPerTurn {
		return dst
	}
	for q := range s.Players {
		if q == p || s.Hands[q].Total() == 0 {
			continue
		}
		for r := range NumResources {
			if hand[r] == 0 {
				continue
			}
			for o := range NumResources {
				if o != r {
					var give, get Hand
					give[r] = 1
					get[o] = 1
					if !s.declinedAgain(q, give, get) {
						dst = append(dst, Move{Type: "offer", Seat: q, Give: give, Get: get})
					}
				}
			}
		}
	}
	return dst
}
