package table

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestNewMsg(t *testing.T) {
	tests := []struct {
		name string
		d    any
		want string
	}{
		{"object", map[string]int{"a": 1}, `{"t":"state","v":7,"d":{"a":1}}`},
		{"html escaped as json.Marshal does", "<b>&", `{"t":"state","v":7,"d":"\u003cb\u003e\u0026"}`},
		{"unencodable data is null", func() {}, `{"t":"state","v":7,"d":null}`},
		{"large", strings.Repeat("x", 100<<10), `{"t":"state","v":7,"d":"` + strings.Repeat("x", 100<<10) + `"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 3 { // the buffers are reused
				m := NewMsg("state", 7, tt.d)
				got := m.Bytes()
				if string(got) != tt.want {
					t.Fatalf("frame = %.80s, want %.80s", got, tt.want)
				}
				var e Envelope
				if err := json.Unmarshal(got, &e); err != nil {
					t.Fatalf("frame does not decode: %v", err)
				}
				m.Done()
			}
		})
	}
}

// TestMsgHolds: a frame held by a connection keeps its bytes, whatever is
// encoded meanwhile, until its last hold is let go; one Done too many is a
// bug that panics rather than hand a buffer to two frames.
func TestMsgHolds(t *testing.T) {
	m := NewMsg("state", 1, map[string]string{"secret": "seat 0 only"})
	want := string(m.Bytes())
	m.Hold() // a connection queues it
	m.Done() // the runner lets go
	for i := range 100 {
		o := NewMsg("state", i, map[string]string{"other": strings.Repeat("y", i)})
		o.Done()
	}
	if got := string(m.Bytes()); got != want {
		t.Fatalf("a held frame changed to %s", got)
	}
	m.Done() // written
	defer func() {
		if recover() == nil {
			t.Fatal("Done without a hold did not panic")
		}
	}()
	m.Done()
}
