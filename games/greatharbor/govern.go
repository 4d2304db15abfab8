package greatharbor

import (
	"harbor"
	"harbor/game"
)

// discounted is cost less d resources, skipped where the player is shortest
// first (GH-Q23: the engine makes the player's choice of which to skip in
// their favor).
func discounted(cost, have [numRes]int8, d int8) [numRes]int8 {
	for ; d > 0; d-- {
		best := -1
		for r := range cost {
			if cost[r] == 0 {
				continue
			}
			if best < 0 || cost[r]-have[r] > cost[best]-have[best] {
				best = r
			}
		}
		if best < 0 {
			break
		}
		cost[best]--
	}
	return cost
}

func structureBuilt(p *Player, st int8) bool {
	info := &structures[st]
	if info.Insula {
		return p.Insula&(1<<uint(info.Column)) != 0
	}
	return p.Huts&(1<<uint(info.Column)) != 0
}

func (s *State) checkConstruct(seat, st int8, colonist bool, discount int8) error {
	return s.checkConstructWith(seat, st, colonist, discount, 0)
}

// checkConstructWith validates building structure st (GH-093, GH-094, GH-Q23);
// reserved Colonists are already spoken for by the same action.
func (s *State) checkConstructWith(seat, st int8, colonist bool, discount, reserved int8) error {
	p := &s.Players[seat]
	if st < 0 || int(st) >= len(structures) {
		return harbor.Errorf(harbor.EInvalid, "no structure %d", st)
	}
	if structureBuilt(p, st) {
		return harbor.RuleError("GH-093", "%s is already built", structures[st].Name).With(game.M("greatharbor.err.built_already", "structure", structureWord(st)))
	}
	if colonist {
		if p.Free < reserved+1 {
			return harbor.RuleError("GH-094", "you have no free Colonist to put on the structure").With(game.Word("greatharbor.err.structure_colonist"))
		}
		discount++
	}
	if !canPay(p.Res, discounted(structures[st].Cost, p.Res, discount)) {
		return cannotPay("GH-093", structures[st].Name, structureWord(st), discounted(structures[st].Cost, p.Res, discount))
	}
	return nil
}

// construct builds structure st, with a Dock Hut repairing its dock's ship (GH-095).
func (s *State) construct(seat, st int8, colonist bool, discount int8) {
	p := &s.Players[seat]
	if colonist {
		p.Free--
		p.Structural++
		discount++
	}
	p.pay(discounted(structures[st].Cost, p.Res, discount))
	col := structures[st].Column
	if structures[st].Insula {
		p.Insula |= 1 << uint(col)
	} else {
		p.Huts |= 1 << uint(col)
		p.Ships[col].Damage = 0
	}
}

func (s *State) legalConstructs(seat int8, m Move, discount int8, dst []Move) []Move {
	return s.legalConstructsWith(seat, m, discount, 0, dst)
}

