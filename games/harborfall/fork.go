package harborfall

import "harbor/game"

// Fork returns a copy of s to play on from with everything nobody has seen
// drawn afresh from seed: the dice to come, the cards a robber will steal,
// and the order of the development cards still in the deck. The island,
// every hand and every card already drawn stay as they are.
func Fork(s *State, seed uint64) *State {
	c := s.Clone()
	c.Rand = game.NewRand(seed)
	deck := c.Deck[:c.DeckLen]
	c.Rand.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return c
}

// Reveals reports whether a move showed anything hidden or left to chance:
// dice rolled, a development card drawn or played from a hidden hand, a card
// stolen. Building, trading, discarding and ending the turn reveal nothing
// and may be taken back.
func Reveals(before, after *State, _ game.Seat, _ Move) bool {
	if !before.Rand.Same(&after.Rand) || before.DeckLen != after.DeckLen {
		return true
	}
	for p := range before.Dev {
		for k, n := range before.Dev[p] {
			if after.Dev[p][k] < n {
				return true
			}
		}
	}
	return false
}
