package greatharbor

import (
	"fmt"

	"harbor"
	"harbor/game"
)

// actor is the seat the game waits on, or -1.
func (s *State) actor() int8 {
	if s.PendingN > 0 {
		return s.Pending[0].Seat
	}
	switch s.Phase {
	case phaseDraft:
		if s.DraftIdx < s.DraftLen {
			return s.DraftSeq[s.DraftIdx]
		}
	case phaseAction, phaseFinalConvert:
		if s.OrderIdx < s.N {
			return s.Order[s.OrderIdx]
		}
	case phaseVoyage:
		return s.VoyOwner
	}
	return -1
}

// Actors is the one seat whose decision the game waits on.
func (s *State) Actors() game.SeatSet {
	if a := s.actor(); a >= 0 && s.Phase != phaseOver {
		return game.Seats(game.Seat(a))
	}
	return 0
}

// Legal appends seat's legal moves.
func (s *State) Legal(seat game.Seat, dst []Move) []Move {
	if s.Phase == phaseOver || seat < 0 || seat >= game.Seat(s.N) || int8(seat) != s.actor() {
		return dst
	}
	me := int8(seat)
	p := &s.Players[me]
	if s.PendingN > 0 {
		return s.legalPending(dst)
	}
	switch s.Phase {
	case phaseDraft:
		for id := int8(0); id < numDice; id++ {
			if s.Dice[id].Loc == locPool {
				dst = append(dst, Move{Type: mvDraft, Die: id})
			}
		}
	case phaseAction:
		dst = s.legalPlacements(me, dst)
		if !s.hasDrafted(me) {
			dst = append(dst, Move{Type: mvEnd})
		}
		dst = s.legalGovern(me, dst)
	case phaseFinalConvert:
		dst = append(dst, Move{Type: mvEnd})
		dst = s.legalConversions(me, dst)
	case phaseVoyage:
		switch s.VoyStage {
		case voyCorsair:
			dst = append(dst, Move{Type: mvPass})
			if c := s.usableCard(me, effCorsair); c >= 0 {
				for d := int8(0); d < 3; d++ {
					if sh := &p.Ships[d]; sh.Card >= 0 && sh.Where == shipOut && sh.Seg == s.VoySeg {
						dst = append(dst, Move{Type: mvCorsair, Person: c, Dock: d})
					}
				}
			}
		case voyWindow:
			for d := int8(0); d < 3; d++ {
				if sh := &p.Ships[d]; sh.Card >= 0 && sh.Where == shipOut && sh.Seg == s.VoySeg {
					dst = append(dst, Move{Type: mvFight, Dock: d})
				}
			}
			dst = s.legalActivations(me, true, dst)
		case voyChoice:
			dst = s.legalTrades(me, dst)
			dst = s.legalActivations(me, true, dst) // "when you trade or continue" (GH-203)
		}
	}
	return dst
}

func (s *State) hasDrafted(seat int8) bool {
	for _, d := range s.Dice {
		if d.Loc == locDrafted && d.At == seat {
			return true
		}
	}
	return false
}

func (s *State) legalTrades(me int8, dst []Move) []Move {
	p := &s.Players[me]
	if s.VoySeg < 2 {
		dst = append(dst, Move{Type: mvContinue})
	}
	customs := p.Buildings&bit(bCustoms) != 0
	for l := int8(-1); l < numLux; l++ {
		m := Move{Type: mvTrade}
		if l >= 0 {
			if p.Lux[l] == 0 || s.demandMatch(s.VoySeg, l, p.Trader) < 0 {
				continue
			}
			m.Deliver, m.Lux = true, l
		}
		if !customs {
			dst = append(dst, m)
			continue
		}
		for r := int8(0); r < numRes; r++ {
			m.Res = r
			dst = append(dst, m)
		}
	}
	return dst
}

