package greatharbor

import (
	"fmt"

	"harbor/game"
)

// demandStart is the first Demand slot of each segment (GH-T7).
var demandStart = [4]int8{0, 1, 3, 5}

// ownerShips returns the ships of owner (a seat, or the Automa).
func (s *State) ownerShips(owner int8) *[3]Ship {
	if owner == s.automaID() {
		return &s.Bot.Ships
	}
	return &s.Players[owner].Ships
}

// strength is a ship's effective Strength for a battle (GH-Q15).
func (s *State) strength(owner int8, dock int8) int8 {
	sh := &s.ownerShips(owner)[dock]
	info := &ships[sh.Card]
	v := info.Strength + sh.Str
	if sh.Crew&crewStrength != 0 {
		v++
	}
	if owner == s.automaID() {
		return v
	}
	p := &s.Players[owner]
	if p.Employed&bit(bArsenal) != 0 && info.Size == small {
		v++
	}
	if p.Employed&bit(bFoundry) != 0 && sh.Crew != 0 {
		v++
	}
	if p.Admiral {
		v++
	}
	return v
}

func (s *State) cargo(owner, dock int8) int8 {
	sh := &s.ownerShips(owner)[dock]
	v := ships[sh.Card].Cargo + sh.Cargo
	if sh.Crew&crewCargo != 0 {
		v++
	}
	return v
}

func (s *State) speed(owner, dock int8) int8 {
	sh := &s.ownerShips(owner)[dock]
	v := ships[sh.Card].Speed
	if sh.Crew&crewSpeed != 0 {
		v++
	}
	return v
}

// pirateTotal is the strength of every Pirate revealed this Voyage phase,
// less those owner ignores with the Diplomat (GH-124, GH-Q18).
func (s *State) pirateTotal(owner int8) int8 {
	t := int8(0)
	for g, v := range s.Revealed {
		if v < 0 {
			continue
		}
		if owner < s.N && owner != s.automaID() && s.Players[owner].Diplomat&(1<<uint(g)) != 0 {
			continue
		}
		t += v
	}
	return t
}

// joinSegment gives owner a position in seg, or keeps the one it has (GH-127, GH-Q13).
func (s *State) joinSegment(owner, seg int8) {
	pos := &s.SegOwner[seg]
	for _, o := range pos {
		if o == owner {
			return
		}
	}
	for i, o := range pos {
		if o < 0 {
			pos[i] = owner
			return
		}
	}
}

// leaveSegment frees owner's position in seg once no ship of theirs faces right there.
func (s *State) leaveSegment(owner, seg int8) {
	for _, sh := range s.ownerShips(owner) {
		if sh.Card >= 0 && sh.Where == shipOut && sh.Seg == seg {
			return
		}
	}
	for i, o := range s.SegOwner[seg] {
		if o == owner {
			s.SegOwner[seg][i] = -1
		}
	}
}

func (s *State) send(owner, dock int8) {
	sh := &s.ownerShips(owner)[dock]
	sh.Where, sh.Seg = shipOut, 0
	s.joinSegment(owner, 0)
}

func (s *State) anyOut() bool {
	for o := int8(0); o < s.total(); o++ {
		for _, sh := range s.ownerShips(o) {
			if sh.Card >= 0 && sh.Where == shipOut {
				return true
			}
		}
	}
	return false
}

// startVoyage sends the Automa's docked ships (GH-193) and opens the Voyage
// phase, or skips it when no ship faces right (GH-121).
func (s *State) startVoyage(log *game.Log) {
	if s.Automa {
		for d := int8(0); d < 3; d++ {
			if sh := &s.Bot.Ships[d]; sh.Card >= 0 && sh.Where == shipDocked {
				s.send(s.automaID(), d)
			}
		}
	}
	s.Phase = phaseVoyage
	s.VoySeg, s.VoyStage, s.VoyAsked, s.VoyOwner, s.VoyShip = 0, voyCorsair, 0, -1, -1
	if !s.anyOut() {
		s.endVoyage(log)
	}
}

// nextShip is the first right-facing ship, in dock order, of the owner in
// the lowest position of the current segment (GH-123). A person with several
// ships there chooses their order with the dock of the fight move.
func (s *State) nextShip() (owner, dock int8) {
	for _, o := range s.SegOwner[s.VoySeg] {
		if o < 0 {
			continue
		}
		for d, sh := range s.ownerShips(o) {
			if sh.Card >= 0 && sh.Where == shipOut && sh.Seg == s.VoySeg {
				return o, int8(d)
			}
		}
	}
	return -1, -1
}

