package harborfall

import "harbor/game"

// Bot is Harborfall's computer player: fixed rules, deterministic, deciding
// from its own view and legal moves only (HF-G25). It places setup
// settlements on the corners with the best production odds and variety,
// builds cities, then settlements, then roads towards free spots, then
// development cards, trades with the supply and offers one-for-one swaps
// for what its next build lacks, sends the robber to the leading rival's
// best hex, discards what it holds most of, and answers every offer. It
// needs no randomness: a tie goes to the move listed first.
type Bot struct {
	seat  int8
	turn  int   // the turn asked, for offers
	asked uint8 // seats offered to this turn
}

// NewBot returns the computer player for seat. The seed is unused: the bot
// is deterministic without one.
func NewBot(seat game.Seat, seed uint64) *Bot { return &Bot{seat: int8(seat)} }

// pips is the number of ways two dice roll n, out of 36.
func pips(n int8) int {
	if n < 2 || n > 12 || n == 7 {
		return 0
	}
	if n < 7 {
		return int(n) - 1
	}
	return 13 - int(n)
}

// Choose picks a move from legal, which is never empty.
func (b *Bot) Choose(v View, legal []Move) Move {
	switch v.Phase {
	case "setup":
		if legal[0].Type == "settlement" {
			return b.best(legal, func(m Move) int { return b.setupScore(&v, m.At) })
		}
		return b.best(legal, func(m Move) int { return b.roadScore(&v, m.At) })
	case "roll":
		if m, ok := find(legal, "play_steal"); ok && b.robbed(&v) {
			return m
		}
		return Move{Type: "roll"}
	case "discard":
		need := b.need(&v)
		return b.best(legal, func(m Move) int {
			r, _ := single(m.Give)
			return 10*(int(v.Me.Hand[r])-int(need[r])) + int(v.Me.Hand[r])
		})
	case "robber":
		return b.best(legal, func(m Move) int { return b.robberScore(&v, int8(m.At)) })
	case "steal":
		return b.best(legal, func(m Move) int {
			pv := v.Players[m.Seat]
			return 100*int(pv.Points) + int(pv.Cards)
		})
	case "offer":
		if v.Offer.From == b.seat {
			return b.pick(&v, legal)
		}
		return b.answer(&v, legal)
	case "free_roads":
		return b.best(legal, func(m Move) int { return b.roadScore(&v, m.At) })
	case "special_build":
		if m, ok := b.build(&v, legal); ok {
			return m
		}
		return Move{Type: "end"}
	case "main":
		return b.main(&v, legal)
	}
	return legal[0]
}

// best returns the legal move with the highest score, the first on a tie.
func (b *Bot) best(legal []Move, score func(Move) int) Move {
	bi, bs := 0, score(legal[0])
	for i := 1; i < len(legal); i++ {
		if sc := score(legal[i]); sc > bs {
			bi, bs = i, sc
		}
	}
	return legal[bi]
}

func find(legal []Move, typ string) (Move, bool) {
	for _, m := range legal {
		if m.Type == typ {
			return m, true
		}
	}
	return Move{}, false
}

// cornerValue is what a settlement on c would produce: pips per hex, the
// robber's hex counted at a third, plus variety and harbor bonuses.
func cornerValue(v *View, c int16, have *[NumResources]int) int {
	g := v.Geometry
	score := 0
	var kinds [NumResources]bool
	for _, h := range g.cornerHexes[c] {
		t := v.Terrain[h]
		if t == Desert {
			continue
		}
		p := 3 * pips(v.Number[h])
		if h == v.Robber {
			p /= 3
		}
		if have != nil && have[t] == 0 {
			p += 4 // a resource the player lacks
		}
		score += p
		if !kinds[t] {
			kinds[t] = true
			score += 2
		}
	}
	if v.Owner[c] < 0 {
		for _, h := range v.Harbors[:v.NumHarbors] {
			ec := g.EdgeCorner[h.Edge]
			if ec[0] == c || ec[1] == c {
				score += 2
			}
		}
	}
	return score
}

