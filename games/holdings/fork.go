package holdings

import "harbor/game"

// Fork returns a copy of s to play on from with everything nobody has seen
// drawn afresh from seed: the dice to come, and the order of each Dispatch
// pile's cards that have not been drawn yet. Drawn cards went to the bottom
// in the order everyone saw (HH-G15), so once a pile has gone round its
// order is known and stays.
func Fork(s *State, seed uint64) *State {
	c := s.Clone()
	c.Rand = game.NewRand(seed)
	for d := range c.Decks {
		p := &c.Decks[d]
		// Until a pile has gone round, Top == Seen: the unseen cards are Cards[Seen:].
		unseen := p.Cards[p.Seen:]
		c.Rand.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	}
	return c
}

// Reveals reports whether a move showed anything left to chance: dice
// rolled (which also moves a token and may draw a card) or a Dispatch card
// drawn. Buying, passing, improving, ending a turn and trading reveal
// nothing and may be taken back.
func Reveals(before, after *State, _ game.Seat, _ Move) bool {
	return !before.Rand.Same(&after.Rand) || before.Decks != after.Decks
}
