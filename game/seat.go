package game

import "math/bits"

// Seat is a player's place at the table, numbered from 0 in seat order.
type Seat int

// Public is the viewer that is no seat: the TV screen and spectators. A view
// for Public contains only what every person at the table may see.
const Public Seat = -1

// MaxSeats is the largest number of seats any game supports.
const MaxSeats = 8

// SeatSet is a set of seats, as a bit set. The zero value is empty. It never
// allocates, so engines can return it from hot paths.
type SeatSet uint64

// Seats returns the set holding exactly the given seats.
func Seats(seats ...Seat) SeatSet {
	var s SeatSet
	for _, seat := range seats {
		s = s.With(seat)
	}
	return s
}

// AllSeats returns the set of seats 0..n-1.
func AllSeats(n int) SeatSet { return SeatSet(1)<<uint(n) - 1 }

// Has reports whether seat is in the set.
func (s SeatSet) Has(seat Seat) bool { return seat >= 0 && s&(1<<uint(seat)) != 0 }

// With returns the set with seat added.
func (s SeatSet) With(seat Seat) SeatSet { return s | 1<<uint(seat) }

// Without returns the set with seat removed.
func (s SeatSet) Without(seat Seat) SeatSet { return s &^ (1 << uint(seat)) }

// Len returns the number of seats in the set.
func (s SeatSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Empty reports whether the set has no seats.
func (s SeatSet) Empty() bool { return s == 0 }

// First returns the lowest seat in the set, or Public when it is empty.
func (s SeatSet) First() Seat {
	if s == 0 {
		return Public
	}
	return Seat(bits.TrailingZeros64(uint64(s)))
}

// Nth returns the i-th lowest seat in the set (from 0); Public if i is out of range.
func (s SeatSet) Nth(i int) Seat {
	for ; s != 0; i-- {
		seat := s.First()
		if i == 0 {
			return seat
		}
		s = s.Without(seat)
	}
	return Public
}

// List returns the seats in ascending order.
func (s SeatSet) List() []Seat {
	out := make([]Seat, 0, s.Len())
	for ; s != 0; s = s.Without(s.First()) {
		out = append(out, s.First())
	}
	return out
}
