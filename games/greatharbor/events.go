package greatharbor

import "fmt"

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
		return fmt.Sprintf("%s used %s for %d", who, conversions[m.Card].Name, m.N)
	case mvShop:
		return fmt.Sprintf("%s set up a Shop on %s", who, tiles[s.Layout[siteGeoms[m.Site].Cell]].Name)
	case mvPick:
		return who + " took a displayed card"
	case mvFlip:
		return fmt.Sprintf("%s flipped a %s die to %d", who, colourNames[dieColour(m.Die)], s.Dice[m.Die].Face)
	case mvStop:
		return who + " stopped flipping"
	case mvCrane:
		return fmt.Sprintf("%s moved a die from slot %d to slot %d", who, m.Slot, m.To)
	case mvLighthouse:
		if m.Choice == 1 {
			return who + " discarded the top Pirate card"
		}
		return who + " left the top Pirate card in place"
	case mvCorsair:
		return fmt.Sprintf("%s's Corsair gives %s +2 Strength", who, ships[s.Players[seat].Ships[m.Dock].Card].Name)
	case mvPass:
		return who + " keeps the Corsair back"
	case mvContinue:
		return who + "'s ship sails on"
	}
	return who + ": " + m.Type
}
