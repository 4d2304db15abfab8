package greatharbor

import (
	"fmt"
	"math/bits"

	"harbor"
	"harbor/game"
)

const resCap = 5 // GH-061

// gainRes adds n of resource r to p. A gain that would pass space five pays
// exactly one Prestige and leaves the marker where it is, as both rulebook
// texts say, or with the "fill" surplus option fills the track to five
// (GH-061, GH-Q06).
func (s *State) gainRes(p *Player, r int8, n int8) {
	if n <= 0 {
		return
	}
	v := p.Res[r] + n
	if v > resCap {
		v = p.Res[r]
		if s.Opts.Surplus == surplusFill {
			v = resCap
		}
		p.Prestige++
	}
	p.Res[r] = v
}

func canPay(have, cost [numRes]int8) bool {
	for r := range cost {
		if have[r] < cost[r] {
			return false
		}
	}
	return true
}

// costText says a cost in player words: "2 planks, 1 metal".
func costText(cost [numRes]int8) string {
	text := ""
	for r, n := range cost {
		if n > 0 {
			if text != "" {
				text += ", "
			}
			text += fmt.Sprintf("%d %s", n, resNames[r])
		}
	}
	if text == "" {
		return "nothing"
	}
	return text
}

// cannotPay refuses a card or structure (name, word) whose cost the player
// cannot pay, under rule.
func cannotPay(rule, name string, word *game.Msg, cost [numRes]int8) error {
	return harbor.RuleError(rule, "you cannot pay for %s: it costs %s", name, costText(cost)).
		With(game.M("greatharbor.err.cannot_pay", "card", word, "cost", costMsg(cost)))
}

func (p *Player) pay(cost [numRes]int8) {
	for r := range cost {
		p.Res[r] -= cost[r]
	}
}

// housing is the number of housing spaces (GH-T5).
func (p *Player) housing() int8 {
	h := colony.BaseHousing + colony.PerInsula*int8(bits.OnesCount8(p.Insula))
	if p.Insula&3 == 3 {
		h += colony.PerAdjacent
	}
	if p.Insula&6 == 6 {
		h += colony.PerAdjacent
	}
	return h
}

// gainColonists moves up to n Colonists from the supply into free housing;
// the rest stay in the supply (GH-064, GH-Q24).
func (s *State) gainColonists(seat int8, n int8) {
	p := &s.Players[seat]
	room := p.housing() - p.Free
	n = min(n, room, s.SupplyColonists)
	if n > 0 {
		p.Free += n
		s.SupplyColonists -= n
	}
}

// gain resolves a bundle for seat. colour is the track or die colour for a
// DiceResource gain.
func (s *State) gain(seat int8, g *Gain, colour int8) {
	p := &s.Players[seat]
	for r, n := range g.Res {
		s.gainRes(p, int8(r), n)
	}
	if g.DiceResource > 0 {
		s.gainRes(p, s.bonusTile()[colour], g.DiceResource)
	}
	if g.Colonists > 0 {
		s.gainColonists(seat, g.Colonists)
	}
	p.Favor += g.Favor
	p.Coins += int16(g.Coins)
	p.Prestige += int16(g.Prestige)
	p.Smuggler += g.Smuggler
	for range g.BuildingDeck {
		if c := popDeck(s.BuildingDeck[:], &s.BuildingDeckN); c >= 0 {
			p.HandBuildings |= bit(c)
		}
	}
	for range g.PersonDeck {
		if c := popDeck(s.PersonDeck[:], &s.PersonDeckN); c >= 0 {
			p.HandPeople |= bit(c)
		}
	}
	if g.BuildingDisplay > 0 && displayCount(&s.BuildingDisplay) > 0 {
		s.pushPending(Pending{Kind: pendBuilding, Seat: seat, N: g.BuildingDisplay})
	}
	if g.PersonDisplay > 0 && displayCount(&s.PersonDisplay) > 0 {
		s.pushPending(Pending{Kind: pendPerson, Seat: seat, N: g.PersonDisplay})
	}
	if g.Ship > 0 {
		size := g.Ship - 1
		if c := s.ShipDisplay[size]; c >= 0 {
			p.HandShips |= bit(c)
			s.ShipDisplay[size] = s.drawShip(size) // GH-071, GH-072
		}
	}
}

func displayCount(d *[3]int8) int {
	n := 0
	for _, c := range d {
		if c >= 0 {
			n++
		}
	}
	return n
}

// takeDisplay removes the card at i, slides the others toward the deck icon
// (index 0) and refills the far slot from the deck (GH-069).
func takeDisplay(d *[3]int8, i int8, deck []int8, n *int8) int8 {
	c := d[i]
	copy(d[i:], d[i+1:])
	d[2] = popDeck(deck, n)
	// Keep the filled cards nearest the icon when the deck ran dry.
	k := 0
	for _, x := range d {
		if x >= 0 {
			d[k] = x
			k++
		}
	}
	for ; k < 3; k++ {
		d[k] = -1
	}
	return c
}

// cardPlayed records a colored card entering a colony: a Senate step on its
// track (GH-085) and, with the second card of the color, the Dice Color
// Bonus (GH-141, GH-Q28).
func (s *State) cardPlayed(seat int8, colour int8) {
	p := &s.Players[seat]
	p.ColourCards[colour]++
	if p.ColourCards[colour] == 2 {
		p.ColourBonus |= 1 << uint(colour)
	}
	s.senateStep(seat, colour)
}

// senateStep moves seat's marker on track one space up and pays the bonuses
// it reaches: the track's own space (GH-138) and a shared row once both
// neighboring markers are on or past it (GH-139). Steps past the top are lost.
func (s *State) senateStep(seat int8, track int8) {
	p := &s.Players[seat]
	if p.Senate[track] >= senateTop {
		return
	}
	p.Senate[track]++
	at := p.Senate[track]
	s.gain(seat, &senateSpace[at], track)
	for _, row := range senateRows {
		if row != at {
			continue
		}
		for _, nb := range [2]int8{track - 1, track + 1} {
			if nb < 0 || nb >= numColours || p.Senate[nb] < row {
				continue
			}
			pair := min(track, nb)
			flag := uint8(1) << uint(pair*2+rowIndex(row))
			if p.SenateShared&flag == 0 {
				p.SenateShared |= flag
				s.gain(seat, &senateShared[row], track)
			}
		}
	}
}

func rowIndex(row int8) int8 {
	for i, r := range senateRows {
		if r == row {
			return int8(i)
		}
	}
	return 0
}

// markersFree is the number of Activation markers in seat's supply (GH-089).
func (p *Player) markersFree() int8 {
	n := supply.Markers
	for c := range p.Marked {
		for l := range p.Marked[c] {
			if p.Marked[c][l] {
				n--
			}
		}
	}
	return n
}

// luxSupply is how many luxury tokens of type l are left in the supply.
func (s *State) luxSupply(l int8) int8 {
	n := supply.LuxuryPerType
	for i := range s.N {
		n -= s.Players[i].Lux[l]
	}
	return n
}
