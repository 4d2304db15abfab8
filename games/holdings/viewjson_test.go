package holdings

import (
	"encoding/json"
	"testing"

	"harbor/game"
)

// TestViewAppendJSON: the hand-written encoding of a view is byte for byte
// what encoding/json writes, for every viewer after every move of random
// games with trades (open, accepted, declined), poor players selling and
// going bankrupt, and names that need escaping.
func TestViewAppendJSON(t *testing.T) {
	check := func(s *State) {
		t.Helper()
		for viewer := game.Public; viewer < game.Seat(s.Players); viewer++ {
			v := s.View(viewer)
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.AppendJSON([]byte("x")); string(got[1:]) != string(want) {
				t.Fatalf("viewer %d after %d turns:\n got %s\nwant %s", viewer, s.Turns, got[1:], want)
			}
		}
	}
	games := 0
	for seed := uint64(1); seed <= 40; seed++ {
		var r *randomPlay
		if seed%2 == 0 {
			r = newPoorPlay(t, seed, 2+int(seed%5), 120)
		} else {
			r = newRandomPlay(t, seed, 2+int(seed%5))
		}
		r.s.Names = []string{"Ann <&> \"Q\"", "Bo\u2028b", "Cé", "\x01", "日本", "Z"}[:r.s.Players]
		r.s.Opts.SaleOrder = SaleByValue
		for steps := 0; !r.s.Over && steps < 3000; steps++ {
			check(r.s)
			if err := r.step(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		check(r.s)
		games++
	}
	var empty View // nil history, empty strings
	want, _ := json.Marshal(empty)
	if got := empty.AppendJSON(nil); string(got) != string(want) {
		t.Fatalf("zero view:\n got %s\nwant %s", got, want)
	}
}

func BenchmarkViewEncoding(b *testing.B) {
	r := newRandomPlay(b, 1, 4)
	for range 200 {
		if err := r.step(); err != nil {
			b.Fatal(err)
		}
	}
	v := r.s.View(0)
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(v)
		}
	})
	b.Run("AppendJSON", func(b *testing.B) {
		buf := make([]byte, 0, 4096)
		for b.Loop() {
			buf = v.AppendJSON(buf[:0])
		}
	})
}
