package game

import (
	"encoding/json"
	"testing"
)

type strictInner struct {
	Kind string `json:"kind"`
}

type strictMove struct {
	Type  string            `json:"type"`
	N     int               `json:"n,omitempty"`
	Inner *strictInner      `json:"inner,omitempty"`
	List  []strictInner     `json:"list,omitempty"`
	Map   map[string]int    `json:"map,omitempty"`
	Raw   json.RawMessage   `json:"raw,omitempty"`
	Any   any               `json:"any,omitempty"`
	Named map[string]string `json:"named,omitempty"`
}

func TestDecodeStrictKeys(t *testing.T) {
	for _, c := range []struct {
		name, raw string
		ok        bool
	}{
		{"exact", `{"type":"roll","n":2}`, true},
		{"nested exact", `{"type":"x","inner":{"kind":"a"},"list":[{"kind":"b"}],"map":{"A":1,"a":2}}`, true},
		{"escaped key", `{"typ\u0065":"roll"}`, true},
		{"upper type", `{"TYPE":"roll"}`, false},
		{"title type", `{"Type":"roll"}`, false},
		{"nested case", `{"type":"x","inner":{"Kind":"a"}}`, false},
		{"case in a list", `{"type":"x","list":[{"kind":"a"},{"KIND":"b"}]}`, false},
		{"duplicate", `{"type":"roll","type":"buy"}`, false},
		{"duplicate by escape", `{"type":"roll","typ\u0065":"buy"}`, false},
		{"duplicate in a map", `{"type":"x","map":{"a":1,"a":2}}`, false},
		{"duplicate in raw", `{"type":"x","raw":{"a":1,"a":2}}`, false},
		{"duplicate in any", `{"type":"x","any":[{"a":1,"a":2}]}`, false},
		{"raw keeps any case", `{"type":"x","raw":{"A":1,"a":2}}`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var m strictMove
			err := DecodeStrict(json.RawMessage(c.raw), &m)
			if (err == nil) != c.ok {
				t.Fatalf("DecodeStrict(%s) = %v, want ok=%v", c.raw, err, c.ok)
			}
		})
	}
}
