package holdings

import (
	"fmt"

	"harbor"
	"harbor/game"
)

// Apply validates m for seat completely and only then applies it. A refused
// move returns a *harbor.Error naming the clause it breaks and leaves the
// state exactly as it was.
func (s *State) Apply(seat game.Seat, m Move, log *game.Log) error {
	switch m.Type {
	case MoveRoll:
		return s.roll(seat, log)
	case MoveBuy:
		return s.buy(seat, m.Space, log)
	case MovePass:
		return s.pass(seat, log)
	case MoveImprove:
		return s.improve(seat, m.Space, log)
	case MoveEnd:
		return s.end(seat, log)
	case MovePropose:
		return s.propose(seat, m, log)
	case MoveAccept:
		return s.accept(seat, log)
	case MoveDecline:
		return s.decline(seat, log)
	case MoveCounter:
		return s.counter(seat, m, log)
	case MoveCancel:
		return s.cancel(seat, log)
	}
	return harbor.Errorf(harbor.EInvalid, "unknown move type %q", m.Type)
}

// checkPlayer refuses any move once the game is over or from a seat that is
// not a player still in the game.
func (s *State) checkPlayer(seat game.Seat) error {
	if s.Over {
		if s.Reason == "round_limit" {
			return harbor.RuleError("HH-70", "the game is over: it ended after %s", rounds(s.Opts.RoundLimit)).
				With(game.M("holdings.err.overRounds", "n", s.Opts.RoundLimit))
		}
		return harbor.RuleError("HH-69", "the game is over: only one player is left solvent").
			With(game.M("holdings.err.overSolvent"))
	}
	if seat < 0 || seat >= game.Seat(s.Players) {
		return harbor.Errorf(harbor.ENotYourTurn, "seat %d is not a player in this game", seat+1).
			With(game.M("holdings.err.noSeat", "seat", int(seat)+1))
	}
	if s.Out.Has(seat) {
		return harbor.RuleError("HH-50", "you are bankrupt and out of the game").
			With(game.M("holdings.err.youAreBankrupt"))
	}
	return nil
}

// checkTurn refuses a turn move from anyone but the seat on turn.
func (s *State) checkTurn(seat game.Seat, rule string) error {
	if err := s.checkPlayer(seat); err != nil {
		return err
	}
	if seat != s.Seat() {
		return (&harbor.Error{Code: harbor.ENotYourTurn, Rule: rule, Message: "it is not your turn"}).
			With(game.M("holdings.err.notYourTurn"))
	}
	return nil
}

func (s *State) roll(seat game.Seat, log *game.Log) error {
	if err := s.checkTurn(seat, "HH-66"); err != nil {
		return err
	}
	if s.Phase != PhaseRoll {
		return harbor.RuleError("HH-04", "you have already rolled this turn").
			With(game.M("holdings.err.rolled"))
	}
	d1, d2 := s.Rand.Die(), s.Rand.Die()
	s.Dice = [2]int8{int8(d1), int8(d2)}
	s.Phase = PhaseEnd
	if log.On() {
		note(log, "roll", seat, s.Dice, fmt.Sprintf("%s rolled %d and %d", s.Names[seat], d1, d2),
			game.M("holdings.rolled", "who", s.Names[seat], "a", d1, "b", d2))
	}
	s.advance(seat, d1+d2, log)
	return nil
}

// advance moves seat's token steps spaces clockwise, credits the Gate bonus
// for passing (or landing on) Harbor Gate before anything else (HH-05,
// HH-06, HH-09), and resolves the landing.
func (s *State) advance(seat game.Seat, steps int, log *game.Log) {
	from := int(s.Pos[seat])
	to := (from + steps) % NumSpaces
	s.Pos[seat] = int8(to)
	if log.On() {
		note(log, "move", seat, Moved{From: from, To: to},
			fmt.Sprintf("%s moved to %s", s.Names[seat], board.spaces[to].Name),
			game.M("holdings.moved", "who", s.Names[seat], "place", spaceWord(to)))
	}
	if from+steps >= NumSpaces && (to != GateSpace || s.Opts.GateBonusOnLanding) {
		s.transfer(Bank, Party(seat), GateBonus, "gate", GateSpace, log)
	}
	s.land(seat, log)
}

