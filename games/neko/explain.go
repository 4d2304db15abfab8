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
			return harbor.RuleError("NK-032", "in the 2-player draft you take single cards from the display")
		case s.N > 2 && m.Type != MoveDraft:
			return harbor.RuleError("NK-025", "it is the drafting phase: take a whole set from a row")
		case s.N == 2:
			return harbor.RuleError("NK-030", "that card is not on display")
		case m.Size >= 1 && m.Size <= 3 && p.Sizes&(1<<m.Size) != 0:
			return harbor.RuleError("NK-027", "you have already taken a set of %d cards this draft", m.Size)
		}
		return harbor.RuleError("NK-025", "that set is not on display")
	case phBoats:
		if s.Turn.Stage == stBoat {
			return harbor.RuleError("NK-122", "choose one of the fishing boats on show")
		}
		return harbor.RuleError("NK-124", "place your fishing boat as a new column or deactivate it under a column")
	}
	switch s.Turn.Stage {
	case stPlay:
		switch {
		case m.Type != MovePlay && m.Type != MoveDeactivate:
			return harbor.RuleError("NK-034", "play a card from your hand first")
		case m.Card < 0 || m.Card > 255 || !p.holds(uint8(m.Card)):
			return harbor.RuleError("NK-034", "that card is not in your hand")
		}
		return harbor.RuleError("NK-040", "deactivate a card under one of your columns (your first card must start a column)")
	case stTuck:
		return harbor.RuleError("NK-017", "keep the Immediate card in its column or tuck it under another column")
	case stChoice:
		return harbor.RuleError("NK-059", "choose one of the offered options first")
	case stDiscard:
		return harbor.RuleError("NK-063", "discard fish, goods or licences down to your limit of %d", limit(p))
	}
	lic, coin, fuel := s.windowActs(p)
	switch m.Type {
	case MovePlay, MoveDeactivate:
		return harbor.RuleError("NK-034", "you have already played a card this turn")
	case MoveHarbour, MoveUpgrade:
		switch {
		case !lic:
			return harbor.RuleError("NK-043", "licence actions happen while your Permit Office column activates, or after your last column if you have none")
		case m.Type == MoveHarbour && p.Harbour >= maxHarbour:
			return harbor.RuleError("NK-048", "your harbour is at its highest level")
		case m.Type == MoveHarbour:
			return harbor.RuleError("NK-048", "the next harbour level costs %d licences", cat.Harbour[p.Harbour+1].Cost)
		case m.Ship < 0 || m.Ship >= numShips || p.Ships[m.Ship].Loc < 1 || p.Ships[m.Ship].Loc > p.NCols:
			return harbor.RuleError("NK-053", "only ships in your preparation line can be upgraded")
		case m.Level <= p.Ships[m.Ship].Level || !p.reachable(m.Ship, m.Level):
			return harbor.RuleError("NK-050", "no ship card in your supply or on the ship's back shows level %d", m.Level)
		}
		return harbor.RuleError("NK-049", "each level costs 1 licence and you cannot pay for that")
	case MoveBuyShip, MoveBuyLicence:
		switch {
		case !coin:
			return harbor.RuleError("NK-043", "coin actions happen while your Tourist Center column activates, or after your last column if you have none")
		case m.Type == MoveBuyLicence:
			return harbor.RuleError("NK-055", "a licence costs %d coins", licencePrice(p))
		}
		return harbor.RuleError("NK-054", "a ship costs twice its level in coins, and must be in your ship supply")
	case MoveShip, MoveSail:
		if !fuel {
			return harbor.RuleError("NK-043", "fuel actions happen while your Supply Vessel column activates, or after your last column if you have none")
		}
		if m.Ship == ghost {
			return harbor.RuleError("NK-130", "the ghost ship moves along the line only, for 2 fuel a step")
		}
		return harbor.RuleError("NK-056", "ships move one step forward for 1 fuel, and to an attraction only from the last column or another attraction")
	case MoveCaptain:
		return harbor.RuleError("NK-109", "you have no captain card you may use this turn")
	case MoveBonus:
		return harbor.RuleError("NK-098", "the Research Station bonus is once per turn, in your coin or fuel window")
	case MoveFlip:
		return harbor.RuleError("NK-102", "the Research Station flip is once per turn, while its column activates")
	}
	return harbor.RuleError("NK-041", "that move is not open in this window")
}

func (p *Player) holds(c uint8) bool {
	for i := range p.HandN {
		if p.Hand[i] == c {
			return true
		}
	}
	return false
}

// record adds the event of an applied move: every move is public, since
// drafts and plays happen in the open (NK-Q33).
func (s *State) record(log *game.Log, seat game.Seat, m Move) {
	name := s.Names[seat]
	text := name + " " + m.Type
	switch m.Type {
	case MoveDraft:
		text = fmt.Sprintf("%s took the %d-card set of row %d", name, m.Size, m.Row+1)
	case MovePick, MovePlay, MoveBoat:
		text = fmt.Sprintf("%s: %s %s", name, m.Type, cat.Cards[m.Card].ID)
	case MoveDeactivate:
		text = fmt.Sprintf("%s deactivated %s under column %d", name, cat.Cards[m.Card].ID, m.Col+1)
	case MoveShip:
		text = fmt.Sprintf("%s moved ship %d forward", name, m.Ship)
	case MoveSail:
		text = fmt.Sprintf("%s sailed ship %d to %s", name, m.Ship, cat.Attractions[s.Attrs[m.To].Card].Name)
	}
	log.Add(game.Event{Type: m.Type, Seat: seat, Text: text, Data: m})
}
