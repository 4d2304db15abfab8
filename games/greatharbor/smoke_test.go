package greatharbor

import (
	"encoding/json"
	"fmt"
	"testing"

	"harbor/game"
)

func cfgFor(n int, seed uint64, opts string) game.Config {
	ps := make([]game.Player, n)
	for i := range ps {
		ps[i] = game.Player{Name: fmt.Sprintf("P%d", i+1)}
	}
	c := game.Config{Players: ps, Seed: seed}
	if opts != "" {
		c.Options = json.RawMessage(opts)
	}
	return c
}

func policies(n int, p game.Policy) []game.Policy {
	out := make([]game.Policy, n)
	for i := range out {
		out[i] = p
	}
	return out
}

func TestSmokeRandom(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for seed := uint64(0); seed < 20; seed++ {
			opts := ""
			if seed%2 == 1 {
				opts = `{"shops":true}`
			}
			if n < 4 && seed%3 == 0 {
				opts = `{"automa":true}`
			}
			out, err := game.Play(Rules, cfgFor(n, seed, opts), policies(n, game.PolicyRandom), 100000)
			if err != nil {
				t.Fatalf("n=%d seed=%d: %v", n, seed, err)
			}
			if seed == 0 {
				t.Logf("n=%d decisions=%d scores=%v", n, out.Decisions, out.Result.Scores)
			}
		}
	}
}