// land resolves the space seat's token stands on.
func (s *State) land(seat game.Seat, log *game.Log) {
	p := int(s.Pos[seat])
	switch board.kind[p] {
	case kStreet, kFerry, kUtility:
		owner := s.Owner[p]
		switch {
		case owner < 0:
			s.Phase = PhaseBuy
			s.Landed = int8(p)
		case owner != int8(seat):
			s.pay(seat, Party(owner), s.Rent(p), "rent", p, log)
		}
	case kLevy:
		s.pay(seat, Bank, int(board.amount[p]), "levy", p, log)
	case kFestival:
		s.transfer(Bank, Party(seat), int(board.amount[p]), "festival", p, log)
	case kDispatch:
		s.dispatch(seat, int(board.deck[p]), log)
	case kInspection:
		s.toCustoms(seat, int(board.amount[p]), log)
	}
}

// toCustoms moves seat's token straight to Customs House, with no Gate bonus
// (HH-39), and charges amount (HH-38).
func (s *State) toCustoms(seat game.Seat, amount int, log *game.Log) {
	from := int(s.Pos[seat])
	s.Pos[seat] = CustomsSpace
	if log.On() {
		note(log, "move", seat, Moved{From: from, To: CustomsSpace},
			fmt.Sprintf("%s was sent to Customs House", s.Names[seat]),
			game.M("holdings.sentToCustoms", "who", s.Names[seat]))
	}
	s.pay(seat, Bank, amount, "inspection", CustomsSpace, log)
}

func (s *State) buy(seat game.Seat, space int, log *game.Log) error {
	if err := s.checkTurn(seat, "HH-12"); err != nil {
		return err
	}
	if s.Phase != PhaseBuy || (space != 0 && space != int(s.Landed)) {
		return harbor.RuleError("HH-12", "you can only buy the unowned district you landed on this turn").
			With(game.M("holdings.err.buyLanded"))
	}
	p := int(s.Landed)
	price := int(board.price[p])
	if int(s.Cash[seat]) < price {
		return harbor.RuleError("HH-13", "%s costs %d and you have only %s", board.spaces[p].Name, price, coins(int(s.Cash[seat]))).
			With(game.M("holdings.err.buyCash", "place", spaceWord(p), "price", price, "n", int(s.Cash[seat])))
	}
	s.transfer(Party(seat), Bank, price, "buy", p, log)
	s.Owner[p] = int8(seat)
	s.Phase, s.Landed = PhaseEnd, -1
	if log.On() {
		note(log, "buy", seat, Owned{Space: p, Owner: int(seat)},
			fmt.Sprintf("%s now owns %s", s.Names[seat], board.spaces[p].Name),
			game.M("holdings.owns", "who", s.Names[seat], "place", spaceWord(p)))
	}
	return nil
}

func (s *State) pass(seat game.Seat, log *game.Log) error {
	if err := s.checkTurn(seat, "HH-11"); err != nil {
		return err
	}
	if s.Phase != PhaseBuy {
		return harbor.RuleError("HH-11", "there is no district on offer to pass on").
			With(game.M("holdings.err.noOffer"))
	}
	s.declineOffer(seat, log)
	return nil
}

// declineOffer leaves the district on offer unowned: no auction (HH-11, HH-14).
func (s *State) declineOffer(seat game.Seat, log *game.Log) {
	if log.On() {
		p := int(s.Landed)
		note(log, "pass", seat, Owned{Space: p, Owner: -1},
			fmt.Sprintf("%s did not buy %s", s.Names[seat], board.spaces[p].Name),
			game.M("holdings.passed", "who", s.Names[seat], "place", spaceWord(p)))
	}
	s.Phase, s.Landed = PhaseEnd, -1
}

