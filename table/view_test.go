package table

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFrame(t *testing.T) {
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
			for range 3 { // the encoder is reused
				got := Frame("state", 7, tt.d)
				if string(got) != tt.want {
					t.Fatalf("Frame = %.80s, want %.80s", got, tt.want)
				}
				var e Envelope
				if err := json.Unmarshal(got, &e); err != nil || len(got) != cap(got) {
					t.Fatalf("frame does not decode (%v) or has spare capacity %d", err, cap(got)-len(got))
				}
			}
		})
	}
}
