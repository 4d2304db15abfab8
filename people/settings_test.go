package people_test

import (
	"testing"
	"time"

	"harbor/people"
)

func TestQuiet(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 7, 1, h, m, 0, 0, time.UTC) }
	tests := []struct {
		p    people.Person
		at   time.Time
		want bool
	}{
		{people.Person{}, at(3, 0), false},
		{people.Person{QuietFrom: 60, QuietTo: 60}, at(1, 0), false},
		{people.Person{QuietFrom: 22 * 60, QuietTo: 7 * 60}, at(23, 0), true},
		{people.Person{QuietFrom: 22 * 60, QuietTo: 7 * 60}, at(6, 59), true},
		{people.Person{QuietFrom: 22 * 60, QuietTo: 7 * 60}, at(7, 0), false},
		{people.Person{QuietFrom: 9 * 60, QuietTo: 17 * 60}, at(12, 0), true},
		{people.Person{QuietFrom: 9 * 60, QuietTo: 17 * 60}, at(8, 59), false},
		{people.Person{QuietFrom: 9 * 60, QuietTo: 17 * 60, Zone: "America/New_York"}, at(12, 0), false}, // 08:00 there
	}
	for _, tc := range tests {
		if got := tc.p.Quiet(tc.at); got != tc.want {
			t.Errorf("%+v at %s: quiet %v, want %v", tc.p, tc.at.Format("15:04"), got, tc.want)
		}
	}
}
