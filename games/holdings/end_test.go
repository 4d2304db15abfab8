package holdings

import (
	"reflect"
	"testing"

	"harbor"
	"harbor/game"
)

func types(legal []Move) []string {
	var out []string
	for _, m := range legal {
		out = append(out, m.Type)
	}
	return out
}

func TestHH66_RollResolveBuyImproveEnd(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 0, 1)
	if got := types(s.Legal(0, nil)); !reflect.DeepEqual(got, []string{MoveRoll}) {
		t.Fatalf("before the roll: %v", got)
	}
	if len(s.Legal(1, nil)) != 0 {
		t.Fatal("the seat not on turn has turn moves")
	}
	refuse(t, s, 1, Move{Type: MoveRoll}, harbor.ENotYourTurn, "HH-66")
	rollTo(t, s, 0, 3, 3)
	if got := types(s.Legal(0, nil)); !reflect.DeepEqual(got, []string{MoveBuy, MovePass, MoveImprove, MoveEnd}) {
		t.Fatalf("on an offer: %v", got)
	}
	play(t, s, 0, Move{Type: MoveImprove, Space: 1})
	play(t, s, 0, Move{Type: MoveBuy})
	if got := types(s.Legal(0, nil)); !reflect.DeepEqual(got, []string{MoveImprove, MoveImprove, MoveEnd}) {
		t.Fatalf("after buying: %v", got)
	}
	play(t, s, 0, Move{Type: MoveEnd})
	refuse(t, s, 0, Move{Type: MoveEnd}, harbor.ENotYourTurn, "HH-66")
	if s.Seat() != 1 || s.Phase != PhaseRoll {
		t.Fatalf("seat %d phase %v", s.Seat(), s.Phase)
	}
	refuse(t, s, 0, Move{Type: "jump"}, harbor.EInvalid, "")
}

func TestHH67_NoEndBeforeTheRoll(t *testing.T) {
	s := newGame(t, 2, "")
	refuse(t, s, 0, Move{Type: MoveEnd}, harbor.EIllegal, "HH-67")
}

func TestHH68_NextActivePlayerClockwise(t *testing.T) {
	s := newGame(t, 4, "")
	s.Order = [MaxPlayers]int8{2, 0, 3, 1}
	s.TurnIdx = 0
	s.Out = game.Seats(3)
	var seen []game.Seat
	for i := 0; i < 6; i++ {
		seat := s.Seat()
		seen = append(seen, seat)
		rollTo(t, s, seat, 1, 1)
		play(t, s, seat, Move{Type: MoveEnd})
	}
	if !reflect.DeepEqual(seen, []game.Seat{2, 0, 1, 2, 0, 1}) {
		t.Fatalf("turns went %v", seen)
	}
	if s.Round != 3 {
		t.Fatalf("round %d after two full rounds", s.Round)
	}
}

func TestHH69_LastSolventPlayerWinsAtOnce(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 5, 37, 39)
	s.Cash[0] = 10
	s.Pos[0] = 35
	rollTo(t, s, 0, 2, 2)
	res := s.Result()
	if !res.Over || res.Reason != "bankruptcy" || res.Winners != game.Seats(1) || !reflect.DeepEqual(res.Places, []int{0, 1}) {
		t.Fatalf("result %+v", res)
	}
	if s.Actors() != 0 || len(s.Legal(1, nil)) != 0 {
		t.Fatal("the game waits on someone after it ended")
	}
	refuse(t, s, 1, Move{Type: MoveRoll}, harbor.EIllegal, "HH-69")
	if len(s.History) != 2 || s.History[1][1] != int32(s.NetWorth(1)) {
		t.Fatalf("final history row %v (len %d)", s.History[1], len(s.History))
	}
}

