package harborfall

import (
	"testing"

	"harbor/game"
)

// TestHardEvaluate: the hard player's score of a position rises with the
// seat's own points and production and falls with its best rival's.
func TestHardEvaluate(t *testing.T) {
	s := blank(t, 4)
	for h := range s.Number {
		s.Number[h] = 6
	}
	base := s.Evaluate(0)
	build(s, 0, ring(s, 0)[0], false)
	if got := s.Evaluate(0); got <= base+1 {
		t.Fatalf("a settlement on a six is worth %.2f to its owner, want more than a point", got-base)
	}
	mine := s.Evaluate(0)
	build(s, 1, ring(s, 1)[3], true)
	if got := s.Evaluate(0); got >= mine {
		t.Fatalf("a rival's city left the seat's score at %.2f (was %.2f)", got, mine)
	}
}

// TestHardShortlist: at setup the shortlist holds the best spots by the
// rule-based player's yardstick, its own choice first among them; a roll
// with no card to play is left to the rule-based player; in the main phase
// there is one move of each kind the seat can make.
func TestHardShortlist(t *testing.T) {
	s := newGame(t, 4, 3)
	seat := game.Seat(s.Active)
	legal := s.Legal(seat, nil)
	v := s.View(seat)
	sl := v.Shortlist(legal, nil)
	if len(sl) != 7 {
		t.Fatalf("setup shortlist has %d moves, want 7", len(sl))
	}
	if want := NewBot(seat, 0).Choose(v, legal); sl[0] != want {
		t.Fatalf("setup shortlist starts with %v, want the rule-based choice %v", sl[0], want)
	}
	for _, m := range sl {
		if !hasMove(legal, m) {
			t.Fatalf("shortlisted %v is not legal", m)
		}
	}

	s = blank(t, 4)
	s.Phase = phaseRoll
	if sl := s.View(0).Shortlist(s.Legal(0, nil), nil); len(sl) != 0 {
		t.Fatalf("a plain roll shortlists %v", sl)
	}

	s = blank(t, 4)
	c := ring(s, 0)[0]
	build(s, 0, c, false)
	roads(t, s, 0, c, ring(s, 0)[1], ring(s, 0)[2])
	give(s, 0, hand(3, 3, 3, 3, 3))
	kinds := map[string]int{}
	for _, m := range s.View(0).Shortlist(s.Legal(0, nil), nil) {
		kinds[m.Type]++
	}
	for typ, n := range map[string]int{"city": 1, "settlement": 1, "buy": 1, "end": 1, "road": 2} {
		if kinds[typ] != n {
			t.Fatalf("main shortlist has %d %s moves, want %d (all: %v)", kinds[typ], typ, n, kinds)
		}
	}
}

// TestHardHorizon: a play-out from the seat's own turn stops as its next
// turn ends, one from setup two rounds after setup.
func TestHardHorizon(t *testing.T) {
	for _, n := range []int{3, 4} {
		s := blank(t, n)
		horizon := s.Horizon()
		ends := 0
		for s.Progress() < horizon {
			if err := s.Apply(game.Seat(s.Active), Move{Type: "end"}, nil); err != nil {
				t.Fatal(err)
			}
			ends++
			if s.Progress() < horizon {
				if err := s.Apply(game.Seat(s.Active), Move{Type: "roll"}, nil); err != nil {
					t.Fatal(err)
				}
				for s.Phase != phaseMain {
					// A seven: discards, the robber and a steal, as the rule-based player plays them.
					seat := s.Actors().First()
					if err := s.Apply(seat, NewBot(seat, 0).Choose(s.View(seat), s.Legal(seat, nil)), nil); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if ends != n+1 || s.Active != 1 {
			t.Fatalf("%d seats: the play-out stopped after %d turn ends with seat %d to play, want %d ends and seat 1 (after seat 0's next turn)", n, ends, s.Active, n+1)
		}

		s = newGame(t, n, 5)
		horizon = s.Horizon()
		for s.Progress() < horizon && !s.Result().Over {
			seat := s.Actors().First()
			if err := s.Apply(seat, NewBot(seat, 0).Choose(s.View(seat), s.Legal(seat, nil)), nil); err != nil {
				t.Fatal(err)
			}
		}
		if s.SetupStep != int8(2*n) || s.Turns != 2*n+1 {
			t.Fatalf("%d seats: a play-out from setup stopped at setup step %d, turn %d; want the %d turns after setup (turn %d begun)", n, s.SetupStep, s.Turns, 2*n, 2*n+1)
		}
	}
}
