package table_test

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"

	"harbor/game"
	_ "harbor/games/all"
	"harbor/table"
)

// sameValue reports whether two JSON texts hold the same value.
func sameValue(t testing.TB, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%v in %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	return reflect.DeepEqual(x, y)
}

// roundTrip checks that the patch from a to b turns a into b and holds
// nothing of b's that b does not hold where it says.
func roundTrip(t testing.TB, a, b []byte) []byte {
	t.Helper()
	p := table.AppendDiff(nil, a, b)
	got, err := table.ApplyPatch(a, p)
	if err != nil {
		t.Fatalf("patch %s does not apply to %s: %v", p, a, err)
	}
	if !sameValue(t, got, b) {
		t.Fatalf("patch %s of\n %s\nmade\n %s\nwant\n %s", p, a, got, b)
	}
	if err := table.PatchWithin(p, b); err != nil {
		t.Fatalf("patch %s holds what %s does not: %v", p, b, err)
	}
	fast, err := table.AppendPatched(nil, a, p)
	if err != nil || !json.Valid(fast) || !sameValue(t, fast, b) {
		t.Fatalf("AppendPatched of %s with %s made %s (%v), want %s", a, p, fast, err, b)
	}
	if on, err := table.AppendPatchedOn(nil, a, p); err != nil || !bytes.Equal(on, fast) {
		t.Fatalf("AppendPatchedOn of %s with %s made %s (%v), want %s", a, p, on, err, fast)
	}
	return p
}

// TestAppendPatchedRefuses: a patch that does not fit is refused, as
// ApplyPatch refuses it.
func TestAppendPatchedRefuses(t *testing.T) {
	for _, tc := range []struct{ base, patch string }{
		{`{"a":1}`, `{"a":{"b":[1]}}`},
		{`{"a":[1]}`, `{"a":{"n":3,"1":[2]}}`},
		{`{"a":[1]}`, `{"a":{"0":[]}}`},
		{`{"a":[1]}`, `{"a":{"n":"x"}}`},
		{`{}`, `{"a":{"b":[1]}}`},
		{`[1]`, `{}`},
		{`{"a":1}`, `[1]`},
		{`{"a":1}`, `{"a":[2]`},
		{`{"a":1}`, `{"a":[2]]}`},
	} {
		if out, err := table.AppendPatched(nil, []byte(tc.base), []byte(tc.patch)); err == nil {
			t.Errorf("%s patched with %s made %s", tc.base, tc.patch, out)
		}
		if out, err := table.AppendPatchedOn(nil, []byte(tc.base), []byte(tc.patch)); err == nil {
			t.Errorf("AppendPatchedOn: %s patched with %s made %s", tc.base, tc.patch, out)
		}
		if _, err := table.ApplyPatch([]byte(tc.base), []byte(tc.patch)); err == nil && tc.base[0] == '{' && tc.patch[0] == '{' {
			t.Errorf("ApplyPatch takes %s for %s", tc.patch, tc.base)
		}
	}
}

func TestPatchCases(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{`{"a":1,"b":2}`, `{"a":1,"b":2}`, `{}`},
		{`{"a":1,"b":2}`, `{"a":1,"b":3}`, `{"b":[3]}`},
		{`{"a":1,"b":2}`, `{"a":1}`, `{"b":[]}`},
		{`{"a":1}`, `{"b":null,"a":1}`, `{"b":[null]}`},
		{`{"a":{"x":[1,2,3,4,5,6,7,8,9],"y":"long enough to patch"}}`, `{"a":{"x":[1,2,3,4,5,6,7,8,0],"y":"long enough to patch"}}`, `{"a":{"x":{"8":[0]}}}`},
		{`{"a":[1,2,3]}`, `{"a":[1,2]}`, `{"a":{"n":2}}`},
		{`{"a":["a long string","another long string","a third"]}`, `{"a":["a long string","another long string"]}`, `{"a":{"n":2}}`},
		{`{"a":["a long string","another long string"]}`, `{"a":["a long string","another long string","a third"]}`, `{"a":{"n":3,"2":["a third"]}}`},
		{`{"a":{"k":1}}`, `{"a":[1]}`, `{"a":[[1]]}`},
		{`{"s":"a \"quoted\" }] string","t":1}`, `{"s":"a \"quoted\" }] string","t":2}`, `{"t":[2]}`},
		{`{ "a" : [ 1 , 2 ] , "b" : {} }`, `{"a":[1,3],"b":{}}`, `{"a":[[1,3]]}`},
	} {
		p := roundTrip(t, []byte(tc.a), []byte(tc.b))
		if string(p) != tc.want {
			t.Errorf("patch of %s into %s is %s, want %s", tc.a, tc.b, p, tc.want)
		}
	}
}

