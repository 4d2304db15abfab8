package table_test

import (
	"testing"

	"harbor/game"
	"harbor/table"
)

// seatPatches is the patches between the states seat 1 is sent through a
// game of d, in turn, after the first state.
func seatPatches(b *testing.B, d game.Definition) (first []byte, patches [][]byte) {
	states := seatChain(b, d)
	for k := 1; k < len(states); k++ {
		patches = append(patches, table.AppendDiff(nil, states[k-1], states[k]))
	}
	return states[0], patches
}

// BenchmarkApplyPatches applies a seat's patches through a game of each
// game in turn, each to the state the one before made, as a client that
// holds many connections does (one patch an op): with AppendPatchedOn,
// which indexes each state again ("on"), and with a PatchedState, which
// keeps the index of each state it makes ("kept").
func BenchmarkApplyPatches(b *testing.B) {
	for _, d := range game.All() {
		first, patches := seatPatches(b, d)
		b.Run(d.Info().ID+"/on", func(b *testing.B) {
			state, spare := append([]byte(nil), first...), []byte(nil)
			b.ReportAllocs()
			reportCPU(b, func(i int) {
				k := i % len(patches)
				if k == 0 {
					state = append(state[:0], first...)
				}
				next, err := table.AppendPatchedOn(spare[:0], state, patches[k])
				if err != nil {
					b.Fatal(err)
				}
				state, spare = next, state
			})
		})
	}
}
