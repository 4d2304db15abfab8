package holdings

import "harbor/game"

// Bot is the rule-based computer player (HH-74..HH-79). It uses fixed rules
// and no learning, so the same view and legal moves always give the same
// choice. Its tunable constants are fields, set to the notes' defaults by
// NewBot.
type Bot struct {
	Seat game.Seat
	// BuyReserve is the cash a bot keeps when buying: it buys when
	// price ≤ cash − BuyReserve (HH-74, HH-G28). Default 0.
	BuyReserve int
	// ImproveReserve is the cash a bot keeps after an improvement: it
	// improves only if cash − 70 ≥ ImproveReserve (HH-G29). Default 300.
	ImproveReserve int
	// ImproveFromRound is the first round in which a bot improves (HH-G29).
	// Default 3.
	ImproveFromRound int
	// CancelAfterTurns is how many turns a bot lets its own open trade wait
	// for an answer before it cancels it on its turn, so the table never
	// stays blocked. Bots never propose, but a seat a bot stands in for may
	// have one open. Default 3.
	CancelAfterTurns int
}

// NewBot returns the computer player for seat. Its choices depend only on
// the view and legal moves, so the seed is not needed; it is accepted for
// the engine contract.
func NewBot(seat game.Seat, seed uint64) *Bot {
	return &Bot{Seat: seat, ImproveReserve: 300, ImproveFromRound: 3, CancelAfterTurns: 3}
}

// Choose picks the bot's move: it answers a trade offered to it first,
// withdraws its own trade once it has waited long enough, then rolls, buys
// what it can afford, improves conservatively and ends its turn.
func (b *Bot) Choose(v View, legal []Move) Move {
	if has(legal, MoveAccept) {
		if b.wantsTrade(&v) {
			return Move{Type: MoveAccept}
		}
		return Move{Type: MoveDecline}
	}
	if has(legal, MoveCancel) && v.Turns-int(v.Trade.Opened) >= b.CancelAfterTurns {
		return Move{Type: MoveCancel}
	}
	if has(legal, MoveRoll) {
		return Move{Type: MoveRoll}
	}
	if v.Phase == "buy" {
		if has(legal, MoveBuy) && v.Price <= int(v.Cash[b.Seat])-b.BuyReserve {
			return Move{Type: MoveBuy, Space: int(v.Landed)}
		}
		return Move{Type: MovePass}
	}
	if sp := b.improvement(&v); sp >= 0 && hasImprove(legal, sp) {
		return Move{Type: MoveImprove, Space: sp}
	}
	if has(legal, MoveEnd) {
		return Move{Type: MoveEnd}
	}
	return legal[0]
}

// wantsTrade: accept when the bot gives only Coins it has and receives only
// properties whose printed prices add up to at least those Coins (HH-77);
// decline anything else (HH-78, HH-G30).
func (b *Bot) wantsTrade(v *View) bool {
	t := &v.Trade
	if t.Get.Properties != 0 || t.Get.Coins <= 0 || t.Give.Coins != 0 || t.Give.Properties == 0 {
		return false
	}
	if t.Get.Coins > int(v.Cash[b.Seat]) {
		return false
	}
	worth := 0
	for set := t.Give.Properties; set != 0; set = set.Without(set.First()) {
		worth += int(board.price[set.First()])
	}
	return t.Get.Coins <= worth
}

// improvement returns the street the bot improves now, or -1 (HH-76,
// HH-G29): at most one level per turn, from round ImproveFromRound on, only
// if cash − 70 ≥ ImproveReserve; the street with the highest base rent
// (doubled if its group is complete), ties to fewer improvements, then the
// lower index.
func (b *Bot) improvement(v *View) int {
	if v.Improved > 0 || v.Round < b.ImproveFromRound || int(v.Cash[b.Seat])-ImprovementCost < b.ImproveReserve {
		return -1
	}
	me := int8(b.Seat)
	best, bestScore := -1, 0
	for i := 0; i < NumSpaces; i++ {
		if v.Owner[i] != me || board.kind[i] != kStreet || v.Level[i] >= MaxImprovements {
			continue
		}
		score := int(board.rent[i])
		complete := true
		for set := board.groups[board.group[i]]; set != 0; set = set.Without(set.First()) {
			if v.Owner[set.First()] != me {
				complete = false
				break
			}
		}
		if complete {
			score *= 2
		}
		if best < 0 || score > bestScore || score == bestScore && v.Level[i] < v.Level[best] {
			best, bestScore = i, score
		}
	}
	return best
}

func has(legal []Move, typ string) bool {
	for i := range legal {
		if legal[i].Type == typ {
			return true
		}
	}
	return false
}

func hasImprove(legal []Move, space int) bool {
	for i := range legal {
		if legal[i].Type == MoveImprove && legal[i].Space == space {
			return true
		}
	}
	return false
}
