package table

import (
	"strings"
	"testing"
)

// TestWholeStateWhenShorter: a connection whose state shares nothing with
// the new one is sent the new one whole, not a longer patch; one that
// holds the same base as another gets the same patch, made once.
func TestWholeStateWhenShorter(t *testing.T) {
	f := &viewFrame{v: 2, id: 9, data: []byte(`{"a":1,"b":[1,2,3],"c":"x"}`)}
	if m := f.patchFrom(3, []byte(`{"d":"a long member the new state does not have","e":{"f":1}}`)); m != nil {
		t.Fatalf("a patch longer than the state: %s", m.Bytes())
	}
	m := f.patchFrom(4, []byte(`{"a":1,"b":[1,2,3],"c":"y"}`))
	if m == nil || !strings.HasSuffix(string(m.Bytes()), `"d":{"b":4,"p":{"c":["x"]}}}`) {
		t.Fatalf("patch frame %v", m)
	}
	if again := f.patchFrom(4, nil); again != m {
		t.Fatal("the patch from one base was made twice")
	}
	f.full = NewMsg("state", 2, nil)
	f.done()
}
