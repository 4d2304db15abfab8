package neko

import (
	"testing"

	"harbor/game"
)

// botWinRate plays games with one bot against random players (the bot's
// seat rotating) and returns the share of games the bot won, checking that
// each game ends after two periods.
func botWinRate(t testing.TB, games int, options string) float64 {
	wins := 0
	for i := range games {
		n := 2 + i%3
		pol := policies(n, game.PolicyRandom)
		seat := i % n
		pol[seat] = game.PolicyBot
		cfg := config(n, uint64(1000+i), options)
		out, err := game.Play(Rules, cfg, pol, 20000)
		if err != nil {
			t.Fatal(err)
		}
		if !out.Result.Over || out.Result.Reason != "two_periods" {
			t.Fatalf("game %d did not end after two periods: %+v", i, out.Result)
		}
		if out.Result.Winners.Has(game.Seat(seat)) {
			wins++
		}
	}
	return float64(wins) / float64(games)
}

// TestBotBeatsRandom: the computer player wins at least 95% of games
// against random players, with and without the modules.
func TestBotBeatsRandom(t *testing.T) {
	for _, opts := range []string{"", `{"extraCards":true,"fishingBoats":true,"ghostShip":true}`} {
		if rate := botWinRate(t, 150, opts); rate < 0.95 {
			t.Errorf("options %q: bot won %.1f%% of games against random players", opts, 100*rate)
		} else {
			t.Logf("options %q: bot won %.1f%%", opts, 100*rate)
		}
	}
}

// TestBotGamesEnd: games between computer players only end after two
// periods, for every player count and module set.
func TestBotGamesEnd(t *testing.T) {
	for i := range 30 {
		n := 2 + i%3
		cfg := config(n, uint64(7000+i), moduleOptions[i%len(moduleOptions)])
		out, err := game.Play(Rules, cfg, policies(n, game.PolicyBot), 20000)
		if err != nil {
			t.Fatal(err)
		}
		if !out.Result.Over || out.Result.Reason != "two_periods" || len(out.Result.Scores) != n {
			t.Fatalf("game %d: %+v", i, out.Result)
		}
	}
}

// TestViewAllocations: the computer players build a view every decision, so
// a view of a busy table (3-player draft rows, and mid-game lines on every
// seat) costs a handful of allocations, not one per slice it holds.
func TestViewAllocations(t *testing.T) {
	s := newGame(t, 3, "")
	if a := testing.AllocsPerRun(20, func() { s.View(0) }); a > 6 {
		t.Errorf("a draft view costs %.0f allocations, want at most 6", a)
	}
	rng := game.NewRand(3)
	for s.Turns < 20 {
		seat := s.Actors().First()
		l := s.Legal(seat, nil)
		act(t, s, seat, l[rng.Intn(len(l))])
	}
	if a := testing.AllocsPerRun(20, func() { s.View(1) }); a > 6 {
		t.Errorf("a mid-game view costs %.0f allocations, want at most 6", a)
	}
}
