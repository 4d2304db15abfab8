package contracttest

import (
	"math"
	"testing"
)

// TestWilsonLow: the bound CheckLevels judges win shares by, at known
// points: nothing won bounds at 0, a fair quarter of 40 games stays well
// under a quarter, and a clear lead over 40 games clears it.
func TestWilsonLow(t *testing.T) {
	for _, c := range []struct {
		wins     float64
		games    int
		low, eps float64
	}{
		{0, 40, 0, 1e-12},
		{10, 40, 0.1272, 0.0005},
		{27, 40, 0.4908, 0.0005},
		{40, 40, 0.8805, 0.0005},
	} {
		if got := wilsonLow(c.wins, c.games); math.Abs(got-c.low) > c.eps {
			t.Errorf("wilsonLow(%v, %d) = %.4f, want %.4f", c.wins, c.games, got, c.low)
		}
	}
}
