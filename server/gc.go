package server

import (
	"os"
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

// TuneGC sets GCPercent, unless the GOGC environment variable is set.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
}
