package greatharbor

import (
	"testing"

	"harbor/game"
)

// TestHistoryRecordsEachRoundsScore plays whole bot games and checks that the
// view's History row of each finished round is every competitor's score at
// the moment that round ended, and that rows of later rounds stay zero.
func TestHistoryRecordsEachRoundsScore(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		opts string
	}{
		{"two players", 2, ""},
		{"solo with the Automa", 1, ""},
		{"three with the Automa and Shops", 3, `{"automa":true,"shops":true}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, tc.n, 77, tc.opts)
			bots := make([]game.Bot[Move, View], tc.n)
			for i := range bots {
				bots[i] = NewBot(game.Seat(i), uint64(i+1))
			}
			for steps := 0; s.Phase != phaseOver; steps++ {
				if steps > 20000 {
					t.Fatal("the game did not end")
				}
				round := s.Round
				seat := game.Seat(s.actor())
				m := bots[seat].Choose(s.View(seat), s.Legal(seat, nil))
				if err := s.Apply(seat, m, nil); err != nil {
					t.Fatalf("bot move %+v refused: %v", m, err)
				}
				if s.Round == round {
					continue
				}
				v := s.View(game.Public)
				for i := range s.N {
					if got, want := v.History[round][i], int16(s.PlayerScore(i).Total); got != want {
						t.Errorf("round %d, seat %d: history %d, score %d", round+1, i, got, want)
					}
				}
				// The Automa's next turn starts inside the same move, so its
				// score may already have moved on; its row must not run ahead.
				if s.Automa && v.History[round][s.N] > int16(s.AutomaScore().Total) {
					t.Errorf("round %d, the Automa: history %d above its score %d", round+1, v.History[round][s.N], s.AutomaScore().Total)
				}
				for r := int(s.Round); r < rounds; r++ {
					if v.History[r] != [4]int16{} {
						t.Errorf("round %d is not over but its history row is %v", r+1, v.History[r])
					}
				}
			}
			if s.Automa && s.History[rounds-1][s.N] == 0 {
				t.Error("the Automa's last history row is empty")
			}
		})
	}
}
