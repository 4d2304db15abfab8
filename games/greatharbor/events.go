package greatharbor

import (
	"fmt"
	"strings"
)

var dockNames = [3]string{"I", "II", "III"}
var statNames = [3]string{"Speed", "Strength", "Cargo"}

// describe is the public log line for a move seat just made; it never names
// a card drawn from a deck.
func (s *State) describe(seat int8, m *Move) string {
	who := s.Names[seat]
	switch m.Type {
	case mvEnd:
		return who + " ended their turn"
	case mvFavorPip:
		return fmt.Sprintf("%s spent 1 Favor on their %s die", who, colourNames[dieColour(m.Die)])
	case mvRetrieve:
		return who + " spent 2 Favor to take back an Activation marker"
	case mvFavorSenate:
		return fmt.Sprintf("%s spent 2 Favor to rise on the %s Senate track", who, colourNames[m.Track])
	case mvPlayPerson:
		return fmt.Sprintf("%s played %s (#%d)", who, people[m.Card].Name, people[m.Card].Number)
	case mvPlayBuilding:
		return fmt.Sprintf("%s built %s", who, buildings[m.Card].Name)
	case mvConstruct:
		return fmt.Sprintf("%s constructed %s", who, structures[m.Structure].Name)
	case mvProduce:
		return fmt.Sprintf("%s produced %s", who, luxNames[s.Players[seat].Production[m.Tile]])
	case mvCrew:
		return fmt.Sprintf("%s crewed %s's %s", who, ships[s.Players[seat].Ships[m.Dock].Card].Name, statNames[m.Stat])
	case mvPlayShip:
		return fmt.Sprintf("%s launched %s at dock %s", who, ships[m.Card].Name, dockNames[m.Dock])
	case mvRepair:
		return fmt.Sprintf("%s repaired %s", who, ships[s.Players[seat].Ships[m.Dock].Card].Name)
	case mvSend:
		return fmt.Sprintf("%s sent %s to trade", who, ships[s.Players[seat].Ships[m.Dock].Card].Name)
	case mvConvert:
		return fmt.Sprintf("%s converted 2 Coins into %s", who, resNames[m.Res])
	case mvConvertCard:
		info := &conversions[m.Card]
		g := convertGain(m)
		what := s.gainText(&g, 0)
		if info.Gain.Luxury > 0 {
			what = fmt.Sprintf("%d %s", m.N, luxNames[m.Lux])
		}
		return fmt.Sprintf("%s paid %d Coins to %s for %s", who, int(m.N)*int(info.Coins), info.Name, what)
	case mvShop:
		g := &siteGeoms[m.Site]
		return fmt.Sprintf("%s set up a Shop on corner %d, by %s", who, g.Vertex+1, tiles[s.Layout[g.Cell]].Name)
	case mvFlip:
		return fmt.Sprintf("%s flipped a %s die to %d", who, colourNames[dieColour(m.Die)], s.Dice[m.Die].Face)
	case mvStop:
		return who + " stopped flipping"
	case mvCrane:
		return fmt.Sprintf("%s moved a die from %s to %s", who, s.slotName(m.Slot), s.slotName(m.To))
	case mvLighthouse:
		if m.Choice == 1 {
			return who + " discarded the top Pirate card"
		}
		return who + " left the top Pirate card in place"
	case mvCorsair:
		return fmt.Sprintf("%s's Corsair gives %s +2 Strength", who, ships[s.Players[seat].Ships[m.Dock].Card].Name)
	case mvPass:
		return who + " keeps the Corsair back"
	}
	return who + ": " + m.Type
}