func (s *State) legalConstructsWith(seat int8, m Move, discount, reserved int8, dst []Move) []Move {
	p := &s.Players[seat]
	for st := int8(0); st < int8(len(structures)); st++ {
		if structureBuilt(p, st) {
			continue
		}
		for _, col := range [2]bool{false, true} {
			if col && p.Free < reserved+1 {
				continue
			}
			d := discount
			if col {
				d++
			}
			if canPay(p.Res, discounted(structures[st].Cost, p.Res, d)) {
				m.Structure, m.Colonist = st, col
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// personFits reports whether Person card may go in column (GH-081..083).
func (p *Player) personFits(card, column int8) bool {
	if column < 0 || column > 2 {
		return false
	}
	slot := &p.People[column]
	if slot[0] < 0 {
		return true
	}
	return slot[1] < 0 && p.Insula&(1<<uint(column)) != 0 && people[slot[0]].Colour == people[card].Colour
}

// shipFits reports whether a new Ship may go on dock: an empty dock, or a
// docked, undamaged ship to retire (GH-112, GH-113, GH-Q40).
func (p *Player) shipFits(dock int8) bool {
	if dock < 0 || dock > 2 {
		return false
	}
	sh := &p.Ships[dock]
	return sh.Card < 0 || sh.Where == shipDocked && sh.Damage == 0
}

func (p *Player) sendable(dock int8) bool {
	if dock < 0 || dock > 2 {
		return false
	}
	sh := &p.Ships[dock]
	return sh.Card >= 0 && sh.Where == shipDocked && sh.Damage < ships[sh.Card].Hull
}

// playShip puts Ship card on dock, retiring the one there (GH-112, GH-113, GH-227).
func (s *State) playShip(seat, card, dock int8) {
	p := &s.Players[seat]
	p.pay(ships[card].Cost)
	p.HandShips &^= bit(card)
	sh := &p.Ships[dock]
	if sh.Card >= 0 {
		s.SupplyColonists += popcount8(sh.Crew)
	}
	*sh = Ship{Card: card}
	p.ShipsPlayed |= bit(card)
	if p.Buildings&bit(bFleetyard) != 0 {
		p.Favor += 2
	}
	s.cardPlayed(seat, ships[card].Colour)
}

// convertUnits is the largest N seat may convert with Conversion card c.
func (s *State) convertUnits(seat, c int8) int8 {
	p := &s.Players[seat]
	n := p.Coins / int16(conversions[c].Coins)
	return int8(min(n, 20))
}

// checkConvertCard validates a Conversion card use (GH-119, GH-T10).
func (s *State) checkConvertCard(seat int8, m *Move) error {
	p := &s.Players[seat]
	c := m.Card
	if c < 0 || int(c) >= len(conversions) || s.Conversions&(1<<uint(c)) == 0 {
		return harbor.RuleError("GH-009", "that Conversion card is not in play").With(game.Word("greatharbor.err.conversion_not_in_play"))
	}
	if p.ConvUsed&(1<<uint(c)) != 0 {
		return harbor.RuleError("GH-119", "you already used %s this turn", conversions[c].Name).With(game.M("greatharbor.err.conversion_used", "card", conversionWord(c)))
	}
	if m.N < 1 {
		return harbor.RuleError("GH-119", "convert at least one unit with %s", conversions[c].Name).With(game.M("greatharbor.err.conversion_min", "card", conversionWord(c)))
	}
	if m.N > s.convertUnits(seat, c) {
		return harbor.RuleError("GH-119", "%d units of %s cost %d Coins; you have %d", m.N, conversions[c].Name, int(m.N)*int(conversions[c].Coins), p.Coins).
			With(game.M("greatharbor.err.conversion_coins", "n", int(m.N), "card", conversionWord(c),
				"cost", int(m.N)*int(conversions[c].Coins), "coins", int(p.Coins)))
	}
	g := &conversions[c].Gain
	if g.Luxury > 0 && (m.Lux < 0 || m.Lux >= numLux || s.luxSupply(m.Lux) < m.N) {
		return harbor.RuleError("GH-Q24", "the supply has too few of that luxury").With(game.Word("greatharbor.err.lux_too_few"))
	}
	if g.Card > 0 && (m.Choice < 0 || m.Choice > 1) {
		return harbor.RuleError("GH-T10", "draw from the Person or the Building deck").With(game.Word("greatharbor.err.draw_deck"))
	}
	return nil
}

// convertGain is what m's N units of its Conversion card give, luxuries aside.
func convertGain(m *Move) Gain {
	info := &conversions[m.Card]
	g := info.Gain
	g.Prestige *= m.N
	g.Favor *= m.N
	g.Colonists *= m.N
	g.Smuggler *= m.N
	if info.Gain.Card > 0 {
		if m.Choice == 0 {
			g.PersonDeck = m.N
		} else {
			g.BuildingDeck = m.N
		}
	}
	return g
}

func (s *State) convertCard(seat int8, m *Move) {
	p := &s.Players[seat]
	info := &conversions[m.Card]
	p.ConvUsed |= 1 << uint(m.Card)
	p.Coins -= int16(m.N) * int16(info.Coins)
	g := convertGain(m)
	s.gain(seat, &g, 0)
	if info.Gain.Luxury > 0 {
		p.Lux[m.Lux] += m.N
	}
}

func (s *State) legalConversions(seat int8, dst []Move) []Move {
	p := &s.Players[seat]
	if p.Coins >= int16(coinRate) {
		for r := int8(0); r < numRes; r++ {
			dst = append(dst, Move{Type: mvConvert, Res: r})
		}
	}
	for c := int8(0); c < int8(len(conversions)); c++ {
		if s.Conversions&(1<<uint(c)) == 0 || p.ConvUsed&(1<<uint(c)) != 0 {
			continue
		}
		g := &conversions[c].Gain
		for n := int8(1); n <= s.convertUnits(seat, c); n++ {
			m := Move{Type: mvConvertCard, Card: c, N: n}
			switch {
			case g.Luxury > 0:
				for l := int8(0); l < numLux; l++ {
					if s.luxSupply(l) >= n {
						m.Lux = l
						dst = append(dst, m)
					}
				}
			case g.Card > 0:
				for ch := int8(0); ch < 2; ch++ {
					m.Choice = ch
					dst = append(dst, m)
				}
			default:
				dst = append(dst, m)
			}
		}
	}
	return dst
}
