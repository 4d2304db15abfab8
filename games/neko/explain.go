package neko

import (
	"fmt"

	"harbor"
	"harbor/game"
)

// explain says, in player words and by rule clause, why m is not legal now.
func (s *State) explain(seat game.Seat, m Move) error {
	p := &s.Players[seat]
	switch s.Phase {
	case phDraft:
		switch {
		case s.N == 2 && m.Type != MovePick:
			return harbor.RuleError("NK-032", "in the 2-player draft you take single cards from the display").
				With(game.M("neko.err.draftPick"))
		case s.N > 2 && m.Type != MoveDraft:
			return harbor.RuleError("NK-025", "it is the drafting phase: take a whole set from a row").
				With(game.M("neko.err.draftSet"))
		case s.N == 2:
			return harbor.RuleError("NK-030", "that card is not on display").
				With(game.M("neko.err.notOnDisplay"))
		case m.Size < 1 || m.Size > 3:
			return harbor.RuleError("NK-024", "each row has sets of 1, 2 and 3 cards").
				With(game.M("neko.err.setSizes"))
		case p.Sizes&(1<<m.Size) != 0:
			return harbor.RuleError("NK-027", "you have already taken a set of %s this draft", cardsText(m.Size)).
				With(game.M("neko.err.sizeTaken", "n", int(m.Size)))
		case m.Row < 0 || m.Row >= s.NRows:
			return harbor.RuleError("NK-024", "there are %d rows, numbered 1 to %d", s.NRows, s.NRows).
				With(game.M("neko.err.rows", "n", int(s.NRows)))
		}
		return harbor.RuleError("NK-025", "that set has already been taken").
			With(game.M("neko.err.setTaken"))
	case phBoats:
		if s.Turn.Stage == stBoat {
			return harbor.RuleError("NK-122", "choose one of the fishing boats on show").
				With(game.M("neko.err.chooseBoat"))
		}
		return harbor.RuleError("NK-124", "place your fishing boat as a new column or deactivate it under a column").
			With(game.M("neko.err.placeBoat"))
	}
	if err := s.lockedRefusal(seat, m); err != nil {
		return err
	}
	switch s.Turn.Stage {
	case stPlay:
		switch {
		case m.Type != MovePlay && m.Type != MoveDeactivate:
			return harbor.RuleError("NK-034", "play a card from your hand first").
				With(game.M("neko.err.playFirst"))
		case m.Card < 0 || m.Card > 255 || !p.holds(uint8(m.Card)):
			return harbor.RuleError("NK-034", "that card is not in your hand").
				With(game.M("neko.err.notInHand"))
		case p.NCols == 0:
			return harbor.RuleError("NK-035", "your first card must start a column: there is no column to tuck it under yet").
				With(game.M("neko.err.firstColumn"))
		}
		if p.NCols == 1 {
			return harbor.RuleError("NK-040", "tuck the card under your column").
				With(game.M("neko.err.tuckUnder", "n", 1))
		}
		return harbor.RuleError("NK-040", "tuck the card under one of your %d columns", p.NCols).
			With(game.M("neko.err.tuckUnder", "n", int(p.NCols)))
	case stTuck:
		return harbor.RuleError("NK-017", "keep the Immediate card in its column or tuck it under another column").
			With(game.M("neko.err.keepOrTuck"))
	case stChoice:
		switch s.Turn.Choices[0].Kind {
		case chBoatSwap:
			return harbor.RuleError("NK-126", "first choose one of the fishing boat's swaps, or none").
				With(game.M("neko.err.boatSwap"))
		case chHalfMoon:
			return harbor.RuleError("NK-116", "first choose your Half Moon Island reward").
				With(game.M("neko.err.halfMoon"))
		case chNeko:
			return harbor.RuleError("NK-118", "first choose your two Neko Harbour cards").
				With(game.M("neko.err.nekoCards"))
		}
		return harbor.RuleError("NK-059", "first choose a hub reward, from level 1 up to your harbour level %d", p.Harbour).
			With(game.M("neko.err.hubReward", "level", int(p.Harbour)))
	case stDiscard:
		return harbor.RuleError("NK-063", "you hold %d fish, goods and licences: discard one at a time down to your limit of %d", p.resources(), limit(p)).
			With(game.M("neko.err.discardDown", "n", p.resources(), "limit", limit(p)))
	}
	return s.explainWindow(p, m)
}

