package table

import (
	"slices"
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
// and each viewer's patch and kept pairs are still those made from the
// bytes alone: for viewers whose other members differ, for a base that
// held an older view, and for a view that did not change, or changed
// whole.
func TestSharedViewPatch(t *testing.T) {
	views := []string{
		`{"a":[1,2,{"x":[3]}],"b":{"c":"}]\"{"},"h":[[1,2],[3,4]]}`,
		`{"a":[1,5,{"x":[3]}],"b":{"c":"}]\"{"},"h":[[1,2],[3,4],[5,6]]}`,
		`{"a":[1,5,{"x":[3]}],"b":{"c":"}]\"{"},"h":[[1,2],[3,4],[5,6]]}`,
		`{"z":"all new"}`,
	}
	rests := []string{
		`"legal":[],"seat":-1,"events":[]`,
		`"legal":[{"type":"roll"}],"seat":0,"events":[{"type":"roll"}]`,
		`"legal":[{"type":"end"},{"type":"buy"}],"seat":1,"deadline":5`,
	}
	state := func(view, rest int) []byte {
		return []byte(`{"view":` + views[view] + `,` + rests[rest] + `}`)
	}
	var memo firstMemo
	for step := 1; step < len(views); step++ {
		memo.clear()
		// Each viewer held the view before this one but one (the last),
		// which held the first view, missing frames since.
		for viewer := range len(rests) + 1 {
			baseView := step - 1
			if viewer == len(rests) {
				baseView = 0
			}
			rest := viewer % len(rests)
			base := &indexed{json: state(baseView, (rest+step)%len(rests))}
			base.pairs = indexPairs(base.json)
			next := &indexed{json: state(step, rest)}
			got := appendDiffShared(nil, base, next, true, &memo)
			if want := AppendDiff(nil, base.json, next.json); string(got) != string(want) {
				t.Fatalf("step %d, viewer %d: patch %s, from the bytes %s", step, viewer, got, want)
			}
			if want := indexPairs(next.json); !slices.Equal(next.pairs, want) {
				t.Fatalf("step %d, viewer %d: kept pairs %v, an index pass finds %v", step, viewer, next.pairs, want)
			}
			if !memo.ok || string(memo.b) != views[step] {
				t.Fatalf("step %d, viewer %d: the view's entry was not kept", step, viewer)
			}
		}
	}
}
