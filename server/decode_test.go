package server

import "testing"

// TestDecodeMessage checks the strict message decoding, also when its
// decoders are reused after good and bad messages in any order.
func TestDecodeMessage(t *testing.T) {
	tests := []struct {
		msg, t, d string
		v         int
		ok        bool
	}{
		{`{"t":"move","v":3,"d":{"type":"take","n":1}}`, "move", `{"type":"take","n":1}`, 3, true},
		{` {"t":"ping","v":0}  `, "ping", ``, 0, true},
		{`{"t":"move","v":0,"seat":1,"d":{}}`, "", "", 0, false},
		{`{"t":"ping","v":0} {"t":"ping","v":0}`, "", "", 0, false},
		{`{"t":"ping","v":0}x`, "", "", 0, false},
		{`{"t":"ping","v":0}}`, "", "", 0, false},
		{`{"t":"ping","v":0}]`, "", "", 0, false},
		{`{"t":"move",`, "", "", 0, false},
		{`[1,2]`, "", "", 0, false},
		{`{"t":"back","v":9}`, "back", ``, 9, true},
	}
	for round := range 3 {
		for _, tt := range tests {
			m, ok := decodeMessage([]byte(tt.msg))
			if ok != tt.ok || ok && (m.T != tt.t || m.V != tt.v || string(m.D) != tt.d) {
				t.Fatalf("round %d: decodeMessage(%s) = %+v (d %s), %v; want t=%q v=%d d=%s, %v", round, tt.msg, m, m.D, ok, tt.t, tt.v, tt.d, tt.ok)
			}
		}
	}
}
