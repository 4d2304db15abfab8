package neko

// moveCost is the fuel one step costs: 2 for the ghost ship (NK-130).
func moveCost(i int8) int {
	if i == ghost {
		return 2
	}
	return 1
}

// licencePrice is 3 coins, or 2 with the Research Station discount (NK-055, NK-100).
func licencePrice(p *Player) int {
	if p.Effects[EffRSLicenceDiscount] > 0 {
		return 2
	}
	return 3
}

// supplyShip returns a ship card in the supply that shows lv on a face, or -1.
func (p *Player) supplyShip(lv int8) int8 {
	for j := range int8(numShips) {
		if p.Ships[j].Loc == locSupply && (cat.ShipFaces[j][0] == lv || cat.ShipFaces[j][1] == lv) {
			return j
		}
	}
	return -1
}

// reachable reports whether ship i can come to show level lv: by flipping
// (faces sum to 7) or by swapping with a supply card (NK-050, NK-051).
func (p *Player) reachable(i, lv int8) bool {
	if i == ghost || lv < 1 || lv > 6 {
		return false
	}
	return 7-p.Ships[i].Level == lv || p.supplyShip(lv) >= 0
}

// setLevel makes ship i show level lv, flipping it or swapping in a supply
// card that takes over its place and history (NK-050, NK-Q09).
func (p *Player) setLevel(i, lv int8) {
	sh := &p.Ships[i]
	if 7-sh.Level == lv {
		sh.Level = lv
		return
	}
	j := p.supplyShip(lv)
	p.Ships[j] = *sh
	p.Ships[j].Level = lv
	*sh = Ship{Loc: locSupply, Level: cat.ShipFaces[i][0]}
}

// raise upgrades ship i by up to k levels, as high as it legally can
// (Shipyard, King George Island: NK-090, NK-114, NK-Q12).
func (p *Player) raise(i, k int8) {
	cur := p.Ships[i].Level
	for lv := min(6, cur+k); lv > cur; lv-- {
		if p.reachable(i, lv) {
			p.setLevel(i, lv)
			return
		}
	}
}

// pay spends icons of pool ic first, then cards: Licences for licences,
// Fish for coins and fuel (NK-045, NK-047).
func (s *State) pay(p *Player, ic int, amount int) {
	use := min(int(s.Turn.Icons[ic]), amount)
	s.Turn.Icons[ic] -= int8(use)
	rest := int16(amount - use)
	if ic == icLicence {
		p.Supply[Licence] -= rest
	} else {
		p.Supply[Fish] -= rest
	}
}

// gain puts cards among this turn's gains (NK-061).
func (p *Player) gain(b Bundle) {
	for r := range numRes {
		p.Pending[r] += b[r]
	}
}

// applyFree applies a legal free action, captain, bonus or flip.
func (s *State) applyFree(p *Player, m Move) {
	switch m.Type {
	case MoveHarbour:
		next := &cat.Harbour[p.Harbour+1]
		s.pay(p, icLicence, int(next.Cost))
		p.Harbour++
		p.Pending[Captain] += int16(next.Captains)
		p.Pending[Penguin] += int16(p.Effects[EffRSHarbourPenguin])
	case MoveUpgrade:
		s.pay(p, icLicence, int(m.Level-p.Ships[m.Ship].Level))
		p.setLevel(m.Ship, m.Level)
	case MoveBuyShip:
		j := p.supplyShip(m.Level)
		s.pay(p, icCoin, 2*int(m.Level))
		p.Ships[j] = Ship{Loc: locHarbour, Level: m.Level}
	case MoveBuyLicence:
		s.pay(p, icCoin, licencePrice(p))
		p.Pending[Licence]++
	case MoveShip:
		s.pay(p, icFuel, moveCost(m.Ship))
		p.Ships[m.Ship].Loc++
		s.arrive(p, m.Ship)
	case MoveSail:
		s.pay(p, icFuel, 1)
		s.arriveAttraction(p, m.Ship, m.To)
	case MoveCaptain:
		p.Supply[Captain]--
		col := &p.Cols[m.Col]
		col.Hub += 2
		col.Captains++
		col.Cards++
	case MoveBonus:
		s.Turn.BonusUsed = true
		if m.Option == 0 {
			s.Turn.Icons[icCoin] += 2
		} else {
			s.Turn.Icons[icFuel]++
		}
	case MoveFlip:
		s.Turn.FlipUsed = true
		if Res(m.Res) == Fish {
			p.Supply[Fish]--
			p.Supply[Goods]++
		} else {
			p.Supply[Licence]--
			p.Supply[Penguin]++
		}
	}
}

// arrive resolves ship i arriving at the column it now stands on: the hub
// check first, then the column's Ship-moves-in effects (NK-058..060, NK-Q15).
func (s *State) arrive(p *Player, i int8) {
	col := p.Ships[i].Loc - 1
	c := &p.Cols[col]
	if int(c.Hub) > p.shipLevelsAt(col+1) {
		if p.Harbour == 1 {
			p.gain(cat.Harbour[1].Reward)
		} else {
			s.push(chHubReward, 0)
		}
	} else if i != ghost && p.Effects[EffRSFishOnMiss] > 0 {
		p.Pending[Fish]++ // NK-106
	}
	if i == ghost {
		return // NK-131: no effect applies to the ghost ship
	}
	if c.Hub >= 6 && p.Effects[EffRSBigHubGoods] > 0 {
		p.Pending[Goods]++ // NK-103
	}
	switch c.Kind {
	case SeasideTown:
		p.Pending[Goods] += int16(p.Effects[EffGoodsOnArrival]) + int16(p.Effects[EffGoodsOnArrivalCapacity])
	case Shipyard:
		if k := p.Effects[EffUpgradeOnArrival]; k > 0 {
			p.raise(i, k)
		}
	case FishingBoat:
		if s.canSwap(p, c.First) {
			s.push(chBoatSwap, c.First)
		}
	}
}

// shipLevelsAt sums the levels of the player's ships at loc; the ghost ship
// counts 0 (NK-058, NK-129).
func (p *Player) shipLevelsAt(loc int8) int {
	sum := 0
	for j := range numShips {
		if p.Ships[j].Loc == loc {
			sum += int(p.Ships[j].Level)
		}
	}
	return sum
}

// arriveAttraction moves ship i to attraction a: it takes the lowest place
// (the highest with the Research Station) and, once per ship, the better
// reward if it is the first arrival there, else the lesser (NK-Q09, NK-Q10).
func (s *State) arriveAttraction(p *Player, i, a int8) {
	at := &s.Attrs[a]
	sh := &p.Ships[i]
	sh.Loc = locAttr + a
	switch {
	case !at.Visited:
		sh.Place, at.Hi, at.Lo = 0, 0, 0
	case p.Effects[EffRSTopPlace] > 0:
		at.Hi++
		sh.Place = at.Hi
	default:
		at.Lo--
		sh.Place = at.Lo
	}
	if !sh.Rewarded {
		sh.Rewarded = true
		ad := &cat.Attractions[at.Card]
		if !at.Visited || p.Effects[EffRSBetterAttraction] > 0 {
			p.gain(ad.Better)
			p.raise(i, ad.BetterUpgrade)
			switch ad.BetterChoice {
			case choiceHalfMoon:
				s.push(chHalfMoon, 0)
			case choiceNeko:
				s.push(chNeko, 0)
			}
		} else {
			p.gain(ad.Lesser)
			p.raise(i, ad.LesserUpgrade)
		}
	}
	at.Visited = true
}
