package table_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"harbor/game"
	_ "harbor/games/holdings"
	"harbor/table"
)

// patchRecorder is a recorder whose client applies patches.
type patchRecorder struct{ recorder }

func (*patchRecorder) Patches() bool { return true }

// client is what a client that applies patches holds: the state its
// frames make, the id of the last one, and how many of them it has read.
type client struct {
	c       *patchRecorder
	read    int
	frame   uint64
	state   []byte
	patches int
}

// catchUp applies the frames sent since the last call: a whole state
// replaces the state held, a patch is checked to name the frame held and
// applied to it.
func (cl *client) catchUp(t *testing.T) {
	t.Helper()
	cl.c.mu.Lock()
	defer cl.c.mu.Unlock()
	for ; cl.read < len(cl.c.frames); cl.read++ {
		var f struct {
			T string
			F uint64
			D json.RawMessage
		}
		if err := json.Unmarshal([]byte(cl.c.frames[cl.read]), &f); err != nil {
			t.Fatal(err)
		}
		switch f.T {
		case "state":
			cl.state = f.D
		case "patch":
			var p struct {
				B uint64
				P json.RawMessage
			}
			if err := json.Unmarshal(f.D, &p); err != nil {
				t.Fatal(err)
			}
			if p.B != cl.frame {
				t.Fatalf("a patch from frame %d to a client that holds frame %d", p.B, cl.frame)
			}
			var err error
			if cl.state, err = table.ApplyPatch(cl.state, p.P); err != nil {
				t.Fatal(err)
			}
			cl.patches++
		default:
			continue
		}
		cl.frame = f.F
	}
}

// TestSharedViewPatches: in a game whose view every viewer sees alike
// (Harbor Holdings), each seat and the TV get patches that rebuild, move
// after move, exactly the state the table holds for them, though the view
// is encoded once and its part of the patches made once for all of them.
func TestSharedViewPatches(t *testing.T) {
	ctx := context.Background()
	tables := table.NewTables(openStore(t), table.Options{})
	defer tables.Close()
	names := []string{"Ana", "Bo", "Cy"}
	keys := make([]string, len(names))
	for i := range keys {
		keys[i] = table.KeyOf(table.NewToken())
	}
	r, err := tables.Create(ctx, "holdings", keys[0], names[0], json.RawMessage(`{"roundLimit":8}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(keys); i++ {
		if err := r.Change(ctx, func(tb *table.Table) error { return tb.Join(keys[i], names[i]) }); err != nil {
			t.Fatal(err)
		}
		if err := r.Change(ctx, func(tb *table.Table) error { return tb.SetReady(keys[i], true) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, keys[0]); err != nil {
		t.Fatal(err)
	}
	if st, _ := r.StateFor(0); !implements[game.SharedView](st.View) {
		t.Fatal("Harbor Holdings' view is not shared by every viewer")
	}
	subs := make([]*table.Sub, len(keys))
	clients := make([]*client, len(keys)+1)
	for i := range clients {
		clients[i] = &client{c: &patchRecorder{}}
		key, tv := "", true
		if i < len(keys) {
			key, tv = keys[i], false
		}
		sub, err := r.Subscribe(clients[i].c, key, tv)
		if err != nil {
			t.Fatal(err)
		}
		if i < len(keys) {
			subs[i] = sub
		}
	}
	for move := 0; r.Table().Status != table.Finished; move++ {
		if move > 2000 {
			t.Fatal("the game never ended")
		}
		st, _ := r.StateFor(game.Public)
		seat := st.Actors[0]
		mine, _ := r.StateFor(seat)
		m, _ := json.Marshal(mine.Legal[move%len(mine.Legal)])
		if err := r.Move(ctx, subs[seat], r.Version(), m); err != nil {
			t.Fatalf("move %d %s: %v", move, m, err)
		}
		for i, c := range clients {
			viewer := game.Seat(i)
			if i == len(keys) {
				viewer = game.Public
			}
			c.catchUp(t)
			got := c.state
			want, _ := r.StateFor(viewer)
			wantRaw, _ := json.Marshal(want)
			var a, b any
			json.Unmarshal(got, &a)
			json.Unmarshal(wantRaw, &b)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("move %d, viewer %d: the client holds\n%s\nnot\n%s", move, viewer, got, wantRaw)
			}
		}
	}
	for i, c := range clients {
		if c.patches == 0 {
			t.Errorf("connection %d was sent no patch", i)
		}
	}
}

func implements[T any](v any) bool {
	_, ok := v.(T)
	return ok
}