func (s *State) legalPending(dst []Move) []Move {
	pd := &s.Pending[0]
	switch pd.Kind {
	case pendBuilding, pendPerson:
		d := &s.BuildingDisplay
		if pd.Kind == pendPerson {
			d = &s.PersonDisplay
		}
		for i := int8(0); i < 3; i++ {
			if d[i] >= 0 {
				dst = append(dst, Move{Type: mvPick, Choice: i})
			}
		}
	case pendFlip:
		dst = append(dst, Move{Type: mvStop})
		for id := int8(0); id < numDice; id++ {
			if s.flippable(pd.Seat, id, pd.Colour) {
				dst = append(dst, Move{Type: mvFlip, Die: id})
			}
		}
	case pendCrane:
		for from := int8(0); from < numSlots; from++ {
			if s.Slots[from] < 0 {
				continue
			}
			for to := int8(0); to < numSlots; to++ {
				if s.Slots[to] < 0 {
					dst = append(dst, Move{Type: mvCrane, Slot: from, To: to})
				}
			}
		}
	case pendLighthouse:
		dst = append(dst, Move{Type: mvLighthouse, Choice: 0}, Move{Type: mvLighthouse, Choice: 1})
	}
	return dst
}

// legalGovern appends the Govern actions open to seat (GH-079).
func (s *State) legalGovern(me int8, dst []Move) []Move {
	p := &s.Players[me]
	if p.Favor >= 1 {
		for id := int8(0); id < numDice; id++ {
			if s.Dice[id].Loc == locDrafted && s.Dice[id].At == me {
				dst = append(dst, Move{Type: mvFavorPip, Die: id})
			}
		}
	}
	if p.Favor >= 2 {
		for c := int8(0); c < 6; c++ {
			if p.Marked[c/2][c%2] {
				dst = append(dst, Move{Type: mvRetrieve, Person: c})
			}
		}
		for t := int8(0); t < numColours; t++ {
			if p.Senate[t] < senateTop {
				dst = append(dst, Move{Type: mvFavorSenate, Track: t})
			}
		}
	}
	for c := int8(0); c < int8(len(people)); c++ {
		if p.HandPeople&bit(c) == 0 {
			continue
		}
		for col := int8(0); col < 3; col++ {
			if p.personFits(c, col) {
				dst = append(dst, Move{Type: mvPlayPerson, Card: c, Column: col})
			}
		}
	}
	for b := int8(0); b < int8(len(buildings)); b++ {
		if p.HandBuildings&bit(b) != 0 && canPay(p.Res, buildings[b].Cost) {
			dst = append(dst, Move{Type: mvPlayBuilding, Card: b})
		}
	}
	dst = s.legalActivations(me, false, dst)
	dst = s.legalConstructs(me, Move{Type: mvConstruct}, 0, dst)
	if p.Free >= 2 {
		for t := int8(0); t < 3; t++ {
			if p.LuxWork&(1<<uint(t)) == 0 && s.luxSupply(p.Production[t]) > 0 {
				dst = append(dst, Move{Type: mvProduce, Tile: t})
			}
		}
	}
	dst = s.legalEmploys(me, dst)
	for d := int8(0); d < 3; d++ {
		if p.Free >= 1 {
			for st := int8(0); st < 3; st++ {
				if p.crewable(d, st) {
					dst = append(dst, Move{Type: mvCrew, Dock: d, Stat: st})
				}
			}
		}
		sh := &p.Ships[d]
		if sh.Card >= 0 && sh.Where == shipDocked && sh.Damage > 0 {
			for r := int8(0); r < numRes; r++ {
				if p.Res[r] > 0 {
					dst = append(dst, Move{Type: mvRepair, Dock: d, Res: r})
				}
			}
		}
		if p.sendable(d) {
			dst = append(dst, Move{Type: mvSend, Dock: d})
		}
	}
	for c := int8(0); c < int8(len(ships)); c++ {
		if p.HandShips&bit(c) == 0 || !canPay(p.Res, ships[c].Cost) {
			continue
		}
		for d := int8(0); d < 3; d++ {
			if p.shipFits(d) {
				dst = append(dst, Move{Type: mvPlayShip, Card: c, Dock: d})
			}
		}
	}
	dst = s.legalConversions(me, dst)
	if s.Opts.Shops && p.Shops > 0 {
		for site := int8(0); site < numSites; site++ {
			if s.ShopSite[siteGeoms[site].Vertex] >= 0 {
				continue
			}
			for r := int8(0); r < numRes; r++ {
				if p.Res[r] >= shopCost {
					dst = append(dst, Move{Type: mvShop, Site: site, Res: r})
				}
			}
		}
	}
	return dst
}