// shipsHere counts owner's right-facing ships in the current segment.
func (s *State) shipsHere(owner int8) int {
	n := 0
	for _, sh := range s.ownerShips(owner) {
		if sh.Card >= 0 && sh.Where == shipOut && sh.Seg == s.VoySeg {
			n++
		}
	}
	return n
}

// corsairAsk is the next person to ask about the Corsair before the reveal
// on the current segment (GH-213, GH-Q17), or -1.
func (s *State) corsairAsk() int8 {
	for _, o := range s.SegOwner[s.VoySeg] {
		if o < 0 || o >= s.N || s.VoyAsked&(1<<uint(o)) != 0 {
			continue
		}
		if s.usableCard(o, effCorsair) >= 0 {
			return o
		}
	}
	return -1
}

// voyageStep performs one automatic step of the Voyage phase and reports
// whether it did; false means a seat must decide.
func (s *State) voyageStep(log *game.Log) bool {
	switch s.VoyStage {
	case voyCorsair:
		if o, _ := s.nextShip(); o < 0 {
			if s.VoySeg == 2 || !s.anyOut() { // GH-Q11
				s.endVoyage(log)
				return true
			}
			s.VoySeg++
			s.VoyAsked = 0
			return true
		}
		if o := s.corsairAsk(); o >= 0 {
			s.VoyOwner = o
			return false
		}
		s.revealPirate(log)
		s.VoyStage, s.VoyOwner, s.VoyShip = voyWindow, -1, -1
		return true
	case voyWindow:
		o, d := s.nextShip()
		if o < 0 {
			if s.VoySeg == 2 || !s.anyOut() {
				s.endVoyage(log)
				return true
			}
			s.VoySeg++
			s.VoyStage, s.VoyAsked = voyCorsair, 0
			return true
		}
		if o == s.automaID() {
			s.automaBattle(d, log)
			return true
		}
		if s.VoyOwner == o {
			return false // the owner's window is open
		}
		s.VoyOwner = o
		if s.shipsHere(o) > 1 || s.hasVoyageCards(o) {
			return false
		}
		s.VoyShip = d
		s.fight(log)
		return true
	}
	return false
}

// revealPirate turns the top Pirate card onto the current segment,
// reshuffling the discards when the deck is empty (GH-122, GH-132).
func (s *State) revealPirate(log *game.Log) {
	if s.PirateN == 0 {
		s.reshufflePirates()
	}
	s.forgetPeeks()
	if s.PirateN == 0 {
		return // all ten cannot be out at once: at most three are revealed
	}
	s.PirateN--
	s.Revealed[s.VoySeg] = s.PirateDeck[s.PirateN]
	s.PirateDeck[s.PirateN] = 0
	if log.On() {
		log.Add(game.Event{Type: "pirate", Seat: game.Public, Text: fmt.Sprintf("Pirates of strength %d appear at segment %d",
			s.Revealed[s.VoySeg], s.VoySeg+1),
			Msg: game.M("greatharbor.pirates", "n", int(s.Revealed[s.VoySeg]), "segment", int(s.VoySeg)+1)})
	}
}

// reshufflePirates forms a new Pirate deck from the discards (GH-132); the
// emptied discard pile keeps no trace of them.
// forgetPeeks clears every seat's Lighthouse peek once the top Pirate card
// it showed has left the deck (revealed or discarded).
func (s *State) forgetPeeks() {
	for i := range s.N {
		s.Players[i].Peek = -1
	}
}

func (s *State) reshufflePirates() {
	copy(s.PirateDeck[:], s.PirateDisc[:s.PirateDiscN])
	s.PirateN, s.PirateDiscN = s.PirateDiscN, 0
	s.PirateDisc = [10]int8{}
	shuffle8(&s.Rand, s.PirateDeck[:s.PirateN])
}

// fight resolves the battle of the ship in the window (GH-124..126).
func (s *State) fight(log *game.Log) {
	o, d := s.VoyOwner, s.VoyShip
	sh := &s.Players[o].Ships[d]
	str, pir := s.strength(o, d), s.pirateTotal(o)
	if str < pir {
		sh.Damage++
		s.turnBack(o, d)
		if log.On() {
			log.Add(game.Event{Type: "battle", Seat: game.Seat(o), Text: fmt.Sprintf("%s's %s (strength %d) lost to pirates of %d and turns back damaged",
				s.Names[o], ships[sh.Card].Name, str, pir),
				Msg: game.M("greatharbor.battle_lost", "who", s.Names[o], "ship", shipWord(sh.Card), "strength", int(str), "pirates", int(pir))})
		}
		s.VoyOwner, s.VoyShip = -1, -1
		return
	}
	if log.On() {
		log.Add(game.Event{Type: "battle", Seat: game.Seat(o), Text: fmt.Sprintf("%s's %s (strength %d) beat pirates of %d",
			s.Names[o], ships[sh.Card].Name, str, pir),
			Msg: game.M("greatharbor.battle_won", "who", s.Names[o], "ship", shipWord(sh.Card), "strength", int(str), "pirates", int(pir))})
	}
	s.VoyStage = voyChoice
}

