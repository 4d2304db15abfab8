package holdings

// Rent is what landing on district space costs a player other than its
// owner, or 0 when the bank owns it:
//   - a street: base × (1 + improvements) (HH-18), doubled when the owner
//     holds its whole color group (HH-19, HH-20); with the option
//     DoubleImprovedRent off, only an unimproved street doubles (HH-G11);
//   - a ferry: 25 per ferry the owner holds (HH-21);
//   - a utility: 20 per utility the owner holds, whatever the dice (HH-22).
//
// Group doubling never applies to ferries or utilities (HH-23).
func (s *State) Rent(space int) int {
	owner := s.Owner[space]
	if owner < 0 {
		return 0
	}
	base := int(board.rent[space])
	switch board.kind[space] {
	case kStreet:
		n := int(s.Level[space])
		rent := base * (1 + n)
		if s.ownsAll(owner, board.groups[board.group[space]]) && (n == 0 || s.Opts.DoubleImprovedRent) {
			rent *= 2
		}
		return rent
	case kFerry:
		return base * s.countOwned(owner, board.ferries)
	case kUtility:
		return base * s.countOwned(owner, board.utils)
	}
	return 0
}

func (s *State) ownsAll(seat int8, set PropertySet) bool {
	for ; set != 0; set = set.Without(set.First()) {
		if s.Owner[set.First()] != seat {
			return false
		}
	}
	return true
}

func (s *State) countOwned(seat int8, set PropertySet) int {
	n := 0
	for ; set != 0; set = set.Without(set.First()) {
		if s.Owner[set.First()] == seat {
			n++
		}
	}
	return n
}