var errOver = harbor.RuleError("GH-155", "the game is over").With(game.Word("greatharbor.err.over"))

// Apply validates m for seat completely and only then applies it.
func (s *State) Apply(seat game.Seat, m Move, log *game.Log) error {
	if s.Phase == phaseOver {
		return errOver
	}
	if seat < 0 || seat >= game.Seat(s.N) || int8(seat) != s.actor() {
		return s.notYourTurn()
	}
	me := int8(seat)
	if err := s.check(me, &m); err != nil {
		return err
	}
	s.exec(me, &m, log)
	s.advance(log)
	return nil
}

// notYourTurn refuses a seat the game is not waiting on, naming who it waits on.
func (s *State) notYourTurn() error {
	if a := s.actor(); a >= 0 {
		return harbor.Errorf(harbor.ENotYourTurn, "it is not your turn: the game waits on %s", s.Names[a]).
			With(game.M("greatharbor.err.waits_on", "who", s.Names[a]))
	}
	return harbor.Errorf(harbor.ENotYourTurn, "it is not your turn to decide").With(game.Word("greatharbor.err.not_yours_to_decide"))
}

// moveVerbs says in player words what each move type does, in English and
// as a message for refusals.
var moveVerbs = map[string]struct {
	text string
	msg  *game.Msg
}{
	mvDraft:        {"draft a die", game.Word("greatharbor.err.verb.draft")},
	mvPlace:        {"place a die", game.Word("greatharbor.err.verb.place")},
	mvEnd:          {"end your turn", game.Word("greatharbor.err.verb.end")},
	mvFavorPip:     {"spend Favor on a die", game.Word("greatharbor.err.verb.favor_pip")},
	mvRetrieve:     {"take back an Activation marker", game.Word("greatharbor.err.verb.retrieve")},
	mvFavorSenate:  {"spend Favor on the Senate", game.Word("greatharbor.err.verb.favor_senate")},
	mvPlayPerson:   {"play a Person card", game.Word("greatharbor.err.verb.play_person")},
	mvPlayBuilding: {"play a Building card", game.Word("greatharbor.err.verb.play_building")},
	mvActivate:     {"activate a Person card", game.Word("greatharbor.err.verb.activate")},
	mvConstruct:    {"construct a colony structure", game.Word("greatharbor.err.verb.construct")},
	mvProduce:      {"produce a luxury", game.Word("greatharbor.err.verb.produce")},
	mvEmploy:       {"employ a Colonist in a Building", game.Word("greatharbor.err.verb.employ")},
	mvCrew:         {"crew a ship", game.Word("greatharbor.err.verb.crew")},
	mvPlayShip:     {"play a Ship card", game.Word("greatharbor.err.verb.play_ship")},
	mvRepair:       {"repair a ship", game.Word("greatharbor.err.verb.repair")},
	mvSend:         {"send a ship to trade", game.Word("greatharbor.err.verb.send")},
	mvConvert:      {"convert Coins", game.Word("greatharbor.err.verb.convert")},
	mvConvertCard:  {"use a Conversion card", game.Word("greatharbor.err.verb.convert_card")},
	mvShop:         {"set up a Shop", game.Word("greatharbor.err.verb.shop")},
	mvPick:         {"take a displayed card", game.Word("greatharbor.err.verb.pick")},
	mvFlip:         {"flip a die", game.Word("greatharbor.err.verb.flip")},
	mvStop:         {"stop flipping dice", game.Word("greatharbor.err.verb.stop")},
	mvCrane:        {"move a die with the Port Crane", game.Word("greatharbor.err.verb.crane")},
	mvLighthouse:   {"keep or discard a Pirate card", game.Word("greatharbor.err.verb.lighthouse")},
	mvCorsair:      {"use the Corsair", game.Word("greatharbor.err.verb.corsair")},
	mvPass:         {"pass on the Corsair", game.Word("greatharbor.err.verb.pass")},
	mvFight:        {"fight the pirates", game.Word("greatharbor.err.verb.fight")},
	mvTrade:        {"trade", game.Word("greatharbor.err.verb.trade")},
	mvContinue:     {"sail on", game.Word("greatharbor.err.verb.continue")},
}