// production is the pips the seat already collects per resource.
func (b *Bot) production(v *View) [NumResources]int {
	var have [NumResources]int
	g := v.Geometry
	for c := range g.Corners {
		if v.Owner[c] != b.seat {
			continue
		}
		for _, h := range g.cornerHexes[c] {
			if t := v.Terrain[h]; t != Desert {
				have[t] += pips(v.Number[h])
			}
		}
	}
	return have
}

func (b *Bot) setupScore(v *View, c int16) int {
	have := b.production(v)
	return cornerValue(v, c, &have)
}

// freeSpot reports whether a settlement could stand on c by the distance rule.
func freeSpot(v *View, c int16) bool {
	if v.Owner[c] >= 0 {
		return false
	}
	for _, o := range v.Geometry.cornerNear[c] {
		if v.Owner[o] >= 0 {
			return false
		}
	}
	return true
}

// roadScore values a road on e by the best free spot it leads to within
// two more edges, nearer spots counting more.
func (b *Bot) roadScore(v *View, e int16) int {
	g := v.Geometry
	have := b.production(v)
	best := 0
	for _, c := range g.EdgeCorner[e] {
		if v.Owner[c] >= 0 && v.Owner[c] != b.seat {
			continue
		}
		if freeSpot(v, c) {
			best = max(best, 3*cornerValue(v, c, &have))
		}
		for _, e2 := range g.cornerEdges[c] {
			if e2 == e || v.Road[e2] >= 0 {
				continue
			}
			c2 := g.otherEnd(e2, c)
			if freeSpot(v, c2) {
				best = max(best, 2*cornerValue(v, c2, &have))
			}
			if v.Owner[c2] >= 0 {
				continue
			}
			for _, e3 := range g.cornerEdges[c2] {
				if e3 != e2 && v.Road[e3] < 0 {
					if c3 := g.otherEnd(e3, c2); freeSpot(v, c3) {
						best = max(best, cornerValue(v, c3, &have))
					}
				}
			}
		}
	}
	return best
}

// robbed reports whether the robber sits on a hex where the bot builds.
func (b *Bot) robbed(v *View) bool {
	for _, c := range v.Geometry.HexCorners[v.Robber] {
		if v.Owner[c] == b.seat {
			return true
		}
	}
	return false
}

// robberScore prefers the hex that costs the leading rivals most and never
// one of the bot's own.
func (b *Bot) robberScore(v *View, h int8) int {
	score := 0
	for _, c := range v.Geometry.HexCorners[h] {
		o := v.Owner[c]
		switch {
		case o == b.seat:
			score -= 1000
		case o >= 0:
			w := 1
			if v.City[c] {
				w = 2
			}
			score += w * (pips(v.Number[h]) + 1) * (int(v.Players[o].Points) + 2)
			if v.Players[o].Cards > 0 {
				score++
			}
		}
	}
	return score
}

// target is the cost of the bot's next build: a city while it has
// settlements to upgrade, else a settlement when a spot is in reach, else
// a road towards one, else a development card.
func (b *Bot) target(v *View) Hand {
	me := &v.Players[b.seat]
	g := v.Geometry
	hasSettlement := false
	for c := range g.Corners {
		if v.Owner[c] == b.seat && !v.City[c] {
			hasSettlement = true
			break
		}
	}
	spot := b.hasSpot(v)
	switch {
	case spot && me.Settlements > 0:
		if hasSettlement && me.Cities > 0 && v.Me.Hand[Ore] >= 2 {
			return cost[costCity]
		}
		return cost[costSettlement]
	case hasSettlement && me.Cities > 0:
		return cost[costCity]
	case me.Settlements > 0 && me.Roads > 0:
		return cost[costRoad]
	}
	return cost[costDev]
}

