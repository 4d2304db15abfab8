package greatharbor

import "testing"

// A fork deals afresh only what nobody saw: cards shown and put under a
// deck keep their places, a Pirate card a Lighthouse looked at stays on
// top, the Automa's top card (its color is public) stays, and the Dice
// Bonus tile in play stays.
func TestForkKeepsWhatWasShown(t *testing.T) {
	s := newGame(t, 2, 3, `{"automa":true}`)
	// Two People cards on show went under the deck: everyone saw them.
	s.noteBottom(deckPeople, s.PersonDeckN)
	bottomDeck(s.PersonDeck[:], &s.PersonDeckN, s.PersonDisplay[0])
	s.noteBottom(deckPeople, s.PersonDeckN)
	bottomDeck(s.PersonDeck[:], &s.PersonDeckN, s.PersonDisplay[1])
	s.Players[0].Peek = s.PirateDeck[s.PirateN-1]
	reshuffled := false
	for seed := uint64(1); seed <= 8; seed++ {
		f := Fork(s, seed)
		if f.PersonDeck[0] != s.PersonDeck[0] || f.PersonDeck[1] != s.PersonDeck[1] {
			t.Fatal("cards put under the People deck after being on show were moved")
		}
		if f.PirateDeck[f.PirateN-1] != s.PirateDeck[s.PirateN-1] {
			t.Fatal("the Pirate card a Lighthouse looked at left the top")
		}
		if f.Bot.Deck[f.Bot.DeckN-1] != s.Bot.Deck[s.Bot.DeckN-1] || f.BonusTiles[f.BonusIdx] != s.BonusTiles[s.BonusIdx] {
			t.Fatal("the Automa's top card or the Dice Bonus tile in play changed")
		}
		reshuffled = reshuffled || f.PersonDeck != s.PersonDeck || f.BuildingDeck != s.BuildingDeck
	}
	if !reshuffled {
		t.Fatal("eight forks kept every unseen card where it was")
	}
}
