package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestFloorPlaysEveryMove runs the floor against a relay in this process:
// every table plays all its moves, each move reaching all four clients.
func TestFloorPlaysEveryMove(t *testing.T) {
	cfg := config{Tables: 3, Seats: 4, Loops: 2, Duration: 30 * time.Second, InProcess: true}
	rep, err := runFloor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Moves != 3*floorMoves {
		t.Fatalf("played %d moves, want %d", rep.Moves, 3*floorMoves)
	}
	if rep.P50 <= 0 || rep.P99 < rep.P50 || rep.Max < rep.P99 {
		t.Fatalf("implausible latencies %+v", rep)
	}
	var out bytes.Buffer
	rep.print(&out, cfg)
	if !strings.Contains(out.String(), "moves/s") || !strings.Contains(out.String(), "no game, no store") {
		t.Fatalf("report:\n%s", out.String())
	}
}

// TestFloorStopsAtTheDeadline ends a run whose tables cannot finish in time.
func TestFloorStopsAtTheDeadline(t *testing.T) {
	rep, err := runFloor(config{Tables: 2, Seats: 4, Loops: 1, Duration: time.Nanosecond, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Moves >= 2*floorMoves {
		t.Fatalf("played all %d moves in a run of a nanosecond", rep.Moves)
	}
}
