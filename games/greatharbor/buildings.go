package greatharbor

import (
	"harbor"
	"harbor/game"
)

// Building indices looked up by effect, so the data may be reordered.
var (
	bArsenal, bFoundry, bCustoms, bFleetyard, bVilla, bSmithy, bTavern, bOdeon, bCuria int8
	bNaval, bCrane, bMarket, bHut, bLighthouse, bCensors, bHarborMaster                int8
)

func indexBuildings() {
	find := func(effect string) int8 {
		for i, b := range buildings {
			if b.Effect == effect {
				return int8(i)
			}
		}
		panic("greatharbor data: no building with effect " + effect)
	}
	bArsenal, bFoundry, bCustoms, bFleetyard = find("dockyard_arsenal"), find("warship_foundry"), find("customs_office"), find("fleetyard")
	bVilla, bSmithy, bTavern, bOdeon, bCuria = find("governors_villa"), find("smithy"), find("tavern"), find("odeon"), find("curia")
	bNaval, bCrane, bMarket, bHut = find("naval_academy"), find("port_crane"), find("market_square"), find("engineers_hut")
	bLighthouse, bCensors, bHarborMaster = find("lighthouse"), find("house_of_censors"), find("harbor_master")
}

// employCount is how many Colonists a Building takes (GH-092, GH-234).
func employCount(b int8) int8 {
	if buildings[b].Kind == "employ2" {
		return 2
	}
	return 1
}

// build puts Building b into seat's colony (GH-090).
func (s *State) build(seat, b int8) {
	s.Players[seat].Buildings |= bit(b)
	s.cardPlayed(seat, buildings[b].Colour)
}

// crewable reports whether a Colonist may join ship dock on stat (GH-105..107, GH-Q37).
func (p *Player) crewable(dock, stat int8) bool {
	if dock < 0 || dock > 2 || stat < 0 || stat > 2 {
		return false
	}
	sh := &p.Ships[dock]
	return sh.Card >= 0 && sh.Where == shipDocked && sh.Crew&(1<<uint(stat)) == 0 &&
		popcount8(sh.Crew) < ships[sh.Card].Hull
}

// checkEmploy validates employing Colonists on Building m.Card (GH-091, GH-092, GH-217..234).
func (s *State) checkEmploy(seat int8, m *Move) error {
	p := &s.Players[seat]
	b := m.Card
	if b < 0 || int(b) >= len(buildings) || p.Buildings&bit(b) == 0 {
		return harbor.RuleError("GH-091", "employ Colonists only in a Building you have built").With(game.Word("greatharbor.err.employ_built"))
	}
	if k := buildings[b].Kind; k != "employ" && k != "employ2" {
		return harbor.RuleError("GH-091", "%s takes no Colonist", buildings[b].Name).With(game.M("greatharbor.err.employ_none", "building", buildingWord(b)))
	}
	if p.Employed&bit(b) != 0 {
		return harbor.RuleError("GH-092", "%s already holds its Colonist", buildings[b].Name).With(game.M("greatharbor.err.employ_full", "building", buildingWord(b)))
	}
	if p.Free < employCount(b) {
		return harbor.RuleError("GH-091", "you need %d free Colonists", employCount(b)).With(game.M("greatharbor.err.employ_colonists", "n", int(employCount(b))))
	}
	switch b {
	case bNaval:
		if !p.crewable(m.Dock, m.Stat) || s.SupplyColonists == 0 {
			return harbor.RuleError("GH-218", "choose a docked ship with room for crew on that stat").With(game.Word("greatharbor.err.naval"))
		}
	case bCrane:
		if !s.craneHasMove() {
			return harbor.RuleError("GH-222", "there is no die to move or no empty slot").With(game.Word("greatharbor.err.crane_none"))
		}
	case bMarket:
		if m.Lux < 0 || m.Lux >= numLux || s.luxSupply(m.Lux) == 0 {
			return harbor.RuleError("GH-223", "choose a luxury left in the supply").With(game.Word("greatharbor.err.market"))
		}
	case bHut:
		return s.checkConstructWith(seat, m.Structure, m.Colonist, 2, employCount(b))
	case bCensors:
		if m.Track < 0 || m.Track >= numColours || p.Senate[m.Track] >= senateTop {
			return harbor.RuleError("GH-230", "choose a Senate track whose marker is below the top").With(game.Word("greatharbor.err.censors"))
		}
	case bHarborMaster:
		if !s.rerollable(seat, m.Die) {
			return harbor.RuleError("GH-231", "reroll one of your drafted dice or a die on a harbor slot").With(game.Word("greatharbor.err.harbor_master"))
		}
	}
	return nil
}

