package neko

import "testing"

// A fork keeps the cards dealt for this period's draft and deals afresh
// the rest of the deck and the whole deck of the period to come.
func TestForkKeepsTheDealtCards(t *testing.T) {
	for _, n := range []int{2, 4} {
		s := newGame(t, n, "")
		dealt := s.dealt(1)
		changed := false
		for seed := uint64(1); seed <= 8; seed++ {
			f := Fork(s, seed)
			if string(f.Decks[0][:dealt]) != string(s.Decks[0][:dealt]) {
				t.Fatalf("%d players: the dealt cards changed", n)
			}
			if f.Rows != s.Rows || f.Display != s.Display {
				t.Fatalf("%d players: what is on show changed", n)
			}
			changed = changed || f.Decks[1] != s.Decks[1]
		}
		if !changed {
			t.Fatalf("%d players: eight forks kept the next period's deck in order", n)
		}
	}
}
