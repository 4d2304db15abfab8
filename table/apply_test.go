package table_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"harbor/game"
	"harbor/table"
)

// seatPatches is the patches between the states seat 1 is sent through a
// game of d, in turn, after the first state.
func seatPatches(b *testing.B, d game.Definition) (first []byte, patches [][]byte) {
	states := seatChain(b, d)
	for k := 1; k < len(states); k++ {
		patches = append(patches, table.AppendDiff(nil, states[k-1], states[k]))
	}
	return states[0], patches
}

// BenchmarkApplyPatches applies a seat's patches through a game of each
// game in turn, each to the state the one before made, as a client that
// holds many connections does (one patch an op): with AppendPatchedOn,
// which indexes each state again ("on"), and with a PatchedState, which
// keeps the index of each state it makes ("kept").
func BenchmarkApplyPatches(b *testing.B) {
	for _, d := range game.All() {
		first, patches := seatPatches(b, d)
		b.Run(d.Info().ID+"/on", func(b *testing.B) {
			state, spare := append([]byte(nil), first...), []byte(nil)
			b.ReportAllocs()
			reportCPU(b, func(i int) {
				k := i % len(patches)
				if k == 0 {
					state = append(state[:0], first...)
				}
				next, err := table.AppendPatchedOn(spare[:0], state, patches[k])
				if err != nil {
					b.Fatal(err)
				}
				state, spare = next, state
			})
		})
		b.Run(d.Info().ID+"/kept", func(b *testing.B) {
			var s table.PatchedState
			b.ReportAllocs()
			reportCPU(b, func(i int) {
				k := i % len(patches)
				if k == 0 {
					if err := s.Set(first); err != nil {
						b.Fatal(err)
					}
				}
				if err := s.Apply(patches[k]); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// TestPatchedStateGames: for every viewer of every game, through a game of
// computer players, a PatchedState that applies each patch in turn holds
// the state AppendPatchedOn makes, which is JSON without a further check,
// and keeps the pairs an index pass over it finds.
func TestPatchedStateGames(t *testing.T) {
	for _, d := range game.All() {
		t.Run(d.Info().ID, func(t *testing.T) {
			prev := map[game.Seat][]byte{}
			held := map[game.Seat]*table.PatchedState{}
			playViews(t, d, 7, 150, func(_ int, v table.StateView) {
				cur, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				s := held[v.Seat]
				if s == nil {
					s = &table.PatchedState{}
					held[v.Seat] = s
					if err := s.Set(cur); err != nil {
						t.Fatal(err)
					}
				} else {
					p := table.AppendDiff(nil, prev[v.Seat], cur)
					before := bytes.Clone(s.JSON())
					if err := s.Apply(p); err != nil {
						t.Fatalf("%s does not apply: %v", p, err)
					}
					want, err := table.AppendPatchedOn(nil, before, p)
					if err != nil || !bytes.Equal(s.JSON(), want) {
						t.Fatalf("%s applied in turn and by AppendPatchedOn (%v) differ", p, err)
					}
					if !json.Valid(s.JSON()) || !sameValue(t, s.JSON(), cur) {
						t.Fatalf("%s applied in turn made %s, want %s", p, s.JSON(), cur)
					}
				}
				if err := s.CheckPairs(); err != nil {
					t.Fatal(err)
				}
				prev[v.Seat] = cur
			})
		})
	}
}

// TestPatchedStateRefuses: a patch that does not fit is refused, and the
// state stays as it was; a state that is not a JSON object is refused.
func TestPatchedStateRefuses(t *testing.T) {
	for _, tc := range []struct{ base, patch string }{
		{`{"a":[[1]]}`, `{"a":{"0":{"0":[]}}}`},
		{`{"a":{"b":[1]}}`, `{"a":{"b":{"n":-1}}}`},
		{`{"a":[1]}`, `{"a":{"n":2}}`},
		{`{"a":{}}`, `{"a":{"b":{"c":[1]}}}`},
		{`{"a":"x"}`, `{"a":{}}`},
		{`{"a":1}`, `{"a":[2],}`},
		{`{"a":1}`, `{"a":[01]}`},
		{`{"a":1}`, `{"a":["\x"]}`},
		{`{"a":1}`, `{"a":[tru]}`},
		{`{"a":1}`, `{"a":[1]} x`},
	} {
		var s table.PatchedState
		if err := s.Set([]byte(tc.base)); err != nil {
			t.Fatal(err)
		}
		if err := s.Apply([]byte(tc.patch)); err == nil {
			t.Errorf("%s patched with %s made %s", tc.base, tc.patch, s.JSON())
		}
		if string(s.JSON()) != tc.base {
			t.Errorf("%s refused %s and became %s", tc.base, tc.patch, s.JSON())
		}
	}
	var s table.PatchedState
	for _, bad := range []string{`[1]`, `{"a":}`, ``, `{"a":1} x`} {
		if s.Set([]byte(bad)) == nil || s.JSON() != nil || s.Apply([]byte(`{}`)) == nil {
			t.Errorf("the state %q is taken", bad)
		}
	}
}

// FuzzCheckIndex: the check a patch gets as it is applied takes what
// json.Valid takes, and finds the pairs an index pass finds.
func FuzzCheckIndex(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":2}],"c":"x\u00e9\n"}`, `[-0.5e+3, true, false, null, ""]`, `{"a":01}`, `"\uZZZZ"`, "{\"\x01\":1}", ` { } `, `[[[]]]`, `1.`, `{"a" 1}`, `[1,]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		ok, pairs := table.CheckIndex(doc)
		if ok != json.Valid(doc) {
			t.Fatalf("%q: checked %v, json.Valid %v", doc, ok, !ok)
		}
		if !ok {
			return
		}
		var s table.PatchedState
		if s.Set(doc) == nil {
			if err := s.CheckPairs(); err != nil {
				t.Fatalf("%q: %v (checked %v)", doc, err, pairs)
			}
		}
	})
}

// FuzzPatchedState: any patch applied to any object through a
// PatchedState is refused when AppendPatched refuses it, and else makes
// what it makes, JSON, with the pairs an index pass finds.
func FuzzPatchedState(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":2}],"c":"x"}`), []byte(`{"a":{"1":{"b":[3]},"n":3,"2":[4]},"c":[]}`))
	f.Add([]byte(`{"a":[1]}`), []byte(`{"a":{"0":{"x":[1]}}}`))
	f.Add([]byte(`{"a":{}}`), []byte(`{"a":{"k":[ ]},"b":[null]}`))
	f.Add([]byte(`{"a":[[1],{"b":[2]}],"c":{"d":[]}}`), []byte(`{"a":{"1":{"b":{"0":[[3,{}]]}},"n":3,"2":[{"e":[]}]},"f":[[{}]]}`))
	f.Fuzz(func(t *testing.T, base, patch []byte) {
		var s table.PatchedState
		if err := s.Set(base); err != nil {
			return
		}
		want, wantErr := table.AppendPatched(nil, base, patch)
		err := s.Apply(patch)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%s patched with %s: %v, AppendPatched %v", base, patch, err, wantErr)
		}
		if err != nil {
			if !bytes.Equal(s.JSON(), bytes.TrimSpace(base)) {
				t.Fatalf("%s refused %s and became %s", base, patch, s.JSON())
			}
			return
		}
		if !bytes.Equal(s.JSON(), want) || !json.Valid(s.JSON()) {
			t.Fatalf("%s patched with %s: %s, AppendPatched %s", base, patch, s.JSON(), want)
		}
		if err := s.CheckPairs(); err != nil {
			t.Fatalf("%s patched with %s: %v", base, patch, err)
		}
	})
}

// TestPatchedStateSpaces: members and elements a patch leaves alone are
// copied in runs where the state has no spaces between them, and one by
// one where it has; either way the state is the patched value, with the
// pairs an index pass finds.
func TestPatchedStateSpaces(t *testing.T) {
	for _, base := range []string{
		`{"a":[1,[2],{"b":3},4,5],"c":{"d":[6],"e":7,"f":{}},"g":8}`,
		` { "a" : [ 1 , [2] ,{"b":3}, 4,5 ] ,"c":{"d": [6] , "e":7,"f":{}} , "g" : 8 } `,
	} {
		patch := []byte(`{"a":{"1":{"0":[9]},"3":[[]]},"c":{"e":[]},"h":[{"i":[]}]}`)
		var s table.PatchedState
		if err := s.Set([]byte(base)); err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(patch); err != nil {
			t.Fatal(err)
		}
		want, err := table.ApplyPatch([]byte(base), patch)
		if err != nil || !sameValue(t, s.JSON(), want) {
			t.Fatalf("%s patched made %s, want %s (%v)", base, s.JSON(), want, err)
		}
		if err := s.CheckPairs(); err != nil {
			t.Fatalf("%s: %v", base, err)
		}
	}
}

// TestCheckIndexDepth: the check takes objects and arrays nested as
// deeply as json.Valid takes them, and no deeper.
func TestCheckIndexDepth(t *testing.T) {
	for _, depth := range []int{9999, 10000, 10001} {
		for _, open := range []string{"[", `{"a":`} {
			close := map[string]string{"[": "]", `{"a":`: "}"}[open]
			doc := []byte(strings.Repeat(open, depth) + "1" + strings.Repeat(close, depth))
			if ok, _ := table.CheckIndex(doc); ok != json.Valid(doc) {
				t.Errorf("%d deep %s: checked %v, json.Valid %v", depth, open, ok, !ok)
			}
		}
	}
}