// explainWindow explains a refused move in an activation or final window.
func (s *State) explainWindow(p *Player, m Move) error {
	lic, coin, fuel := s.windowActs(p)
	t := &s.Turn
	licences := int(t.Icons[icLicence]) + p.usable(Licence)
	coins := int(t.Icons[icCoin]) + p.usable(Fish)
	fuelLeft := int(t.Icons[icFuel]) + p.usable(Fish)
	waits := " (cards gained this turn count from your next turn)"
	if t.Last {
		waits = " (cards gained in your last action or in this window cannot be used after period 2)"
	}
	switch m.Type {
	case MovePlay, MoveDeactivate:
		return harbor.RuleError("NK-034", "you have already played a card this turn").
			With(game.M("neko.err.played"))
	case MoveKeep, MoveTuck:
		return harbor.RuleError("NK-017", "no Immediate card is waiting to be kept or tucked").
			With(game.M("neko.err.noImmediate"))
	case MoveChoose:
		return harbor.RuleError("NK-041", "there is nothing to choose now").
			With(game.M("neko.err.nothingToChoose"))
	case MoveDiscard:
		return harbor.RuleError("NK-063", "you discard only at the end of your turn, when you hold more than %d fish, goods and licences", limit(p)).
			With(game.M("neko.err.discardWhen", "limit", limit(p)))
	case MoveDraft, MovePick:
		return harbor.RuleError("NK-028", "the drafting phase of this period is over").
			With(game.M("neko.err.draftOver"))
	case MoveBoat:
		return harbor.RuleError("NK-122", "fishing boats are chosen after an intermediate scoring").
			With(game.M("neko.err.boatsLater"))
	case MoveHarbour, MoveUpgrade:
		switch {
		case !lic:
			return harbor.RuleError("NK-043", "licence actions happen while your Permit Office column activates (or, if you have no Permit Office, after your last column)").
				With(game.M("neko.err.licenceWhen"))
		case m.Type == MoveHarbour && p.Harbour >= maxHarbour:
			return harbor.RuleError("NK-048", "your harbour is at its highest level").
				With(game.M("neko.err.harbourTop"))
		case m.Type == MoveHarbour:
			return harbor.RuleError("NK-048", "the next harbour level costs %s and you have %d to spend%s", countText(int16(cat.Harbour[p.Harbour+1].Cost), Licence), licences, waits).
				With(game.M("neko.err.harbourCost", "cost", int(cat.Harbour[p.Harbour+1].Cost), "have", licences, "waits", waitsMsg(t.Last)))
		case m.Ship == ghost:
			return harbor.RuleError("NK-131", "the ghost ship cannot be upgraded").
				With(game.M("neko.err.ghostUpgrade"))
		case m.Ship < 0 || m.Ship >= numShips || p.Ships[m.Ship].Loc < 1 || p.Ships[m.Ship].Loc > p.NCols:
			return harbor.RuleError("NK-053", "only ships in your preparation line can be upgraded").
				With(game.M("neko.err.upgradeLine"))
		case m.Level <= p.Ships[m.Ship].Level:
			return harbor.RuleError("NK-049", "that ship is level %d: an upgrade must raise its level", p.Ships[m.Ship].Level).
				With(game.M("neko.err.raiseLevel", "level", int(p.Ships[m.Ship].Level)))
		case m.Level > 6:
			return harbor.RuleError("NK-050", "ships go up to level 6").
				With(game.M("neko.err.maxLevel"))
		case !p.reachable(m.Ship, m.Level):
			return harbor.RuleError("NK-050", "no ship card in your supply or on the ship's back shows level %d", m.Level).
				With(game.M("neko.err.noShipCard", "level", int(m.Level)))
		}
		return harbor.RuleError("NK-049", "level %d to %d costs %d licences and you have %d to spend%s",
			p.Ships[m.Ship].Level, m.Level, m.Level-p.Ships[m.Ship].Level, licences, waits).
			With(game.M("neko.err.upgradeCost", "from", int(p.Ships[m.Ship].Level), "to", int(m.Level), "cost", int(m.Level-p.Ships[m.Ship].Level), "have", licences, "waits", waitsMsg(t.Last)))
	case MoveBuyShip, MoveBuyLicence:
		switch {
		case !coin:
			return harbor.RuleError("NK-043", "coin actions happen while your Tourist Center column activates (or, if you have no Tourist Center, after your last column)").
				With(game.M("neko.err.coinWhen"))
		case m.Type == MoveBuyLicence:
			return harbor.RuleError("NK-055", "a licence costs %d coins and you have %d (coin icons and fish)", licencePrice(p), coins).
				With(game.M("neko.err.licenceCost", "price", licencePrice(p), "have", coins))
		case m.Level < 1 || m.Level > 6:
			return harbor.RuleError("NK-054", "ships have levels 1 to 6").
				With(game.M("neko.err.shipLevels"))
		case p.supplyShip(m.Level) < 0:
			return harbor.RuleError("NK-054", "no ship card in your ship supply shows level %d", m.Level).
				With(game.M("neko.err.noSupplyShip", "level", int(m.Level)))
		}
		return harbor.RuleError("NK-054", "a level-%d ship costs %d coins and you have %d (coin icons and fish)", m.Level, 2*m.Level, coins).
			With(game.M("neko.err.shipCost", "level", int(m.Level), "price", 2*int(m.Level), "have", coins))
	case MoveShip, MoveSail:
		return s.explainMove(p, m, fuel, fuelLeft)
	case MoveCaptain, MoveBonus, MoveFlip:
		if t.Last {
			return harbor.RuleError("NK-070", "only cards can be spent in the window after period 2: no captains or Research Station effects").
				With(game.M("neko.err.onlyCards"))
		}
	}
	switch m.Type {
	case MoveCaptain:
		if p.Supply[Captain] == 0 {
			return harbor.RuleError("NK-109", "you have no captain card you may use this turn%s", waits).
				With(game.M("neko.err.noCaptain", "waits", waitsMsg(t.Last)))
		}
		if p.NCols == 1 {
			return harbor.RuleError("NK-109", "put the captain on your column").
				With(game.M("neko.err.captainColumn", "n", 1))
		}
		return harbor.RuleError("NK-109", "put the captain on one of your %d columns", p.NCols).
			With(game.M("neko.err.captainColumn", "n", int(p.NCols)))
	case MoveBonus:
		if err := onceRefusal("NK-098", p.Effects[EffRSIncomeBonus], t.BonusUsed, "the +2 coins or +1 fuel bonus",
			game.M("neko.err.noBonusStation"), game.M("neko.err.bonusUsed")); err != nil {
			return err
		}
		return harbor.RuleError("NK-098", "take the Research Station bonus while your Tourist Center (coins) or Supply Vessel (fuel) column activates, or after your last column if you have no such column").
			With(game.M("neko.err.bonusWhen"))
	case MoveFlip:
		if err := onceRefusal("NK-102", p.Effects[EffRSFlip], t.FlipUsed, "the flip of a fish or licence",
			game.M("neko.err.noFlipStation"), game.M("neko.err.flipUsed")); err != nil {
			return err
		}
		switch {
		case m.Res != int8(Fish) && m.Res != int8(Licence):
			return harbor.RuleError("NK-102", "only a fish or a licence can be flipped").
				With(game.M("neko.err.flipWhat"))
		case t.Window >= p.NCols || p.Cols[t.Window].Kind != ResearchStation:
			return harbor.RuleError("NK-102", "flip a card while your Research Station column activates").
				With(game.M("neko.err.flipWhen"))
		}
		return harbor.RuleError("NK-102", "you have no %s in your supply to flip%s", Res(m.Res), waits).
			With(noFlipMsg(Res(m.Res), waitsMsg(t.Last)))
	}
	return harbor.RuleError("NK-041", "that move is not open in this window").
		With(game.M("neko.err.notInWindow"))
}

