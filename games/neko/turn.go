package neko

import "harbor/game"

// Icon pools of a window (NK-Q05): licence, coin and fuel icons.
const (
	icLicence = 0
	icCoin    = 1
	icFuel    = 2
)

// player is the seat acting in the action phase or the last window.
func (s *State) player() *Player { return &s.Players[s.current()] }

// startTurn begins an action-phase turn: play a card first (NK-034).
func (s *State) startTurn() {
	s.Turn = Turn{Stage: stPlay, Immediate: noCard}
}

// startLastWindow gives the acting seat its cards-only window after
// period 2 (NK-070, NK-Q21).
func (s *State) startLastWindow() {
	p := s.player()
	s.Turn = Turn{Stage: stWindow, Window: p.NCols, Immediate: noCard, Last: true}
	s.settle()
}

// column returns the index of the column of kind k, or -1.
func (p *Player) column(k Kind) int8 {
	for i := range p.NCols {
		if p.Cols[i].Kind == k {
			return i
		}
	}
	return -1
}

// windowActs says which free actions the current window allows: those of
// the column being activated, or in the final window those whose related
// column the player does not have (NK-043, NK-044, NK-Q07).
func (s *State) windowActs(p *Player) (lic, coin, fuel bool) {
	t := &s.Turn
	if t.Last {
		return true, true, true
	}
	if t.Window < p.NCols {
		switch p.Cols[t.Window].Kind {
		case PermitOffice:
			return true, false, false
		case TouristCenter:
			return false, true, false
		case SupplyVessel:
			return false, false, true
		}
		return false, false, false
	}
	return p.column(PermitOffice) < 0, p.column(TouristCenter) < 0, p.column(SupplyVessel) < 0
}

// legalTurn lists the moves of the acting seat within a turn.
func (s *State) legalTurn(seat game.Seat, dst []Move) []Move {
	p := &s.Players[seat]
	switch s.Turn.Stage {
	case stPlay:
		for i := range p.HandN {
			c := int16(p.Hand[i])
			dst = append(dst, Move{Type: MovePlay, Card: c})
			for col := range p.NCols {
				dst = append(dst, Move{Type: MoveDeactivate, Card: c, Col: col})
			}
		}
	case stTuck:
		dst = append(dst, Move{Type: MoveKeep})
		own := p.column(cat.Cards[s.Turn.Immediate].Kind)
		alone := p.Cols[own].First == s.Turn.Immediate
		for col := range p.NCols {
			if !(alone && col == own) {
				dst = append(dst, Move{Type: MoveTuck, Col: col})
			}
		}
	case stWindow:
		return s.legalWindow(p, dst)
	case stChoice:
		return s.legalChoice(p, dst)
	case stDiscard:
		for r := Fish; r <= Licence; r++ {
			if p.Supply[r] > 0 {
				dst = append(dst, Move{Type: MoveDiscard, Res: int8(r)})
			}
		}
	}
	return dst
}

// legalWindow lists the free actions of the current window, and "next".
func (s *State) legalWindow(p *Player, dst []Move) []Move {
	t := &s.Turn
	lic, coin, fuel := s.windowActs(p)
	if lic {
		budget := int(t.Icons[icLicence]) + p.usable(Licence)
		if p.Harbour < maxHarbour && budget >= int(cat.Harbour[p.Harbour+1].Cost) {
			dst = append(dst, Move{Type: MoveHarbour})
		}
		for i := range int8(numShips) {
			sh := p.Ships[i]
			if sh.Loc < 1 || sh.Loc > p.NCols {
				continue // NK-053: only ships in the line
			}
			for lv := sh.Level + 1; lv <= 6 && int(lv-sh.Level) <= budget; lv++ {
				if p.reachable(i, lv) {
					dst = append(dst, Move{Type: MoveUpgrade, Ship: i, Level: lv})
				}
			}
		}
	}
	if coin {
		budget := int(t.Icons[icCoin]) + p.usable(Fish)
		for lv := int8(1); lv <= 6 && 2*int(lv) <= budget; lv++ {
			if p.supplyShip(lv) >= 0 {
				dst = append(dst, Move{Type: MoveBuyShip, Level: lv})
			}
		}
		if budget >= licencePrice(p) {
			dst = append(dst, Move{Type: MoveBuyLicence})
		}
	}
	if fuel {
		budget := int(t.Icons[icFuel]) + p.usable(Fish)
		for i := range int8(numShips + 1) {
			sh := p.Ships[i]
			if sh.Loc >= locHarbour && sh.Loc < p.NCols && budget >= moveCost(i) {
				dst = append(dst, Move{Type: MoveShip, Ship: i})
			}
			if i == ghost || budget < 1 || !(sh.Loc == p.NCols && p.NCols > 0 || sh.Loc >= locAttr) {
				continue
			}
			for a := range s.NAttrs {
				if sh.Loc != locAttr+a {
					dst = append(dst, Move{Type: MoveSail, Ship: i, To: a})
				}
			}
		}
	}
	if !t.Last {
		if p.Supply[Captain] > 0 {
			for col := range p.NCols {
				dst = append(dst, Move{Type: MoveCaptain, Col: col})
			}
		}
		if !t.BonusUsed && p.Effects[EffRSIncomeBonus] > 0 {
			if coin {
				dst = append(dst, Move{Type: MoveBonus, Option: 0})
			}
			if fuel {
				dst = append(dst, Move{Type: MoveBonus, Option: 1})
			}
		}
		if !t.FlipUsed && p.Effects[EffRSFlip] > 0 && t.Window < p.NCols && p.Cols[t.Window].Kind == ResearchStation {
			if p.Supply[Fish] > 0 {
				dst = append(dst, Move{Type: MoveFlip, Res: int8(Fish)})
			}
			if p.Supply[Licence] > 0 {
				dst = append(dst, Move{Type: MoveFlip, Res: int8(Licence)})
			}
		}
	}
	return append(dst, Move{Type: MoveNext})
}