// TestPatchWithinRefuses: the check of a patch's contents finds a value
// that its result does not hold.
func TestPatchWithinRefuses(t *testing.T) {
	for _, tc := range []struct{ patch, next string }{
		{`{"a":["secret"]}`, `{"a":"public"}`},
		{`{"b":[1]}`, `{"a":1}`},
		{`{"a":[]}`, `{"a":1}`},
		{`{"a":{"n":3}}`, `{"a":[1,2]}`},
		{`{"a":{"x":["hand"]}}`, `{"a":{}}`},
	} {
		if table.PatchWithin([]byte(tc.patch), []byte(tc.next)) == nil {
			t.Errorf("%s passes as within %s", tc.patch, tc.next)
		}
	}
}

// TestPatchGames: for every viewer of every game, through a game of
// computer players, the patch from each state to the next rebuilds the
// next exactly and holds nothing it does not, and is the same made from
// the pairs the state before kept; patches are smaller than the states
// they replace.
func TestPatchGames(t *testing.T) {
	for _, d := range game.All() {
		t.Run(d.Info().ID, func(t *testing.T) {
			prev := map[game.Seat][]byte{}
			chains := map[game.Seat]*table.PatchChain{}
			var full, patched int
			playViews(t, d, 11, 150, func(_ int, v table.StateView) {
				cur, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				if chains[v.Seat] == nil {
					chains[v.Seat] = &table.PatchChain{}
				}
				kept, err := chains[v.Seat].Next(cur)
				if err != nil {
					t.Fatal(err)
				}
				if p := prev[v.Seat]; p != nil {
					full += len(cur)
					p := roundTrip(t, p, cur)
					if !bytes.Equal(kept, p) {
						t.Fatalf("from kept pairs %s, from the bytes %s", kept, p)
					}
					patched += min(len(cur), len(p))
				}
				prev[v.Seat] = cur
			})
			if patched >= full {
				t.Fatalf("patches of %d bytes for states of %d", patched, full)
			}
			t.Logf("%s: patches %d bytes for states of %d (%.0f%%)", d.Info().ID, patched, full, 100*float64(patched)/float64(full))
		})
	}
}

