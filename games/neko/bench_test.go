package neko

import (
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
	b.ReportAllocs()
	decisions := 0
	for i := 0; b.Loop(); i++ {
		out, err := game.Play(Rules, config(4, uint64(i), ""), policies(4, game.PolicyRandom), 100000)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}
