package game

import "testing"

func TestNumberGroupsThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 1531: "1,531", 12000: "12,000",
		123456: "123,456", 1234567: "1,234,567", -5: "-5", -1531: "-1,531", -123456: "-123,456"} {
		if got := Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
}
