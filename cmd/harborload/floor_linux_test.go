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
	if rep.P50 <= 0 || rep.P99 < rep.P50 || rep.Max < rep.P99 || rep.Mean <= 0 || rep.Mean > rep.Max {
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

// TestFloorThinks paces each table's people as the Harbor clients do: a
// move waits out the think time after the update before it, so a table
// makes at most one move per think time, and the wait is not latency.
func TestFloorThinks(t *testing.T) {
	const think, run = 40 * time.Millisecond, 600 * time.Millisecond
	rep, err := runFloor(config{Tables: 2, Seats: 4, Loops: 1, Duration: run, Think: think, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	// The first move of each table goes at once; every other one after a
	// think time, and the loop may overrun the deadline by one wait.
	most := 2 * (1 + int((run+20*time.Millisecond)/think))
	if rep.Moves < 2 || rep.Moves > most {
		t.Fatalf("played %d moves in %v with a think time of %v, want 2 to %d", rep.Moves, run, think, most)
	}
	if rep.P50 >= think {
		t.Fatalf("a move's median latency of %v includes the think time of %v", rep.P50, think)
	}
}
