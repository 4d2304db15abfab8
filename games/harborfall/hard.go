package harborfall

import (
	"slices"

	"harbor/game"
)

// What the hard computer player's search needs from Harborfall: play-outs
// that stop at a horizon and score the position (State.Evaluate), and the
// moves worth comparing at a decision (View.Shortlist). Both read only what
// they are given: Evaluate a determinised state, Shortlist the seat's view.

// Progress counts setup steps and turns played.
func (s *State) Progress() int { return int(s.SetupStep) + s.Turns }

// Horizon is where a play-out from s stops. From a setup decision it runs
// through setup and two full rounds of turns after it, so the spots are
// judged by what they produce and what the seat builds with it, not by the
// island alone. From any later decision it runs to the end of the deciding
// seat's next turn (n+1 turn ends from its own turn; a little further from
// a rival's), so a road, a saved card or a card bought is judged by what
// the seat makes of it a round later.
func (s *State) Horizon() int {
	if s.Phase == phaseSetup {
		return 2*s.n() + 2*s.n() + 1
	}
	return s.Progress() + s.n() + 1
}

// Evaluate is seat's worth (see worth) less its best rival's, plus three
// for a won game.
func (s *State) Evaluate(seat game.Seat) float64 {
	lead := 0
	for p := range s.n() {
		lead = max(lead, s.Points(p))
	}
	// Production counts for less as the end nears.
	prodWeight := 0.05 * max(0.25, float64(Target-lead)/float64(Target-2))
	mine, best := 0.0, -1e9
	for p := range s.n() {
		v := s.worth(p, prodWeight)
		if s.Phase == phaseOver && int(s.Winner) == p {
			v += 3
		}
		if p == int(seat) {
			mine = v
		} else {
			best = max(best, v)
		}
	}
	return mine - best
}

// worth is p's points plus what its position promises, in points: its
// production (pips of its buildings' hexes, a city's twice, the robber's
// hex not at all), a little for each resource it produces and each
// harbor it can use, its cards in hand (up to seven), its unplayed
// development cards, and free spots its roads reach.
func (s *State) worth(p int, prodWeight float64) float64 {
	g := s.geo()
	var prod [NumResources]int
	for c := range g.Corners {
		if int(s.Owner[c]) != p {
			continue
		}
		w := 1
		if s.City[c] {
			w = 2
		}
		for _, h := range g.cornerHexes[c] {
			if t := s.Terrain[h]; t != Desert && h != s.Robber {
				prod[t] += w * pips(s.Number[h])
			}
		}
	}
	v := float64(s.Points(p))
	for r, n := range prod {
		v += prodWeight * float64(n)
		if n > 0 {
			v += 0.15
		}
		if s.Ports[p]&(1<<r) != 0 && n >= 4 {
			v += 0.1
		}
	}
	if s.Ports[p]&(1<<GeneralHarbor) != 0 {
		v += 0.1
	}
	hand := s.Hands[p].Total()
	v += 0.06*float64(min(hand, 7)) + 0.02*float64(max(hand-7, 0))
	for k := range NumCards {
		if k != CardPoint {
			v += 0.35 * float64(s.Dev[p][k])
		}
	}
	v += 0.02 * float64(s.RoadLength[p])
	if s.Settlements[p] > 0 {
		v += 0.25 * float64(min(2, s.spotsReached(p)))
	}
	return v
}

// spotsReached counts the free settlement spots at the end of p's roads.
func (s *State) spotsReached(p int) int {
	g := s.geo()
	n := 0
	for c := range int16(g.Corners) {
		if s.Owner[c] >= 0 {
			continue
		}
		free := true
		for _, o := range g.cornerNear[c] {
			if s.Owner[o] >= 0 {
				free = false
				break
			}
		}
		if !free {
			continue
		}
		for _, e := range g.cornerEdges[c] {
			if int(s.Road[e]) == p {
				n++
				break
			}
		}
	}
	return n
}

