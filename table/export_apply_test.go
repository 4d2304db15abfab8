package table

import (
	"fmt"
	"slices"
)

// CheckPairs errors when the pairs s keeps are not those an index pass
// over its bytes finds.
func (s *PatchedState) CheckPairs() error {
	if want := indexPairs(s.json); !slices.Equal(s.pairs, want) {
		return fmt.Errorf("kept pairs %v, an index pass finds %v", s.pairs, want)
	}
	return nil
}

// CheckIndex is the check and index pass over doc that applying a patch
// makes of the patch: whether it is JSON, and its pairs.
func CheckIndex(doc []byte) (bool, []int32) {
	p := getPatching()
	defer p.put()
	p.doc[0] = doc
	ok := p.checkIndex(0)
	return ok, slices.Clone(p.known[0])
}
