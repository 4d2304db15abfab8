package greatharbor

import "harbor/game"

// Bot is the rule-based computer player. It values each legal move from its
// own view with simple, fixed heuristics (what a benefit is worth to its
// colony now) and plays the best, breaking ties with its own generator. It
// ends its turn when no Govern action is worth anything, so it never stalls.
type Bot struct {
	seat game.Seat
	rng  game.Rand
	want [numRes]int8 // resources still missing for what it is saving for
	fill bool         // a gain past five fills the track (the "fill" surplus option)
}

// NewBot returns the computer player for seat.
func NewBot(seat game.Seat, seed uint64) *Bot { return &Bot{seat: seat, rng: game.NewRand(seed)} }

// Choose picks the move with the best heuristic value.
func (b *Bot) Choose(v View, legal []Move) Move {
	b.plan(&v)
	best, bestV := 0, -1<<30
	for i := range legal {
		val := b.value(&v, &legal[i])*16 + b.rng.Intn(16)
		if val > bestV {
			best, bestV = i, val
		}
	}
	return legal[best]
}

// plan works out which resources the bot is short of for the best Ship in
// hand, or else the cheapest Building or structure.
func (b *Bot) plan(v *View) {
	p := &v.Players[b.seat]
	b.fill = v.Surplus == surplusFill
	b.want = [numRes]int8{}
	target := [numRes]int8{2, 1, 1, 1}
	found := false
	for c := int8(0); c < int8(len(ships)); c++ {
		if p.HandShips&bit(c) != 0 && b.freeDock(p) >= 0 {
			target, found = ships[c].Cost, true
			break
		}
	}
	if !found {
		for c := int8(0); c < int8(len(buildings)); c++ {
			if p.HandBuildings&bit(c) != 0 {
				target = buildings[c].Cost
				break
			}
		}
	}
	for r := range target {
		b.want[r] = max(0, target[r]-p.Res[r])
	}
}

func (b *Bot) freeDock(p *Player) int8 {
	for d, sh := range p.Ships {
		if sh.Card < 0 {
			return int8(d)
		}
	}
	return -1
}

func (b *Bot) resValue(p *Player, r int8, n int8) int {
	room := resCap - p.Res[r]
	got := min(n, room)
	if n > room && !b.fill {
		got = 0 // the marker stays where it is (GH-061)
	}
	v := int(got) * 2
	if b.want[r] > 0 {
		v += int(min(got, b.want[r])) * 3
	}
	if n > room {
		v += 2 // one surplus Prestige
	}
	return v
}

// gainValue is what a tile tier or reward is worth to the bot.
func (b *Bot) gainValue(v *View, g *Gain, colour int8) int {
	p := &v.Players[b.seat]
	val := 0
	for r, n := range g.Res {
		if n > 0 {
			val += b.resValue(p, int8(r), n)
		}
	}
	if g.DiceResource > 0 {
		val += b.resValue(p, v.BonusTile[colour], g.DiceResource)
	}
	room := p.housing() - p.Free
	val += 3 * int(min(g.Colonists, max(room, 0)))
	val += 2*int(g.Favor) + 3*int(g.Coins) + 3*int(g.Prestige) + 2*int(g.Smuggler)
	val += 4*int(g.BuildingDeck) + 5*int(g.BuildingDisplay) + 2*int(g.PersonDeck) + 3*int(g.PersonDisplay)
	if g.Ship > 0 && v.ShipDisplay[g.Ship-1] >= 0 {
		val += 6 + 4*int(g.Ship)
		if b.freeDock(p) < 0 {
			val -= 5
		}
	}
	return val
}

