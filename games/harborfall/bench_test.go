package harborfall

import (
	"testing"

	"harbor/game"
)

// benchGames plays whole 4-player games with policy at every seat, one per
// iteration, and reports decisions and games per second.
func benchGames(b *testing.B, policy game.Policy) (decisions int) {
	cfg := game.Config{Players: []game.Player{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}}
	policies := []game.Policy{policy, policy, policy, policy}
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
	return decisions
}

// BenchmarkRandomGame plays 4-player games with the random policy and also
// reports allocations per decision.
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	var before, after runtimeMem
	before.read()
	decisions := benchGames(b, game.PolicyRandom)
	after.read()
	b.ReportMetric(float64(after.mallocs-before.mallocs)/float64(decisions), "allocs/decision")
}

// BenchmarkBotGame plays 4-player games between computer players.
func BenchmarkBotGame(b *testing.B) { benchGames(b, game.PolicyBot) }
