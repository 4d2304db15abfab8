package holdings

import (
	"fmt"
	"testing"
)

// TestHH36_EveryDispatchCard resolves each of the 32 cards from a Dispatch
// space, with Ana holding two improvements and Ben owning North Ferry.
func TestHH36_EveryDispatchCard(t *testing.T) {
	type want struct {
		pos  int8
		cash int32
	}
	deckA := []want{{0, 1700}, {39, 1500}, {24, 1500}, {11, 1500}, {5, 1475}, {5, 1475}, {12, 1500}, {2, 1550},
		{2, 1550}, {39, 1500}, {10, 1450}, {2, 1450}, {2, 1485}, {5, 1475}, {2, 1400}, {2, 1650}}
	deckB := []want{{0, 1700}, {7, 1700}, {7, 1450}, {7, 1550}, {7, 1525}, {10, 1450}, {7, 1600}, {7, 1520},
		{7, 1520}, {7, 1600}, {7, 1400}, {7, 1450}, {7, 1525}, {7, 1420}, {7, 1510}, {7, 1600}}
	for deck, wants := range [2][]want{deckA, deckB} {
		for card, w := range wants {
			t.Run(fmt.Sprintf("HH-36 deck %d card %d %s", deck, card, Decks()[deck].Cards[card].Text), func(t *testing.T) {
				s := newGame(t, 3, "")
				give(s, 0, 2, 1)
				give(s, 1, 0, 5)
				putCard(s, deck, card)
				if deck == 0 {
					rollTo(t, s, 0, 1, 1)
				} else {
					rollTo(t, s, 0, 3, 4)
				}
				if s.Pos[0] != w.pos || s.Cash[0] != w.cash {
					t.Fatalf("at %d with %d Coins, want %d with %d", s.Pos[0], s.Cash[0], w.pos, w.cash)
				}
				if s.LastCard != (LastCard{Deck: int8(deck), Card: int8(card)}) {
					t.Fatalf("last card %+v", s.LastCard)
				}
			})
		}
	}
}

// TestHH36_RepairsWithNoImprovements: the Repairs card costs nothing to a
// player without improvements, and the log says so rather than going quiet.
func TestHH36_RepairsWithNoImprovements(t *testing.T) {
	s := newGame(t, 2, "")
	putCard(s, 0, 11) // Repairs: pay 25 per improvement you own.
	events := rollTo(t, s, 0, 1, 1)
	if s.Cash[0] != 1500 {
		t.Fatalf("cash %d, want 1500", s.Cash[0])
	}
	last := events[len(events)-1]
	if last.Type != "repairs" || last.Text != s.Names[0]+" owns no improvements: the repairs cost nothing" {
		t.Fatalf("last event %+v", last)
	}
}