// hasSpot reports whether one of the bot's roads reaches a free spot.
func (b *Bot) hasSpot(v *View) bool {
	g := v.Geometry
	for c := range int16(g.Corners) {
		if !freeSpot(v, c) {
			continue
		}
		for _, e := range g.cornerEdges[c] {
			if v.Road[e] == b.seat {
				return true
			}
		}
	}
	return false
}

// need is what the bot's target costs that its hand does not cover.
func (b *Bot) need(v *View) Hand {
	t := b.target(v)
	var need Hand
	for r := range NumResources {
		need[r] = max(0, t[r]-v.Me.Hand[r])
	}
	return need
}

// build picks the best build the bot can make now, if any worth making.
func (b *Bot) build(v *View, legal []Move) (Move, bool) {
	have := b.production(v)
	bestSettle, bestSettleScore := Move{}, -1
	bestRoad, bestRoadScore := Move{}, 0
	var city, buy *Move
	for i := range legal {
		m := &legal[i]
		switch m.Type {
		case "city":
			if city == nil || cornerValue(v, m.At, nil) > cornerValue(v, city.At, nil) {
				city = m
			}
		case "settlement":
			if sc := cornerValue(v, m.At, &have); sc > bestSettleScore {
				bestSettle, bestSettleScore = *m, sc
			}
		case "road":
			if sc := b.roadScore(v, m.At); sc > bestRoadScore {
				bestRoad, bestRoadScore = *m, sc
			}
		case "buy":
			buy = m
		}
	}
	me := &v.Players[b.seat]
	switch {
	case city != nil:
		return *city, true
	case bestSettleScore >= 0:
		return bestSettle, true
	case bestRoadScore > 0 && !b.hasSpot(v) && me.Settlements > 0:
		return bestRoad, true
	case buy != nil && b.target(v) != cost[costCity] && b.target(v) != cost[costSettlement]:
		return *buy, true
	case buy != nil && v.Me.Hand.Total() > 7:
		return *buy, true
	case bestRoadScore > 0 && v.Me.Hand[Brick] >= 2 && v.Me.Hand[Lumber] >= 2 && me.Roads > 2:
		return bestRoad, true
	}
	return Move{}, false
}

// main plays a card, builds, trades, or ends the turn.
func (b *Bot) main(v *View, legal []Move) Move {
	if m, ok := b.playCard(v, legal); ok {
		return m
	}
	if m, ok := b.build(v, legal); ok {
		return m
	}
	need := b.need(v)
	if need.Total() > 0 {
		if m, ok := b.bankTrade(v, legal, need); ok {
			return m
		}
		if m, ok := b.offer(v, need); ok {
			return m
		}
	}
	return Move{Type: "end"}
}

func (b *Bot) playCard(v *View, legal []Move) (Move, bool) {
	need := b.need(v)
	var harvest, forced, roads *Move
	for i := range legal {
		m := &legal[i]
		switch m.Type {
		case "play_steal":
			return *m, true
		case "play_harvest":
			if harvest == nil || helps(need, m.Get) > helps(need, harvest.Get) {
				harvest = m
			}
		case "play_forced":
			if need[m.Res] > 0 && (forced == nil || need[m.Res] > need[forced.Res]) {
				forced = m
			}
		case "play_roads":
			roads = m
		}
	}
	switch {
	case harvest != nil:
		return *harvest, true
	case forced != nil:
		return *forced, true
	case roads != nil && !b.hasSpot(v) && v.Players[b.seat].Roads >= 2:
		return *roads, true
	}
	return Move{}, false
}

// helps counts the cards of got that the bot needs.
func helps(need, got Hand) int {
	n := 0
	for r := range NumResources {
		n += int(min(need[r], got[r]))
	}
	return n
}

// bankTrade trades surplus cards with the supply for a needed one.
func (b *Bot) bankTrade(v *View, legal []Move, need Hand) (Move, bool) {
	t := b.target(v)
	for _, m := range legal {
		if m.Type != "bank" {
			continue
		}
		r, n := single(m.Give)
		o, _ := single(m.Get)
		if need[o] > 0 && v.Me.Hand[r]-n >= t[r] {
			return m, true
		}
	}
	return Move{}, false
}