// wrongTime refuses a move that does not belong to the current phase, naming
// the phase and what it allows.
func (s *State) wrongTime(m *Move) error {
	verb := moveVerbs[m.Type]
	switch s.Phase {
	case phaseDraft:
		return harbor.RuleError("GH-032", "you cannot %s during the draft: take one of the rolled dice", verb.text).
			With(game.M("greatharbor.err.wrong_time_draft", "verb", verb.msg))
	case phaseVoyage:
		return harbor.RuleError("GH-080", "you cannot %s during the Voyage phase", verb.text).
			With(game.M("greatharbor.err.wrong_time_voyage", "verb", verb.msg))
	case phaseFinalConvert:
		return harbor.RuleError("GH-120", "you cannot %s after the last voyage: only Convert Coins is allowed", verb.text).
			With(game.M("greatharbor.err.wrong_time_final", "verb", verb.msg))
	}
	return harbor.RuleError("GH-079", "you cannot %s during your Action turn: place your dice and take Govern actions", verb.text).
		With(game.M("greatharbor.err.wrong_time_action", "verb", verb.msg))
}

// check validates m completely, changing nothing.
func (s *State) check(me int8, m *Move) error {
	p := &s.Players[me]
	if !isMoveType(m.Type) {
		return harbor.Errorf(harbor.EInvalid, "unknown move type %q", m.Type)
	}
	if s.PendingN > 0 {
		return s.checkPending(m)
	}
	switch s.Phase {
	case phaseDraft:
		if m.Type != mvDraft {
			return s.wrongTime(m)
		}
		if m.Die < 0 || m.Die >= numDice || s.Dice[m.Die].Loc != locPool {
			return harbor.RuleError("GH-032", "draft one of the rolled dice").With(game.Word("greatharbor.err.draft_rolled"))
		}
		return nil
	case phaseVoyage:
		return s.checkVoyage(me, m)
	case phaseFinalConvert:
		switch m.Type {
		case mvEnd, mvConvert, mvConvertCard:
		default:
			return s.wrongTime(m)
		}
	}
	switch m.Type {
	case mvPlace:
		return s.checkPlace(me, m)
	case mvEnd:
		if s.Phase == phaseAction && s.hasDrafted(me) {
			return harbor.RuleError("GH-041", "place both your dice before ending your turn").With(game.Word("greatharbor.err.place_both"))
		}
	case mvFavorPip:
		if p.Favor < 1 || m.Die < 0 || m.Die >= numDice || s.Dice[m.Die].Loc != locDrafted || s.Dice[m.Die].At != me {
			return harbor.RuleError("GH-099", "spend 1 Favor on one of your drafted dice").With(game.Word("greatharbor.err.favor_pip"))
		}
	case mvRetrieve:
		if p.Favor < 2 || m.Person < 0 || m.Person >= 6 || !p.Marked[m.Person/2][m.Person%2] {
			return harbor.RuleError("GH-100", "spend 2 Favor to take back a placed Activation marker").With(game.Word("greatharbor.err.retrieve"))
		}
	case mvFavorSenate:
		if p.Favor < 2 || m.Track < 0 || m.Track >= numColours || p.Senate[m.Track] >= senateTop {
			return harbor.RuleError("GH-101", "spend 2 Favor to move up a Senate track that is not at the top").With(game.Word("greatharbor.err.favor_senate"))
		}
	case mvPlayPerson:
		if m.Card < 0 || int(m.Card) >= len(people) || p.HandPeople&bit(m.Card) == 0 {
			return harbor.RuleError("GH-081", "play a Person card from your hand").With(game.Word("greatharbor.err.person_from_hand"))
		}
		if !p.personFits(m.Card, m.Column) {
			return harbor.RuleError("GH-082", "that Person slot is taken (a second card needs an Insula and the same color)").With(game.Word("greatharbor.err.person_slot"))
		}
	case mvPlayBuilding:
		if m.Card < 0 || int(m.Card) >= len(buildings) || p.HandBuildings&bit(m.Card) == 0 {
			return harbor.RuleError("GH-090", "play a Building card from your hand").With(game.Word("greatharbor.err.building_from_hand"))
		}
		if !canPay(p.Res, buildings[m.Card].Cost) {
			return cannotPay("GH-090", buildings[m.Card].Name, buildingWord(m.Card), buildings[m.Card].Cost)
		}
	case mvActivate:
		return s.checkActivate(me, m, false)
	case mvConstruct:
		return s.checkConstruct(me, m.Structure, m.Colonist, 0)
	case mvProduce:
		if m.Tile < 0 || m.Tile > 2 || p.LuxWork&(1<<uint(m.Tile)) != 0 {
			return harbor.RuleError("GH-Q44", "each Production tile produces once a round").With(game.Word("greatharbor.err.produce_once"))
		}
		if p.Free < 2 {
			return harbor.RuleError("GH-104", "producing a luxury needs two free Colonists").With(game.Word("greatharbor.err.produce_colonists"))
		}
		if s.luxSupply(p.Production[m.Tile]) == 0 {
			return harbor.RuleError("GH-Q24", "no %s is left in the supply", luxNames[p.Production[m.Tile]]).
				With(game.M("greatharbor.err.lux_none_left", "lux", luxWord(p.Production[m.Tile])))
		}
	case mvEmploy:
		return s.checkEmploy(me, m)
	case mvCrew:
		if p.Free < 1 || !p.crewable(m.Dock, m.Stat) {
			return harbor.RuleError("GH-106", "send a free Colonist to an open stat of a docked ship, below its Hull").With(game.Word("greatharbor.err.crew"))
		}
	case mvPlayShip:
		if m.Card < 0 || int(m.Card) >= len(ships) || p.HandShips&bit(m.Card) == 0 {
			return harbor.RuleError("GH-112", "play a Ship card from your hand").With(game.Word("greatharbor.err.ship_from_hand"))
		}
		if !canPay(p.Res, ships[m.Card].Cost) {
			return cannotPay("GH-112", ships[m.Card].Name, shipWord(m.Card), ships[m.Card].Cost)
		}
		if !p.shipFits(m.Dock) {
			return harbor.RuleError("GH-113", "that dock's ship must be home and fully repaired to retire it").With(game.Word("greatharbor.err.retire"))
		}
	case mvRepair:
		if m.Dock < 0 || m.Dock > 2 || p.Ships[m.Dock].Card < 0 || p.Ships[m.Dock].Where != shipDocked || p.Ships[m.Dock].Damage == 0 {
			return harbor.RuleError("GH-115", "repair a damaged ship at your docks").With(game.Word("greatharbor.err.repair_which"))
		}
		if m.Res < 0 || m.Res >= numRes || p.Res[m.Res] == 0 {
			return harbor.RuleError("GH-115", "pay one resource you have").With(game.Word("greatharbor.err.repair_pay"))
		}
	case mvSend:
		if !p.sendable(m.Dock) {
			return harbor.RuleError("GH-111", "send a docked ship whose damage is below its Hull").With(game.Word("greatharbor.err.send"))
		}
	case mvConvert:
		if p.Coins < int16(coinRate) || m.Res < 0 || m.Res >= numRes {
			return harbor.RuleError("GH-118", "converting takes 2 Coins for 1 basic resource").With(game.Word("greatharbor.err.convert"))
		}
	case mvConvertCard:
		return s.checkConvertCard(me, m)
	case mvShop:
		if !s.Opts.Shops {
			return harbor.RuleError("GH-163", "shops are part of the Harbor Shops variant only").With(game.Word("greatharbor.err.shops_variant"))
		}
		if p.Shops == 0 || m.Site < 0 || m.Site >= numSites || s.ShopSite[siteGeoms[m.Site].Vertex] >= 0 {
			return harbor.RuleError("GH-165", "place a Shop you have on a free corner").With(game.Word("greatharbor.err.shop_corner"))
		}
		if m.Res < 0 || m.Res >= numRes || p.Res[m.Res] < shopCost {
			return harbor.RuleError("GH-164", "a Shop costs 2 of one basic resource").With(game.Word("greatharbor.err.shop_cost"))
		}
	default:
		return s.wrongTime(m)
	}
	return nil
}

