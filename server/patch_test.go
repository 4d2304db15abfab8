package server_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"harbor/game"
	"harbor/server"
)

// wantCurrent checks that the state f carries is what seat is sent now.
func wantCurrent(t *testing.T, e *env, id string, f frame, seat game.Seat) {
	t.Helper()
	r, err := e.tables.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := r.StateFor(seat)
	wantRaw, _ := json.Marshal(want)
	var a, b any
	json.Unmarshal(f.D, &a)
	json.Unmarshal(wantRaw, &b)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("version %d: the state is\n %s\nwant\n %s", f.V, f.D, wantRaw)
	}
}

// TestPatchesAfterTheFirstState: a connection gets its whole state first,
// then one patch a move, each naming the frame it applies to, and each
// rebuilding the state the server holds for that seat.
func TestPatchesAfterTheFirstState(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	_, w, id := soloPile(t, e)
	for v := 0; v < 4; v++ {
		w.send("move", v, map[string]any{"type": "take", "n": 1})
		f := w.next("state")
		if f.Patch == nil || f.V != v+1 {
			t.Fatalf("move %d: a %s at version %d, want a patch to version %d", v, f.Raw, f.V, v+1)
		}
		wantCurrent(t, e, id, f, 0)
	}
	first := w.received()[0]
	for _, f := range w.received() {
		if f.T == "state" && f.Patch == nil && f.F != first.F && f.V > 0 {
			t.Fatalf("a whole state after the first: %s", f.Raw)
		}
	}
}

// TestMissedPatchRecovers: a page that loses a patch sees the next one
// name a frame it does not hold, asks for the whole state, gets it, and
// carries on with patches from it.
func TestMissedPatchRecovers(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	_, w, id := soloPile(t, e)
	w.send("move", 0, map[string]any{"type": "take", "n": 1})
	if f := w.next("state"); f.Patch == nil {
		t.Fatalf("not a patch: %s", f.Raw)
	}
	w.mu.Lock()
	w.miss = 1
	w.mu.Unlock()
	w.send("move", 1, map[string]any{"type": "take", "n": 1}) // its patch is lost
	w.send("move", 2, map[string]any{"type": "take", "n": 1}) // its patch does not follow on
	f := w.next("state")
	if f.Patch != nil || f.V != 3 {
		t.Fatalf("after a lost patch: %s, want the whole state at version 3", f.Raw)
	}
	wantCurrent(t, e, id, f, 0)
	w.send("move", 3, map[string]any{"type": "take", "n": 1})
	if f = w.next("state"); f.Patch == nil || f.V != 4 {
		t.Fatalf("after recovering: %s, want a patch to version 4", f.Raw)
	}
	wantCurrent(t, e, id, f, 0)
	w.mu.Lock()
	gaps := w.gaps
	w.mu.Unlock()
	if gaps != 1 {
		t.Fatalf("%d gaps, want 1", gaps)
	}
}

// TestStateOnRequest: a client that asks gets its whole state, once for
// each frame it holds.
func TestStateOnRequest(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	_, w, id := soloPile(t, e)
	w.send("state", 0, struct{}{})
	f := w.next("state")
	if f.Patch != nil || f.V != 0 {
		t.Fatalf("asked for the state: %s", f.Raw)
	}
	wantCurrent(t, e, id, f, 0)
	w.send("state", 0, struct{}{})
	w.quiet(200 * time.Millisecond)
	w.send("move", 0, map[string]any{"type": "take", "n": 1})
	w.next("state")
	w.send("state", 1, struct{}{})
	if f = w.next("state"); f.Patch != nil || f.V != 1 {
		t.Fatalf("asked for the state after a move: %s", f.Raw)
	}
}

// TestWholeStatesWithoutPatches: a client that does not say it applies
// patches (an older page) gets every state whole.
func TestWholeStatesWithoutPatches(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	ana, _, id := soloPile(t, e)
	w := ana.mustDial("table=" + id + "&patch=0")
	w.next("state")
	for v := 0; v < 3; v++ {
		w.send("move", v, map[string]any{"type": "take", "n": 1})
		f := w.next("state")
		if f.Patch != nil {
			t.Fatalf("a patch to a client that takes none: %s", f.Raw)
		}
		wantCurrent(t, e, id, f, 0)
	}
}

// TestReconnectGetsWholeState: after a reconnect the first state is whole,
// and patches follow from it.
func TestReconnectGetsWholeState(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	ana, w, id := soloPile(t, e)
	w.send("move", 0, map[string]any{"type": "take", "n": 1})
	w.next("state")
	w.c.CloseNow()
	w2 := ana.mustDial("table=" + id)
	f := w2.next("state")
	if f.Patch != nil || f.V != 1 {
		t.Fatalf("first state after a reconnect: %s", f.Raw)
	}
	w2.send("move", 1, map[string]any{"type": "take", "n": 1})
	if f = w2.next("state"); f.Patch == nil {
		t.Fatalf("not a patch after the reconnect's state: %s", f.Raw)
	}
	wantCurrent(t, e, id, f, 0)
}
