package harborfall

import (
	"harbor"
	"harbor/game"
)

// Apply validates m for seat completely and only then applies it. An
// illegal move returns a *harbor.Error naming the rule it breaks and leaves
// the state exactly as it was.
func (s *State) Apply(seat game.Seat, m Move, log *game.Log) error {
	if err := s.check(seat, m); err != nil {
		return err
	}
	road, army := s.LongestRoad, s.LargestArmy
	s.perform(int8(seat), m, log)
	if log.On() {
		s.logBonuses(road, army, log)
	}
	if s.onOwnTurn() && s.Points(int(s.Active)) >= Target {
		s.finish(s.Active, "ten_points", log)
		if log.On() {
			s.logWin(m.Type == "end", log)
		}
	}
	return nil
}

// logBonuses tells the table when the longest road or the most Move &
// steal bonus changed hands since it was held by road and army.
func (s *State) logBonuses(road, army int8, log *game.Log) {
	switch h := s.LongestRoad; {
	case h == road:
	case h >= 0:
		s.event(log, "longest_road", h, msg("longest_road", "who", s.Names[h], "n", int(s.RoadLength[h])), "%s takes the longest road bonus (%d roads)", s.Names[h], s.RoadLength[h])
	default:
		s.event(log, "longest_road", road, msg("longest_road_lost", "who", s.Names[road]), "%s loses the longest road bonus; nobody holds it now", s.Names[road])
	}
	if h := s.LargestArmy; h != army {
		s.event(log, "most_steal", h, msg("most_steal", "who", s.Names[h], "n", int(s.Played[h][CardSteal])), "%s takes the most Move & steal bonus (%d played)", s.Names[h], s.Played[h][CardSteal])
	}
}

// onOwnTurn reports whether the game is inside the active player's regular
// turn, where reaching 10 points wins (HF-68, HF-69, HF-76).
func (s *State) onOwnTurn() bool {
	switch s.Phase {
	case phaseSetup, phaseSpecial, phaseOver:
		return false
	}
	return true
}

// notYourTurn refuses a move of a seat that may not act now, saying why in
// English (text) and in the reader's language (m).
func notYourTurn(rule, text string, m *game.Msg) error {
	return (&harbor.Error{Code: harbor.ENotYourTurn, Rule: rule, Message: text}).With(m)
}

