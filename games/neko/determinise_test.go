package neko

import (
	"testing"

	"harbor/game"
	"harbor/game/leveltest"
)

// TestHardDecidesFromItsView: sampled games agree with the seat's view, and
// the hard player chooses the same from any game behind that view.
func TestHardDecidesFromItsView(t *testing.T) {
	for _, n := range []int{2, 4} {
		t.Run(string(rune('0'+n))+" players", func(t *testing.T) {
			var cfgs []game.Config
			for seed := range uint64(2) {
				cfg := game.Config{Seed: 40 + seed}
				for i := range n {
					cfg.Players = append(cfg.Players, game.Player{Name: string(rune('A' + i))})
				}
				cfgs = append(cfgs, cfg)
			}
			leveltest.Check(t, Rules, cfgs, 97)
		})
	}
}