func (s *State) turnBack(owner, dock int8) {
	sh := &s.ownerShips(owner)[dock]
	seg := sh.Seg
	sh.Where, sh.Dist = shipBack, segments[seg].ReturnDistance
	s.leaveSegment(owner, seg)
}

// demandMatch is the Demand slot on seg that luxury lux may meet, or -1
// (GH-135, GH-Q12); with the Trader any tile matches.
func (s *State) demandMatch(seg, lux int8, anyType bool) int8 {
	for i := demandStart[seg]; i < demandStart[seg+1]; i++ {
		if s.Demand[i] >= 0 && (anyType || s.Demand[i] == lux) {
			return i
		}
	}
	return -1
}

// trade pays the ship in the window at the current segment (GH-133..135).
func (s *State) trade(m *Move, log *game.Log) {
	o, d := s.VoyOwner, s.VoyShip
	p := &s.Players[o]
	seg := s.VoySeg
	coins := int16(s.cargo(o, d)) * int16(segments[seg].Coins)
	p.Coins += coins
	p.Prestige += int16(segments[seg].Prestige)
	if m.Deliver {
		i := s.demandMatch(seg, m.Lux, p.Trader)
		s.Demand[i] = -1
		p.Lux[m.Lux]--
		p.Prestige += int16(segments[seg].Prestige)
	}
	customs := p.Buildings&bit(bCustoms) != 0
	if customs { // GH-224
		s.gainRes(p, m.Res, 1)
	}
	if log.On() {
		text := fmt.Sprintf("%s's %s traded at segment %d for %d Coin%s and %d Prestige", s.Names[o], ships[p.Ships[d].Card].Name, seg+1, coins, plural(int(coins)), segments[seg].Prestige)
		msg := game.M("greatharbor.traded", "who", s.Names[o], "ship", shipWord(p.Ships[d].Card), "segment", int(seg)+1,
			"coins", count("coins", int(coins)), "prestige", int(segments[seg].Prestige))
		if m.Deliver {
			text += fmt.Sprintf("; delivered %s for %d more Prestige", luxNames[m.Lux], segments[seg].Prestige)
			msg = wrap(msg, "greatharbor.delivered", "lux", luxWord(m.Lux), "prestige", int(segments[seg].Prestige))
		}
		if customs {
			text += "; the Customs Office gave 1 " + resNames[m.Res]
			msg = wrap(msg, "greatharbor.customs", "building", buildingWord(bCustoms), "res", resCount(m.Res, 1))
		}
		log.Add(game.Event{Type: "trade", Seat: game.Seat(o), Text: text, Msg: msg})
	}
	s.turnBack(o, d)
	s.VoyStage, s.VoyOwner, s.VoyShip = voyWindow, -1, -1
}

// continueVoyage moves the ship in the window to the next segment (GH-127, GH-128).
func (s *State) continueVoyage(log *game.Log) {
	o, d := s.VoyOwner, s.VoyShip
	sh := &s.Players[o].Ships[d]
	from := sh.Seg
	sh.Seg++
	s.joinSegment(o, sh.Seg)
	s.leaveSegment(o, from)
	if log.On() {
		log.Add(game.Event{Type: mvContinue, Seat: game.Seat(o), Text: fmt.Sprintf("%s's %s sails on to segment %d", s.Names[o], ships[sh.Card].Name, sh.Seg+1),
			Msg: game.M("greatharbor.sails_on", "who", s.Names[o], "ship", shipWord(sh.Card), "segment", int(sh.Seg)+1)})
	}
	s.VoyStage, s.VoyOwner, s.VoyShip = voyWindow, -1, -1
}