// offer proposes a one-for-one swap of a surplus card for a needed one to
// a rival not yet asked this turn, the one with the most cards first. It
// never repeats an offer the view lists as declined with nothing changed
// since, even when it has lost its own memory of the turn.
func (b *Bot) offer(v *View, need Hand) (Move, bool) {
	if v.Turns != b.turn {
		b.turn, b.asked = v.Turns, 0
	}
	if v.OffersLeft <= 0 {
		return Move{}, false
	}
	t := b.target(v)
	give, get := -1, -1
	for r := range NumResources {
		if get < 0 && need[r] > 0 {
			get = r
		}
		if v.Me.Hand[r] > t[r] && (give < 0 || v.Me.Hand[r]-t[r] > v.Me.Hand[give]-t[give]) {
			give = r
		}
	}
	if give < 0 || get < 0 {
		return Move{}, false
	}
	var g, w Hand
	g[give], w[get] = 1, 1
	to := int8(-1)
	for q := range v.NumPlayers {
		if q == b.seat || b.asked&(1<<q) != 0 || v.Players[q].Cards == 0 || v.declinedAgain(q, g, w) {
			continue
		}
		if to < 0 || v.Players[q].Cards > v.Players[to].Cards {
			to = q
		}
	}
	if to < 0 {
		return Move{}, false
	}
	b.asked |= 1 << to
	return Move{Type: "offer", Seat: to, Give: g, Get: w}, true
}

// answer accepts an offer that brings a needed card for surplus ones from a
// proposer with fewer than 8 visible points. Otherwise, to an offer made to
// everyone that brings a needed card, it counters with one surplus card for
// one of them; anything else it declines.
func (b *Bot) answer(v *View, legal []Move) Move {
	o := v.Offer
	if v.Players[o.From].Points >= 8 {
		return Move{Type: "decline"}
	}
	need := b.need(v)
	if _, ok := find(legal, "accept"); ok && b.spares(v, o.Get) && helps(need, o.Give) > 0 {
		return Move{Type: "accept"}
	}
	if o.To == Everyone {
		if m, ok := b.counter(v, need); ok {
			return m
		}
	}
	return Move{Type: "decline"}
}

// spares reports whether the bot can give away the cards of h and keep
// what its next build needs.
func (b *Bot) spares(v *View, h Hand) bool {
	t := b.target(v)
	for r := range NumResources {
		if h[r] > 0 && v.Me.Hand[r]-h[r] < t[r] {
			return false
		}
	}
	return true
}

// counter proposes one surplus card for one needed card of the open offer.
func (b *Bot) counter(v *View, need Hand) (Move, bool) {
	o := v.Offer
	t := b.target(v)
	get, give := -1, -1
	for r := range NumResources {
		if get < 0 && need[r] > 0 && o.Give[r] > 0 {
			get = r
		}
	}
	for r := range NumResources {
		if r != get && v.Me.Hand[r] > t[r] && (give < 0 || v.Me.Hand[r]-t[r] > v.Me.Hand[give]-t[give]) {
			give = r
		}
	}
	if get < 0 || give < 0 {
		return Move{}, false
	}
	m := Move{Type: "counter"}
	m.Give[give] = 1
	m.Get[get] = 1
	return m, true
}

// pick takes the first player who accepted the bot's own offer, else a
// counter that brings a needed card for surplus, else withdraws the offer.
func (b *Bot) pick(v *View, legal []Move) Move {
	need := b.need(v)
	var counter *Move
	for i := range legal {
		m := &legal[i]
		if m.Type != "pick" {
			continue
		}
		if v.Offer.Answers[m.Seat] == answerAccept {
			return *m
		}
		c := v.Offer.Counters[m.Seat]
		if counter == nil && helps(need, c.Give) > 0 && b.spares(v, c.Get) {
			counter = m
		}
	}
	if counter != nil {
		return *counter
	}
	return Move{Type: "cancel"}
}
