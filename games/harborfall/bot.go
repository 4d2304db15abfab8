package harborfall

import "harbor/game"

// Bot is Harborfall's computer player.
type Bot struct {
	seat game.Seat
	rng  game.Rand
}

// NewBot returns the computer player for seat.
func NewBot(seat game.Seat, seed uint64) *Bot { return &Bot{seat: seat, rng: game.NewRand(seed)} }

// Choose picks a move.
func (b *Bot) Choose(v View, legal []Move) Move { return legal[0] }
