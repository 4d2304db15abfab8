package greatharbor

import (
	"fmt"

	"harbor"
	"harbor/game"
)

// Person effects (Appendix A, GH-198..216).
const (
	effFlip = iota
	effPips
	effWild
	effLegate
	effAdmiral
	effCargo
	effQuaestor
	effTrader
	effShipRefresh
	effPraefectus
	effArchitect
	effCoinsFar
	effDiplomat
	effTribune
	effCorsair
	effSchemer
	effNavigator
	effPraetor
)

var effectNames = []string{"flip", "pips", "wild", "legate", "admiral", "cargo", "quaestor", "trader", "ship_refresh",
	"praefectus", "architect", "coins_far", "diplomat", "tribune", "corsair", "schemer", "navigator", "praetor"}

var personEffect []int8

func indexPeople() {
	for _, p := range people {
		personEffect = append(personEffect, int8(index(effectNames, p.Effect)))
	}
}

// usableCard is the Person place (column*2+layer) of an unmarked card with
// effect eff that seat may activate now, or -1.
func (s *State) usableCard(seat int8, eff int8) int8 {
	p := &s.Players[seat]
	if p.markersFree() == 0 {
		return -1
	}
	for c := range p.People {
		for l := range p.People[c] {
			if card := p.People[c][l]; card >= 0 && !p.Marked[c][l] && personEffect[card] == eff {
				return int8(c*2 + l)
			}
		}
	}
	return -1
}

// hasVoyageCards reports whether seat could use a voyage card before the
// battle of its ship in the window (GH-Q17).
func (s *State) hasVoyageCards(seat int8) bool {
	p := &s.Players[seat]
	if p.markersFree() == 0 {
		return false
	}
	for c := range p.People {
		for l := range p.People[c] {
			card := p.People[c][l]
			if card < 0 || p.Marked[c][l] || !people[card].Voyage || personEffect[card] == effCorsair {
				continue
			}
			if s.voyageCardUsable(seat, personEffect[card]) {
				return true
			}
		}
	}
	return false
}

func (s *State) voyageCardUsable(seat int8, eff int8) bool {
	p := &s.Players[seat]
	switch eff {
	case effAdmiral:
		return p.Favor >= 1 && !p.Admiral
	case effTrader:
		return !p.Trader
	case effDiplomat:
		for g, v := range s.Revealed {
			if v > 0 && p.Diplomat&(1<<uint(g)) == 0 {
				return true
			}
		}
		return false
	case effCargo:
		for _, sh := range p.Ships {
			if sh.Card >= 0 && sh.Where == shipOut {
				return true
			}
		}
		return false
	case effCoinsFar:
		return s.farShips(seat) > 0
	}
	return false
}

// farShips counts seat's ships in the middle or right segment, either way
// (GH-210): facing right on segment 2 or 3, or facing left 3 or more spaces out.
func (s *State) farShips(seat int8) int16 {
	n := int16(0)
	for _, sh := range s.Players[seat].Ships {
		if sh.Card >= 0 && (sh.Where == shipOut && sh.Seg >= 1 || sh.Where == shipBack && sh.Dist >= 3) {
			n++
		}
	}
	return n
}

// ownDrafted reports whether die is seat's drafted die of color c (GH-Q10).
func (s *State) ownDrafted(seat, die, c int8) bool {
	return die >= 0 && die < numDice && s.Dice[die].Loc == locDrafted && s.Dice[die].At == seat && dieColour(die) == c
}

// flippable reports whether die may be flipped by seat's Patrician of color c (GH-198, GH-Q08).
func (s *State) flippable(seat, die, c int8) bool {
	if die < 0 || die >= numDice || dieColour(die) != c {
		return false
	}
	d := &s.Dice[die]
	return d.Loc == locSlot || d.Loc == locDrafted && d.At == seat
}

// Reasons an activation is refused; activateFault returns one without
// allocating, so Legal can test activations cheaply.
const (
	okActivate = iota
	noCard
	alreadyMarked
	noMarker
	voyageOnly
	actionOnly
	corsairEarly
	useless
	noFlipDie
	badDie
	badStructure
	badPraefectus
	badArchitect
	badNavigator
	badPraetor
	badCargo
	badDiplomat
)