// check validates m for seat without changing anything.
func (s *State) check(seat game.Seat, m Move) error {
	if s.Phase == phaseOver {
		return harbor.RuleError("HF-68", "the game is over").With(game.M("harborfall.err.game_over"))
	}
	if seat < 0 || int(seat) >= s.n() {
		return harbor.Errorf(harbor.EInvalid, "there is no seat %d", seat)
	}
	if !knownMove(m.Type) {
		return harbor.Errorf(harbor.EInvalid, "unknown move type %q", m.Type)
	}
	p := int8(seat)
	if !s.Actors().Has(seat) {
		switch {
		case s.Phase == phaseDiscard && m.Type == "discard":
			return notYourTurn("HF-31", "you have nothing to discard", game.M("harborfall.err.nothing_to_discard"))
		case s.Phase == phaseDiscard:
			return notYourTurn("HF-30", "wait until everyone has discarded", game.M("harborfall.err.wait_discards"))
		case s.Phase == phaseOffer:
			return notYourTurn("HF-G13", "a trade offer is waiting for an answer", game.M("harborfall.err.offer_waiting"))
		case m.Type == "offer" || m.Type == "bank":
			return notYourTurn("HF-37", "only the player whose turn it is can trade", game.M("harborfall.err.trade_own_turn"))
		case s.Phase == phaseSpecial:
			return notYourTurn("HF-73", "it is "+s.Names[s.Special]+"'s extra build turn", game.M("harborfall.err.their_extra_turn", "who", s.Names[s.Special]))
		}
		return notYourTurn("HF-52", "it is "+s.Names[s.Active]+"'s turn", game.M("harborfall.err.their_turn", "who", s.Names[s.Active]))
	}
	if s.Phase == phaseOffer || offerMove(m.Type) {
		return s.checkOfferMove(p, m)
	}
	switch m.Type {
	case "settlement":
		return s.checkSettlement(p, m.At)
	case "road":
		return s.checkRoad(p, m.At)
	case "city":
		return s.checkCity(p, m.At)
	case "buy":
		if err := s.checkBuildPhase(); err != nil {
			return err
		}
		if s.DeckLen == 0 {
			return harbor.RuleError("HF-G8", "the development deck is empty").With(game.M("harborfall.err.deck_empty"))
		}
		return s.checkAfford(p, costDev)
	case "roll":
		if s.Phase != phaseRoll {
			return s.outOfPhase("HF-21", doRoll, "you have already rolled this turn", game.M("harborfall.err.rolled_already"))
		}
	case "discard":
		return s.checkDiscard(p, m.Give)
	case "robber":
		if s.Phase != phaseRobber {
			return s.outOfPhase("HF-32", doRobber, "the robber moves only after a 7 or a Move & steal card", game.M("harborfall.err.robber_when", "card", cardWord(CardSteal)))
		}
		if m.At < 0 || int(m.At) >= s.geo().Hexes {
			return harbor.RuleError("HF-32", "the robber must go on a land hex").With(game.M("harborfall.err.robber_land"))
		}
		if int8(m.At) == s.Robber {
			return harbor.RuleError("HF-32", "the robber must move to a different hex").With(game.M("harborfall.err.robber_same"))
		}
	case "steal":
		if s.Phase != phaseSteal {
			return s.outOfPhase("HF-33", doSteal, "there is nobody to steal from now", game.M("harborfall.err.no_steal"))
		}
		if m.Seat < 0 || m.Seat >= s.Players || s.victims(p, s.Robber)&(1<<m.Seat) == 0 {
			return harbor.RuleError("HF-35", "steal from a rival with a building on the robber's hex and at least one card").With(game.M("harborfall.err.steal_whom"))
		}
	case "bank":
		return s.checkBank(p, m)
	case "offer":
		return s.checkOffer(p, m)
	case "play_steal", "play_roads", "play_harvest", "play_forced":
		return s.checkPlay(p, m)
	case "end":
		if s.Phase != phaseMain && s.Phase != phaseSpecial {
			return s.wrongPhase(doEnd)
		}
	}
	return nil
}

func knownMove(t string) bool {
	switch t {
	case "settlement", "road", "city", "buy", "roll", "end", "discard", "robber", "steal",
		"bank", "offer", "accept", "decline", "counter", "pick", "cancel", "play_steal", "play_roads", "play_harvest", "play_forced":
		return true
	}
	return false
}

// action is a thing a player tries, as the refusals of wrongPhase name it.
type action int

const (
	doEnd action = iota
	doBuild
	doPlaceRoad
	doRobber
	doRoll
	doDiscard
	doSteal
	doTrade
	doPlay
	doThat
)

// actionText is each action in English: "you cannot move the robber now".
var actionText = [...]string{"end your turn", "build", "place a road", "move the robber", "roll", "discard", "steal", "trade", "play a card", "do that"}

// actionWords is each action in the reader's language.
var actionWords = [...]*game.Msg{
	game.Word("harborfall.err.do.end"),
	game.Word("harborfall.err.do.build"),
	game.Word("harborfall.err.do.place_road"),
	game.Word("harborfall.err.do.robber"),
	game.Word("harborfall.err.do.roll"),
	game.Word("harborfall.err.do.discard"),
	game.Word("harborfall.err.do.steal"),
	game.Word("harborfall.err.do.trade"),
	game.Word("harborfall.err.do.play"),
	game.Word("harborfall.err.do.that"),
}

