package table

import (
	"testing"
	"time"
)

// TestThinkingTimeShrinksWhenBusy: a hard decision thinks the whole budget
// while there are cores to spare, and shares them out when there are not.
func TestThinkingTimeShrinksWhenBusy(t *testing.T) {
	for _, tc := range []struct {
		name    string
		budget  time.Duration
		n, cpus int
		want    time.Duration
	}{
		{"default budget, quiet server", 0, 1, 2, DefaultHardBudget},
		{"as many decisions as cores", 300 * time.Millisecond, 2, 2, 300 * time.Millisecond},
		{"twice as many", 300 * time.Millisecond, 4, 2, 150 * time.Millisecond},
		{"ten on two cores", time.Second, 10, 2, 200 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := &Tables{hardTime: tc.budget}
			if got := ts.thinkingTime(tc.n, tc.cpus); got != tc.want {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}