func isMoveType(t string) bool {
	switch t {
	case mvDraft, mvPlace, mvEnd, mvFavorPip, mvRetrieve, mvFavorSenate, mvPlayPerson, mvPlayBuilding,
		mvActivate, mvConstruct, mvProduce, mvEmploy, mvCrew, mvPlayShip, mvRepair, mvSend, mvConvert, mvConvertCard, mvShop,
		mvPick, mvFlip, mvStop, mvCrane, mvLighthouse, mvCorsair, mvPass, mvFight, mvTrade, mvContinue:
		return true
	}
	return false
}

func (s *State) checkPending(m *Move) error {
	pd := &s.Pending[0]
	switch pd.Kind {
	case pendBuilding, pendPerson:
		d, rule, kind := &s.BuildingDisplay, "GH-066", "Building"
		first, which := game.Word("greatharbor.err.pick_first_building"), game.Word("greatharbor.err.pick_which_building")
		if pd.Kind == pendPerson {
			d, rule, kind = &s.PersonDisplay, "GH-067", "Person"
			first, which = game.Word("greatharbor.err.pick_first_person"), game.Word("greatharbor.err.pick_which_person")
		}
		if m.Type != mvPick {
			return harbor.RuleError(rule, "first take a card from the %s display", kind).With(first)
		}
		if m.Choice < 0 || m.Choice > 2 || d[m.Choice] < 0 {
			return harbor.RuleError(rule, "take one of the cards in the %s display", kind).With(which)
		}
	case pendFlip:
		if m.Type == mvStop {
			return nil
		}
		if m.Type != mvFlip || !s.flippable(pd.Seat, m.Die, pd.Colour) {
			return harbor.RuleError("GH-198", "flip a %s die of yours or on the harbor, or stop", colourNames[pd.Colour]).
				With(game.M("greatharbor.err.flip", "colour", colourWord(pd.Colour)))
		}
	case pendCrane:
		if m.Type != mvCrane || m.Slot < 0 || m.Slot >= numSlots || m.To < 0 || m.To >= numSlots ||
			s.Slots[m.Slot] < 0 || s.Slots[m.To] >= 0 {
			return harbor.RuleError("GH-222", "move a die from a harbor slot to an empty slot").With(game.Word("greatharbor.err.crane_move"))
		}
	case pendLighthouse:
		if m.Type != mvLighthouse || m.Choice < 0 || m.Choice > 1 {
			return harbor.RuleError("GH-228", "keep or discard the Pirate card").With(game.Word("greatharbor.err.lighthouse"))
		}
	}
	return nil
}