// FuzzPatch: the patch between any two JSON objects turns the first into
// the second.
func FuzzPatch(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":2}],"c":"x"}`), []byte(`{"a":[1,{"b":3},4],"d":null}`))
	f.Add([]byte(`{"v":{"hand":[1,2,3]}}`), []byte(`{"v":{"hand":[1,2]}}`))
	f.Add([]byte(`{"a":"\"}"}`), []byte(`{"a":"\\"}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var x, y map[string]any
		if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil || x == nil || y == nil {
			return // null decodes into a nil map: a state is always an object
		}
		// The server diffs what encoding/json writes.
		a, _ = json.Marshal(x)
		b, _ = json.Marshal(y)
		p := roundTrip(t, a, b)
		// As a connection gets them: a, b and a again, each patch made
		// from the pairs the one before kept.
		var c table.PatchChain
		for i, next := range [][]byte{a, b, a} {
			kept, err := c.Next(next)
			if err != nil {
				t.Fatal(err)
			}
			if i == 1 && !bytes.Equal(kept, p) {
				t.Fatalf("from kept pairs %s, from the bytes %s", kept, p)
			}
		}
	})
}

var update = flag.Bool("update", false, "rewrite web/test/patches.json")

// patchFixture is a chain of a viewer's states as the server sends them:
// the first whole, then patches, and the state they make at the end. The
// browser's tests apply it (web/test/patch.test.ts), so the two sides
// agree on real games.
type patchFixture struct {
	Game    string            `json:"game"`
	Seat    game.Seat         `json:"seat"`
	First   json.RawMessage   `json:"first"`
	Patches []json.RawMessage `json:"patches"`
	Last    json.RawMessage   `json:"last"`
	// Events are each state's events, the first's and those of the state
	// each patch makes, as the page reads them: long form, ids whole, every
	// name back (protocol.ts, decodeState).
	Events [][]readEvent `json:"events"`
}

// readEvent is an event as the page reads it (GameEvent in protocol.ts).
type readEvent struct {
	Type string    `json:"type"`
	Seat game.Seat `json:"seat"`
	Text string    `json:"text"`
	Msg  *game.Msg `json:"msg,omitempty"`
	Data any       `json:"data,omitempty"`
}

// TestPatchFixture: web/test/patches.json is what the server makes today
// for the first moves of each registered game, its states naming their
// seats, with each state's events as the page should read them (-update
// rewrites it).
func TestPatchFixture(t *testing.T) {
	var fixtures []patchFixture
	for _, d := range game.All() {
		id := d.Info().ID
		if d.Info().Test.Only {
			t.Logf("%s: a game for tests only, with no screens that apply patches", id)
			continue
		}
		f := patchFixture{Game: id, Seat: 1}
		playViews(t, d, 3, 12, func(_ int, v table.StateView) {
			if v.Seat != f.Seat {
				return
			}
			v.Names = seatNames(d.Info().MaxPlayers)
			read := []readEvent{}
			for _, e := range v.Events {
				r := readEvent{Type: e.Type, Seat: e.Seat, Msg: e.Msg, Data: e.Data}
				if e.Msg == nil {
					r.Text = e.Text
				}
				read = append(read, r)
			}
			f.Events = append(f.Events, read)
			cur, _ := json.Marshal(v)
			if f.First == nil {
				f.First = cur
			} else {
				f.Patches = append(f.Patches, roundTrip(t, f.Last, cur))
			}
			f.Last = cur
		})
		fixtures = append(fixtures, f)
	}
	got, err := json.Marshal(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	const path = "../web/test/patches.json"
	if *update {
		if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSpace(want), got) {
		t.Fatalf("%s is not what the server makes today: rerun with -update", path)
	}
}

// seatChain is the states seat 1 is sent through a game of d, whole.
func seatChain(b *testing.B, d game.Definition) [][]byte {
	var states [][]byte
	playViews(&testing.T{}, d, 5, 400, func(_ int, v table.StateView) {
		if v.Seat == 1 {
			cur, _ := json.Marshal(v)
			states = append(states, cur)
		}
	})
	if len(states) < 2 {
		b.Fatalf("%s: %d states", d.Info().ID, len(states))
	}
	return states
}

// BenchmarkDiff makes the patch from each of a seat's states to the next,
// through a game of each game (one patch an op), beside encoding the state
// itself.
func BenchmarkDiff(b *testing.B) {
	for _, d := range game.All() {
		states := seatChain(b, d)
		b.Run(d.Info().ID, func(b *testing.B) {
			var buf []byte
			b.ReportAllocs()
			reportCPU(b, func(i int) {
				k := 1 + i%(len(states)-1)
				buf = table.AppendDiff(buf[:0], states[k-1], states[k])
			})
		})
	}
}

// BenchmarkDiffKept is BenchmarkDiff as the fan-out makes each patch: from
// a state whose pairs the patch before kept, keeping the new state's.
func BenchmarkDiffKept(b *testing.B) {
	for _, d := range game.All() {
		states := seatChain(b, d)
		bases := make([]*table.Indexed, len(states))
		for k := range states {
			bases[k] = table.NewIndexed(states[k])
		}
		b.Run(d.Info().ID, func(b *testing.B) {
			var buf []byte
			b.ReportAllocs()
			reportCPU(b, func(i int) {
				k := 1 + i%(len(states)-1)
				buf = table.DiffKept(buf[:0], bases[k-1], states[k])
			})
		})
	}
}

// BenchmarkBroadcastPatches makes the patches of one move for every viewer
// (each seat and the public) of a game whose view every viewer shares, each
// from the viewer's state before, as the fan-out does: with the entries of
// the members they share (the view, the events) made once ("shared"), and
// made for each viewer ("each").
func BenchmarkBroadcastPatches(b *testing.B) {
	for _, d := range game.All() {
		var states [][][]byte // by step, then viewer
		shared := true
		playViews(&testing.T{}, d, 5, 400, func(step int, v table.StateView) {
			_, ok := v.View.(game.SharedView)
			shared = shared && ok
			for len(states) <= step {
				states = append(states, nil)
			}
			cur, _ := json.Marshal(v)
			states[step] = append(states[step], cur)
		})
		if !shared {
			continue
		}
		bases := make([][]*table.Indexed, len(states))
		for k := range states {
			for _, s := range states[k] {
				bases[k] = append(bases[k], table.NewIndexed(s))
			}
		}
		for _, mode := range []string{"each", "shared"} {
			b.Run(d.Info().ID+"/"+mode, func(b *testing.B) {
				var (
					buf  []byte
					memo table.MemberMemo
				)
				reportCPU(b, func(i int) {
					k := 1 + i%(len(states)-1)
					memo.Clear()
					for v := range states[k] {
						if mode == "each" {
							buf = table.DiffKept(buf[:0], bases[k-1][v], states[k][v])
						} else {
							buf = table.DiffShared(buf[:0], bases[k-1][v], states[k][v], &memo)
						}
					}
				})
			})
		}
	}
}

// BenchmarkDeflate compresses each of a seat's frames, whole or as
// patches, as permessage-deflate does on the server (compress/flate at
// BestSpeed, flushed at the end of each message): with one compressor
// that keeps its window from message to message (context takeover), or
// afresh for each. It reports the CPU and the bytes a frame.
func BenchmarkDeflate(b *testing.B) {
	for _, d := range game.All() {
		states := seatChain(b, d)
		frames := map[string][][]byte{"whole": states[1:]}
		for k := 1; k < len(states); k++ {
			frames["patch"] = append(frames["patch"], table.AppendDiff(nil, states[k-1], states[k]))
		}
		for _, kind := range []string{"whole", "patch"} {
			for _, takeover := range []bool{true, false} {
				name := d.Info().ID + "/" + kind + "/fresh"
				if takeover {
					name = d.Info().ID + "/" + kind + "/takeover"
				}
				b.Run(name, func(b *testing.B) {
					var out bytes.Buffer
					w, _ := flate.NewWriter(&out, flate.BestSpeed)
					var raw, sent int
					reportCPU(b, func(i int) {
						f := frames[kind][i%len(frames[kind])]
						if !takeover {
							w.Reset(&out)
						}
						w.Write(f)
						w.Flush()
						raw, sent = raw+len(f), sent+out.Len()
						out.Reset()
					})
					b.ReportMetric(float64(raw)/float64(b.N), "raw-bytes/frame")
					b.ReportMetric(float64(sent)/float64(b.N), "deflated-bytes/frame")
				})
			}
		}
	}
}

// FuzzAppendPatched: any patch applied to any object either is refused or
// makes JSON, and ApplyPatch makes the same value of it.
func FuzzAppendPatched(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":2}],"c":"x"}`), []byte(`{"a":{"1":{"b":[3]},"n":3,"2":[4]},"c":[]}`))
	f.Add([]byte(`{"a":[1]}`), []byte(`{"a":{"0":{"x":[1]}}}`))
	f.Add([]byte(`{"a":{}}`), []byte(`{"a":{"k":[ ]},"b":[null]}`))
	f.Fuzz(func(t *testing.T, base, patch []byte) {
		out, err := table.AppendPatched(nil, base, patch)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("%s patched with %s made %s", base, patch, out)
		}
		if slow, err := table.ApplyPatch(base, patch); err == nil && !sameValue(t, out, slow) {
			t.Fatalf("%s patched with %s: %s on the bytes, %s decoded", base, patch, out, slow)
		}
	})
}