// lockedRefusal refuses, under NK-070, a move of the window after period 2
// that only the cards gained in the player's last action would pay for;
// else it returns nil.
func (s *State) lockedRefusal(seat game.Seat, m Move) error {
	p := &s.Players[seat]
	if !s.Turn.Last || p.Locked == (Bundle{}) {
		return nil
	}
	unlocked := *s
	unlocked.Players[seat].Locked = Bundle{}
	var buf [legalCap]Move
	for _, l := range unlocked.Legal(seat, buf[:0]) {
		if l == m {
			return harbor.RuleError("NK-070", "the cards you gained in your last action (%s) cannot be used after period 2; they still count at the end", bundleText(p.Locked)).
				With(game.M("neko.err.locked", "cards", orNone(bundleMsg(p.Locked))))
		}
	}
	return nil
}

// onceRefusal refuses a once-per-turn Research Station effect its player
// does not have or has already used this turn, with the message none or
// used; else it returns nil.
func onceRefusal(rule string, owned int8, used bool, what string, noneMsg, usedMsg *game.Msg) error {
	switch {
	case owned == 0:
		return harbor.RuleError(rule, "you have no Research Station with %s", what).With(noneMsg)
	case used:
		return harbor.RuleError(rule, "you have already used %s this turn", what).With(usedMsg)
	}
	return nil
}

