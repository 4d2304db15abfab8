package harbor

import (
	"encoding/json"
	"testing"
)

// A word without an id is a fault of the code that made it (Check reports
// it), but encoding it must not take the frame, and the table, down with it.
func TestShortFormOfAWordWithoutAnID(t *testing.T) {
	m := M("holdings.paid", "who", "Ana", "what", Word(""), "list", []any{Word(""), "Bo"})
	b := m.AppendShort(nil, "holdings")
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s is not JSON: %v", b, err)
	}
	if back["@"] != ".paid" || back["who"] != "Ana" {
		t.Fatalf("the message encodes as %s", b)
	}
	if m.Check() == nil {
		t.Fatal("Check passes a word without an id")
	}
}
