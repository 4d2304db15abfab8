package server

import (
	"bytes"
	"encoding/json"
	"testing"

	"harbor/game"
)

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

// FuzzDecodeMessage feeds arbitrary bytes to the message decoder. What it
// accepts must be one JSON object whose keys are exactly "t", "v" and "d",
// each at most once, and must decode the same again from its own fields;
// what it refuses must not panic.
func FuzzDecodeMessage(f *testing.F) {
	for _, s := range []string{
		`{"t":"move","v":3,"d":{"type":"take","n":1}}`,
		`{"t":"ping","v":0}`,
		`{"T":"move","v":1}`,
		`{"t":"move","t":"ping","v":1}`,
		`{"t":"chat","v":2,"d":{"text":"hi"}}`,
		`{"t":"log","v":2,"d":{"before":10}}`,
		`{"t":"move","v":1e2}`,
		`{"t":"move","v":1,"d":{"type":"x","type":"y"}}`,
		`{"t\u0000":"move"}`,
		`{"t":"move","v":3,"d":null}`,
		`{"t":"move","v":03,"d":1}`,
		`{"t":"move","v":3,"d":{"a":1,"a":2}}`,
		`{"t":"move","v":3,"d": 1}`,
		`{"t":"move","v":3,"d":1,"d":2}`,
		`{"t":"ping","v":99999999999999999999}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		// The compact reading, where it is sure, agrees with DecodeStrict.
		if fast, ok, sure := decodeCompact(msg); sure {
			var slow clientMessage
			err := game.DecodeStrict(msg, &slow)
			if ok != (err == nil) || ok && (fast.T != slow.T || fast.V != slow.V || !bytes.Equal(fast.D, slow.D)) {
				t.Fatalf("%q: compact %+v (%v), strict %+v (%v)", msg, fast, ok, slow, err)
			}
		}
		m, ok := decodeMessage(msg)
		if !ok {
			return
		}
		if !json.Valid(msg) {
			t.Fatalf("accepted invalid JSON %q", msg)
		}
		// An independent look at the top-level keys.
		var top map[string]json.RawMessage
		if err := json.Unmarshal(msg, &top); err != nil {
			t.Fatalf("accepted %q, which is not an object: %v", msg, err)
		}
		dec := json.NewDecoder(bytes.NewReader(msg))
		if _, err := dec.Token(); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				t.Fatal(err)
			}
			key := k.(string)
			if key != "t" && key != "v" && key != "d" {
				t.Fatalf("accepted %q with key %q", msg, key)
			}
			if seen[key] {
				t.Fatalf("accepted %q with %q twice", msg, key)
			}
			seen[key] = true
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				t.Fatal(err)
			}
		}
		again, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("re-encoding %+v: %v", m, err)
		}
		m2, ok := decodeMessage(again)
		if !ok || m2.T != m.T || m2.V != m.V || compact(t, m.D) != compact(t, m2.D) {
			t.Fatalf("%q decoded to %+v, its re-encoding %s to %+v (%v)", msg, m, again, m2, ok)
		}
	})
}

// compact is raw without insignificant spaces; an absent value reads as null.
func compact(t *testing.T, raw json.RawMessage) string {
	if len(raw) == 0 {
		return "null"
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatalf("compacting %q: %v", raw, err)
	}
	return b.String()
}

// BenchmarkDecodeMessage reads a move message as clients write it: by the
// compact reading the server uses, and by DecodeStrict alone.
func BenchmarkDecodeMessage(b *testing.B) {
	msg := []byte(`{"t":"move","v":312,"d":{"type":"take","n":2}}`)
	b.Run("compact", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := decodeMessage(msg); !ok {
				b.Fatal("refused")
			}
		}
	})
	b.Run("strict", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m clientMessage
			if err := game.DecodeStrict(msg, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
