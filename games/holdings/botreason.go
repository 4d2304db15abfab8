package holdings

import "fmt"

// Reason says in a few words why the bot chose m from v, for the hint a
// person may ask for ("what would the computer do?"). It reads only what
// Choose read: the seat's own view.
func (b *Bot) Reason(v View, legal []Move, m Move) string {
	cash := int(v.Cash[b.Seat])
	switch m.Type {
	case MoveAccept:
		return "It only pays Coins, and the districts it brings are worth at least that much at printed prices."
	case MoveDecline:
		return "The computer only takes offers where it pays Coins for districts worth at least as much."
	case MoveCancel:
		return fmt.Sprintf("Your offer has waited %d turns without an answer.", v.Turns-int(v.Trade.Opened))
	case MoveRoll:
		return "Every turn starts with the roll."
	case MoveBuy:
		return fmt.Sprintf("You can afford it: %d Coins leaves you %d.", v.Price, cash-v.Price)
	case MovePass:
		return fmt.Sprintf("It costs %d and you have %d.", v.Price, cash)
	case MoveImprove:
		return fmt.Sprintf("Its rent is the best of your streets, and %d Coins stay in hand after paying %d.", cash-ImprovementCost, ImprovementCost)
	case MoveEnd:
		if v.Improved > 0 {
			return "The computer adds at most one level a turn."
		}
		if v.Round < b.ImproveFromRound {
			return fmt.Sprintf("Keep your Coins: improving pays better from round %d.", b.ImproveFromRound)
		}
		return fmt.Sprintf("Nothing worth improving while keeping a %d Coin cushion.", b.ImproveReserve)
	}
	return ""
}
