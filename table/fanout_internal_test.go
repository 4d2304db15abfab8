package table

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"harbor/game"
	"harbor/game/gametest"
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

// framesConn keeps the frames it is sent, and takes patches.
type framesConn struct{ frames [][]byte }

func (c *framesConn) Send(m *Msg) { c.frames = append(c.frames, bytes.Clone(m.Bytes())) }
func (*framesConn) Close(string)  {}
func (*framesConn) Patches() bool { return true }

// TestOwnViewPatches: in a game whose view differs from viewer to viewer
// (Pile, a secret each, and moves that tell the mover a secret), each
// connection's patch is the one made from its own two states alone, though
// the entries of the members the viewers share are made once for all.
func TestOwnViewPatches(t *testing.T) {
	players := []game.Player{{Name: "Ana"}, {Name: "Bo"}, {Name: "Cy"}}
	g, err := gametest.Definition.New(game.Config{Players: players, Seed: 5, Options: json.RawMessage(`{"size":60,"bag":true}`)})
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{def: gametest.Definition, t: &Table{Status: Playing}, g: g}
	conns := make([]*framesConn, len(players)+1)
	for i := range conns {
		conns[i] = &framesConn{}
		s := &Sub{conn: conns[i], tv: i == len(players), patches: true}
		if !s.tv {
			s.key = strconv.Itoa(i)
			r.t.Seats = append(r.t.Seats, Seat{Kind: Human, Key: s.key})
		}
		r.fan.add(s)
	}
	held := make([][]byte, len(conns))
	bots := make([]game.Computer, len(players))
	for i := range bots {
		bots[i] = gametest.Definition.NewBot(game.Seat(i), uint64(i))
	}
	patches := 0
	for move := 0; !r.g.Result().Over; move++ {
		r.t.Version++
		r.broadcastState()
		for i, c := range conns {
			viewer := game.Seat(i)
			if i == len(players) {
				viewer = game.Public
			}
			want := newFrame("state", 0, 0, ptr(r.stateView(viewer, sharedParts{})))
			state := want.Bytes()[len(`{"t":"state","v":0,"d":`) : len(want.Bytes())-1]
			var f struct {
				T string
				D struct{ P json.RawMessage }
			}
			last := c.frames[len(c.frames)-1]
			if err := json.Unmarshal(last, &f); err != nil {
				t.Fatal(err)
			}
			if f.T == "patch" {
				if made := AppendDiff(nil, held[i], state); string(f.D.P) != string(made) {
					t.Fatalf("move %d, viewer %d: patch %s, from the two states %s", move, viewer, f.D.P, made)
				}
				patches++
			}
			held[i] = bytes.Clone(state)
			want.Done()
		}
		seat := r.g.Actors().List()[0]
		m, err := bots[seat].Move(r.g, seat)
		if err != nil {
			t.Fatal(err)
		}
		var log game.Log
		if err := r.g.Apply(seat, m, &log); err != nil {
			t.Fatal(err)
		}
		r.events = log.Events
	}
	if patches == 0 {
		t.Fatal("no patch was sent")
	}
}

func ptr[T any](v T) *T { return &v }

// TestAppendType: a frame's type is quoted as strconv.AppendQuote quotes
// it, whatever it holds.
func TestAppendType(t *testing.T) {
	for _, typ := range []string{"state", "patch", "lobby", "error", "", "Said", "a b", `q"`, "é", "x\n"} {
		if got, want := appendType(nil, typ), strconv.AppendQuote(nil, typ); string(got) != string(want) {
			t.Errorf("%q: %s, want %s", typ, got, want)
		}
	}
}
