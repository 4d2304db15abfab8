package harborfall

import (
	"testing"

	"harbor/game"
	"harbor/game/leveltest"
)

// TestHardDecidesFromItsView: sampled games agree with the seat's view, and
// the hard player chooses the same from any game behind that view.
func TestHardDecidesFromItsView(t *testing.T) {
	leveltest.CheckPlayerCounts(t, Rules, []int{3, 4}, 60)
}

// TestHFG26_SamplesDealRivalsHandsAfresh: a seat's view carries nothing of
// its rivals' hands, not even in the state it keeps for sampling, and the
// states sampled from it deal the rivals' cards afresh: as many as each
// holds, but not the cards it holds, so a hard player searching them
// cannot read the real hands.
func TestHFG26_SamplesDealRivalsHandsAfresh(t *testing.T) {
	s := newGame(t, 4, 17)
	bots := make([]game.Bot[Move, View], 4)
	for i := range bots {
		bots[i] = NewBot(game.Seat(i), uint64(i))
	}
	dealt, afresh := 0, 0
	for n := 0; n < 2000 && !s.Result().Over; n++ {
		seat := s.Actors().First()
		if n%25 == 0 {
			v := s.View(seat)
			for q := range s.n() {
				if q == int(seat) {
					continue
				}
				if v.known.Hands[q] != (Hand{}) || v.known.Dev[q] != [NumCards]int8{} {
					t.Fatalf("seat %d's view keeps seat %d's hand %v, dev %v", seat, q, v.known.Hands[q], v.known.Dev[q])
				}
				if s.Hands[q].Total() < 2 {
					continue
				}
				dealt++
				for k := range 4 {
					r := game.NewRand(uint64(n*10 + k))
					d := Determinise(v, &r)
					if d.Hands[q].Total() != s.Hands[q].Total() {
						t.Fatalf("a sample deals seat %d %d cards, it holds %d", q, d.Hands[q].Total(), s.Hands[q].Total())
					}
					if d.Hands[q] != s.Hands[q] {
						afresh++
						break
					}
				}
			}
		}
		m := bots[seat].Choose(s.View(seat), s.Legal(seat, nil))
		if err := s.Apply(seat, m, nil); err != nil {
			mustApply(t, s, int8(seat), s.Legal(seat, nil)[0])
		}
	}
	t.Logf("%d of %d hands dealt afresh", afresh, dealt)
	if dealt == 0 || afresh*2 < dealt {
		t.Fatalf("of %d rivals' hands of two cards or more, samples dealt only %d afresh", dealt, afresh)
	}
}