// activateFault checks activating the Person at m.Person (GH-086..089,
// GH-198..216) and returns okActivate or the reason it is refused.
func (s *State) activateFault(seat int8, m *Move, voyage bool) int {
	p := &s.Players[seat]
	if m.Person < 0 || m.Person >= 6 {
		return noCard
	}
	c, l := m.Person/2, m.Person%2
	card := p.People[c][l]
	if card < 0 {
		return noCard
	}
	if p.Marked[c][l] {
		return alreadyMarked
	}
	if p.markersFree() == 0 {
		return noMarker
	}
	info := &people[card]
	if info.Voyage != voyage {
		if info.Voyage {
			return voyageOnly
		}
		return actionOnly
	}
	eff := personEffect[card]
	if voyage {
		if eff == effCorsair {
			return corsairEarly
		}
		if !s.voyageCardUsable(seat, eff) {
			return useless
		}
	}
	switch eff {
	case effFlip:
		for id := range s.Dice {
			if s.flippable(seat, int8(id), info.Colour) {
				return okActivate
			}
		}
		return noFlipDie
	case effPips, effWild:
		if !s.ownDrafted(seat, m.Die, info.Colour) {
			return badDie
		}
	case effLegate:
		if s.checkConstruct(seat, m.Structure, m.Colonist, 2) != nil {
			return badStructure
		}
	case effPraefectus:
		if m.Choice < 0 || m.Choice > 3 || m.Choice < 3 && s.BuildingDisplay[m.Choice] < 0 {
			return badPraefectus
		}
	case effArchitect:
		if m.Card < 0 || int(m.Card) >= len(buildings) || p.HandBuildings&bit(m.Card) == 0 || costSum(buildings[m.Card].Cost) > 2 {
			return badArchitect
		}
	case effNavigator:
		if m.Dock < 0 || m.Dock > 2 || p.Ships[m.Dock].Card < 0 || p.Ships[m.Dock].Where != shipBack {
			return badNavigator
		}
	case effPraetor:
		if m.Track < 0 || m.Track >= numColours || m.Track2 < 0 || m.Track2 >= numColours {
			return badPraetor
		}
		room := int8(1) // a second step on the same track needs two spaces
		if m.Track == m.Track2 {
			room = 2
		}
		if p.Senate[m.Track]+room > senateTop || p.Senate[m.Track2] >= senateTop {
			return badPraetor
		}
	case effCargo:
		if m.Dock < 0 || m.Dock > 2 || p.Ships[m.Dock].Card < 0 || p.Ships[m.Dock].Where != shipOut {
			return badCargo
		}
	case effDiplomat:
		if m.Choice < 0 || m.Choice > 2 || s.Revealed[m.Choice] <= 0 || p.Diplomat&(1<<uint(m.Choice)) != 0 {
			return badDiplomat
		}
	}
	return okActivate
}

// activateFaults are the player-facing reasons, by fault: the rule, the
// reason in English and as a message.
var activateFaults = [...]struct {
	rule, text string
	msg        *game.Msg
}{
	noCard:        {"GH-086", "there is no Person card there", game.Word("greatharbor.err.no_card")},
	alreadyMarked: {"GH-087", "that Person already has an Activation marker", game.Word("greatharbor.err.already_marked")},
	noMarker:      {"GH-089", "you have no Activation marker left", game.Word("greatharbor.err.no_marker")},
	voyageOnly:    {"GH-203", "that Person can only be activated during the Voyage phase", game.Word("greatharbor.err.voyage_only")},
	actionOnly:    {"GH-080", "only Voyage Person cards may be activated during the Voyage phase", game.Word("greatharbor.err.action_only")},
	corsairEarly:  {"GH-213", "the Corsair is declared before a Pirate card is revealed", game.Word("greatharbor.err.corsair_early")},
	useless:       {"GH-203", "that Person would do nothing now", game.Word("greatharbor.err.useless")},
	noFlipDie:     {"GH-198", "there is no die of the card's color to flip", game.Word("greatharbor.err.no_flip_die")},
	badDie:        {"GH-199", "choose one of your drafted dice of the card's color", game.Word("greatharbor.err.bad_die")},
	badStructure:  {"GH-201", "choose a structure you can build for two resources less", game.Word("greatharbor.err.bad_structure")},
	badPraefectus: {"GH-208", "take a displayed Building or draw two from the deck", game.Word("greatharbor.err.bad_praefectus")},
	badArchitect:  {"GH-209", "choose a Building in your hand that costs 2 resources or fewer", game.Word("greatharbor.err.bad_architect")},
	badNavigator:  {"GH-215", "choose one of your ships sailing back", game.Word("greatharbor.err.bad_navigator")},
	badPraetor:    {"GH-216", "choose two Senate steps, on two tracks or twice on one, that your markers can take below the top", game.Word("greatharbor.err.bad_praetor")},
	badCargo:      {"GH-204", "choose one of your ships on the voyage", game.Word("greatharbor.err.bad_cargo")},
	badDiplomat:   {"GH-211", "choose a revealed Pirate card with strength", game.Word("greatharbor.err.bad_diplomat")},
}

// checkActivate validates an activation.
func (s *State) checkActivate(seat int8, m *Move, voyage bool) error {
	if f := s.activateFault(seat, m, voyage); f != okActivate {
		a := &activateFaults[f]
		return harbor.RuleError(a.rule, "%s", a.text).With(a.msg)
	}
	return nil
}

