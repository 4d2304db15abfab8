package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"harbor/game"
	"harbor/game/gametest"
)

// Pile, a game for tests only, is registered beside the Harbor games: the
// checks of every game here pass it by, saying why.
func init() { game.Register(gametest.Definition) }

// TestEveryGameHasViewFixtures: each registered game has at least one
// recorded view under test/<id>-view*.json (a real view of the game and the
// seat's legal moves), which the front end's tests of its screens decode;
// a test here keeps each in step with the engine.
func TestEveryGameHasViewFixtures(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		if info.Test.Only {
			t.Logf("%s: a game for tests only, with no screens to test on a fixture", info.ID)
			continue
		}
		files, err := filepath.Glob("test/" + info.ID + "-view*.json")
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Errorf("%s has no view fixture: record a real view and its legal moves in test/%s-view.json, kept in step by a test here", info.ID, info.ID)
			continue
		}
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var fixture struct {
				View  map[string]json.RawMessage `json:"view"`
				Legal []json.RawMessage          `json:"legal"`
			}
			if err := json.Unmarshal(raw, &fixture); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if typ := string(fixture.View["type"]); typ != `"`+info.ID+`"` {
				t.Errorf("%s: the view's type is %s, not %q", f, typ, info.ID)
			}
			if fixture.Legal == nil {
				t.Errorf("%s: no legal moves recorded", f)
			}
		}
	}
}
