package harborfall

import (
	"slices"
	"strings"
	"testing"

	"harbor/game"
)

// logged applies m for seat and returns the event texts as viewer sees them.
func logged(t *testing.T, s *State, seat int8, m Move, viewer game.Seat) []string {
	t.Helper()
	log := &game.Log{}
	if err := s.Apply(game.Seat(seat), m, log); err != nil {
		t.Fatalf("seat %d %+v: %v", seat, m, err)
	}
	var out []string
	for _, e := range log.Events {
		out = append(out, e.For(viewer).Text)
	}
	return out
}

// wantLine fails unless one of the lines is want.
func wantLine(t *testing.T, lines []string, want string) {
	t.Helper()
	if !slices.Contains(lines, want) {
		t.Errorf("log %q lacks %q", lines, want)
	}
}

// TestEventLog reads the game log as a player at the table would: every
// line says in player words what happened, and no more than the reader may
// know.
func TestEventLog(t *testing.T) {
	t.Run("HF-17 the first setup settlement takes no cards", func(t *testing.T) {
		s := newGame(t, 3, 1)
		lines := logged(t, s, s.Active, s.Legal(game.Seat(s.Active), nil)[0], game.Public)
		if len(lines) != 1 || strings.Contains(lines[0], "took") {
			t.Errorf("log %q", lines)
		}
	})
	t.Run("HF-29 HF-30 a 7 says nothing produces and who discards", func(t *testing.T) {
		s := blank(t, 3)
		give(s, 1, hand(3, 3, 3, 0, 0))
		s.Phase = phaseRoll
		s.Rand.ForceDice(3, 4)
		wantLine(t, logged(t, s, 0, Move{Type: "roll"}, game.Public), "A rolled 7: nothing produces; B must discard 4 cards")
		// A discard made in several moves, as a computer player makes it, is
		// one line when it is done, as a person's discard in one move is.
		for range 3 {
			if lines := logged(t, s, 1, Move{Type: "discard", Give: hand(1, 0, 0, 0, 0)}, game.Public); len(lines) != 0 {
				t.Errorf("a part of a discard logged %q", lines)
			}
		}
		wantLine(t, logged(t, s, 1, Move{Type: "discard", Give: hand(0, 1, 0, 0, 0)}, game.Public), "B discarded 4 cards")
		if s.Discards[1] != (Hand{}) {
			t.Errorf("the finished discard is still counted: %v", s.Discards[1])
		}
	})
	t.Run("HF-30 the discarding seat reads every card it discarded", func(t *testing.T) {
		s := blank(t, 3)
		give(s, 1, hand(3, 3, 3, 0, 0))
		s.Phase = phaseRoll
		s.Rand.ForceDice(3, 4)
		logged(t, s, 0, Move{Type: "roll"}, game.Public)
		logged(t, s, 1, Move{Type: "discard", Give: hand(2, 0, 0, 0, 0)}, 1)
		wantLine(t, logged(t, s, 1, Move{Type: "discard", Give: hand(0, 1, 1, 0, 0)}, 1), "You discarded "+handText(hand(2, 1, 1, 0, 0)))
	})
	t.Run("HF-26 a short supply is explained", func(t *testing.T) {
		s := blank(t, 3)
		s.Terrain[center], s.Number[center] = Grain, 5
		build(s, 1, ring(s, center)[0], false)
		build(s, 2, ring(s, center)[3], false)
		s.Supply[Grain] = 1
		s.Phase = phaseRoll
		s.Rand.ForceDice(2, 3)
		wantLine(t, logged(t, s, 0, Move{Type: "roll"}, game.Public), "The supply is short of grain: nobody takes grain")
	})
	t.Run("HF-24 the robber's block is told", func(t *testing.T) {
		s := blank(t, 3)
		s.Terrain[center], s.Number[center], s.Robber = Ore, 9, center
		build(s, 1, ring(s, center)[0], false)
		s.Phase = phaseRoll
		s.Rand.ForceDice(4, 5)
		wantLine(t, logged(t, s, 0, Move{Type: "roll"}, game.Public), "The robber keeps the 9 mountain from producing")
	})
	t.Run("HF-32 the robber's new hex is named", func(t *testing.T) {
		s := blank(t, 3)
		s.Terrain[center], s.Number[center] = Lumber, 8
		s.Phase, s.Return = phaseRobber, phaseMain
		wantLine(t, logged(t, s, 0, Move{Type: "robber", At: center}, game.Public), "A moved the robber to the 8 forest")
	})
	t.Run("HF-43 an accepted trade says who gave what", func(t *testing.T) {
		s := blank(t, 3)
		give(s, 0, hand(0, 0, 0, 0, 1))
		give(s, 2, hand(0, 0, 0, 1, 0))
		logged(t, s, 0, Move{Type: "offer", Seat: 2, Give: hand(0, 0, 0, 0, 1), Get: hand(0, 0, 0, 1, 0)}, game.Public)
		wantLine(t, logged(t, s, 2, Move{Type: "accept"}, game.Public), "C accepted: A gave 1 ore for 1 grain")
	})
	t.Run("HF-55 HF-58 HF-59 cards are named and their effect told", func(t *testing.T) {
		s := blank(t, 3)
		holding(s, 0, CardHarvest, 1)
		wantLine(t, logged(t, s, 0, Move{Type: "play_harvest", Get: hand(0, 0, 1, 1, 0)}, game.Public),
			"A played Bonus harvest and took 1 wool, 1 grain")
		s.CardPlayed = false
		holding(s, 0, CardForced, 1)
		give(s, 1, hand(0, 0, 0, 2, 0))
		give(s, 2, hand(0, 0, 0, 1, 0))
		wantLine(t, logged(t, s, 0, Move{Type: "play_forced", Res: Grain}, game.Public),
			"A played Forced trade on grain and took 3 grain from the others")
		s.CardPlayed = false
		holding(s, 0, CardSteal, 1)
		wantLine(t, logged(t, s, 0, Move{Type: "play_steal"}, game.Public), "A played Move & steal")
	})
	t.Run("HF-51 HF-60 the buyer alone reads the card's name", func(t *testing.T) {
		s := blank(t, 3)
		give(s, 0, hand(0, 0, 1, 1, 1))
		s.Deck[s.DeckLen-1] = CardPoint
		wantLine(t, logged(t, s, 0, Move{Type: "buy"}, 0), "You bought a Secret point card")
	})
	t.Run("HF-63 HF-64 the longest road bonus changing hands is told", func(t *testing.T) {
		s := blank(t, 3)
		path := spine(s)
		build(s, 0, path[0], false)
		roads(t, s, 0, path[:5]...)
		s.awardLongestRoad(1)
		give(s, 0, hand(1, 1, 0, 0, 0))
		wantLine(t, logged(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, path[4], path[5])}, game.Public),
			"A takes the longest road bonus (5 roads)")
	})
	t.Run("HF-65 the move-and-steal bonus is told", func(t *testing.T) {
		s := blank(t, 3)
		s.Played[0][CardSteal] = 2
		holding(s, 0, CardSteal, 1)
		wantLine(t, logged(t, s, 0, Move{Type: "play_steal"}, game.Public), "A takes the most Move & steal bonus (3 played)")
	})
	t.Run("HF-57 HF-73 roads placed by a card or built on an extra build turn say so", func(t *testing.T) {
		s := blank(t, 5)
		r := ring(s, center)
		build(s, 0, r[0], false)
		build(s, 1, r[3], false)
		holding(s, 0, CardRoads, 1)
		logged(t, s, 0, Move{Type: "play_roads"}, game.Public)
		wantLine(t, logged(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[0], r[1])}, game.Public), "A placed a free road")
		logged(t, s, 0, Move{Type: "road", At: edgeBetween(t, s, r[1], r[2])}, game.Public)
		logged(t, s, 0, Move{Type: "end"}, game.Public)
		give(s, 1, hand(1, 1, 0, 0, 0))
		wantLine(t, logged(t, s, 1, Move{Type: "road", At: edgeBetween(t, s, r[3], r[4])}, game.Public),
			"B built a road on an extra build turn")
	})
	t.Run("HF-71 secret points are revealed with the win", func(t *testing.T) {
		s := blank(t, 3)
		nearWin(t, s, 0)
		give(s, 0, hand(0, 0, 1, 1, 1))
		s.Deck[s.DeckLen-1] = CardPoint
		wantLine(t, logged(t, s, 0, Move{Type: "buy"}, game.Public), "A wins with 10 points, revealing 1 Secret point card")
	})
	t.Run("HF-70 a win as the turn begins says so", func(t *testing.T) {
		s := blank(t, 3)
		nearWin(t, s, 1)
		s.Dev[1][CardPoint] = 2
		wantLine(t, logged(t, s, 0, Move{Type: "end"}, game.Public), "B has 11 points as the turn begins and wins, revealing 2 Secret point cards")
	})
	t.Run("the turn limit is told", func(t *testing.T) {
		s := blank(t, 3)
		s.Opts.TurnLimit = 1
		wantLine(t, logged(t, s, 0, Move{Type: "end"}, game.Public), "The game ends at the turn limit")
	})
}
