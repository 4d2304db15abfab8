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
// stolen, or a look at Secret points: the end of the game shows the
// winner's to everyone, and after any move on a player's own turn the game
// checks whether their points reach the target (HF-71), which tells the
// others something whenever their unplayed cards might be enough Secret
// points to win. Building, trading, discarding and ending the turn reveal
// nothing otherwise and may be taken back.
func Reveals(before, after *State, _ game.Seat, _ Move) bool {
	if !before.Rand.Same(&after.Rand) || before.DeckLen != after.DeckLen ||
		after.Phase == phaseOver && before.Phase != phaseOver || after.secretWinPossible() {
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

// secretWinPossible reports whether, as the other players see it, the
// active player might hold enough Secret points to reach the target now:
// its visible points and unplayed development cards together reach it, so
// the game's check for a win (HF-71) shows them something either way.
func (s *State) secretWinPossible() bool {
	if !s.onOwnTurn() {
		return false
	}
	a := int(s.Active)
	held := 0
	for _, n := range s.Dev[a] {
		held += int(n)
	}
	return held > 0 && s.visiblePoints(a)+held >= Target
}
