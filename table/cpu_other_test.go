//go:build !linux

package table_test

import "testing"

// reportCPU runs the benchmark loop body n times; only Linux reports the
// thread's CPU time beside.
func reportCPU(b *testing.B, body func(i int)) {
	b.ResetTimer()
	for i := range b.N {
		body(i)
	}
}
