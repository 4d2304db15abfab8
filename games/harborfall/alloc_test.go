package harborfall

import (
	"testing"

	"harbor/game"
)

// TestEngineAllocatesNothing: Legal, Apply (with no log), View, Actors and
// Result of a running game allocate nothing, so simulations stay fast.
func TestEngineAllocatesNothing(t *testing.T) {
	scratch := new(State)
	legal := make([]Move, 0, 256)
	for i := range 12 {
		s := newGame(t, 3+i%4, uint64(500+i))
		rng := game.NewRand(uint64(i))
		for step := 0; s.Phase != phaseOver; step++ {
			actors := s.Actors()
			seat := actors.Nth(rng.Intn(actors.Len()))
			legal = s.Legal(seat, legal[:0])
			m := legal[rng.Intn(len(legal))]
			if step%5 == 0 {
				allocs := testing.AllocsPerRun(1, func() {
					*scratch = *s
					_ = scratch.Actors()
					_ = scratch.Result()
					_ = scratch.View(seat)
					_ = scratch.Legal(seat, legal[:0])
					if err := scratch.Apply(seat, m, nil); err != nil {
						t.Fatal(err)
					}
				})
				if allocs > 0 {
					t.Fatalf("game %d step %d: %+v allocated %.0f times", i, step, m, allocs)
				}
			}
			mustApplyNoLog(t, s, seat, m)
		}
	}
}

func mustApplyNoLog(t *testing.T, s *State, seat game.Seat, m Move) {
	t.Helper()
	if err := s.Apply(seat, m, nil); err != nil {
		t.Fatal(err)
	}
}
