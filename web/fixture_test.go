package web

import (
	"bytes"
	"encoding/json"
	"os"
	"sort"
	"testing"

	"harbor/game"
	"harbor/games/holdings"
)

func keys(t *testing.T, raw []byte) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestHoldingsViewFixtureMatchesTheEngine keeps the front end's test view
// (test/holdings-view.json) in step with the engine: it must have exactly
// every field a real Harbor Holdings view has, and no field it lacks.
func TestHoldingsViewFixtureMatchesTheEngine(t *testing.T) {
	raw, err := os.ReadFile("test/holdings-view.json")
	if err != nil {
		t.Fatal(err)
	}
	var sample struct {
		View json.RawMessage `json:"view"`
	}
	if err := json.Unmarshal(raw, &sample); err != nil {
		t.Fatal(err)
	}
	fixture := sample.View
	g, err := holdings.Definition.New(game.Config{Players: []game.Player{{Name: "Ana"}, {Name: "Bo"}}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	live, err := json.Marshal(g.View(1))
	if err != nil {
		t.Fatal(err)
	}
	has := map[string]bool{}
	for _, k := range keys(t, fixture) {
		has[k] = true
	}
	for _, k := range keys(t, live) {
		if !has[k] {
			t.Errorf("test/holdings-view.json lacks the view's field %q", k)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(fixture))
	dec.DisallowUnknownFields()
	var v holdings.View
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("the fixture is not a Harbor Holdings view: %v", err)
	}
}
