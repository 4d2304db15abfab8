package holdings

import (
	"fmt"

	"harbor"
	"harbor/game"
)

// Trade is the one trade that may be open at the table (HH-54): From offers
// Give and asks Get from To. Opened is the number of turns completed when it
// was proposed (or last countered).
type Trade struct {
	Open   bool      `json:"open"`
	From   game.Seat `json:"from"`
	To     game.Seat `json:"to"`
	Give   Side      `json:"give"`
	Get    Side      `json:"get"`
	Opened int32     `json:"opened"`
}

// Trade outcomes.
const (
	TradeNone      = ""
	TradeAccepted  = "accepted"
	TradeDeclined  = "declined"
	TradeCancelled = "cancelled"
	TradeFailed    = "failed"
)

// TradeOutcome is how the last trade closed. Reason explains a failed or
// canceled trade: "not_owner" (Seat no longer owns Space), "short_cash"
// (Seat lacks the Coins it was to give), "bankrupt" (Seat went bankrupt),
// "withdrawn" (its proposer canceled it) or "game_over". A counter does
// not close a trade: it replaces the open one, so LastTrade stays as it was.
type TradeOutcome struct {
	Status string    `json:"status"`
	Reason string    `json:"reason,omitempty"`
	Seat   game.Seat `json:"seat"`
	Space  int8      `json:"space"`
}

func (s *State) propose(seat game.Seat, m Move, log *game.Log) error {
	if err := s.checkPlayer(seat); err != nil {
		return err
	}
	if s.Trade.Open {
		return harbor.RuleError("HH-54", "another trade is already open; it must close before a new one is proposed").
			With(game.M("holdings.err.tradeOpen"))
	}
	switch {
	case m.To == seat:
		return harbor.RuleError("HH-55", "you cannot trade with yourself: a trade goes to another player").
			With(game.M("holdings.err.tradeSelf"))
	case m.To < 0 || m.To >= game.Seat(s.Players):
		return harbor.RuleError("HH-55", "there is no player in seat %d to trade with", m.To+1).
			With(game.M("holdings.err.tradeNoSeat", "seat", int(m.To)+1))
	case s.Out.Has(m.To):
		return harbor.RuleError("HH-50", "%s is bankrupt and cannot trade", s.Names[m.To]).
			With(game.M("holdings.err.tradeBankrupt", "who", s.Names[m.To]))
	}
	if err := s.checkTerms(seat, m.To, m.Give, m.Get); err != nil {
		return err
	}
	s.openTrade(seat, m.To, m, log)
	return nil
}

func (s *State) counter(seat game.Seat, m Move, log *game.Log) error {
	if err := s.checkTradeParty(seat, "HH-59", "counter", false); err != nil {
		return err
	}
	if err := s.checkTerms(seat, s.Trade.From, m.Give, m.Get); err != nil {
		return err
	}
	s.openTrade(seat, s.Trade.From, m, log)
	return nil
}

// checkTerms checks that from can offer give for get from to now: amounts
// are not negative, each side gives something (HH-55, HH-G22), every listed
// property is a district its giver owns and every Coin is in its giver's
// hand.
func (s *State) checkTerms(from, to game.Seat, give, get Side) error {
	if give.Coins < 0 || get.Coins < 0 {
		return harbor.RuleError("HH-55", "Coin amounts in a trade cannot be negative").
			With(game.M("holdings.err.negativeCoins"))
	}
	if s.Opts.OneSidedTrades {
		if give.Empty() && get.Empty() {
			return harbor.RuleError("HH-55", "a trade must move at least one property or Coin").
				With(game.M("holdings.err.tradeEmpty"))
		}
	} else if give.Empty() || get.Empty() {
		return harbor.RuleError("HH-55", "a trade is an exchange: each side must give at least one property or some Coins").
			With(game.M("holdings.err.tradeExchange"))
	}
	for _, side := range [2]struct {
		seat game.Seat
		sd   Side
	}{{from, give}, {to, get}} {
		if other := side.sd.Properties &^ board.ownable; other != 0 {
			if p := other.First(); p < NumSpaces {
				return harbor.RuleError("HH-55", "%s is not a district: only districts can be traded", board.spaces[p].Name).
					With(game.M("holdings.err.notDistrict", "place", spaceWord(p)))
			}
			return harbor.RuleError("HH-55", "only districts on the board can be traded").
				With(game.M("holdings.err.offBoard"))
		}
		for set := side.sd.Properties; set != 0; set = set.Without(set.First()) {
			if p := set.First(); s.Owner[p] != int8(side.seat) {
				return harbor.RuleError("HH-60", "%s does not own %s", s.Names[side.seat], board.spaces[p].Name).
					With(game.M("holdings.err.doesNotOwn", "who", s.Names[side.seat], "place", spaceWord(p)))
			}
		}
		if side.sd.Coins > int(s.Cash[side.seat]) {
			return harbor.RuleError("HH-60", "%s has only %s, not the %d in this trade", s.Names[side.seat], coins(int(s.Cash[side.seat])), side.sd.Coins).
				With(game.M("holdings.err.hasOnly", "who", s.Names[side.seat], "n", int(s.Cash[side.seat]), "want", side.sd.Coins))
		}
	}
	return nil
}

