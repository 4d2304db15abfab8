package holdings

import (
	"runtime"
	"testing"

	"harbor/game"
)

// benchPlay plays whole four-player games under one policy for every seat
// and reports decisions/s, games/s and allocations per decision (Setup's
// allocations included, spread over the game's decisions).
func benchPlay(b *testing.B, pol game.Policy) {
	cfg := game.Config{Players: []game.Player{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}}
	policies := []game.Policy{pol, pol, pol, pol}
	decisions := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cfg.Seed = uint64(i)
		out, err := game.Play(Rules, cfg, policies, 100000)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(decisions)/secs, "decisions/s")
	b.ReportMetric(float64(b.N)/secs, "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(decisions), "allocs/decision")
}

// BenchmarkRandom4 plays whole four-player games with every seat picking
// uniformly among its legal moves.
func BenchmarkRandom4(b *testing.B) { benchPlay(b, game.PolicyRandom) }

// BenchmarkBots4 plays whole four-player games between the computer players.
func BenchmarkBots4(b *testing.B) { benchPlay(b, game.PolicyBot) }
