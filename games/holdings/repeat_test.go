package holdings

import (
	"testing"

	"harbor/game"
)

// TestComputerNeverProposesSoNeverRepeatsATrade: Harbor Holdings has one
// computer level, and its player never proposes a trade (Legal lists no
// proposal either), so a declined trade is never offered again by a
// computer, in its own seat or standing in for a person. Over seeded
// four-player games, no decision of it is a proposal.
func TestComputerNeverProposesSoNeverRepeatsATrade(t *testing.T) {
	if levels := Definition.Info().Levels; len(levels) != 1 || levels[0] != game.LevelNormal {
		t.Fatalf("levels %v: a new level must be checked for repeated trades too", levels)
	}
	for seed := range uint64(20) {
		s, err := Setup(setupConfig(4, seed))
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]*Bot, 4)
		for i := range bots {
			bots[i] = NewBot(game.Seat(i), seed)
		}
		for step := 0; step < 2000 && !s.Result().Over; step++ {
			seat := s.Actors().First()
			legal := s.Legal(seat, nil)
			for _, m := range legal {
				if m.Type == MovePropose {
					t.Fatalf("seed %d step %d: Legal lists a proposal", seed, step)
				}
			}
			m := bots[seat].Choose(s.View(seat), legal)
			if m.Type == MovePropose {
				t.Fatalf("seed %d step %d: the computer proposes a trade", seed, step)
			}
			play(t, s, seat, m)
		}
	}
}
