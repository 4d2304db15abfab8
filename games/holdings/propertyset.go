package holdings

import (
	"encoding/json"
	"fmt"
	"math/bits"
)

// PropertySet is a set of board spaces as a bit set (bit i is space i). In
// JSON it is a list of space indexes in ascending order, so moves and views
// read naturally ({"properties":[1,3]}) while the state stays a plain number.
type PropertySet uint64

// With returns the set with space i added.
func (p PropertySet) With(i int) PropertySet { return p | 1<<uint(i) }

// Without returns the set with space i removed.
func (p PropertySet) Without(i int) PropertySet { return p &^ (1 << uint(i)) }

// Has reports whether space i is in the set.
func (p PropertySet) Has(i int) bool { return i >= 0 && i < 64 && p&(1<<uint(i)) != 0 }

// Len returns the number of spaces in the set.
func (p PropertySet) Len() int { return bits.OnesCount64(uint64(p)) }

// First returns the lowest space in the set, or -1 when it is empty.
func (p PropertySet) First() int {
	if p == 0 {
		return -1
	}
	return bits.TrailingZeros64(uint64(p))
}

// List returns the spaces in ascending order.
func (p PropertySet) List() []int {
	out := make([]int, 0, p.Len())
	for ; p != 0; p = p.Without(p.First()) {
		out = append(out, p.First())
	}
	return out
}

// MarshalJSON encodes the set as a list of space indexes.
func (p PropertySet) MarshalJSON() ([]byte, error) {
	return json.Marshal(p.List())
}

// UnmarshalJSON decodes a list of space indexes; an index off the board or
// listed twice is refused.
func (p *PropertySet) UnmarshalJSON(raw []byte) error {
	var list []int
	if err := json.Unmarshal(raw, &list); err != nil {
		return err
	}
	var set PropertySet
	for _, i := range list {
		if i < 0 || i >= NumSpaces {
			return fmt.Errorf("space %d is not on the board", i)
		}
		if set.Has(i) {
			return fmt.Errorf("space %d is listed twice", i)
		}
		set = set.With(i)
	}
	*p = set
	return nil
}