func (s *State) checkVoyage(me int8, m *Move) error {
	p := &s.Players[me]
	switch s.VoyStage {
	case voyCorsair:
		switch m.Type {
		case mvPass:
			return nil
		case mvCorsair:
			c := s.usableCard(me, effCorsair)
			if c < 0 || m.Person != c {
				return harbor.RuleError("GH-213", "you have no Corsair to activate").With(game.Word("greatharbor.err.no_corsair"))
			}
			if m.Dock < 0 || m.Dock > 2 || p.Ships[m.Dock].Card < 0 || p.Ships[m.Dock].Where != shipOut || p.Ships[m.Dock].Seg != s.VoySeg {
				return harbor.RuleError("GH-213", "choose one of your ships about to meet these pirates").With(game.Word("greatharbor.err.corsair_ship"))
			}
			return nil
		}
		return harbor.RuleError("GH-213", "decide on the Corsair before the Pirate card is revealed").With(game.Word("greatharbor.err.corsair_first"))
	case voyWindow:
		switch m.Type {
		case mvFight:
			if m.Dock < 0 || m.Dock > 2 || p.Ships[m.Dock].Card < 0 || p.Ships[m.Dock].Where != shipOut || p.Ships[m.Dock].Seg != s.VoySeg {
				return harbor.RuleError("GH-123", "choose one of your ships facing these pirates").With(game.Word("greatharbor.err.fight_ship"))
			}
			return nil
		case mvActivate:
			return s.checkActivate(me, m, true)
		}
		return harbor.RuleError("GH-080", "during the Voyage only Voyage Person cards may be used before the battle").With(game.Word("greatharbor.err.voyage_window"))
	case voyChoice:
		switch m.Type {
		case mvContinue:
			if s.VoySeg >= 2 {
				return harbor.RuleError("GH-128", "a ship cannot continue past the third segment").With(game.Word("greatharbor.err.past_third"))
			}
			return nil
		case mvTrade:
			if m.Deliver && (m.Lux < 0 || m.Lux >= numLux || p.Lux[m.Lux] == 0 || s.demandMatch(s.VoySeg, m.Lux, p.Trader) < 0) {
				return harbor.RuleError("GH-135", "you have no luxury this segment demands").With(game.Word("greatharbor.err.no_demanded_lux"))
			}
			if p.Buildings&bit(bCustoms) != 0 && (m.Res < 0 || m.Res >= numRes) {
				return harbor.RuleError("GH-224", "choose the resource the Customs Office gives").With(game.M("greatharbor.err.customs_res", "building", game.Word("greatharbor.building.customs_office")))
			}
			return nil
		case mvActivate:
			return s.checkActivate(me, m, true)
		}
		return harbor.RuleError("GH-126", "your ship won: trade here or continue (Voyage Person cards may still be used)").With(game.Word("greatharbor.err.won_choice"))
	}
	return s.wrongTime(m)
}

