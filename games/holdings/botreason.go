package holdings

import "harbor/game"

// Reason says in a few words why the bot chose m from v, for the hint a
// person may ask for ("what would the computer do?"), as a message the
// asking page words. It reads only what Choose read: the seat's own view.
func (b *Bot) Reason(v View, legal []Move, m Move) *game.Msg {
	cash := int(v.Cash[b.Seat])
	switch m.Type {
	case MoveAccept:
		return game.M("holdings.hint.accept")
	case MoveDecline:
		return game.M("holdings.hint.decline")
	case MoveCancel:
		return game.M("holdings.hint.cancel", "turns", int(v.Turns)-int(v.Trade.Opened))
	case MoveRoll:
		return game.M("holdings.hint.roll")
	case MoveBuy:
		return game.M("holdings.hint.buy", "price", int(v.Price), "left", cash-int(v.Price))
	case MovePass:
		return game.M("holdings.hint.pass", "price", int(v.Price), "cash", cash)
	case MoveImprove:
		return game.M("holdings.hint.improve", "left", cash-ImprovementCost, "cost", ImprovementCost)
	case MoveEnd:
		if v.Improved > 0 {
			return game.M("holdings.hint.oneLevel")
		}
		if v.Round < b.ImproveFromRound {
			return game.M("holdings.hint.waitRound", "round", int(b.ImproveFromRound))
		}
		return game.M("holdings.hint.cushion", "reserve", int(b.ImproveReserve))
	}
	return nil
}