// waitsMsg is the message of the note a refusal for want of cards ends
// with: which cards cannot be spent yet, in the window after period 2
// (last) or in a turn.
func waitsMsg(last bool) *game.Msg {
	if last {
		return game.M("neko.err.waitsLast")
	}
	return game.M("neko.err.waitsNext")
}

// noFlipMsg is the message of the refusal to flip r, a fish or a licence,
// that the supply does not hold.
func noFlipMsg(r Res, waits *game.Msg) *game.Msg {
	if r == Licence {
		return game.M("neko.err.noFlipLicence", "waits", waits)
	}
	return game.M("neko.err.noFlipFish", "waits", waits)
}

// explainMove explains a refused ship move or sail.
func (s *State) explainMove(p *Player, m Move, fuel bool, fuelLeft int) error {
	if !fuel {
		return harbor.RuleError("NK-043", "fuel actions happen while your Supply Vessel column activates (or, if you have no Supply Vessel, after your last column)").
			With(game.M("neko.err.fuelWhen"))
	}
	if m.Ship < 0 || m.Ship > ghost {
		return harbor.RuleError("NK-056", "you have ships 0 to 5, and 6 for the ghost ship").
			With(game.M("neko.err.shipNumbers"))
	}
	sh := p.Ships[m.Ship]
	if m.Ship == ghost {
		switch {
		case sh.Loc == locNone:
			return harbor.RuleError("NK-128", "there is no ghost ship in this game").
				With(game.M("neko.err.noGhost"))
		case sh.Loc == locDone:
			return harbor.RuleError("NK-132", "your ghost ship has reached the end of a line and left the game").
				With(game.M("neko.err.ghostGone"))
		case m.Type == MoveSail:
			return harbor.RuleError("NK-131", "the ghost ship cannot go to an attraction").
				With(game.M("neko.err.ghostSail"))
		case sh.Loc >= p.NCols:
			return harbor.RuleError("NK-056", "your ghost ship is on your last column").
				With(game.M("neko.err.ghostLast"))
		}
		return harbor.RuleError("NK-130", "a ghost ship step costs 2 fuel and you have %d (fuel icons and fish)", fuelLeft).
			With(game.M("neko.err.ghostFuel", "have", fuelLeft))
	}
	switch {
	case sh.Loc == locSupply:
		return harbor.RuleError("NK-054", "that ship is in your ship supply: buy it first").
			With(game.M("neko.err.buyFirst"))
	case m.Type == MoveShip && sh.Loc >= locAttr:
		return harbor.RuleError("NK-056", "a ship at an attraction can only sail to another attraction").
			With(game.M("neko.err.attractionOnly"))
	case m.Type == MoveShip && sh.Loc >= p.NCols:
		return harbor.RuleError("NK-056", "that ship is on your last column: it can sail on to an attraction").
			With(game.M("neko.err.lastColumn"))
	case m.Type == MoveSail && sh.Loc < locAttr && (sh.Loc != p.NCols || p.NCols == 0):
		return harbor.RuleError("NK-056", "a ship sails to an attraction only from your last column or from another attraction").
			With(game.M("neko.err.sailFrom"))
	case m.Type == MoveSail && (m.To < 0 || m.To >= s.NAttrs || sh.Loc == locAttr+m.To):
		return harbor.RuleError("NK-056", "choose another of the %d attractions", s.NAttrs).
			With(game.M("neko.err.otherAttraction", "n", int(s.NAttrs)))
	}
	return harbor.RuleError("NK-056", "a step costs 1 fuel and you have none (fuel icons and fish)").
		With(game.M("neko.err.noFuel"))
}

// cardsText says "1 card" or "n cards".
func cardsText(n int8) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// name is how the log and messages call a seat.
func (s *State) name(seat game.Seat) string {
	if seat >= 0 && int(seat) < len(s.Names) && s.Names[seat] != "" {
		return s.Names[seat]
	}
	return fmt.Sprintf("player %d", seat+1)
}

func (p *Player) holds(c uint8) bool {
	for i := range p.HandN {
		if p.Hand[i] == c {
			return true
		}
	}
	return false
}
