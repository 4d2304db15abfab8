package table_test

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// reportCPU runs the benchmark loop body n times on one locked thread and
// reports that thread's CPU time an op ("cpu-ns/op"), which other work on
// a busy machine does not inflate as it does the wall time.
func reportCPU(b *testing.B, body func(i int)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	b.ResetTimer()
	for i := range b.N {
		body(i)
	}
	b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
}

// threadCPU is the calling thread's CPU time (RUSAGE_THREAD).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