func (b *Bot) value(v *View, m *Move) int {
	me := int8(b.seat)
	p := &v.Players[me]
	late := v.Round == rounds-1
	switch m.Type {
	case mvDraft:
		d := &v.Dice[m.Die]
		val := 2 * int(d.Face)
		if p.ColourBonus&(1<<uint(dieColour(m.Die))) != 0 {
			val += 3
		}
		return val
	case mvPlace:
		return b.placeValue(v, m)
	case mvEnd, mvStop, mvFight, mvPass:
		return 0
	case mvFavorPip:
		return -1
	case mvRetrieve:
		return 1
	case mvFavorSenate:
		return 4
	case mvPlayPerson:
		if v.Round >= rounds-1 && v.Turn == 1 {
			return 3
		}
		return 6
	case mvPlayBuilding:
		return 10 + 3*int(buildings[m.Card].Prestige)
	case mvActivate:
		return b.activateValue(v, m)
	case mvConstruct:
		val := 9
		if m.Colonist {
			val--
		}
		return val
	case mvProduce:
		if b.shipsAfloat(p) > 0 {
			return 4
		}
		return -1
	case mvEmploy:
		switch m.Card {
		case bNaval:
			return 5
		case bArsenal, bFoundry:
			return 3
		case bMarket:
			return 4
		case bHut:
			return 8
		case bCensors:
			return 5
		case bLighthouse:
			return 1
		}
		return -2
	case mvCrew:
		return [3]int{1, 5, 3}[m.Stat]
	case mvPlayShip:
		old := p.Ships[m.Dock].Card
		if old < 0 {
			return 25 + 4*int(ships[m.Card].Size)
		}
		if ships[m.Card].Size > ships[old].Size {
			return 8
		}
		return -5
	case mvRepair:
		return 5
	case mvSend:
		if late && v.Turn == 1 || b.shipStrength(v, m.Dock) >= 2 {
			return 12
		}
		return 4
	case mvConvert:
		if late && v.Turn == 1 {
			return -1
		}
		if b.want[m.Res] > 0 {
			return 3
		}
		return -1
	case mvConvertCard:
		return b.convertValue(v, m)
	case mvShop:
		if v.Round <= 2 {
			return 4
		}
		return -1
	case mvPick:
		return b.pickValue(v, m)
	case mvFlip:
		d := &v.Dice[m.Die]
		if d.Loc == locDrafted && d.At == me {
			return int(7 - 2*d.Face)
		}
		return -1
	case mvCrane:
		return -1
	case mvLighthouse:
		if p.Peek >= 2 && m.Choice == 1 || p.Peek < 2 && m.Choice == 0 {
			return 1
		}
		return 0
	case mvCorsair:
		return 5
	case mvTrade:
		seg := v.VoySeg
		val := 3*int(segments[seg].Prestige) + int(segments[seg].Coins)*2
		if m.Deliver {
			val += 3 * int(segments[seg].Prestige)
		}
		if b.want[m.Res] > 0 {
			val++
		}
		return val
	case mvContinue:
		return b.continueValue(v)
	}
	return 0
}

func (b *Bot) shipsAfloat(p *Player) int {
	n := 0
	for _, sh := range p.Ships {
		if sh.Card >= 0 {
			n++
		}
	}
	return n
}

// shipStrength estimates a docked ship's Strength from the view.
func (b *Bot) shipStrength(v *View, dock int8) int8 {
	sh := &v.Players[b.seat].Ships[dock]
	s := ships[sh.Card].Strength
	if sh.Crew&crewStrength != 0 {
		s++
	}
	return s
}

func (b *Bot) placeValue(v *View, m *Move) int {
	if m.Slot == district {
		val := 2
		for _, d := range v.Dice {
			if d.Loc == locSmuggler {
				val += b.gainValue(v, &smugglerChart[d.Face-1], 0)
			}
		}
		return val
	}
	g := &slotGeoms[m.Slot]
	val := -3 * int(popcount8(uint8(m.Waive)))
	colour := dieColour(m.Die)
	for k, pips := range [2]int8{m.First, m.Second} {
		cell := g.Cells[k]
		if cell < 0 || pips == 0 {
			continue
		}
		fee := v.Fees[cell]
		if m.Waive&(1<<uint(k)) != 0 {
			fee = 0
		}
		if t := tierFor(pips, fee); t > 0 {
			tile := b.tileAt(v, cell)
			val += b.gainValue(v, &tiles[tile].Tiers[t-1], colour)
		}
	}
	return val
}