func (s *State) improve(seat game.Seat, space int, log *game.Log) error {
	if err := s.checkTurn(seat, "HH-26"); err != nil {
		return err
	}
	if s.Phase == PhaseRoll {
		return harbor.RuleError("HH-25", "roll first: you can improve only after your roll").
			With(game.M("holdings.err.rollFirst"))
	}
	if space < 0 || space >= NumSpaces {
		return harbor.RuleError("HH-28", "there is no space %d on the board: only streets can be improved", space).
			With(game.M("holdings.err.noSpace", "space", space))
	}
	name := board.spaces[space].Name
	if board.kind[space] != kStreet {
		return harbor.RuleError("HH-28", "%s is not a street: only streets can be improved", name).
			With(game.M("holdings.err.notStreet", "place", spaceWord(space)))
	}
	if s.Owner[space] != int8(seat) {
		return harbor.RuleError("HH-24", "you can only improve a street you own, and %s is not yours", name).
			With(game.M("holdings.err.notYours", "place", spaceWord(space)))
	}
	if s.Level[space] >= MaxImprovements {
		return harbor.RuleError("HH-27", "%s already has %d improvements", name, MaxImprovements).
			With(game.M("holdings.err.maxed", "place", spaceWord(space), "n", MaxImprovements))
	}
	if s.Cash[seat] < ImprovementCost {
		return harbor.RuleError("HH-31", "an improvement costs %d and you have only %s", ImprovementCost, coins(int(s.Cash[seat]))).
			With(game.M("holdings.err.improveCash", "cost", ImprovementCost, "n", int(s.Cash[seat])))
	}
	s.transfer(Party(seat), Bank, ImprovementCost, "improve", space, log)
	s.Level[space]++
	s.Improved++
	if log.On() {
		note(log, "improve", seat, Owned{Space: space, Owner: int(seat), Improvements: int(s.Level[space])},
			fmt.Sprintf("%s now has %s", name, improvements(int(s.Level[space]))),
			game.M("holdings.improved", "place", spaceWord(space), "n", int(s.Level[space])))
	}
	return nil
}

func (s *State) end(seat game.Seat, log *game.Log) error {
	if err := s.checkTurn(seat, "HH-66"); err != nil {
		return err
	}
	if s.Phase == PhaseRoll {
		return harbor.RuleError("HH-67", "you must roll before you end your turn").
			With(game.M("holdings.err.endRoll"))
	}
	if s.Phase == PhaseBuy {
		s.declineOffer(seat, log)
	}
	if log.On() {
		note(log, "end", seat, nil, fmt.Sprintf("%s ended their turn", s.Names[seat]),
			game.M("holdings.ended", "who", s.Names[seat]))
	}
	s.endTurn(log)
	return nil
}

// endTurn passes play to the next active player in turn order (HH-68). When
// that wraps past the end of the order a round is complete: its net worth
// row is recorded and, after the last round, the game ends (HH-70, HH-G26).
func (s *State) endTurn(log *game.Log) {
	s.Turns++
	next, wrapped := s.TurnIdx, false
	for {
		next++
		if next == s.Players {
			next, wrapped = 0, true
		}
		if !s.Out.Has(game.Seat(s.Order[next])) {
			break
		}
	}
	if wrapped {
		s.recordHistory(int(s.Round))
		if log.On() {
			note(log, "round", game.Public, s.Round, fmt.Sprintf("Round %d of %d is complete", s.Round, s.Opts.RoundLimit),
				game.M("holdings.roundDone", "n", int(s.Round), "of", s.Opts.RoundLimit))
		}
		if int(s.Round) >= s.Opts.RoundLimit {
			s.finish("round_limit", log)
			return
		}
		s.Round++
	}
	s.TurnIdx = next
	s.Phase, s.Landed, s.Improved = PhaseRoll, -1, 0
}

// finish ends the game; an open trade closes with it (HH-G24).
func (s *State) finish(reason string, log *game.Log) {
	if s.Trade.Open {
		s.closeTrade(TradeCancelled, "game_over", -1, -1, log)
	}
	if reason == "bankruptcy" {
		s.recordHistory(int(s.Round))
	}
	s.Over, s.Reason, s.Phase, s.Landed = true, reason, PhaseOver, -1
	if log.On() {
		note(log, "over", game.Public, nil, s.overText(), s.overMsg())
	}
}
