package greatharbor

import (
	"slices"
	"testing"
)

// TestHardEvaluate: the hard player's score of a position rises with the
// seat's own Prestige and resources and falls with its best rival's
// Prestige.
func TestHardEvaluate(t *testing.T) {
	s := newGame(t, 4, 5, "")
	base := s.Evaluate(0)
	s.Players[0].Prestige += 2
	if got := s.Evaluate(0); got <= base+1 {
		t.Fatalf("two Prestige are worth %.2f to the seat, want more than one", got-base)
	}
	mine := s.Evaluate(0)
	s.Players[0].Res[0]++
	if got := s.Evaluate(0); got <= mine {
		t.Fatalf("a resource is worth %.2f to the seat, want more than nothing", got-mine)
	}
	mine = s.Evaluate(0)
	s.Players[2].Prestige += 5
	if got := s.Evaluate(0); got >= mine {
		t.Fatalf("a rival's Prestige left the seat's score at %.2f (was %.2f)", got, mine)
	}
}

// TestHardShortlist: the shortlist holds up to hardShortlist legal moves,
// the rule-based player's best-valued first, and nothing when only one
// move is legal.
func TestHardShortlist(t *testing.T) {
	s := newGame(t, 4, 5, "")
	checked := 0
	for n := 0; n < 400 && !s.Result().Over; n++ {
		seat := s.Actors().First()
		legal := s.Legal(seat, nil)
		v := s.View(seat)
		sl := v.Shortlist(legal, nil)
		if len(legal) == 1 && len(sl) != 0 || len(legal) > 1 && len(sl) != min(len(legal), hardShortlist) {
			t.Fatalf("%d legal moves gave a shortlist of %d", len(legal), len(sl))
		}
		for _, m := range sl {
			if !slices.Contains(legal, m) {
				t.Fatalf("shortlisted %v is not legal", m)
			}
		}
		b := &Bot{seat: seat}
		b.plan(&v)
		for i := 1; i < len(sl); i++ {
			if b.value(&v, &sl[i]) > b.value(&v, &sl[i-1]) {
				t.Fatalf("shortlist out of order at %d: %v", i, sl)
			}
		}
		if len(sl) > 1 {
			checked++
		}
		apply(t, s, NewBot(seat, uint64(n)).Choose(v, legal))
	}
	if checked == 0 {
		t.Fatal("no decision had a choice")
	}
}