func (b *Bot) tileAt(v *View, cell int8) int8 {
	for i := range tiles {
		if tiles[i].ID == v.Tiles[cell] {
			return int8(i)
		}
	}
	return 0
}

func (b *Bot) activateValue(v *View, m *Move) int {
	p := &v.Players[b.seat]
	card := p.People[m.Person/2][m.Person%2]
	switch personEffect[card] {
	case effQuaestor:
		if p.housing()-p.Free >= 1 {
			return 6
		}
	case effTribune, effSchemer:
		return 4
	case effPraetor:
		return 8
	case effPraefectus, effLegate:
		return 8
	case effArchitect:
		return 12
	case effPips:
		return 3
	case effNavigator:
		return 2
	case effAdmiral, effDiplomat:
		return 6
	case effCargo, effCoinsFar:
		return 3
	case effTrader:
		if b.hasLux(p) {
			return 2
		}
	}
	return -1
}

func (b *Bot) hasLux(p *Player) bool {
	for _, n := range p.Lux {
		if n > 0 {
			return true
		}
	}
	return false
}

func (b *Bot) convertValue(v *View, m *Move) int {
	info := &conversions[m.Card]
	endgame := v.Phase == "final_convert"
	switch {
	case info.Gain.Prestige > 0:
		if endgame {
			return 4 * int(m.N)
		}
		if v.Round >= 3 {
			return int(m.N)
		}
	case info.Gain.Favor > 0, info.Gain.Smuggler > 0:
		if endgame && info.Gain.Smuggler > 0 {
			return 1
		}
	}
	return -1
}

func (b *Bot) pickValue(v *View, m *Move) int {
	if v.Pending.Kind == pendBuilding {
		c := v.BuildingDisplay[m.Choice]
		return int(buildings[c].Prestige)*2 - int(costSum(buildings[c].Cost))
	}
	c := v.PersonDisplay[m.Choice]
	switch personEffect[c] {
	case effArchitect, effPraetor, effLegate, effPraefectus:
		return 4
	case effQuaestor, effTribune, effSchemer:
		return 3
	}
	return 1
}

// continueValue is the worth of sailing on, on the scale of the trade
// values, from the Pirate cards not yet seen (GH-T3 odds).
func (b *Bot) continueValue(v *View) int {
	seg := v.VoySeg
	var unseen [4]int
	for _, c := range pirateCards {
		unseen[c]++
	}
	for _, c := range v.PirateDisc[:v.PirateDiscN] {
		unseen[c]--
	}
	total := int8(0)
	for _, r := range v.Revealed {
		if r >= 0 {
			unseen[r]--
			total += r
		}
	}
	str := b.voyageStrength(v)
	win, all := 0, 0
	for c, n := range unseen {
		if n <= 0 {
			continue
		}
		all += n
		if str >= total+int8(c) {
			win += n
		}
	}
	if all == 0 {
		return 0
	}
	next := seg + 1
	gain := 3*int(segments[next].Prestige) + 2*int(segments[next].Coins)
	// The expected value of the next segment (a loss costs a Damage token),
	// less the Coins a trade here would bring once more as a cautious margin.
	return (gain*win-4*(all-win))/all - 2*int(segments[seg].Coins)
}

func (b *Bot) voyageStrength(v *View) int8 {
	p := &v.Players[b.seat]
	sh := &p.Ships[v.VoyShip]
	s := ships[sh.Card].Strength + sh.Str
	if sh.Crew&crewStrength != 0 {
		s++
	}
	if p.Admiral {
		s++
	}
	if p.Employed&bit(bArsenal) != 0 && ships[sh.Card].Size == small {
		s++
	}
	if p.Employed&bit(bFoundry) != 0 && sh.Crew != 0 {
		s++
	}
	return s
}
