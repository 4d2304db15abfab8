package greatharbor

import "harbor/game"

// The decks Bottom counts shown cards for: ship sizes 0-2, then these.
const (
	deckPeople    = 3
	deckBuildings = 4
)

// noteBottom records that a card everyone saw goes under deck k, which held n cards.
func (s *State) noteBottom(k int, n int8) { s.Bottom[k] = min(s.Bottom[k], n) + 1 }

// Fork returns a copy of s to play on from with everything nobody has seen
// drawn afresh from seed: the dice to come and every later random draw
// (Demand tiles, the Automa's reshuffles), the order of the cards in each
// deck that were never shown (cards put under a deck after being on show
// keep their places), the Dice Bonus tiles still to come, the Automa's
// cards under its top one, and the Pirate cards nobody looked at (a card a Lighthouse
// looked at stays on top).
func Fork(s *State, seed uint64) *State {
	c := s.Clone()
	c.Rand = game.NewRand(seed)
	r := &c.Rand
	for z := range c.ShipDeck {
		shuffle8(r, c.ShipDeck[z][min(c.Bottom[z], c.ShipDeckN[z]):c.ShipDeckN[z]])
	}
	shuffle8(r, c.PersonDeck[min(c.Bottom[deckPeople], c.PersonDeckN):c.PersonDeckN])
	shuffle8(r, c.BuildingDeck[min(c.Bottom[deckBuildings], c.BuildingDeckN):c.BuildingDeckN])
	shuffle8(r, c.BonusTiles[c.BonusIdx+1:])
	if c.Bot.DeckN > 1 { // the top card's color and arrow are on show
		shuffle8(r, c.Bot.Deck[:c.Bot.DeckN-1])
	}
	pirates := c.PirateDeck[:c.PirateN]
	if len(pirates) > 0 && c.peeked() {
		pirates = pirates[:len(pirates)-1]
	}
	shuffle8(r, pirates)
	return c
}

// peeked reports whether a player holds a Lighthouse look at the top Pirate card.
func (s *State) peeked() bool {
	for i := range s.N {
		if s.Players[i].Peek >= 0 {
			return true
		}
	}
	return false
}

// Reveals reports whether a move showed anything hidden or left to chance:
// dice rolled or rerolled, a card drawn from any deck (the Automa's
// included), a Dice Bonus tile or Pirate card turned, a Lighthouse look, or
// a card played from a hand nobody else could see. Placing dice, taking
// what is on show, trading and most Govern actions reveal nothing and may
// be taken back.
func Reveals(before, after *State, _ game.Seat, _ Move) bool {
	// A drawn card leaves a 0 behind, so an array alone can look unchanged.
	if !before.Rand.Same(&after.Rand) ||
		before.ShipDeck != after.ShipDeck || before.ShipDeckN != after.ShipDeckN ||
		before.PersonDeck != after.PersonDeck || before.PersonDeckN != after.PersonDeckN ||
		before.BuildingDeck != after.BuildingDeck || before.BuildingDeckN != after.BuildingDeckN ||
		before.PirateDeck != after.PirateDeck || before.PirateN != after.PirateN ||
		before.Bot.Deck != after.Bot.Deck || before.Bot.DeckN != after.Bot.DeckN ||
		before.Revealed != after.Revealed || before.BonusIdx != after.BonusIdx {
		return true
	}
	for i := range before.Players {
		b, a := &before.Players[i], &after.Players[i]
		if a.Peek != b.Peek || b.HandPeople&^a.HandPeople != 0 || b.HandBuildings&^a.HandBuildings != 0 || b.HandShips&^a.HandShips != 0 {
			return true
		}
	}
	return false
}