// windowHasAction reports whether the window offers anything but "next".
func (s *State) windowHasAction() bool {
	var buf [legalCap]Move
	return len(s.legalWindow(s.player(), buf[:0])) > 1
}

// applyTurn applies a legal move of a turn (or of a fishing-boat placement).
func (s *State) applyTurn(seat game.Seat, m Move) {
	p := &s.Players[seat]
	c := uint8(m.Card)
	switch m.Type {
	case MovePlay:
		p.removeFromHand(c)
		p.placeCard(c)
		if s.Phase == phBoats {
			s.nextBoat()
			return
		}
		if cat.Cards[c].Effect == EffImmediateVPPerShip {
			n := int16(shipsInGame(p)) // NK-091: one VP per ship in game, as 2 VP and 1 VP cards
			p.Pending[Penguin] += n / 2
			p.Pending[VP1] += n % 2
			s.Turn.Stage, s.Turn.Immediate = stTuck, c
			return
		}
		s.beginActivation()
	case MoveDeactivate:
		p.removeFromHand(c)
		p.deactivate(c, m.Col)
		if s.Phase == phBoats {
			p.flushPending()
			s.nextBoat()
			return
		}
		s.beginActivation()
	case MoveKeep:
		s.beginActivation()
	case MoveTuck:
		p.tuckImmediate(s.Turn.Immediate, m.Col)
		s.beginActivation()
	case MoveNext:
		s.advanceWindow()
	case MoveChoose:
		s.resolveChoice(p, m.Option)
		s.afterAction()
	case MoveDiscard:
		p.Supply[m.Res]--
		if p.Locked[m.Res] > 0 {
			p.Locked[m.Res]-- // a card that cannot be used goes first (NK-070)
		}
		if p.resources() <= limit(p) {
			s.finishTurn()
		}
	default:
		s.applyFree(p, m)
		s.afterAction()
	}
}

// afterAction waits on a pending choice, or moves on when the window has
// nothing left to offer.
func (s *State) afterAction() {
	if s.Turn.NChoices > 0 {
		s.Turn.Stage = stChoice
		return
	}
	s.Turn.Stage = stWindow
	s.settle()
}

// beginActivation activates the columns from the left (NK-041).
func (s *State) beginActivation() {
	s.Turn.Stage = stWindow
	s.openWindow(0)
	s.settle()
}

// openWindow activates column w (or the final window when w is NCols),
// with that column's once-per-turn icons (NK-018, NK-042).
func (s *State) openWindow(w int8) {
	p := s.player()
	t := &s.Turn
	t.Window = w
	t.Icons = [3]int8{}
	if w < p.NCols && !t.Last {
		switch p.Cols[w].Kind {
		case PermitOffice:
			t.Icons[icLicence] = p.Icons[icLicence]
		case TouristCenter:
			t.Icons[icCoin] = p.Icons[icCoin]
		case SupplyVessel:
			t.Icons[icFuel] = p.Icons[icFuel]
		}
	}
}

// settle skips windows that offer nothing but "next".
func (s *State) settle() {
	for !s.windowHasAction() {
		if !s.advanceWindowOnce() {
			return
		}
	}
}

func (s *State) advanceWindow() {
	if s.advanceWindowOnce() {
		s.settle()
	}
}

// advanceWindowOnce opens the next window, or ends the turn after the
// final window (and then reports false).
func (s *State) advanceWindowOnce() bool {
	p := s.player()
	if s.Turn.Window >= p.NCols {
		s.endTurn()
		return false
	}
	s.openWindow(s.Turn.Window + 1)
	return true
}

