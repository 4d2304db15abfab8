package main

import "testing"

// TestChain: a connection's state follows the patches that build on it,
// and asks for the whole state again when one does not.
func TestChain(t *testing.T) {
	var ch chain
	if ch.keep([]byte(`{"t":"state","v":1,"f":7,"d":{"a":[1,{"b":2}],"c":"x"}}`)) {
		t.Fatal("a good state taken as bad")
	}
	frame, ask := ch.apply([]byte(`{"t":"patch","v":2,"f":8,"d":{"b":7,"p":{"a":{"1":{"b":[3]},"n":3,"2":[4]},"c":[]}}}`), nil)
	if want := `{"t":"state","v":2,"d":{"a":[1,{"b":3},4]}}`; ask || string(frame) != want {
		t.Fatalf("made %s (ask %v), want %s", frame, ask, want)
	}
	// A patch from another base, then any patch until a state comes.
	for _, p := range []string{
		`{"t":"patch","v":3,"f":9,"d":{"b":7,"p":{}}}`,
		`{"t":"patch","v":3,"f":9,"d":{"b":8,"p":{}}}`,
	} {
		if frame, _ := ch.apply([]byte(p), nil); frame != nil {
			t.Fatalf("%s made %s", p, frame)
		}
	}
	ch.keep([]byte(`{"t":"state","v":3,"f":9,"d":{"a":1}}`))
	for _, p := range []string{
		`{"t":"patch","v":4,"f":10,"d":{"b":9,"p":{"a":{"x":[1]}}}}`,
		`{"t":"patch","v":4,"f":10,"d":{"b":9,"p":{"a":[1,]}}}`,
	} {
		ch.keep([]byte(`{"t":"state","v":3,"f":9,"d":{"a":1}}`))
		if frame, ask := ch.apply([]byte(p), nil); frame != nil || !ask {
			t.Fatalf("%s made %s (ask %v)", p, frame, ask)
		}
	}
	ch.keep([]byte(`{"t":"state","v":5,"f":11,"d":{"a":1}}`))
	if !ch.keep([]byte(`{"t":"state","v":5,"f":11,"d":{"a":}}`)) {
		t.Fatal("a state that is not JSON taken")
	}
	if frame, ask := ch.apply([]byte(`{"t":"patch","v":6,"f":12,"d":{"b":11,"p":{}}}`), nil); frame != nil || !ask {
		t.Fatalf("a patch of a bad state made %s (ask %v)", frame, ask)
	}
}
