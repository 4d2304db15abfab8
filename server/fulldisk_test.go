package server_test

import (
	"context"
	"strings"
	"testing"

	"harbor"
	"harbor/server"
)

// TestFullDisk fills the database (capped at its current size, a full
// disk's stand-in): the move that does not fit is refused with a clear
// error, every acknowledged move is stored, and play resumes when there is
// room again.
func TestFullDisk(t *testing.T) {
	limits := server.DefaultLimits
	limits.MsgRate, limits.MsgBurst = 1e6, 1e6
	e, _, l, w := startedPile(t, limits, 1000)
	e.store.LimitPages(1) // no more pages than the file has now
	v := 0
	var refusal *harbor.Error
	for refusal == nil && v < 999 {
		w.send("move", v, map[string]any{"type": "take", "n": 1})
		for {
			f := <-w.frames
			if f.T == "state" && f.V == v+1 {
				v++
				break
			}
			if f.T == "error" {
				refusal = errorOf(f)
				break
			}
		}
	}
	if refusal == nil {
		t.Fatalf("%d moves fit in a full database", v)
	}
	if refusal.Code != harbor.EInternal || !strings.Contains(refusal.Message, "disk is full") {
		t.Fatalf("the refusal %+v does not say the disk is full", refusal)
	}
	ctx := context.Background()
	if moves, err := e.store.Moves(ctx, l.ID, 0); err != nil || len(moves) != v {
		t.Fatalf("%d moves acknowledged, %d stored (%v)", v, len(moves), err)
	}
	if got := e.tables.Stored(); got != 1 {
		t.Fatalf("%d tables", got)
	}

	e.store.LimitPages(0) // room again
	w.send("move", v, map[string]any{"type": "take", "n": 1})
	if f := w.next("state"); f.V != v+1 {
		t.Fatalf("after space came back the move made version %d, want %d", f.V, v+1)
	}
	if moves, err := e.store.Moves(ctx, l.ID, 0); err != nil || len(moves) != v+1 {
		t.Fatalf("%d moves stored after space came back (%v)", len(moves), err)
	}
}
