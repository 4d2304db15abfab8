package harborfall

import (
	"strings"
	"testing"

	"harbor/game"
)

// TestStatistics: the dice counts match the rolls the log reports, the
// points history starts at the first turn with each seat's public points,
// and a long game halves its history instead of growing it.
func TestStatistics(t *testing.T) {
	t.Run("dice counts match the logged rolls", func(t *testing.T) {
		s := newGame(t, 4, 21)
		var rolls [13]int16
		for step := 0; s.Phase != phaseOver && step < 3000; step++ {
			seat := s.Actors().First()
			m := NewBot(seat, 1).Choose(s.View(seat), s.Legal(seat, nil))
			log := &game.Log{}
			if err := s.Apply(seat, m, log); err != nil {
				t.Fatal(err)
			}
			if m.Type == "roll" {
				rolls[s.Dice[0]+s.Dice[1]]++
				if !strings.Contains(log.Events[0].Text, "rolled") {
					t.Fatalf("roll event %q", log.Events[0].Text)
				}
			}
		}
		if s.Rolled != rolls {
			t.Errorf("counted %v, rolled %v", s.Rolled, rolls)
		}
		h := s.History
		if h.Len == 0 || h.Step != 1 || int(h.Len) != min(s.Turns, HistoryLen) {
			t.Fatalf("history of %d entries, step %d, after %d turns", h.Len, h.Step, s.Turns)
		}
		for p := range s.n() {
			if h.Points[0][p] != 2 {
				t.Errorf("seat %d starts with %d points, want its 2 settlements", p, h.Points[0][p])
			}
		}
	})
	t.Run("a long game keeps every second entry", func(t *testing.T) {
		s := blank(t, 3)
		s.History = History{}
		for turn := 1; turn <= 3*HistoryLen; turn++ {
			s.Turns = turn
			s.Settlements[0] = int8(5 - turn%5)
			s.recordPoints()
		}
		h := s.History
		if h.Step != 4 || h.Len != 3*HistoryLen/4 {
			t.Fatalf("step %d len %d", h.Step, h.Len)
		}
		for i := range int(h.Len) {
			turn := 1 + i*int(h.Step)
			if got, want := h.Points[i][0], int8(turn%5); got != want {
				t.Fatalf("entry %d (turn %d): %d points, want %d", i, turn, got, want)
			}
		}
	})
}
