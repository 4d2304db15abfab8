package neko

import (
	"runtime"
	"testing"

	"harbor/game"
)

func config(n int, seed uint64, options string) game.Config {
	cfg := game.Config{Seed: seed}
	if options != "" {
		cfg.Options = []byte(options)
	}
	for i := range n {
		cfg.Players = append(cfg.Players, game.Player{Name: string(rune('A' + i))})
	}
	return cfg
}

func policies(n int, p game.Policy) []game.Policy {
	out := make([]game.Policy, n)
	for i := range out {
		out[i] = p
	}
	return out
}

// BenchmarkRandomGame4p plays whole 4-player games with the random policy
// and reports decisions per second and allocations per decision.
func BenchmarkRandomGame4p(b *testing.B) {
	benchmarkGames(b, 4, "", game.PolicyRandom)
}

// BenchmarkBotGame4p plays whole 4-player games between computer players.
func BenchmarkBotGame4p(b *testing.B) {
	benchmarkGames(b, 4, "", game.PolicyBot)
}

func benchmarkGames(b *testing.B, n int, options string, pol game.Policy) {
	b.ReportAllocs()
	decisions := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; b.Loop(); i++ {
		out, err := game.Play(Rules, config(n, uint64(i), options), policies(n, pol), 100000)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(decisions), "allocs/decision")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}