// automaBattle resolves an Automa ship (GH-194..196, GH-Q16, GH-Q33).
func (s *State) automaBattle(dock int8, log *game.Log) {
	a := s.automaID()
	sh := &s.Bot.Ships[dock]
	str, pir := s.strength(a, dock), s.pirateTotal(a)
	seg := sh.Seg
	name := ships[sh.Card].Name
	switch {
	case str > pir && seg < 2:
		sh.Seg++
		s.joinSegment(a, sh.Seg)
		s.leaveSegment(a, seg)
		if log.On() {
			log.Add(game.Event{Type: "battle", Seat: game.Public, Text: fmt.Sprintf("The Automa's %s (strength %d) beat pirates of %d and sails on to segment %d", name, str, pir, seg+2),
				Msg: game.M("greatharbor.automa.battle_won", "ship", shipWord(sh.Card), "strength", int(str), "pirates", int(pir), "segment", int(seg)+2)})
		}
	case str >= pir:
		s.Bot.Prestige += 2 * int16(segments[seg].Prestige)
		taken := int8(-1)
		for i := demandStart[seg]; i < demandStart[seg+1]; i++ {
			if s.Demand[i] >= 0 {
				taken, s.Demand[i] = s.Demand[i], -1
				break
			}
		}
		s.turnBack(a, dock)
		if log.On() {
			text := fmt.Sprintf("The Automa's %s (strength %d) met pirates of %d and traded at segment %d for %d Prestige",
				name, str, pir, seg+1, 2*segments[seg].Prestige)
			msg := game.M("greatharbor.automa.traded", "ship", shipWord(sh.Card), "strength", int(str), "pirates", int(pir),
				"segment", int(seg)+1, "prestige", 2*int(segments[seg].Prestige))
			if taken >= 0 {
				text += ", discarding the " + luxNames[taken] + " Demand"
				msg = wrap(msg, "greatharbor.automa.discarded_demand", "lux", luxWord(taken))
			}
			log.Add(game.Event{Type: "trade", Seat: game.Public, Text: text, Msg: msg})
		}
	default:
		sh.Where = shipDocked
		s.leaveSegment(a, seg)
		if log.On() {
			log.Add(game.Event{Type: "battle", Seat: game.Public, Text: fmt.Sprintf("The Automa's %s (strength %d) lost to pirates of %d and returns home undamaged", name, str, pir),
				Msg: game.M("greatharbor.automa.battle_lost", "ship", shipWord(sh.Card), "strength", int(str), "pirates", int(pir))})
		}
	}
}

// endVoyage clears the voyage's temporary effects and moves on: to the
// final conversion window after the last voyage (GH-120), else to the
// End-of-Turn steps.
func (s *State) endVoyage(log *game.Log) {
	for i := range s.N {
		p := &s.Players[i]
		p.Admiral, p.Trader, p.Diplomat = false, false, 0
		for d := range p.Ships {
			p.Ships[d].Str, p.Ships[d].Cargo = 0, 0
		}
	}
	s.VoyOwner, s.VoyShip = -1, -1
	if s.Round == rounds-1 && s.Turn == 1 {
		s.Phase, s.OrderIdx = phaseFinalConvert, 0
		for i := range s.N {
			s.Players[i].ConvUsed = 0
		}
		return
	}
	s.endOfTurn(log)
}

// sailBack moves left-facing ships home by their Speed; a Dock Hut repairs
// an arriving ship (GH-145, GH-096).
func (s *State) sailBack(log *game.Log) {
	for o := int8(0); o < s.total(); o++ {
		for d := int8(0); d < 3; d++ {
			sh := &s.ownerShips(o)[d]
			if sh.Card < 0 || sh.Where != shipBack {
				continue
			}
			sh.Dist -= s.speed(o, d)
			if sh.Dist > 0 {
				continue
			}
			damaged := sh.Damage > 0
			s.dock(o, d)
			if log.On() {
				text := fmt.Sprintf("%s's %s is back home", s.ownerName(o), ships[sh.Card].Name)
				msg := game.M("greatharbor.automa.home", "ship", shipWord(sh.Card))
				if o != s.automaID() || !s.Automa {
					msg = game.M("greatharbor.home", "who", s.Names[o], "ship", shipWord(sh.Card))
				}
				if damaged && sh.Damage == 0 {
					text += ", repaired by its Dock Hut"
					msg = wrap(msg, "greatharbor.repaired_at_home")
				}
				log.Add(game.Event{Type: "home", Seat: game.Public, Text: text, Msg: msg})
			}
		}
	}
}

// ownerName is a seat's name, or "The Automa".
func (s *State) ownerName(owner int8) string {
	if owner == s.automaID() && s.Automa {
		return "The Automa"
	}
	return s.Names[owner]
}

func (s *State) dock(owner, d int8) {
	sh := &s.ownerShips(owner)[d]
	sh.Where, sh.Dist, sh.Seg = shipDocked, 0, 0
	if owner < s.N && owner != s.automaID() && s.Players[owner].Huts&(1<<uint(d)) != 0 {
		sh.Damage = 0
	}
}