// exec applies a checked move.
func (s *State) exec(me int8, m *Move, log *game.Log) {
	p := &s.Players[me]
	if s.PendingN > 0 {
		s.execPending(m, log)
		return
	}
	switch m.Type {
	case mvDraft:
		d := &s.Dice[m.Die]
		d.Loc, d.At = locDrafted, me
		c := dieColour(m.Die)
		if p.ColourBonus&(1<<uint(c)) != 0 { // GH-036
			s.gainRes(p, s.bonusTile()[c], 1)
		}
		s.DraftIdx++
		if log.On() {
			log.Add(game.Event{Type: "draft", Seat: game.Seat(me), Text: fmt.Sprintf("%s drafted a %s %d", s.Names[me], colourNames[c], d.Face),
				Msg: game.M("greatharbor.drafted", "who", s.Names[me], "colour", colourWord(c), "face", int(d.Face)), Data: m.Die})
		}
	case mvPlace:
		s.place(me, m, log)
	case mvEnd:
		s.endAction()
	case mvFavorPip:
		p.Favor--
		s.Dice[m.Die].Bonus++
	case mvRetrieve:
		p.Favor -= 2
		p.Marked[m.Person/2][m.Person%2] = false
	case mvFavorSenate:
		p.Favor -= 2
		s.senateStep(me, m.Track)
	case mvPlayPerson:
		p.HandPeople &^= bit(m.Card)
		l := 0
		if p.People[m.Column][0] >= 0 {
			l = 1
		}
		p.People[m.Column][l] = m.Card
		s.cardPlayed(me, people[m.Card].Colour)
	case mvPlayBuilding:
		p.pay(buildings[m.Card].Cost)
		p.HandBuildings &^= bit(m.Card)
		s.build(me, m.Card)
	case mvActivate:
		s.activate(me, m, log)
	case mvConstruct:
		s.construct(me, m.Structure, m.Colonist, 0)
	case mvProduce:
		p.Free -= 2
		p.LuxWork |= 1 << uint(m.Tile)
		p.Lux[p.Production[m.Tile]]++
	case mvEmploy:
		s.employ(me, m, log)
	case mvCrew:
		p.Free--
		p.Ships[m.Dock].Crew |= 1 << uint(m.Stat)
	case mvPlayShip:
		s.playShip(me, m.Card, m.Dock)
	case mvRepair:
		p.Res[m.Res]--
		p.Ships[m.Dock].Damage--
	case mvSend:
		s.send(me, m.Dock)
	case mvConvert:
		p.Coins -= int16(coinRate)
		s.gainRes(p, m.Res, 1)
	case mvConvertCard:
		s.convertCard(me, m)
	case mvShop:
		p.Res[m.Res] -= shopCost
		p.Shops--
		v := siteGeoms[m.Site].Vertex
		s.ShopSite[v], s.ShopOwner[v] = m.Site, me
	case mvCorsair:
		c := m.Person
		p.Marked[c/2][c%2] = true
		p.Ships[m.Dock].Str += 2
		s.VoyAsked |= 1 << uint(me)
	case mvPass:
		s.VoyAsked |= 1 << uint(me)
	case mvFight:
		s.VoyShip = m.Dock
		s.fight(log)
	case mvTrade:
		s.trade(m, log)
	case mvContinue:
		s.continueVoyage(log)
	}
	if log.On() && m.Type != mvPlace && m.Type != mvDraft && m.Type != mvActivate && m.Type != mvEmploy && m.Type != mvTrade && m.Type != mvFight && m.Type != mvContinue {
		log.Add(game.Event{Type: m.Type, Seat: game.Seat(me), Text: s.describe(me, m), Msg: s.describeMsg(me, m)})
	}
}