// wrongPhase explains why an action is not open in the current phase.
func (s *State) wrongPhase(what action) error {
	switch s.Phase {
	case phaseSetup:
		if s.SetupCorner >= 0 {
			return harbor.RuleError("HF-16", "place the road of the settlement you just placed").With(game.M("harborfall.err.setup_road_first"))
		}
		return harbor.RuleError("HF-13", "place a settlement first").With(game.M("harborfall.err.setup_settlement_first"))
	case phaseRoll:
		return harbor.RuleError("HF-G12", "roll the dice first").With(game.M("harborfall.err.roll_first"))
	case phaseDiscard:
		return harbor.RuleError("HF-30", "discard first").With(game.M("harborfall.err.discard_first"))
	case phaseRobber:
		return harbor.RuleError("HF-32", "move the robber first").With(game.M("harborfall.err.robber_first"))
	case phaseSteal:
		return harbor.RuleError("HF-33", "choose whom to steal from first").With(game.M("harborfall.err.steal_first"))
	case phaseRoads:
		return harbor.RuleError("HF-57", "place your free roads first").With(game.M("harborfall.err.free_roads_first"))
	case phaseOffer:
		return harbor.RuleError("HF-G13", "a trade offer is waiting for an answer").With(game.M("harborfall.err.offer_waiting"))
	case phaseSpecial:
		return harbor.RuleError("HF-75", "on an extra build turn you may only build, buy cards or end; you cannot %s", actionText[what]).With(game.M("harborfall.err.extra_turn_only", "what", actionWords[what]))
	}
	return harbor.RuleError("HF-52", "you cannot %s now", actionText[what]).With(game.M("harborfall.err.not_now", "what", actionWords[what]))
}

// outOfPhase refuses a move (what the player tried, such as doRoll) made
// in the wrong phase: in the main phase by rule, saying why in English
// (text) and in the reader's language (m), elsewhere by what the current
// phase waits for.
func (s *State) outOfPhase(rule string, what action, text string, m *game.Msg) error {
	if s.Phase == phaseMain {
		return harbor.RuleError(rule, "%s", text).With(m)
	}
	return s.wrongPhase(what)
}

func (s *State) checkBuildPhase() error {
	if s.Phase != phaseMain && s.Phase != phaseSpecial {
		return s.wrongPhase(doBuild)
	}
	return nil
}

// costNames and costWords name what each cost buys, in English and in the
// reader's language.
var costNames = [...]string{"a road", "a settlement", "a city", "a development card"}

var costWords = [...]*game.Msg{
	game.Word("harborfall.err.buy.road"),
	game.Word("harborfall.err.buy.settlement"),
	game.Word("harborfall.err.buy.city"),
	game.Word("harborfall.err.buy.dev"),
}

func (s *State) checkAfford(p int8, k int) error {
	if !s.Hands[p].covers(cost[k]) {
		return harbor.RuleError("HF-45", "you cannot afford %s: it costs %s", costNames[k], handText(cost[k])).With(game.M("harborfall.err.afford", "what", costWords[k], "cost", handMsg(cost[k])))
	}
	return nil
}

func (s *State) checkSettlement(p int8, c int16) error {
	if c < 0 || int(c) >= s.geo().Corners {
		return harbor.Errorf(harbor.EInvalid, "there is no corner %d", c)
	}
	if s.Phase == phaseSetup && s.SetupCorner < 0 {
		if !s.cornerFree(c) {
			return harbor.RuleError("HF-47", "a settlement cannot stand on or next to another building").With(game.M("harborfall.err.settlement_space"))
		}
		return nil
	}
	if err := s.checkBuildPhase(); err != nil {
		return err
	}
	if s.Settlements[p] == 0 {
		return harbor.RuleError("HF-G9", "you have no settlement piece left").With(game.M("harborfall.err.no_settlement_piece"))
	}
	if err := s.checkAfford(p, costSettlement); err != nil {
		return err
	}
	if !s.cornerFree(c) {
		return harbor.RuleError("HF-47", "a settlement cannot stand on or next to another building").With(game.M("harborfall.err.settlement_space"))
	}
	if !s.canSettle(p, c) {
		return harbor.RuleError("HF-48", "a settlement must be reached by one of your roads").With(game.M("harborfall.err.settlement_road"))
	}
	return nil
}

