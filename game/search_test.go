package game

import (
	"slices"
	"testing"
)

// TestClearLeader: the search leaves the rule-based choice (candidate 0)
// only for a lead that stands clear of its noise.
func TestClearLeader(t *testing.T) {
	for _, tc := range []struct {
		name  string
		leads [][]float64 // per candidate, its lead over candidate 0 in each batch
		want  int
	}{
		{"one batch proves nothing", [][]float64{{0}, {1}}, 0},
		{"a steady lead wins", [][]float64{{0, 0, 0}, {0.5, 0.5, 0.5}}, 1},
		{"a noisy lead does not", [][]float64{{0, 0, 0, 0}, {1, -1, 1, -0.5}}, 0},
		{"nor a lead that few batches show", [][]float64{{0, 0, 0, 0}, {1, -0.2, 0.8, 0.2}}, 0},
		{"which more batches make clear", [][]float64{make([]float64, 16), slices.Repeat([]float64{1, -0.2, 0.8, 0.2}, 4)}, 1},
		{"the clearest lead of several", [][]float64{{0, 0, 0}, {0.2, 0.2, 0.2}, {1, 0.9, 1.1}}, 2},
		{"losing moves never", [][]float64{{0, 0}, {-1, -1}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lead := make([]float64, len(tc.leads))
			lead2 := make([]float64, len(tc.leads))
			for i, ds := range tc.leads {
				for _, d := range ds {
					lead[i] += d
					lead2[i] += d * d
				}
			}
			if got := clearLeader(lead, lead2, len(tc.leads[0]), evidence, smallSample); got != tc.want {
				t.Fatalf("got candidate %d, want %d", got, tc.want)
			}
		})
	}
}
