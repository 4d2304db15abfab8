package holdings

import (
	"reflect"
	"testing"

	"harbor/game"
)

// botMove asks a fresh bot at seat for its move in s.
func botMove(s *State, seat game.Seat) Move {
	return NewBot(seat, 1).Choose(s.View(seat), s.Legal(seat, nil))
}

func TestHH74_BotBuysWhatItCanAfford(t *testing.T) {
	for _, cash := range []int32{100, 1500} {
		s := newGame(t, 2, "")
		s.Cash[0] = cash
		rollTo(t, s, 0, 3, 3) // Gull Street, 100
		if m := botMove(s, 0); m.Type != MoveBuy || m.Space != 6 {
			t.Fatalf("HH-74 with %d Coins the bot chose %+v", cash, m)
		}
	}
}

func TestHH75_BotPassesWhenItCannotAfford(t *testing.T) {
	s := newGame(t, 2, "")
	s.Cash[0] = 99
	rollTo(t, s, 0, 3, 3)
	m := botMove(s, 0)
	if m.Type != MovePass {
		t.Fatalf("bot chose %+v", m)
	}
	play(t, s, 0, m)
	if s.Owner[6] != -1 {
		t.Fatal("the district did not stay unowned")
	}
}

func TestHH76_BotImprovesConservatively(t *testing.T) {
	setup := func(round int, cash int32) *State {
		s := newGame(t, 2, "")
		s.Round = int16(round)
		give(s, 0, 0, 1, 3, 39, 11)
		give(s, 0, 4, 6, 8, 9)
		s.Cash[0] = cash
		rollTo(t, s, 0, 2, 3) // North Ferry: offered
		play(t, s, 0, Move{Type: MovePass})
		return s
	}
	for _, tc := range []struct {
		name  string
		round int
		cash  int32
		want  Move
	}{
		{"HH-76 not before round 3", 2, 1500, Move{Type: MoveEnd}},
		{"HH-76 keeps 300 after the improvement", 3, 369, Move{Type: MoveEnd}},
		{"HH-76 improves at exactly 370", 3, 370, Move{Type: MoveImprove, Space: 39}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(tc.round, tc.cash)
			if m := botMove(s, 0); m != tc.want {
				t.Fatalf("bot chose %+v, want %+v", m, tc.want)
			}
		})
	}
	t.Run("HH-76 one level per turn", func(t *testing.T) {
		s := setup(5, 1500)
		play(t, s, 0, botMove(s, 0))
		if m := botMove(s, 0); m.Type != MoveEnd || s.Level[39] != 1 {
			t.Fatalf("second choice %+v", m)
		}
	})
	t.Run("HH-76 complete group doubles the score, ties to fewer levels", func(t *testing.T) {
		s := setup(5, 1500)
		give(s, 0, 0, 37)
		give(s, 0, 3, 39) // 50×2 at 3 levels versus Bay View 35×2 at 0
		if m := botMove(s, 0); m != (Move{Type: MoveImprove, Space: 39}) {
			t.Fatalf("bot chose %+v", m)
		}
		give(s, 0, 0, 13, 14) // pink complete: Lantern Row 10×2 ties Chandler 10×2
		give(s, 0, 5, 37, 39)
		give(s, 0, 5, 6, 8, 9, 1, 3)
		s.Level[11] = 1
		if m := botMove(s, 0); m != (Move{Type: MoveImprove, Space: 14}) {
			t.Fatalf("bot chose %+v, want Sailmakers Lane (12×2)", m)
		}
		s.Level[14] = 5
		if m := botMove(s, 0); m != (Move{Type: MoveImprove, Space: 13}) {
			t.Fatalf("bot chose %+v, want Chandler Street (fewer levels)", m)
		}
	})
}

func TestHH77_BotAcceptsSalesAtOrBelowPrice(t *testing.T) {
	for _, coins := range []int{1, 220, 440} {
		s := newGame(t, 2, "")
		give(s, 1, 0, 21, 23)
		play(t, s, 1, Move{Type: MovePropose, To: 0, Give: Side{Properties: props(21, 23)}, Get: Side{Coins: coins}})
		if m := botMove(s, 0); m.Type != MoveAccept {
			t.Fatalf("HH-77 %d Coins for 440 of price: bot chose %+v", coins, m)
		}
	}
}

func TestHH78_BotDeclinesEverythingElse(t *testing.T) {
	for _, tc := range []struct {
		name      string
		give, get Side
		cash      int32
	}{
		{"HH-78 above price", Side{Properties: props(21)}, Side{Coins: 221}, 1500},
		{"HH-78 more than its cash", Side{Properties: props(21)}, Side{Coins: 200}, 199},
		{"HH-78 asked for a property", Side{Properties: props(21)}, Side{Properties: props(1)}, 1500},
		{"HH-78 asked for a property and Coins", Side{Properties: props(21)}, Side{Properties: props(1), Coins: 1}, 1500},
		{"HH-78 offered Coins", Side{Coins: 50}, Side{Coins: 10}, 1500},
		{"HH-78 offered a property and Coins", Side{Properties: props(21), Coins: 5}, Side{Coins: 10}, 1500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, 2, "")
			give(s, 1, 0, 21)
			give(s, 0, 0, 1)
			play(t, s, 1, Move{Type: MovePropose, To: 0, Give: tc.give, Get: tc.get})
			s.Cash[0] = tc.cash
			if m := botMove(s, 0); m.Type != MoveDecline {
				t.Fatalf("bot chose %+v", m)
			}
		})
	}
	t.Run("HH-78 a bot answers on another player's turn", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 0, 0, 21)
		play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Properties: props(21)}, Get: Side{Coins: 500}})
		if !s.Actors().Has(1) || botMove(s, 1).Type != MoveDecline {
			t.Fatal("the bot was not asked or did not decline")
		}
	})
	t.Run("HH-78 a bot withdraws its own trade after waiting", func(t *testing.T) {
		s := newGame(t, 2, "")
		give(s, 0, 0, 21)
		play(t, s, 0, Move{Type: MovePropose, To: 1, Give: Side{Properties: props(21)}, Get: Side{Coins: 5}})
		if m := botMove(s, 0); m.Type != MoveRoll {
			t.Fatalf("fresh trade: bot chose %+v", m)
		}
		s.Turns += 3
		if m := botMove(s, 0); m.Type != MoveCancel {
			t.Fatalf("old trade: bot chose %+v", m)
		}
	})
}

func TestHH79_BotsAreDeterministic(t *testing.T) {
	cfg := setupConfig(4, 11)
	pol := []game.Policy{game.PolicyBot, game.PolicyBot, game.PolicyBot, game.PolicyBot}
	a, err := game.PlayRecorded(Rules, cfg, pol, 10000)
	if err != nil {
		t.Fatal(err)
	}
	b, err := game.PlayRecorded(Rules, cfg, pol, 10000)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave different bot games")
	}
	s := newGame(t, 2, "")
	rollTo(t, s, 0, 3, 3)
	v, legal := s.View(0), s.Legal(0, nil)
	first := NewBot(0, 1).Choose(v, legal)
	for seed := uint64(0); seed < 5; seed++ {
		if m := NewBot(0, seed).Choose(v, legal); m != first {
			t.Fatalf("same view, different choice: %+v vs %+v", m, first)
		}
	}
}