// gainText says what a bundle gives, for log lines: "2 planks, 1 Favor".
// colour picks the Dice Bonus resource; a displayed Ship is named before it
// is taken, cards drawn from a deck never are.
func (s *State) gainText(g *Gain, colour int8) string {
	var parts []string
	// add names n of a thing; "%s" in what takes "s" when n > 1.
	add := func(n int8, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d "+what, n, plural(int(n))))
		}
	}
	for r, n := range g.Res {
		add(n, resNames[r]+"%.0s")
	}
	add(g.DiceResource, resNames[s.bonusTile()[colour]]+"%.0s")
	add(g.Colonists, "Colonist%s")
	add(g.Favor, "Favor%.0s")
	add(g.Coins, "Coin%s")
	add(g.Prestige, "Prestige%.0s")
	add(g.Smuggler, "Smuggler token%s")
	add(g.BuildingDeck, "Building card%s from the deck")
	add(g.BuildingDisplay, "displayed Building card%s")
	add(g.PersonDeck, "Person card%s from the deck")
	add(g.PersonDisplay, "displayed Person card%s")
	if g.Ship > 0 {
		if c := s.ShipDisplay[g.Ship-1]; c >= 0 {
			parts = append(parts, fmt.Sprintf("the %s ship %s", sizeNames[g.Ship-1], ships[c].Name))
		} else {
			parts = append(parts, fmt.Sprintf("no %s ship (none left)", sizeNames[g.Ship-1]))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// orderText lists the Action order with each seat's drafted total (GH-037).
func (s *State) orderText(sum *[4]int) string {
	parts := make([]string, s.N)
	for i, seat := range s.Order[:s.N] {
		parts[i] = fmt.Sprintf("%s (%d)", s.Names[seat], sum[seat])
	}
	return "Action order by drafted totals: " + strings.Join(parts, ", ")
}

// resultText is the closing line: each competitor's final Prestige and who won.
func (s *State) resultText() string {
	r := s.Result()
	parts := make([]string, 0, s.N+1)
	var won []string
	for i := range s.N {
		parts = append(parts, fmt.Sprintf("%s %d", s.Names[i], r.Scores[i]))
		if r.Places[i] == 1 {
			won = append(won, s.Names[i])
		}
	}
	if s.Automa {
		parts = append(parts, fmt.Sprintf("the Automa %d", s.AutomaScore().Total))
		if len(won) > 0 && s.automaFirst() {
			won = append(won, "the Automa")
		}
	}
	text := "The fifth round is over. Prestige: " + strings.Join(parts, ", ") + ". "
	switch {
	case len(won) == 0:
		return text + "The Automa wins."
	case len(won) == 1:
		return text + won[0] + " wins."
	}
	return text + strings.Join(won, " and ") + " share the victory."
}

// pickText names the card seat took from a display; displayed cards are public.
func (s *State) pickText(seat, kind, card int8) string {
	if kind == pendBuilding {
		return fmt.Sprintf("%s took %s from the Building display", s.Names[seat], buildings[card].Name)
	}
	return fmt.Sprintf("%s took %s (#%d) from the Person display", s.Names[seat], people[card].Name, people[card].Number)
}

// plural is the "s" a count other than one takes.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// activateText says what an activation does, for its log line; the card is
// public once played, and nothing here names a card in a hand.
func (s *State) activateText(seat int8, m *Move, card int8) string {
	p := &s.Players[seat]
	die := func() string { return fmt.Sprintf("%s %d", colourNames[dieColour(m.Die)], s.Dice[m.Die].Face) }
	switch personEffect[card] {
	case effFlip:
		return fmt.Sprintf(" to flip up to two %s dice", colourNames[people[card].Colour])
	case effPips:
		return ": +2 pips on the " + die() + " for its next placement"
	case effWild:
		return ": the " + die() + " is Wild for its next placement"
	case effLegate:
		return " to construct " + structures[m.Structure].Name + " for two resources less"
	case effAdmiral:
		return ", paying 1 Favor: all their ships +1 Strength this Voyage"
	case effCargo:
		return ": " + ships[p.Ships[m.Dock].Card].Name + " +1 Cargo this Voyage"
	case effQuaestor:
		return ": 2 Colonists"
	case effTrader:
		return ": any luxury meets any Demand this Voyage"
	case effShipRefresh:
		return ": the Ship display is refreshed"
	case effPraefectus:
		if m.Choice < 3 {
			return " to take " + buildings[s.BuildingDisplay[m.Choice]].Name + " from the display"
		}
		return " to draw two Buildings from the deck"
	case effArchitect:
		return " to build " + buildings[m.Card].Name + " for free"
	case effCoinsFar:
		return fmt.Sprintf(": %d Coin%s for ships far out", s.farShips(seat), plural(int(s.farShips(seat))))
	case effDiplomat:
		return fmt.Sprintf(" to ignore the Pirate card of segment %d", m.Choice+1)
	case effTribune:
		return ": 1 Favor and 1 Smuggler token"
	case effSchemer:
		return ": 2 Smuggler tokens"
	case effNavigator:
		return ": " + ships[p.Ships[m.Dock].Card].Name + " sails 1 space closer to home"
	case effPraetor:
		if m.Track == m.Track2 {
			return " to rise twice on the " + colourNames[m.Track] + " Senate track"
		}
		return " to rise on the " + colourNames[m.Track] + " and " + colourNames[m.Track2] + " Senate tracks"
	}
	return ""
}

// employText is "a Colonist", or "two Colonists" for the Engineer's Hut.
func employText(b int8) string {
	if employCount(b) == 2 {
		return "two Colonists"
	}
	return "a Colonist"
}

// employDetail says what an employment did, after it resolved.
func (s *State) employDetail(seat int8, m *Move) string {
	p := &s.Players[seat]
	switch m.Card {
	case bNaval:
		return ", crewing " + ships[p.Ships[m.Dock].Card].Name + "'s " + statNames[m.Stat] + " from the supply"
	case bMarket:
		return ", taking 1 " + luxNames[m.Lux]
	case bHut:
		return ", constructing " + structures[m.Structure].Name
	case bCensors:
		return ", rising on the " + colourNames[m.Track] + " Senate track"
	case bHarborMaster:
		return fmt.Sprintf(", rerolling a %s die to %d", colourNames[dieColour(m.Die)], s.Dice[m.Die].Face)
	}
	return ""
}
