package neko

import "harbor/game"

// Fork returns a copy of s to play on from with everything nobody has seen
// drawn afresh from seed: the order of the cards not yet dealt from this
// period's deck and of the whole deck of a period still to come, and every
// later random draw. Hands, towns, the rows or display on show and the
// attractions stay as they are.
func Fork(s *State, seed uint64) *State {
	c := s.Clone()
	c.Rand = game.NewRand(seed)
	for d := range c.Decks {
		from := min(c.dealt(int8(d+1)), int(c.DeckN[d]))
		rest := c.Decks[d][from:c.DeckN[d]]
		c.Rand.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	}
	return c
}

// Reveals reports whether a move showed anything hidden or left to chance:
// a random draw, new cards dealt for the draft (a new period, or the second
// display of a two-player draft), or a card leaving a hand nobody else could
// see. Draft picks from what is on show, moving ships and spending what is
// in the open reveal nothing and may be taken back.
func Reveals(before, after *State, _ game.Seat, _ Move) bool {
	if !before.Rand.Same(&after.Rand) || before.Period != after.Period {
		return true
	}
	for _, c := range after.Display {
		if c != noCard && !contains(before.Display[:], c) {
			return true
		}
	}
	for i := range before.N {
		b, a := &before.Players[i], &after.Players[i]
		for _, c := range b.Hand[:b.HandN] {
			if !contains(a.Hand[:a.HandN], c) {
				return true
			}
		}
	}
	return false
}

func contains(xs []uint8, x uint8) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