func (s *State) checkRoad(p int8, e int16) error {
	g := s.geo()
	if e < 0 || int(e) >= g.Edges {
		return harbor.Errorf(harbor.EInvalid, "there is no edge %d", e)
	}
	switch s.Phase {
	case phaseSetup:
		if s.SetupCorner < 0 {
			return s.wrongPhase(doPlaceRoad)
		}
		ec := g.EdgeCorner[e]
		if ec[0] != s.SetupCorner && ec[1] != s.SetupCorner {
			return harbor.RuleError("HF-16", "a setup road must touch the settlement you just placed").With(game.M("harborfall.err.setup_road_touch"))
		}
		if s.Road[e] >= 0 {
			return harbor.RuleError("HF-G17", "there is already a road there").With(game.M("harborfall.err.road_taken"))
		}
		return nil
	case phaseRoads:
	default:
		if err := s.checkBuildPhase(); err != nil {
			return err
		}
		if s.Roads[p] == 0 {
			return harbor.RuleError("HF-G9", "you have no road piece left").With(game.M("harborfall.err.no_road_piece"))
		}
		if err := s.checkAfford(p, costRoad); err != nil {
			return err
		}
	}
	if s.Road[e] >= 0 {
		return harbor.RuleError("HF-G17", "there is already a road there").With(game.M("harborfall.err.road_taken"))
	}
	if !s.canRoad(p, e) {
		return harbor.RuleError("HF-49", "a road must connect to your own road, settlement or city, and cannot pass a rival's building").With(game.M("harborfall.err.road_connect"))
	}
	return nil
}

func (s *State) checkCity(p int8, c int16) error {
	if c < 0 || int(c) >= s.geo().Corners {
		return harbor.Errorf(harbor.EInvalid, "there is no corner %d", c)
	}
	if err := s.checkBuildPhase(); err != nil {
		return err
	}
	if s.Owner[c] != p || s.City[c] {
		return harbor.RuleError("HF-50", "a city replaces one of your own settlements").With(game.M("harborfall.err.city_on_settlement"))
	}
	if s.Cities[p] == 0 {
		return harbor.RuleError("HF-G9", "you have no city piece left").With(game.M("harborfall.err.no_city_piece"))
	}
	return s.checkAfford(p, costCity)
}

func (s *State) checkDiscard(p int8, give Hand) error {
	if s.Phase != phaseDiscard {
		return s.outOfPhase("HF-30", doDiscard, "discards happen only after a 7", game.M("harborfall.err.discard_when"))
	}
	n := give.Total()
	if !give.nonNegative() || n == 0 {
		return harbor.Errorf(harbor.EInvalid, "name the cards to discard")
	}
	if n > int(s.Owed[p]) {
		return harbor.RuleError("HF-30", "you have only %s left to discard", cardCount(int(s.Owed[p]))).With(game.M("harborfall.err.discard_too_many", "n", int(s.Owed[p])))
	}
	if !s.Hands[p].covers(give) {
		return harbor.RuleError("HF-30", "you can discard only cards you hold").With(game.M("harborfall.err.discard_held"))
	}
	return nil
}

// single returns the one resource of h and its count, or -1 if h holds
// anything but a number of cards of one kind.
func single(h Hand) (int, int8) {
	r := -1
	for i, n := range h {
		switch {
		case n < 0:
			return -1, 0
		case n > 0 && r >= 0:
			return -1, 0
		case n > 0:
			r = i
		}
	}
	if r < 0 {
		return -1, 0
	}
	return r, h[r]
}

func (s *State) checkBank(p int8, m Move) error {
	if s.Phase == phaseSpecial {
		return harbor.RuleError("HF-44", "there is no trading on an extra build turn").With(game.M("harborfall.err.no_trade_extra"))
	}
	if s.Phase != phaseMain {
		return s.wrongPhase(doTrade)
	}
	give, n := single(m.Give)
	get, k := single(m.Get)
	if give < 0 || get < 0 || k != 1 || give == get {
		return harbor.RuleError("HF-G14", "trade identical cards for one card of another resource").With(game.M("harborfall.err.bank_terms"))
	}
	if rate := s.rate(p, give); n != rate {
		return harbor.RuleError("HF-41", "your rate for %s is %d for 1", resourceNames[give], rate).With(game.M("harborfall.err.bank_rate", "res", resourceWord(give), "n", rate))
	}
	if !s.Hands[p].covers(m.Give) {
		return harbor.RuleError("HF-43", "you do not hold those cards").With(game.M("harborfall.err.not_held"))
	}
	if s.Supply[get] == 0 {
		return harbor.RuleError("HF-G14", "the supply has none of that resource").With(game.M("harborfall.err.supply_out"))
	}
	return nil
}