func (s *State) rerollable(seat, die int8) bool {
	if die < 0 || die >= numDice {
		return false
	}
	d := &s.Dice[die]
	return d.Loc == locSlot || d.Loc == locDrafted && d.At == seat
}

func (s *State) craneHasMove() bool {
	placed, empty := false, false
	for _, d := range s.Slots {
		placed = placed || d >= 0
		empty = empty || d < 0
	}
	return placed && empty
}

// employ resolves the Building's effect.
func (s *State) employ(seat int8, m *Move, log *game.Log) {
	p := &s.Players[seat]
	b := m.Card
	p.Free -= employCount(b)
	p.Employed |= bit(b)
	switch b {
	case bNaval:
		p.Ships[m.Dock].Crew |= 1 << uint(m.Stat)
		s.SupplyColonists--
	case bCrane:
		s.pushPending(Pending{Kind: pendCrane, Seat: seat, N: 1})
	case bMarket:
		p.Lux[m.Lux]++
	case bHut:
		s.construct(seat, m.Structure, m.Colonist, 2)
	case bLighthouse:
		if s.PirateN == 0 && s.PirateDiscN > 0 {
			s.reshufflePirates()
		}
		if s.PirateN > 0 {
			p.Peek = s.PirateDeck[s.PirateN-1]
			s.pushPending(Pending{Kind: pendLighthouse, Seat: seat, N: 1})
		}
	case bCensors:
		s.senateStep(seat, m.Track)
	case bHarborMaster:
		s.Dice[m.Die].Face = int8(s.Rand.Die())
	}
	if log.On() {
		ev := game.Event{Type: "employ", Seat: game.Seat(seat), Text: s.Names[seat] + " employed " + employText(b) + " in " + buildings[b].Name + s.employDetail(seat, m),
			Msg: s.employMsg(seat, m, b)}
		if b == bLighthouse && p.Peek >= 0 {
			ev.Secrets = []game.Secret{{To: game.Seats(game.Seat(seat)), Text: s.Names[seat] + " looked at the top Pirate card: strength " + string('0'+rune(p.Peek)),
				Msg: game.M("greatharbor.peeked", "who", s.Names[seat], "n", int(p.Peek))}}
		}
		log.Add(ev)
	}
}

// legalEmploys appends the employments open to seat.
func (s *State) legalEmploys(seat int8, dst []Move) []Move {
	p := &s.Players[seat]
	if p.Free == 0 {
		return dst
	}
	for b := int8(0); b < int8(len(buildings)); b++ {
		if p.Buildings&bit(b) == 0 || p.Employed&bit(b) != 0 || p.Free < employCount(b) {
			continue
		}
		k := buildings[b].Kind
		if k != "employ" && k != "employ2" {
			continue
		}
		m := Move{Type: mvEmploy, Card: b}
		switch b {
		case bNaval:
			if s.SupplyColonists == 0 {
				continue
			}
			for d := int8(0); d < 3; d++ {
				for st := int8(0); st < 3; st++ {
					if p.crewable(d, st) {
						m.Dock, m.Stat = d, st
						dst = append(dst, m)
					}
				}
			}
		case bCrane:
			if s.craneHasMove() {
				dst = append(dst, m)
			}
		case bMarket:
			for l := int8(0); l < numLux; l++ {
				if s.luxSupply(l) > 0 {
					m.Lux = l
					dst = append(dst, m)
				}
			}
		case bHut:
			dst = s.legalConstructsWith(seat, m, 2, employCount(b), dst)
		case bCensors:
			for t := int8(0); t < numColours; t++ {
				if p.Senate[t] < senateTop {
					m.Track = t
					dst = append(dst, m)
				}
			}
		case bHarborMaster:
			for id := int8(0); id < numDice; id++ {
				if s.rerollable(seat, id) {
					m.Die = id
					dst = append(dst, m)
				}
			}
		default:
			dst = append(dst, m)
		}
	}
	return dst
}
