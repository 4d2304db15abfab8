package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"harbor/game/gametest"
)

// TestGalleryCoversAGameItDoesNotKnow: a game registered beside Harbor's
// own (the test pile game) gets sampled and made positions and a whole
// game, with nothing added for it.
func TestGalleryCoversAGameItDoesNotKnow(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gallery.json")
	if err := galleryCmd([]string{"-games", gametest.ID, "-per-game", "4", "-search", "4", "-out", out}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Positions []struct {
			Game, Source string
			Viewers      map[string][]json.RawMessage
		}
		Plays []struct{ Game string }
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, p := range doc.Positions {
		if p.Game != gametest.ID || len(p.Viewers["tv"]) == 0 {
			t.Fatalf("position of %q with %d TV frames", p.Game, len(p.Viewers["tv"]))
		}
		n[p.Source]++
	}
	if n["sampled"] != 4 || n["made"] == 0 || len(doc.Plays) == 0 {
		t.Fatalf("positions %v, %d plays", n, len(doc.Plays))
	}
}
