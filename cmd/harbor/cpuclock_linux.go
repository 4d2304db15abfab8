package main

import (
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD: the calling thread alone.
const rusageThread = 1

// cpuClock returns the CPU time the calling OS thread has used so far. The
// simulator's workers keep to one thread each, so a decision's CPU time is
// the difference of two readings, however busy the machine is.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