func (s *State) openTrade(from, to game.Seat, m Move, log *game.Log) {
	countered := s.Trade.Open
	s.Trade = Trade{Open: true, From: from, To: to, Give: m.Give, Get: m.Get, Opened: s.Turns}
	if log.On() {
		verb := "offered"
		if countered {
			verb = "countered with"
		}
		id := "holdings.offered"
		if countered {
			id = "holdings.countered"
		}
		note(log, "trade", from, s.Trade, fmt.Sprintf("%s %s a trade to %s: %s for %s",
			s.Names[from], verb, s.Names[to], s.sideText(m.Give), s.sideText(m.Get)),
			game.M(id, "who", s.Names[from], "to", s.Names[to], "give", sideMsg(m.Give), "get", sideMsg(m.Get)))
	}
}

// sideMsg is sideText as a message: the spaces as translated words, each
// after the first following a comma, and the Coins after "and".
func sideMsg(sd Side) *game.Msg {
	var spaces *game.Msg
	list := sd.Properties.List()
	for i := len(list) - 1; i >= 0; i-- {
		if w := spaceWord(list[i]); spaces == nil {
			spaces = w
		} else {
			spaces = game.M("holdings.sideSpaces", "first", w, "rest", spaces)
		}
	}
	if sd.Coins == 0 && spaces != nil {
		return spaces
	}
	coins := game.M("holdings.coins", "n", sd.Coins)
	if spaces == nil {
		return coins
	}
	return game.M("holdings.sideCoins", "spaces", spaces, "coins", coins)
}

func (s *State) sideText(sd Side) string {
	text := ""
	for set := sd.Properties; set != 0; set = set.Without(set.First()) {
		if text != "" {
			text += ", "
		}
		text += board.spaces[set.First()].Name
	}
	if sd.Coins > 0 || text == "" {
		if text != "" {
			text += " and "
		}
		text += coins(sd.Coins)
	}
	return text
}

// checkTradeParty refuses verb on the open trade from anyone but its
// recipient (or, when proposer is true, its proposer), naming rule.
func (s *State) checkTradeParty(seat game.Seat, rule, verb string, proposer bool) error {
	if err := s.checkPlayer(seat); err != nil {
		return err
	}
	if !s.Trade.Open {
		return harbor.RuleError(rule, "there is no open trade to %s", verb).With(noTradeMsg(verb))
	}
	who, role := s.Trade.To, "was offered the trade"
	if proposer {
		who, role = s.Trade.From, "proposed the trade"
	}
	if seat != who {
		return harbor.RuleError(rule, "only %s, who %s, can %s it", s.Names[who], role, verb).
			With(onlyPartyMsg(verb, s.Names[who]))
	}
	return nil
}

// noTradeMsg is the message of checkTradeParty's refusal of verb when no
// trade is open.
func noTradeMsg(verb string) *game.Msg {
	switch verb {
	case "accept":
		return game.M("holdings.err.noTradeAccept")
	case "decline":
		return game.M("holdings.err.noTradeDecline")
	case "counter":
		return game.M("holdings.err.noTradeCounter")
	}
	return game.M("holdings.err.noTradeCancel")
}

// onlyPartyMsg is the message of checkTradeParty's refusal of verb from
// anyone but who, the trade's recipient (or, for cancel, its proposer).
func onlyPartyMsg(verb, who string) *game.Msg {
	switch verb {
	case "accept":
		return game.M("holdings.err.onlyAccept", "who", who)
	case "decline":
		return game.M("holdings.err.onlyDecline", "who", who)
	case "counter":
		return game.M("holdings.err.onlyCounter", "who", who)
	}
	return game.M("holdings.err.onlyCancel", "who", who)
}