func (s *State) execPending(m *Move, log *game.Log) {
	pd := &s.Pending[0]
	seat := pd.Seat
	p := &s.Players[seat]
	switch m.Type {
	case mvPick:
		var c int8
		if pd.Kind == pendBuilding {
			c = takeDisplay(&s.BuildingDisplay, m.Choice, s.BuildingDeck[:], &s.BuildingDeckN)
			p.HandBuildings |= bit(c)
		} else {
			c = takeDisplay(&s.PersonDisplay, m.Choice, s.PersonDeck[:], &s.PersonDeckN)
			p.HandPeople |= bit(c)
		}
		if log.On() {
			log.Add(game.Event{Type: m.Type, Seat: game.Seat(seat), Text: s.pickText(seat, pd.Kind, c), Msg: s.pickMsg(seat, pd.Kind, c)})
		}
		pd.N--
		if pd.N == 0 || (pd.Kind == pendBuilding && displayCount(&s.BuildingDisplay) == 0) || (pd.Kind == pendPerson && displayCount(&s.PersonDisplay) == 0) {
			s.popPending()
		}
	case mvFlip:
		s.Dice[m.Die].Face = 7 - s.Dice[m.Die].Face
		pd.N--
		if pd.N == 0 {
			s.popPending()
		}
	case mvStop:
		s.popPending()
	case mvCrane:
		die := s.Slots[m.Slot]
		s.Slots[m.Slot], s.Slots[m.To] = -1, die
		s.Dice[die].At = m.To
		s.popPending()
	case mvLighthouse:
		if m.Choice == 1 {
			s.PirateN--
			s.PirateDisc[s.PirateDiscN] = s.PirateDeck[s.PirateN]
			s.PirateDiscN++
			s.PirateDeck[s.PirateN] = 0
			// Every seat that had looked at this card saw it go to the
			// discards: nobody's peek is the top card any more.
			s.forgetPeeks()
		}
		s.popPending()
	}
	if log.On() && m.Type != mvPick {
		log.Add(game.Event{Type: m.Type, Seat: game.Seat(seat), Text: s.describe(seat, m), Msg: s.describeMsg(seat, m)})
	}
}