// activate marks the card and resolves its effect.
func (s *State) activate(seat int8, m *Move, log *game.Log) {
	p := &s.Players[seat]
	c, l := m.Person/2, m.Person%2
	card := p.People[c][l]
	p.Marked[c][l] = true
	info := &people[card]
	var text string
	var msg *game.Msg
	if log.On() { // before the effect, which may change the display
		text = fmt.Sprintf("%s activated %s (#%d)%s", s.Names[seat], info.Name, info.Number, s.activateText(seat, m, card))
		msg = s.activateMsg(seat, m, card)
	}
	switch personEffect[card] {
	case effFlip:
		s.pushPending(Pending{Kind: pendFlip, Seat: seat, N: 2, Colour: info.Colour})
	case effPips:
		s.Dice[m.Die].Bonus += 2
	case effWild:
		s.Dice[m.Die].Wild = true
	case effLegate:
		s.construct(seat, m.Structure, m.Colonist, 2)
	case effAdmiral:
		p.Favor--
		p.Admiral = true
	case effCargo:
		p.Ships[m.Dock].Cargo++
	case effQuaestor:
		s.gainColonists(seat, 2)
	case effTrader:
		p.Trader = true
	case effShipRefresh:
		for z := int8(0); z < 3; z++ {
			if c := s.ShipDisplay[z]; c >= 0 {
				s.noteBottom(int(z), s.ShipDeckN[z])
				bottomDeck(s.ShipDeck[z][:], &s.ShipDeckN[z], c)
				s.ShipDisplay[z] = s.drawShip(z)
			}
		}
	case effPraefectus:
		if m.Choice < 3 {
			p.HandBuildings |= bit(takeDisplay(&s.BuildingDisplay, m.Choice, s.BuildingDeck[:], &s.BuildingDeckN))
		} else {
			s.gain(seat, &Gain{BuildingDeck: 2}, 0)
		}
	case effArchitect:
		p.HandBuildings &^= bit(m.Card)
		s.build(seat, m.Card)
	case effCoinsFar:
		p.Coins += s.farShips(seat)
	case effDiplomat:
		p.Diplomat |= 1 << uint(m.Choice)
	case effTribune:
		p.Favor++
		p.Smuggler++
	case effSchemer:
		p.Smuggler += 2
	case effNavigator:
		sh := &p.Ships[m.Dock]
		sh.Dist--
		if sh.Dist <= 0 {
			s.dock(seat, m.Dock)
		}
	case effPraetor:
		s.senateStep(seat, m.Track)
		s.senateStep(seat, m.Track2)
	}
	if log.On() {
		log.Add(game.Event{Type: "activate", Seat: game.Seat(seat), Text: text, Msg: msg})
	}
}

// legalActivations appends the activations open to seat now.
func (s *State) legalActivations(seat int8, voyage bool, dst []Move) []Move {
	p := &s.Players[seat]
	if p.markersFree() == 0 {
		return dst
	}
	for c := range p.People {
		for l := range p.People[c] {
			card := p.People[c][l]
			if card < 0 || p.Marked[c][l] || people[card].Voyage != voyage {
				continue
			}
			m := Move{Type: mvActivate, Person: int8(c*2 + l)}
			switch personEffect[card] {
			case effPips, effWild:
				for id := int8(0); id < numDice; id++ {
					if s.ownDrafted(seat, id, people[card].Colour) {
						m.Die = id
						dst = append(dst, m)
					}
				}
				continue
			case effLegate:
				dst = s.legalConstructs(seat, m, 2, dst)
				continue
			case effPraefectus:
				for ch := int8(0); ch < 4; ch++ {
					if ch == 3 || s.BuildingDisplay[ch] >= 0 {
						m.Choice = ch
						dst = append(dst, m)
					}
				}
				continue
			case effArchitect:
				for b := int8(0); b < int8(len(buildings)); b++ {
					if p.HandBuildings&bit(b) != 0 && costSum(buildings[b].Cost) <= 2 {
						m.Card = b
						dst = append(dst, m)
					}
				}
				continue
			case effNavigator, effCargo:
				for d := int8(0); d < 3; d++ {
					m.Dock = d
					if s.activateFault(seat, &m, voyage) == okActivate {
						dst = append(dst, m)
					}
				}
				continue
			case effPraetor:
				for a := int8(0); a < numColours; a++ {
					for b := a; b < numColours; b++ {
						m.Track, m.Track2 = a, b
						if s.activateFault(seat, &m, voyage) == okActivate {
							dst = append(dst, m)
						}
					}
				}
				continue
			case effDiplomat:
				for g := int8(0); g < 3; g++ {
					m.Choice = g
					if s.activateFault(seat, &m, voyage) == okActivate {
						dst = append(dst, m)
					}
				}
				continue
			}
			if s.activateFault(seat, &m, voyage) == okActivate {
				dst = append(dst, m)
			}
		}
	}
	return dst
}

func costSum(c [numRes]int8) int8 { return c[0] + c[1] + c[2] + c[3] }
