package harborfall

import (
	"testing"

	"harbor/game/leveltest"
)

// TestHardDecidesFromItsView: sampled games agree with the seat's view, and
// the hard player chooses the same from any game behind that view.
func TestHardDecidesFromItsView(t *testing.T) {
	leveltest.CheckPlayerCounts(t, Rules, []int{3, 4}, 60)
}
