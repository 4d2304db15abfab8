package harborfall

import (
	"fmt"
	"testing"

	"harbor/game/leveltest"
)

// TestHardDecidesFromItsView: sampled games agree with the seat's view, and
// the hard player chooses the same from any game behind that view.
func TestHardDecidesFromItsView(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			leveltest.Check(t, Rules, leveltest.Configs(n, 60, 61), 97)
		})
	}
}
