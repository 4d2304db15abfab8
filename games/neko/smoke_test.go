package neko

import (
	"testing"

	"harbor/game"
)

func TestSmoke(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := uint64(0); seed < 200; seed++ {
			cfg := game.Config{Seed: seed, Options: []byte(`{"extraCards":true,"fishingBoats":true,"ghostShip":true}`)}
			for i := 0; i < n; i++ {
				cfg.Players = append(cfg.Players, game.Player{Name: "p"})
			}
			pol := make([]game.Policy, n)
			for i := range pol {
				pol[i] = game.PolicyRandom
			}
			out, err := game.Play(Rules, cfg, pol, 100000)
			if err != nil {
				t.Fatal(n, seed, err)
			}
			if seed == 0 {
				t.Log(n, out.Decisions, out.Result.Scores)
			}
		}
	}
}
