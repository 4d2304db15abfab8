package neko

import (
	"fmt"
	"testing"

	"harbor/game/leveltest"
)

// TestHardDecidesFromItsView: sampled games agree with the seat's view, and
// the hard player chooses the same from any game behind that view.
func TestHardDecidesFromItsView(t *testing.T) {
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			leveltest.Check(t, Rules, leveltest.Configs(n, 40, 41), 97)
		})
	}
}
