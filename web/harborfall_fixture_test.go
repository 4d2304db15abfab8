package web

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"harbor/game"
	"harbor/games/harborfall"
)

var updateHarborfall = flag.Bool("update-harborfall", false, "rewrite test/harborfall-view.json from the engine")

// harborfallSample plays a 4-player game with the computer players until
// turn 6 is in its main phase with cards in hand, then has the active player
// offer one card to everyone and the next seat accept: the views the front
// end's tests read.
func harborfallSample(t *testing.T) map[string]any {
	t.Helper()
	names := []game.Player{{Name: "Ana"}, {Name: "Bo"}, {Name: "Cy"}, {Name: "Di"}}
	s, err := harborfall.Setup(game.Config{Players: names, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var main harborfall.View
	var legal []harborfall.Move
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("no main phase with cards in hand")
		}
		seat := s.Actors().First()
		v := s.View(seat)
		if v.Phase == "main" && v.Turns >= 6 && v.Me.Hand.Total() >= 3 {
			main, legal = v, s.Legal(seat, nil)
			break
		}
		if err := s.Apply(seat, harborfall.NewBot(seat, 1).Choose(v, s.Legal(seat, nil)), nil); err != nil {
			t.Fatal(err)
		}
	}
	p := game.Seat(main.Active)
	var give, get harborfall.Hand
	for r, n := range main.Me.Hand {
		if n > 0 {
			give[r] = 1
			get[(r+1)%harborfall.NumResources] = 1
			break
		}
	}
	if err := s.Apply(p, harborfall.Move{Type: "offer", Seat: harborfall.Everyone, Give: give, Get: get}, nil); err != nil {
		t.Fatal(err)
	}
	q := (p + 1) % 4
	if err := s.Apply(q, harborfall.Move{Type: "decline"}, nil); err != nil {
		t.Fatal(err)
	}
	r := (p + 2) % 4
	return map[string]any{
		"view":       main,
		"legal":      legal,
		"offerView":  s.View(r),
		"offerLegal": s.Legal(r, nil),
		"publicView": s.View(game.Public),
	}
}

// shape is the set of object keys in a JSON value, nested: every key of an
// object, and the shape of an array's first element.
func shape(v any, at string, out map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			out[at+"."+k] = true
			shape(e, at+"."+k, out)
		}
	case []any:
		if len(x) > 0 {
			shape(x[0], at+"[]", out)
		}
	}
}

// TestHarborfallViewFixtureMatchesTheEngine keeps test/harborfall-view.json
// (the Harborfall views the front end's tests decode) in step with the
// engine: every sample must have exactly the fields a real view has, nested.
// Run with -update-harborfall to write it again from the engine.
func TestHarborfallViewFixtureMatchesTheEngine(t *testing.T) {
	live, err := json.MarshalIndent(harborfallSample(t), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if *updateHarborfall {
		if err := os.WriteFile("test/harborfall-view.json", append(live, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile("test/harborfall-view.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture, engine map[string]any
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(live, &engine); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"view", "offerView", "publicView"} {
		t.Run(name, func(t *testing.T) {
			has, want := map[string]bool{}, map[string]bool{}
			shape(fixture[name], "", has)
			shape(engine[name], "", want)
			for k := range want {
				if !has[k] {
					t.Errorf("test/harborfall-view.json %s lacks the view's field %s", name, k)
				}
			}
			for k := range has {
				if !want[k] {
					t.Errorf("test/harborfall-view.json %s has %s, which the engine's view lacks", name, k)
				}
			}
		})
	}
}
