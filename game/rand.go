package game

import (
	"fmt"
	"math/bits"
)

// Rand is the seeded generator every engine draws its dice, shuffles and
// island layouts from. It is a plain value kept inside the game state, so
// copying the state copies the generator and setup + seed + move log always
// replays to the same state. It never reads the clock or the operating system.
//
// Tests can force outcomes with Force: the forced values are returned, in
// order, by the next calls to Intn (and so by Die and Shuffle) before the
// generator's own stream resumes.
type Rand struct {
	S      [4]uint64 `json:"s"` // xoshiro256** state
	Forced []int     `json:"forced,omitempty"`
}

// NewRand returns a generator seeded from seed (any value, zero included).
func NewRand(seed uint64) Rand {
	var r Rand
	r.Seed(seed)
	return r
}

// Seed resets the generator to the stream for seed.
func (r *Rand) Seed(seed uint64) {
	for i := range r.S {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		r.S[i] = z ^ (z >> 31)
	}
	r.Forced = nil
}

// Uint64 returns the next 64 random bits. Forced values do not apply to it.
func (r *Rand) Uint64() uint64 {
	s := &r.S
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// Intn returns a value in [0, n), or the next forced value. It panics if
// n <= 0 or a forced value is out of range: both are programming errors.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("game: Rand.Intn with n <= 0")
	}
	if len(r.Forced) > 0 {
		v := r.Forced[0]
		r.Forced = r.Forced[1:]
		if len(r.Forced) == 0 {
			r.Forced = nil
		}
		if v < 0 || v >= n {
			panic(fmt.Sprintf("game: forced value %d out of range [0,%d)", v, n))
		}
		return v
	}
	// Lemire's nearly divisionless bounded random integer.
	hi, lo := bits.Mul64(r.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// Die returns a roll of one six-sided die, 1 to 6. Force it with the face
// minus one, or use ForceDice.
func (r *Rand) Die() int { return r.Intn(6) + 1 }

// Shuffle permutes n elements with swap (Fisher-Yates, drawing Intn(i+1) for
// i from n-1 down to 1).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// Force queues values for the next calls to Intn.
func (r *Rand) Force(values ...int) { r.Forced = append(r.Forced, values...) }

// ForceDice queues die faces (1 to 6) for the next calls to Die.
func (r *Rand) ForceDice(faces ...int) {
	for _, f := range faces {
		r.Forced = append(r.Forced, f-1)
	}
}

// Clone returns an independent copy (the forced queue is not shared).
func (r Rand) Clone() Rand {
	if r.Forced != nil {
		r.Forced = append([]int(nil), r.Forced...)
	}
	return r
}

// Same reports whether r and o are at the same point of the same stream,
// with the same forced values queued: nothing was drawn from one and not
// the other.
func (r *Rand) Same(o *Rand) bool {
	if r.S != o.S || len(r.Forced) != len(o.Forced) {
		return false
	}
	for i, v := range r.Forced {
		if o.Forced[i] != v {
			return false
		}
	}
	return true
}