func TestHH70_GameEndsAfterTheLastTurnOfRound20(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options string
		rounds  int
	}{{"HH-70 default 20 rounds", "", 20}, {"HH-70 option roundLimit 3", `{"roundLimit":3}`, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, 3, tc.options)
			for turn := 0; turn < 3*tc.rounds; turn++ {
				if s.Over {
					t.Fatalf("over after %d turns", turn)
				}
				seat := s.Seat()
				rollTo(t, s, seat, 1, 1)
				play(t, s, seat, Move{Type: MoveEnd})
			}
			res := s.Result()
			if !res.Over || res.Reason != "round_limit" || res.Turns != 3*tc.rounds || len(s.History) != tc.rounds+1 {
				t.Fatalf("result %+v, history rows %d", res, len(s.History))
			}
			if v := s.View(game.Public); len(v.History) != tc.rounds+1 || v.Phase != "over" {
				t.Fatalf("view history %d rows, phase %s", len(v.History), v.Phase)
			}
		})
	}
}

func TestHH71_NetWorthIsCashPricesAndImprovements(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 2, 39)
	give(s, 0, 0, 5, 12)
	s.Cash[0] = 10
	if got, want := s.NetWorth(0), 10+400+140+200+150; got != want {
		t.Fatalf("net worth %d, want %d", got, want)
	}
	if v := s.View(1); v.Worth[0] != 900 || v.Worth[1] != 1500 {
		t.Fatalf("view net worth %v", v.Worth)
	}
}

func TestHH72_TiesShareTheWin(t *testing.T) {
	s := newGame(t, 3, `{"roundLimit":1}`)
	s.Cash[2] = 1000
	for i := 0; i < 3; i++ {
		seat := s.Seat()
		rollTo(t, s, seat, 1, 2) // Tar Lane, left unbought
		play(t, s, seat, Move{Type: MoveEnd})
	}
	res := s.Result()
	if res.Scores[0] != res.Scores[1] || res.Winners != game.Seats(0, 1) || res.Places[0] != 1 || res.Places[1] != 1 || res.Places[2] != 3 {
		t.Fatalf("result %+v", res)
	}
}

func TestHH73_BankruptPlayersAreNotRanked(t *testing.T) {
	s := newGame(t, 3, `{"roundLimit":1}`)
	s.Cash[0] = 10
	s.Pos[0] = 1
	rollTo(t, s, 0, 1, 2) // Dock Levy: bankrupt
	s.Cash[2] = 5000
	for _, seat := range []game.Seat{1, 2} {
		rollTo(t, s, seat, 1, 1)
		play(t, s, seat, Move{Type: MoveEnd})
	}
	res := s.Result()
	if !res.Over || res.Places[0] != 0 || res.Winners.Has(0) || res.Winners != game.Seats(2) || res.Places[1] != 2 {
		t.Fatalf("result %+v", res)
	}
}

func TestHHG6_TurnOrderIsShuffledAndRecorded(t *testing.T) {
	orders := map[[MaxPlayers]int8]bool{}
	for seed := uint64(0); seed < 30; seed++ {
		s, err := Setup(setupConfig(4, seed))
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, p := range s.Order[:4] {
			seen |= 1 << p
		}
		if seen != 15 || s.View(game.Public).Order != s.Order {
			t.Fatalf("order %v", s.Order)
		}
		if s.Seat() != game.Seat(s.Order[0]) {
			t.Fatal("the first player is not first in the order")
		}
		orders[s.Order] = true
	}
	if len(orders) < 5 {
		t.Fatalf("only %d different orders in 30 seeds", len(orders))
	}
}

func TestHHG5_SetupRefusesBadConfigs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n       int
		options string
	}{
		{"one player", 1, ""}, {"seven players", 7, ""}, {"round limit 0", 2, `{"roundLimit":0}`},
		{"round limit 101", 2, `{"roundLimit":101}`}, {"sale order", 2, `{"saleOrder":"random"}`}, {"unknown option", 2, `{"jackpot":true}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := game.Config{Seed: 1}
			for i := 0; i < tc.n; i++ {
				cfg.Players = append(cfg.Players, game.Player{Name: "P"})
			}
			if tc.options != "" {
				cfg.Options = []byte(tc.options)
			}
			if _, err := Setup(cfg); harbor.ErrorCode(err) != harbor.EInvalid {
				t.Fatalf("got %v", err)
			}
		})
	}
}