// accept rechecks the open trade (HH-60) and either moves every property,
// with its improvements, and every Coin at once (HH-61, HH-63) or, when the
// recheck fails, closes it as failed with nothing moved (HH-62). Either way
// the trade is closed, so a repeated accept is refused.
func (s *State) accept(seat game.Seat, log *game.Log) error {
	if err := s.checkTradeParty(seat, "HH-56", "accept", false); err != nil {
		return err
	}
	t := s.Trade
	for _, side := range [2]struct {
		seat game.Seat
		sd   Side
	}{{t.From, t.Give}, {t.To, t.Get}} {
		for set := side.sd.Properties; set != 0; set = set.Without(set.First()) {
			if p := set.First(); s.Owner[p] != int8(side.seat) {
				s.closeTrade(TradeFailed, "not_owner", side.seat, p, log)
				return nil
			}
		}
		if side.sd.Coins > int(s.Cash[side.seat]) {
			s.closeTrade(TradeFailed, "short_cash", side.seat, -1, log)
			return nil
		}
	}
	s.Trade.Open = false
	s.LastTrade = TradeOutcome{Status: TradeAccepted, Seat: seat, Space: -1}
	if log.On() {
		note(log, "trade_accepted", seat, t, fmt.Sprintf("%s accepted the trade with %s", s.Names[t.To], s.Names[t.From]),
			game.M("holdings.accepted", "who", s.Names[t.To], "from", s.Names[t.From]))
	}
	s.handOver(t.From, t.To, t.Give, log)
	s.handOver(t.To, t.From, t.Get, log)
	return nil
}

// handOver moves one side of an accepted trade from giver to taker.
func (s *State) handOver(giver, taker game.Seat, sd Side, log *game.Log) {
	for set := sd.Properties; set != 0; set = set.Without(set.First()) {
		p := set.First()
		s.Owner[p] = int8(taker)
		if log.On() {
			text := fmt.Sprintf("%s now owns %s", s.Names[taker], board.spaces[p].Name)
			msg := game.M("holdings.owns", "who", s.Names[taker], "place", spaceWord(p))
			if s.Level[p] > 0 {
				text += " with " + improvements(int(s.Level[p]))
				msg = game.M("holdings.ownsImproved", "who", s.Names[taker], "place", spaceWord(p), "n", int(s.Level[p]))
			}
			note(log, "handover", taker, Owned{Space: p, Owner: int(taker), Improvements: int(s.Level[p])}, text, msg)
		}
	}
	if sd.Coins > 0 {
		s.transfer(Party(giver), Party(taker), sd.Coins, "trade", 0, log)
	}
}

func (s *State) decline(seat game.Seat, log *game.Log) error {
	if err := s.checkTradeParty(seat, "HH-56", "decline", false); err != nil {
		return err
	}
	s.closeTrade(TradeDeclined, "", seat, -1, log)
	return nil
}

func (s *State) cancel(seat game.Seat, log *game.Log) error {
	if err := s.checkTradeParty(seat, "HH-57", "cancel", true); err != nil {
		return err
	}
	s.closeTrade(TradeCancelled, "withdrawn", seat, -1, log)
	return nil
}

// closeTrade closes the open trade with no transfer (HH-62, HH-65).
func (s *State) closeTrade(status, reason string, seat game.Seat, space int, log *game.Log) {
	t := s.Trade
	s.Trade.Open = false
	s.LastTrade = TradeOutcome{Status: status, Reason: reason, Seat: seat, Space: int8(space)}
	if log.On() {
		var text string
		var msg, why *game.Msg
		switch status {
		case TradeDeclined:
			text = fmt.Sprintf("%s declined the trade %s offered", s.Names[t.To], s.Names[t.From])
			msg = game.M("holdings.declined", "who", s.Names[t.To], "from", s.Names[t.From])
		case TradeFailed:
			text = fmt.Sprintf("The trade between %s and %s failed", s.Names[t.From], s.Names[t.To])
			msg = game.M("holdings.tradeFailed", "a", s.Names[t.From], "b", s.Names[t.To])
		default:
			text = fmt.Sprintf("The trade between %s and %s was %s", s.Names[t.From], s.Names[t.To], status)
			msg = game.M("holdings.tradeWas", "a", s.Names[t.From], "b", s.Names[t.To], "status", game.Word(msgID("status", status)))
		}
		switch reason {
		case "withdrawn":
			text = fmt.Sprintf("%s withdrew the trade offered to %s", s.Names[t.From], s.Names[t.To])
			msg = game.M("holdings.withdrew", "who", s.Names[t.From], "to", s.Names[t.To])
		case "game_over":
			text += ": the game is over"
			why = game.Word("holdings.why.gameOver")
		case "not_owner":
			text += fmt.Sprintf(": %s no longer owns %s", s.Names[seat], board.spaces[space].Name)
			why = game.M("holdings.why.notOwner", "who", s.Names[seat], "place", spaceWord(space))
		case "short_cash":
			text += fmt.Sprintf(": %s does not have the Coins", s.Names[seat])
			why = game.M("holdings.why.shortCash", "who", s.Names[seat])
		case "bankrupt":
			text += fmt.Sprintf(": %s went bankrupt", s.Names[seat])
			why = game.M("holdings.why.bankrupt", "who", s.Names[seat])
		}
		if why != nil {
			msg = game.M("holdings.tradeClosed", "what", msg, "why", why)
		}
		note(log, "trade_closed", seat, s.LastTrade, text, msg)
	}
}
