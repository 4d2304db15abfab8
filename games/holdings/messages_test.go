package holdings

import (
	"errors"
	"strings"
	"testing"

	"harbor"
	"harbor/game"
)

// refuseSaying is refuse that also checks the message a player reads.
func refuseSaying(t *testing.T, s *State, seat game.Seat, m Move, rule, message string) {
	t.Helper()
	refuse(t, s, seat, m, "", rule)
	var he *harbor.Error
	if err := s.Apply(seat, m, nil); !errors.As(err, &he) || !strings.Contains(he.Message, message) {
		t.Fatalf("%+v by seat %d: message %q, want it to say %q", m, seat, he.Message, message)
	}
	if he.Msg == nil {
		t.Fatalf("%+v by seat %d: refusal %q carries no message for the page", m, seat, he.Message)
	}
	if err := saysRefusal(he); err != nil {
		t.Fatalf("%+v by seat %d: %v", m, seat, err)
	}
}

// TestRefusalsSayWhatIsWrong checks that refusals name the rule that was
// broken and say in a player's words what is wrong.
func TestRefusalsSayWhatIsWrong(t *testing.T) {
	t.Run("HH-70 a move after the round limit", func(t *testing.T) {
		s := newGame(t, 2, `{"roundLimit":1}`)
		for i := 0; i < 2; i++ {
			seat := s.Seat()
			rollTo(t, s, seat, 1, 2)
			play(t, s, seat, Move{Type: MoveEnd})
		}
		refuseSaying(t, s, 0, Move{Type: MoveRoll}, "HH-70", "the game is over: it ended after 1 round")
	})
	t.Run("HH-55 HH-50 who a trade can go to", func(t *testing.T) {
		s := newGame(t, 3, "")
		s.Out = s.Out.With(2)
		s.Order = [MaxPlayers]int8{0, 1, 2}
		terms := func(to game.Seat) Move {
			return Move{Type: MovePropose, To: to, Give: Side{Coins: 10}, Get: Side{Coins: 5}}
		}
		refuseSaying(t, s, 0, terms(0), "HH-55", "you cannot trade with yourself")
		refuseSaying(t, s, 0, terms(2), "HH-50", "Cai is bankrupt and cannot trade")
		refuseSaying(t, s, 0, terms(7), "HH-55", "there is no player in seat 8") // seats counted from 1, as people do
		refuseSaying(t, s, 0, terms(-1), "HH-55", "there is no player in seat 0")
	})
	t.Run("HH-56 HH-57 HH-59 answering when no trade is open", func(t *testing.T) {
		s := newGame(t, 2, "")
		refuseSaying(t, s, 1, Move{Type: MoveCounter, Give: Side{Coins: 1}, Get: Side{Coins: 2}}, "HH-59", "there is no open trade to counter")
		refuseSaying(t, s, 0, Move{Type: MoveCancel}, "HH-57", "there is no open trade to cancel")
		refuseSaying(t, s, 1, Move{Type: MoveAccept}, "HH-56", "there is no open trade to accept")
		play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Coins: 10}, Get: Side{Coins: 5}})
		refuseSaying(t, s, 0, Move{Type: MoveCounter, Give: Side{Coins: 1}, Get: Side{Coins: 2}}, "HH-59", "only Ben, who was offered the trade, can counter it")
		refuseSaying(t, s, 1, Move{Type: MoveCancel}, "HH-57", "only Ana, who proposed the trade, can cancel it")
		refuseSaying(t, s, 0, Move{Type: MoveAccept}, "HH-56", "only Ben, who was offered the trade, can accept it")
	})
	t.Run("HH-60 a proposal asks for more Coins than a side holds", func(t *testing.T) {
		s := newGame(t, 2, "")
		s.Cash[1] = 30
		refuseSaying(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Coins: 10}, Get: Side{Coins: 50}}, "HH-60", "Ben has only 30 Coins, not the 50 in this trade")
	})
	t.Run("HH-28 improving a space that is no street", func(t *testing.T) {
		s := newGame(t, 2, "")
		rollTo(t, s, 0, 1, 2)
		refuseSaying(t, s, 0, Move{Type: MoveImprove, Space: 20}, "HH-28", "Festival Square is not a street: only streets can be improved")
		refuseSaying(t, s, 0, Move{Type: MoveImprove, Space: 40}, "HH-28", "there is no space 40 on the board")
		refuseSaying(t, s, 0, Move{Type: MoveImprove, Space: -1}, "HH-28", "there is no space -1 on the board")
	})
	t.Run("HH-50 a seat that is no player names no rule", func(t *testing.T) {
		s := newGame(t, 2, "")
		for _, seat := range []game.Seat{game.Public, 2, 9} {
			refuse(t, s, seat, Move{Type: MoveRoll}, harbor.ENotYourTurn, "")
			var he *harbor.Error
			if err := s.Apply(seat, Move{Type: MoveRoll}, nil); !errors.As(err, &he) || he.Rule != "" || !strings.Contains(he.Message, "is not a player in this game") {
				t.Fatalf("seat %d: %v, want a not_your_turn error naming no rule", seat, err)
			}
		}
	})
	t.Run("HH-55 a trade listing a space that is no district names it", func(t *testing.T) {
		s := newGame(t, 2, "")
		refuseSaying(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Properties: props(20)}, Get: Side{Coins: 5}},
			"HH-55", "Festival Square is not a district: only districts can be traded")
	})
}
