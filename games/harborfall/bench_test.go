package harborfall

import (
	"testing"

	"harbor/game"
)

// BenchmarkRandomGame plays whole 4-player games with the random policy and
// reports decisions per second and allocations per decision.
func BenchmarkRandomGame(b *testing.B) {
	cfg := game.Config{Players: []game.Player{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}}
	policies := []game.Policy{game.PolicyRandom, game.PolicyRandom, game.PolicyRandom, game.PolicyRandom}
	decisions := 0
	b.ReportAllocs()
	var ms0, ms1 runtimeMem
	ms0.read()
	for i := 0; b.Loop(); i++ {
		cfg.Seed = uint64(i)
		out, err := game.Play(Rules, cfg, policies, 1_000_000)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	ms1.read()
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(ms1.mallocs-ms0.mallocs)/float64(decisions), "allocs/decision")
}

// BenchmarkBotGame plays whole 4-player games between computer players.
func BenchmarkBotGame(b *testing.B) {
	cfg := game.Config{Players: []game.Player{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}}
	policies := []game.Policy{game.PolicyBot, game.PolicyBot, game.PolicyBot, game.PolicyBot}
	decisions := 0
	for i := 0; b.Loop(); i++ {
		cfg.Seed = uint64(i)
		out, err := game.Play(Rules, cfg, policies, 1_000_000)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
