package greatharbor

import (
	"testing"

	"harbor/game"
	"harbor/game/leveltest"
)

// TestHardDecidesFromItsView: sampled games agree with the seat's view, and
// the hard player chooses the same from any game behind that view.
func TestHardDecidesFromItsView(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfgs []game.Config
	}{
		{"4 players", leveltest.Configs(4, 70, 71)},
		{"2 players and the Automa, with shops", []game.Config{cfgFor(2, 72, `{"automa":true,"shops":true}`)}},
		{"1 player and the Automa", []game.Config{cfgFor(1, 73, "")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			leveltest.Check(t, Rules, tc.cfgs, 37)
		})
	}
}
