package server

import (
	"os"
	"runtime"
	"runtime/debug"
)

// GCPercent is the garbage collector's target that a Harbor server runs
// with unless GOGC says otherwise. A server's live heap is mostly its open
// connections, and Go's default (100) marks all of it again every time as
// much is allocated afresh: at thousands of moves a second that is a
// collection every second or two, and each one holds back the moves queued
// behind it (docs/performance.md). At 400 the heap may grow to five times
// what is live between collections, which at 4,000 connections is about
// half a gigabyte.
const GCPercent = 400

// ProcsPerCPU is how many Go processors a Harbor server runs per CPU
// unless GOMAXPROCS says otherwise. A processor polls the network only
// when it runs out of other work, so on a busy server with one processor
// per CPU a client's message could wait for a whole queue of writes; with
// two per CPU one is more often free to notice it (lower p50 and p99 in
// interleaved load runs, docs/performance.md).
const ProcsPerCPU = 2

// Tune sets GCPercent and ProcsPerCPU, each unless its environment
// variable (GOGC, GOMAXPROCS) is set.
func Tune() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(ProcsPerCPU * runtime.GOMAXPROCS(0))
	}
}
