package holdings

import (
	"strings"
	"testing"

	"harbor/game"
)

// logTexts returns the log lines of events as the public reads them.
func logTexts(events []game.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.For(game.Public).Text
	}
	return out
}

// wantLines fails the test unless every line of want appears among the log
// lines of events.
func wantLines(t *testing.T, events []game.Event, want ...string) {
	t.Helper()
	got := logTexts(events)
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Fatalf("log lacks %q; it reads:\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestLogLinesReadAsAPlayerWould checks the log lines a player reads for
// the moves whose wording is easy to get wrong.
func TestLogLinesReadAsAPlayerWould(t *testing.T) {
	t.Run("HH-24 one improvement, then two", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 0, 0, 6)
		rollTo(t, s, 0, 1, 2)
		wantLines(t, play(t, s, 0, Move{Type: MoveImprove, Space: 6}), "Gull Street now has 1 improvement")
		wantLines(t, play(t, s, 0, Move{Type: MoveImprove, Space: 6}), "Gull Street now has 2 improvements")
	})
	t.Run("HH-36 Dispatch payments say they come from the card", func(t *testing.T) {
		for _, tc := range []struct {
			deck, card int
			d1, d2     int
			want       []string
		}{
			{0, 12, 1, 1, []string{"Ana paid 15 to the bank for the Dispatch card"}},
			{0, 7, 1, 1, []string{"Ana collected 50 from the bank for the Dispatch card"}},
			{0, 14, 1, 1, []string{"Ana paid 50 to Ben for the Dispatch card", "Ana paid 50 to Cai for the Dispatch card"}},
			{1, 8, 3, 4, []string{"Ben paid 10 to Ana for the Dispatch card", "Cai paid 10 to Ana for the Dispatch card"}},
		} {
			s := newGame(t, 3, "")
			putCard(s, tc.deck, tc.card)
			wantLines(t, rollTo(t, s, 0, tc.d1, tc.d2), tc.want...)
		}
	})
	t.Run("HH-05 HH-06 the Gate bonus says whether the token passed or reached the Gate", func(t *testing.T) {
		s := newGame(t, 2, "")
		s.Pos[0] = 36
		wantLines(t, rollTo(t, s, 0, 3, 4), "Ana moved to Tar Lane", "Ana collected 200 for passing Harbor Gate")
		s = newGame(t, 2, "")
		s.Pos[0] = 34
		wantLines(t, rollTo(t, s, 0, 3, 3), "Ana moved to Harbor Gate", "Ana collected 200 for landing on Harbor Gate")
	})
	t.Run("HH-56 HH-57 HH-65 a closed trade says who closed it", func(t *testing.T) {
		s := newGame(t, 2, "")
		terms := Move{Type: MovePropose, To: 1, Give: Side{Coins: 10}, Get: Side{Coins: 5}}
		play(t, s, 0, terms)
		wantLines(t, play(t, s, 1, Move{Type: MoveDecline}), "Ben declined the trade Ana offered")
		play(t, s, 0, terms)
		wantLines(t, play(t, s, 0, Move{Type: MoveCancel}), "Ana withdrew the trade offered to Ben")
	})
	t.Run("HH-43 HH-44 an automatic sale says why it happens", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 0, 0, 6)
		s.Cash[0] = 60
		s.Pos[0] = 2
		wantLines(t, rollTo(t, s, 0, 1, 1), // Dock Levy, 100
			"Ana is short of the 100 Coins due: Gull Street goes back to the bank",
			"The bank paid Ana 50 for Gull Street",
			"Ana paid 100 at Dock Levy")
	})
	t.Run("HH-69 HH-70 HH-72 the last line says who won and why", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 1, 5, 37, 39)
		s.Cash[0] = 10
		s.Pos[0] = 35
		wantLines(t, rollTo(t, s, 0, 2, 2), "The game is over: Ben is the last solvent player and wins")

		s = newGame(t, 3, `{"roundLimit":1}`)
		s.Cash[2] = 1000
		var last []game.Event
		for i := 0; i < 3; i++ {
			seat := s.Seat()
			rollTo(t, s, seat, 1, 2) // Tar Lane, left unbought
			last = play(t, s, seat, Move{Type: MoveEnd})
		}
		wantLines(t, last, "The game is over after 1 round: Ana and Ben share the win with a net worth of 1,500")

		s = newGame(t, 2, `{"roundLimit":2}`)
		s.Cash[1] = 1000
		for i := 0; i < 4; i++ {
			seat := s.Seat()
			rollTo(t, s, seat, 1, 2)
			last = play(t, s, seat, Move{Type: MoveEnd})
		}
		wantLines(t, last, "The game is over after 2 rounds: Ana wins with a net worth of 1,500")
	})
	t.Run("HH-48 HH-49 a bankruptcy says what could not be paid, and to whom", func(t *testing.T) {
		s := newGame(t, 3, "")
		give(s, 1, 0, 37, 39)
		s.Cash[0] = 10
		s.Pos[0] = 35
		wantLines(t, rollTo(t, s, 0, 2, 2), // Harbor Heights, 100 with the group
			"Ana handed their last 10 Coins to Ben",
			"Ana cannot pay the 100 Coins owed to Ben: Ana is bankrupt and leaves the game")
		s = newGame(t, 3, "")
		s.Cash[0] = 1
		s.Pos[0] = 2
		wantLines(t, rollTo(t, s, 0, 1, 1), // Dock Levy
			"Ana cannot pay the 100 Coins owed to the bank: Ana is bankrupt and leaves the game")
	})
	t.Run("HH-55 a trade of 1 Coin", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 1, 0, 6)
		wantLines(t, play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Coins: 1}, Get: Side{Properties: props(6)}}),
			"Ana offered a trade to Ben: 1 Coin for Gull Street")
	})
	t.Run("HH-63 a traded street's improvements are in the log", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 1, 3, 6)
		give(s, 1, 0, 8)
		play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Coins: 500}, Get: Side{Properties: props(6, 8)}})
		wantLines(t, play(t, s, 1, Move{Type: MoveAccept}),
			"Ana now owns Gull Street with 3 improvements", "Ana now owns Anchor Street")
	})
}
