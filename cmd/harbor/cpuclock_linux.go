package main

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the calling
// thread's CPU time, kept by the scheduler to the nanosecond (getrusage's
// figures move in whole ticks, too coarse for a decision of microseconds).
const clockThreadCPUTime = 3

// cpuClock returns the CPU time the calling OS thread has used so far. The
// simulator's workers keep to one thread each, so a decision's CPU time is
// the difference of two readings, however busy the machine is.
func cpuClock() time.Duration {
	var ts syscall.Timespec
	if _, _, errno := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