// Shortlist is the moves the hard player compares at v's decision: the
// best setup spots and robber hexes by the rule-based player's yardstick,
// one move of each kind in the main phase (the best city, the two best
// settlements and roads, a development card, each card to play, a trade
// with the supply for a needed card, ending the turn), both answers to an
// offer. Rolling alone, discards and its own offers are left to the
// rule-based player.
func (v View) Shortlist(legal []Move, dst []Move) []Move {
	b := &Bot{seat: int8(v.Viewer)}
	switch v.Phase {
	case "setup":
		if legal[0].Type == "settlement" {
			return topMoves(dst, legal, 7, func(m Move) int { return b.setupScore(&v, m.At) })
		}
		return topMoves(dst, legal, 3, func(m Move) int { return b.roadScore(&v, m.At) })
	case "roll", "steal":
		if len(legal) == 1 {
			return dst
		}
		return append(dst, legal...)
	case "robber":
		return topMoves(dst, legal, 4, func(m Move) int { return b.robberScore(&v, int8(m.At)) })
	case "free_roads":
		return topMoves(dst, legal, 3, func(m Move) int { return b.roadScore(&v, m.At) })
	case "offer":
		if v.Offer.From == b.seat {
			return dst
		}
		for _, m := range legal {
			if m.Type == "accept" || m.Type == "decline" {
				dst = append(dst, m)
			}
		}
		if len(dst) < 2 {
			return dst[:0]
		}
		return dst
	case "main", "special_build":
		return b.mainShortlist(&v, legal, dst)
	}
	return dst
}

// mainShortlist is Shortlist in the main phase and an extra build turn.
func (b *Bot) mainShortlist(v *View, legal []Move, dst []Move) []Move {
	have := b.production(v)
	need := b.need(v)
	dst = topKind(dst, legal, "city", 1, func(m Move) int { return cornerValue(v, m.At, nil) })
	dst = topKind(dst, legal, "settlement", 2, func(m Move) int { return cornerValue(v, m.At, &have) })
	dst = topKind(dst, legal, "buy", 1, func(Move) int { return 0 })
	dst = topKind(dst, legal, "end", 1, func(Move) int { return 0 })
	dst = topKind(dst, legal, "road", 2, func(m Move) int { return b.roadScore(v, m.At) })
	dst = topKind(dst, legal, "play_steal", 1, func(Move) int { return 0 })
	dst = topKind(dst, legal, "play_roads", 1, func(Move) int { return 0 })
	dst = topKind(dst, legal, "play_harvest", 1, func(m Move) int { return helps(need, m.Get) })
	dst = topKind(dst, legal, "play_forced", 1, func(m Move) int { return int(need[m.Res]) })
	dst = topKind(dst, legal, "bank", 1, func(m Move) int {
		o, _ := single(m.Get)
		r, n := single(m.Give)
		return 10*int(need[o]) + int(v.Me.Hand[r]) - int(n)
	})
	if len(dst) == 1 {
		return dst[:0]
	}
	return dst
}

// topMoves appends to dst the k moves of legal that score highest, the
// first listed on a tie.
func topMoves(dst, legal []Move, k int, score func(Move) int) []Move {
	start := len(dst)
	scores := make([]int, 0, k)
	for _, m := range legal {
		sc := score(m)
		i := len(scores)
		for i > 0 && scores[i-1] < sc {
			i--
		}
		if i >= k {
			continue
		}
		if len(scores) == k {
			scores = scores[:k-1]
			dst = dst[:start+k-1]
		}
		scores = slices.Insert(scores, i, sc)
		dst = slices.Insert(dst, start+i, m)
	}
	return dst
}

// topKind appends the k best legal moves of type typ.
func topKind(dst, legal []Move, typ string, k int, score func(Move) int) []Move {
	return topMoves(dst, legal, k, func(m Move) int {
		if m.Type != typ {
			return -1 << 30
		}
		return score(m)
	})[:len(dst)+min(k, countType(legal, typ))]
}

func countType(legal []Move, typ string) int {
	n := 0
	for _, m := range legal {
		if m.Type == typ {
			n++
		}
	}
	return n
}