// endTurn moves the cards gained this turn into the supply (NK-062) and
// asks for discards above the limit (NK-063). The cards gained in a
// player's last action turn of period 2 join the supply locked: they count
// at the end but cannot be spent in the window after period 2 (NK-070).
func (s *State) endTurn() {
	p := s.player()
	switch {
	case s.Phase == phLast:
		p.Locked = Bundle{}
	case s.Period == 2 && p.HandN == 0:
		p.Locked = p.Pending
	}
	p.flushPending()
	if p.resources() > limit(p) {
		s.Turn.Stage = stDiscard
		return
	}
	s.finishTurn()
}

// usable counts the cards of r in the supply that may be spent now.
func (p *Player) usable(r Res) int { return int(p.Supply[r] - p.Locked[r]) }

func (p *Player) flushPending() {
	for r := range numRes {
		p.Supply[r] += p.Pending[r]
	}
	p.Pending = Bundle{}
}

// limit is the most Fish, Goods and Licence cards a supply may hold at the
// end of its owner's turn (NK-063..065).
func limit(p *Player) int {
	if p.Effects[EffRSNoLimit] > 0 {
		return 1 << 20
	}
	return cat.SupplyLimit + int(p.Capacity)
}

// finishTurn passes the turn in turn order (NK-033) and ends the action
// phase when every hand is empty.
func (s *State) finishTurn() {
	s.mark(int8(s.current()))
	s.Turns++
	s.Pos++
	if s.Phase == phLast {
		if s.Pos == s.N {
			s.endPeriod()
			return
		}
		s.startLastWindow()
		return
	}
	if s.Pos == s.N {
		s.Pos = 0
	}
	if s.player().HandN == 0 {
		if s.Period == 2 {
			s.Phase, s.Pos = phLast, 0
			s.startLastWindow()
			return
		}
		s.endPeriod()
		return
	}
	s.startTurn()
}

func (p *Player) removeFromHand(c uint8) {
	for i := range p.HandN {
		if p.Hand[i] == c {
			p.HandN--
			p.Hand[i] = p.Hand[p.HandN]
			p.Hand[p.HandN] = 0
			return
		}
	}
}

// placeCard adds an action card to its column, or starts a new column at
// the right end of the line (NK-035..039).
func (p *Player) placeCard(c uint8) {
	cd := &cat.Cards[c]
	col := int8(-1)
	if cd.Kind != FishingBoat {
		col = p.column(cd.Kind)
	}
	if col < 0 {
		col = p.NCols
		p.Cols[col] = Column{Kind: cd.Kind, First: c, Hub: cd.Hub}
		p.NCols++
	}
	p.Cols[col].Cards++
	p.Played[p.NPlayed] = Placed{Card: c, Col: col}
	p.NPlayed++
	p.addEffect(c, 1)
}

// addEffect counts (sign 1) or uncounts (sign -1) an action card's effect.
func (p *Player) addEffect(c uint8, sign int8) {
	cd := &cat.Cards[c]
	p.Effects[cd.Effect] += sign
	switch cd.Effect {
	case EffLicence:
		p.Icons[icLicence] += sign * cd.Amount
	case EffCoin:
		p.Icons[icCoin] += sign * cd.Amount
	case EffFuel:
		p.Icons[icFuel] += sign * cd.Amount
	case EffGoodsOnArrivalCapacity:
		p.Capacity += sign * cd.Amount
	}
}

// deactivate tucks a card under column col as a hub: its hub value is added
// and its owner takes 2 fish, plus the Research Station bonus (NK-040, NK-097).
func (p *Player) deactivate(c uint8, col int8) {
	p.Cols[col].Hub += cat.Cards[c].Hub
	p.Cols[col].Cards++
	p.Played[p.NPlayed] = Placed{Card: c, Col: col, Hub: true}
	p.NPlayed++
	p.Pending[Fish] += 2
	if n := p.Effects[EffRSDeactivateBonus]; n > 0 {
		p.Pending[Fish] += int16(n)
		p.Pending[Licence] += 2 * int16(n)
	}
}

// tuckImmediate moves a resolved Immediate card from its column under
// column col as a hub, with no fish (NK-017, NK-Q16).
func (p *Player) tuckImmediate(c uint8, col int8) {
	own := p.column(cat.Cards[c].Kind)
	p.addEffect(c, -1)
	if p.Cols[own].First == c {
		p.NCols-- // it started its column this turn, the rightmost: the column goes
		p.Cols[own] = Column{}
	} else {
		p.Cols[own].Cards--
	}
	p.Cols[col].Hub += cat.Cards[c].Hub
	p.Cols[col].Cards++
	for i := range p.NPlayed {
		if p.Played[i].Card == c {
			p.Played[i] = Placed{Card: c, Col: col, Hub: true}
		}
	}
}
