package holdings

import "testing"

// A fork keeps the Dispatch cards already drawn where everyone saw them go
// and deals the undrawn ones afresh; the original is left as it was.
func TestForkRedrawsOnlyUndrawnDispatchCards(t *testing.T) {
	s := newGame(t, 3, "")
	for range 3 {
		s.Decks[0].draw()
	}
	orig := s.Clone()
	changed := false
	for seed := uint64(1); seed <= 8; seed++ {
		f := Fork(s, seed)
		if s.Decks != orig.Decks || !s.Rand.Same(&orig.Rand) {
			t.Fatal("Fork changed the state it was given")
		}
		p, o := f.Decks[0], orig.Decks[0]
		if [3]int8(p.Cards[:3]) != [3]int8(o.Cards[:3]) || p.Top != o.Top || p.Seen != 3 {
			t.Fatalf("the drawn cards moved: %v, was %v", p.Cards[:3], o.Cards[:3])
		}
		if !samePile(p.Cards[3:], o.Cards[3:]) || !samePile(f.Decks[1].Cards[:], orig.Decks[1].Cards[:]) {
			t.Fatal("a fork's piles hold other cards than the original's")
		}
		changed = changed || p.Cards != o.Cards
		if f.Rand.Same(&s.Rand) {
			t.Fatal("the fork rolls the same dice as the original")
		}
	}
	if !changed {
		t.Fatal("eight forks all kept the undrawn cards in their order")
	}
}

// Once a pile has gone round, everyone has seen its order: a fork keeps it.
func TestForkKeepsAPileThatWentRound(t *testing.T) {
	s := newGame(t, 2, "")
	for range DeckSize + 2 {
		s.Decks[1].draw()
	}
	if f := Fork(s, 9); f.Decks[1] != s.Decks[1] {
		t.Fatalf("a pile that went round was reshuffled: %v, was %v", f.Decks[1], s.Decks[1])
	}
}

func samePile(a, b []int8) bool {
	var n [DeckSize]int
	for _, c := range a {
		n[c]++
	}
	for _, c := range b {
		n[c]--
	}
	return n == [DeckSize]int{}
}

// Safe undo: deciding to buy reveals nothing and may be taken back; a roll
// (dice, a token moved, perhaps a Dispatch card) may not.
func TestRevealsRollButNotBuy(t *testing.T) {
	s := newGame(t, 2, "")
	s.Rand.ForceDice(1, 2) // Ana lands on space 3, an unowned district
	before := s.Clone()
	play(t, s, 0, Move{Type: MoveRoll})
	if !Reveals(before, s, 0, Move{Type: MoveRoll}) {
		t.Fatal("a roll may not be taken back")
	}
	before = s.Clone()
	play(t, s, 0, Move{Type: MoveBuy})
	if Reveals(before, s, 0, Move{Type: MoveBuy}) {
		t.Fatal("buying reveals nothing and may be taken back")
	}
	s.Decks[0].draw()
	if !Reveals(before, s, 0, Move{Type: MoveBuy}) {
		t.Fatal("a Dispatch card drawn may not be taken back")
	}
}
