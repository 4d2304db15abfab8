package greatharbor

import (
	"runtime"
	"testing"

	"harbor/game"
)

// BenchmarkRandomGame4 plays whole four-player games with the random policy.
func BenchmarkRandomGame4(b *testing.B) {
	benchGames(b, 4, "", game.PolicyRandom)
}

// BenchmarkBotGame4 plays whole four-player games between computer players.
func BenchmarkBotGame4(b *testing.B) {
	benchGames(b, 4, "", game.PolicyBot)
}

func benchGames(b *testing.B, n int, opts string, pol game.Policy) {
	cfg := cfgFor(n, 1, opts)
	pols := policies(n, pol)
	decisions := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cfg.Seed = uint64(i)
		out, err := game.Play(Rules, cfg, pols, 100000)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(decisions), "allocs/decision")
}
