package holdings

import "testing"

func TestHH16_RentIsPaidAtOnce(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 0, 6)
	ev := rollTo(t, s, 0, 3, 3) // Gull Street, base 6
	if !hasFlow(ev, 0, 1, 6, "rent") || s.Cash[0] != 1494 || s.Cash[1] != 1506 || s.Phase != PhaseEnd {
		t.Fatalf("rent: cash %v, phase %v", s.Cash, s.Phase)
	}
}

func TestHH17_NoRentOnYourOwnDistrict(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 0, 3, 6)
	ev := rollTo(t, s, 0, 3, 3)
	if len(flows(ev)) != 0 || s.Cash[0] != 1500 {
		t.Fatalf("own district: flows %v", flows(ev))
	}
}

func TestHH18_RentRisesByBasePerImprovement(t *testing.T) {
	for n := 0; n <= MaxImprovements; n++ {
		s := newGame(t, 2, "")
		give(s, 1, n, 39) // Harbor Heights, base 50, group incomplete
		if got, want := s.Rent(39), 50*(1+n); got != want {
			t.Errorf("HH-18 %d improvements: rent %d, want %d", n, got, want)
		}
	}
}

func TestHH19_WholeGroupDoublesRent(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options string
		levels  int
		want    int
	}{
		{"HH-19 unimproved", "", 0, 12},
		{"HH-19 improved doubles the full rent (HH-G11)", "", 2, 36},
		{"HH-19 option doubleImprovedRent off, improved", `{"doubleImprovedRent":false}`, 2, 18},
		{"HH-19 option doubleImprovedRent off, unimproved", `{"doubleImprovedRent":false}`, 0, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGame(t, 2, tc.options)
			give(s, 1, 0, 6, 8, 9)
			s.Level[6] = int8(tc.levels)
			if got := s.Rent(6); got != tc.want {
				t.Fatalf("rent %d, want %d", got, tc.want)
			}
			ev := rollTo(t, s, 0, 3, 3)
			if !hasFlow(ev, 0, 1, tc.want, "rent") {
				t.Fatalf("landing paid %+v", flows(ev))
			}
		})
	}
}

func TestHH20_NoDoublingWithoutTheWholeGroup(t *testing.T) {
	s := newGame(t, 3, "")
	give(s, 1, 0, 6, 8)
	give(s, 2, 0, 9)
	if s.Rent(6) != 6 || s.Rent(8) != 6 || s.Rent(9) != 8 {
		t.Fatalf("rents %d %d %d", s.Rent(6), s.Rent(8), s.Rent(9))
	}
}

func TestHH21_FerryRentIs25PerFerry(t *testing.T) {
	ferries := []int{5, 15, 25, 35}
	for k := 1; k <= 4; k++ {
		s := newGame(t, 2, "")
		give(s, 1, 0, ferries[:k]...)
		if got := s.Rent(5); got != 25*k {
			t.Errorf("HH-21 %d ferries: rent %d, want %d", k, got, 25*k)
		}
	}
	s := newGame(t, 2, "")
	give(s, 1, 0, 5, 15)
	if ev := rollTo(t, s, 0, 2, 3); !hasFlow(ev, 0, 1, 50, "rent") {
		t.Fatalf("landing on North Ferry paid %+v", flows(ev))
	}
}

func TestHH22_UtilityRentIs20PerUtilityWhateverTheDice(t *testing.T) {
	for _, tc := range []struct {
		owned  []int
		d1, d2 int
		want   int
	}{{[]int{12}, 1, 1, 20}, {[]int{12, 28}, 1, 1, 40}, {[]int{28, 12}, 6, 6, 40}} {
		s := newGame(t, 2, "")
		give(s, 1, 0, tc.owned...)
		s.Pos[0] = int8(12 - tc.d1 - tc.d2)
		ev := rollTo(t, s, 0, tc.d1, tc.d2)
		if s.Pos[0] != 12 || !hasFlow(ev, 0, 1, tc.want, "rent") {
			t.Errorf("HH-22 %v with %d+%d: flows %+v", tc.owned, tc.d1, tc.d2, flows(ev))
		}
	}
}

func TestHH23_NoGroupDoublingForFerriesOrUtilities(t *testing.T) {
	s := newGame(t, 2, "")
	give(s, 1, 0, 5, 15, 25, 35, 12, 28)
	if s.Rent(5) != 100 || s.Rent(12) != 40 {
		t.Fatalf("complete sets: ferry %d utility %d", s.Rent(5), s.Rent(12))
	}
	if s.Rent(1) != 0 {
		t.Fatal("an unowned district charges rent")
	}
}