func (s *State) checkOffer(p int8, m Move) error {
	if s.Phase == phaseSpecial {
		return harbor.RuleError("HF-44", "there is no trading on an extra build turn").With(game.M("harborfall.err.no_trade_extra"))
	}
	if s.Phase != phaseMain {
		return s.wrongPhase(doTrade)
	}
	if m.Seat != Everyone && (m.Seat < 0 || m.Seat >= s.Players || m.Seat == p) {
		return harbor.RuleError("HF-36", "offer a trade to another player at the table, or to everyone").With(game.M("harborfall.err.offer_to"))
	}
	if int(s.Offers) >= s.Opts.OffersPerTurn {
		return harbor.RuleError("HF-G13", "you have made all %d offers allowed this turn", s.Opts.OffersPerTurn).With(game.M("harborfall.err.offers_used", "n", s.Opts.OffersPerTurn))
	}
	return s.checkTerms(p, m.Give, m.Get)
}

// checkTerms checks the terms of an offer or counter-offer by p, who gives
// give and receives get (HF-42, HF-43, HF-G13).
func (s *State) checkTerms(p int8, give, get Hand) error {
	if !give.nonNegative() || !get.nonNegative() {
		return harbor.Errorf(harbor.EInvalid, "card counts cannot be negative")
	}
	if give.Total() == 0 || get.Total() == 0 {
		return harbor.RuleError("HF-42", "both sides must give at least one card: no gifts").With(game.M("harborfall.err.no_gifts"))
	}
	for r := range NumResources {
		if give[r] > 0 && get[r] > 0 {
			return harbor.RuleError("HF-G13", "a trade cannot have the same resource on both sides").With(game.M("harborfall.err.same_resource"))
		}
	}
	if !s.Hands[p].covers(give) {
		return harbor.RuleError("HF-43", "you can offer only cards you hold").With(game.M("harborfall.err.offer_held"))
	}
	return nil
}

var cardRule = [...]string{"HF-55", "HF-57", "HF-58", "HF-59"}

// playedCard is the development card a play move plays.
func playedCard(m Move) int {
	switch m.Type {
	case "play_roads":
		return CardRoads
	case "play_harvest":
		return CardHarvest
	case "play_forced":
		return CardForced
	}
	return CardSteal
}

func (s *State) checkPlay(p int8, m Move) error {
	k := playedCard(m)
	switch {
	case s.Phase == phaseSpecial:
		return harbor.RuleError("HF-75", "no development card may be played on an extra build turn").With(game.M("harborfall.err.no_card_extra"))
	case s.Phase == phaseRoll && !s.Opts.PreRollCards:
		return harbor.RuleError("HF-G12", "roll the dice before playing a card").With(game.M("harborfall.err.roll_before_card"))
	case s.Phase != phaseMain && s.Phase != phaseRoll:
		return s.wrongPhase(doPlay)
	case s.CardPlayed:
		return harbor.RuleError("HF-53", "you have already played a development card this turn").With(game.M("harborfall.err.played_already"))
	case s.Dev[p][k] == 0:
		return harbor.RuleError(cardRule[k], "you hold no %s card", content.CardTitles[k]).With(game.M("harborfall.err.no_card", "card", cardWord(k)))
	case s.Dev[p][k] == s.Fresh[p][k]:
		return harbor.RuleError("HF-54", "your %s card was bought this turn: play it from your next turn on", content.CardTitles[k]).With(game.M("harborfall.err.card_fresh", "card", cardWord(k)))
	}
	switch k {
	case CardHarvest:
		want := min(2, s.Supply.Total())
		if !m.Get.nonNegative() || m.Get.Total() != want || !s.Supply.covers(m.Get) {
			return harbor.RuleError("HF-58", "take two cards the supply holds (or all it has, if fewer)").With(game.M("harborfall.err.harvest_terms"))
		}
	case CardForced:
		if m.Res < 0 || m.Res >= NumResources {
			return harbor.Errorf(harbor.EInvalid, "there is no resource %d", m.Res)
		}
	}
	return nil
}
