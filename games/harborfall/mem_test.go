package harborfall

import "runtime"

// runtimeMem is a reading of the allocator's counters.
type runtimeMem struct{ mallocs uint64 }

func (m *runtimeMem) read() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	m.mallocs = ms.Mallocs
}
