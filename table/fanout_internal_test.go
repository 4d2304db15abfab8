package table

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestWholeStateWhenShorter: a connection whose state shares nothing with
// the new one is sent the new one whole, not a longer patch; one that
// holds the same base as another gets the same patch, made once.
func TestWholeStateWhenShorter(t *testing.T) {
	f := &viewFrame{v: 2, id: 9, data: &indexed{json: []byte(`{"a":1,"b":[1,2,3],"c":"x"}`)}}
	if m := f.patchFrom(3, &indexed{json: []byte(`{"d":"a long member the new state does not have","e":{"f":1}}`)}); m != nil {
		t.Fatalf("a patch longer than the state: %s", m.Bytes())
	}
	m := f.patchFrom(4, &indexed{json: []byte(`{"a":1,"b":[1,2,3],"c":"y"}`)})
	if m == nil || !strings.HasSuffix(string(m.Bytes()), `"d":{"b":4,"p":{"c":["x"]}}}`) {
		t.Fatalf("patch frame %v", m)
	}
	if again := f.patchFrom(4, nil); again != m {
		t.Fatal("the patch from one base was made twice")
	}
	f.full = NewMsg("state", 2, nil)
	f.done()
}

// TestKeptPairs: a patch from a state whose pairs were kept from the
// patch before is the patch made from the bytes alone.
func TestKeptPairs(t *testing.T) {
	states := []string{
		`{"view":{"a":[1,2,{"x":[3]}],"b":{"c":"}]\"{"}},"legal":[{"type":"roll"}],"events":[]}`,
		`{"view":{"a":[1,5,{"x":[3,4]}],"b":{"c":"}]\"{"}},"legal":[],"events":[{"type":"roll","data":[3,4]}]}`,
		`{"view":{"a":[1,5,{"x":[3,4]}],"b":{"c":"[","d":{}}},"legal":[{"type":"end"}],"events":[{"type":"move"}]}`,
		`{"view":{"a":[],"b":{"d":{"e":[[1],[2]]}}},"legal":[{"type":"end"},{"type":"buy","space":3}],"events":[]}`,
	}
	prev := &indexed{json: []byte(states[0])}
	for _, s := range states[1:] {
		cur := &indexed{json: []byte(s)}
		got := appendDiff(nil, prev, cur, true)
		if want := AppendDiff(nil, prev.json, cur.json); string(got) != string(want) {
			t.Fatalf("from kept pairs %s, from the bytes %s", got, want)
		}
		if cur.pairs == nil {
			t.Fatal("the new state's pairs were not kept")
		}
		prev = cur
	}
}

// TestSharedViewPatch: when the view is the same for every viewer, its
// entry is made once and taken for every base that held the same view,
// and so are those of the other members the viewers share (the events),
// wherever they stand; each viewer's patch and kept pairs are still those
// made from the bytes alone: for viewers whose other members differ, for
// a base that held an older view, and for a view that did not change, or
// changed whole.
func TestSharedViewPatch(t *testing.T) {
	views := []string{
		`{"a":[1,2,{"x":[3]}],"b":{"c":"}]\"{"},"h":[[1,2],[3,4]]}`,
		`{"a":[1,5,{"x":[3]}],"b":{"c":"}]\"{"},"h":[[1,2],[3,4],[5,6]]}`,
		`{"a":[1,5,{"x":[3]}],"b":{"c":"}]\"{"},"h":[[1,2],[3,4],[5,6]]}`,
		`{"z":"all new"}`,
	}
	events := []string{`[]`, `[{"type":"roll","data":[3,4]}]`, `[{"type":"buy"},{"type":"end"}]`, `[]`}
	legal := []string{`[]`, `[{"type":"roll"}]`, `[{"type":"end"},{"type":"buy","space":12}]`}
	state := func(step, viewer int) []byte {
		return []byte(`{"view":` + views[step] + `,"legal":` + legal[viewer%len(legal)] +
			`,"seat":` + strconv.Itoa(viewer) + `,"events":` + events[step] + `}`)
	}
	var memo memberMemo
	for step := 1; step < len(views); step++ {
		memo.clear()
		// Each viewer held the state before this one but the last, which
		// missed the frames since the first.
		for viewer := range len(legal) + 2 {
			before := step - 1
			if viewer == len(legal)+1 {
				before = 0
			}
			base := &indexed{json: state(before, viewer+step)}
			base.pairs = indexPairs(base.json)
			next := &indexed{json: state(step, viewer)}
			got := appendDiffShared(nil, base, next, true, &memo)
			if want := AppendDiff(nil, base.json, next.json); string(got) != string(want) {
				t.Fatalf("step %d, viewer %d: patch %s, from the bytes %s", step, viewer, got, want)
			}
			if want := indexPairs(next.json); !slices.Equal(next.pairs, want) {
				t.Fatalf("step %d, viewer %d: kept pairs %v, an index pass finds %v", step, viewer, next.pairs, want)
			}
			for _, key := range []string{`"view"`, `"events"`} {
				if e := memo.find([]byte(key)); e.key == nil {
					t.Fatalf("step %d, viewer %d: the entry of %s was not kept", step, viewer, key)
				}
			}
		}
	}
}
