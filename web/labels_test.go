package web

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"harbor/game"
	_ "harbor/games/all"
)

var labelSamples = flag.String("label-samples", "", "write the positions of random games, with each acting seat's view and legal moves, to this JSON file (test/labels.test.ts reads it)")

// labelSample is one position seen by one acting seat: what its screen
// receives (the view and the legal moves) and so what its move labels are
// made from.
type labelSample struct {
	Seat  int   `json:"seat"`
	View  any   `json:"view"`
	Legal []any `json:"legal"`
}

// labelGame is one kind of random game the samples come from.
type labelGame struct {
	id      string
	players int
	options string
}

// labelGames are every registered game with screens in each of its setups
// that between them reach every kind of move (game.Varieties: its fewest
// and most seats, with and without its options that add moves).
func labelGames(t *testing.T) []labelGame {
	var out []labelGame
	for _, d := range game.All() {
		if d.Info().Test.Only {
			t.Logf("%s: a game for tests only, with no screens to label its moves", d.Info().ID)
			continue
		}
		for _, s := range game.Varieties(d.Info()) {
			out = append(out, labelGame{d.Info().ID, s.Players, string(s.Options)})
		}
	}
	return out
}

// labelGamesPerKind is how many random games of each kind are played.
const labelGamesPerKind = 3

// labelsPerGame bounds the positions kept from one game, so the samples
// stay a few megabytes.
const labelsPerGame = 120

// playForLabels plays one game by uniformly random legal moves from seed
// and returns positions where an acting seat had more than one legal move:
// each first one with a new set of move types, and others evenly spread
// over the game up to labelsPerGame.
func playForLabels(t *testing.T, g labelGame, seed uint64) []labelSample {
	t.Helper()
	d, err := game.Lookup(g.id)
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.Config{Seed: seed, Options: json.RawMessage(g.options)}
	for i := 0; i < g.players; i++ {
		cfg.Players = append(cfg.Players, game.Player{Name: fmt.Sprintf("P%d", i+1)})
	}
	live, err := d.New(cfg)
	if err != nil {
		t.Fatalf("%s: %v", g.id, err)
	}
	rng := game.NewRand(seed)
	var all []labelSample
	var fresh []bool
	seen := map[string]bool{}
	for step := 0; !live.Result().Over; step++ {
		if step > 20000 {
			t.Fatalf("%s %d players seed %d: not over after %d moves", g.id, g.players, seed, step)
		}
		actors := live.Actors()
		for k := 0; k < actors.Len(); k++ {
			seat := actors.Nth(k)
			if legal := live.Legal(seat); len(legal) > 1 {
				kinds := moveTypes(t, legal)
				all = append(all, labelSample{Seat: int(seat), View: live.View(seat), Legal: legal})
				fresh = append(fresh, !seen[kinds])
				seen[kinds] = true
			}
		}
		seat := actors.Nth(rng.Intn(actors.Len()))
		legal := live.Legal(seat)
		raw, err := json.Marshal(legal[rng.Intn(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		if err := live.Apply(seat, raw, nil); err != nil {
			t.Fatalf("%s refused its own legal move %s: %v", g.id, raw, err)
		}
	}
	stride := max(1, len(all)/labelsPerGame)
	var out []labelSample
	for i, s := range all {
		if fresh[i] || i%stride == 0 {
			out = append(out, s)
		}
	}
	return out
}

// moveTypes is the sorted set of the moves' types, as one string.
func moveTypes(t *testing.T, legal []any) string {
	t.Helper()
	set := map[string]bool{}
	for _, m := range legal {
		raw, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var typed struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(raw, &typed); err != nil {
			t.Fatal(err)
		}
		set[typed.Type] = true
	}
	kinds := slices.Sorted(maps.Keys(set))
	return strings.Join(kinds, " ")
}

// TestLabelSamples plays random games of every game and checks that they
// reach positions with a choice in every game; with -label-samples it
// writes those positions for the front end's test that no two legal moves
// of a position share a label (test/labels.test.ts, which runs this).
func TestLabelSamples(t *testing.T) {
	samples := map[string][]labelSample{}
	for _, g := range labelGames(t) {
		for seed := uint64(1); seed <= labelGamesPerKind; seed++ {
			samples[g.id] = append(samples[g.id], playForLabels(t, g, seed)...)
		}
	}
	for _, d := range game.All() {
		id := d.Info().ID
		if !d.Info().Test.Only && len(samples[id]) < 100 {
			t.Errorf("%s: %d positions with a choice in %d random games, want at least 100", id, len(samples[id]), labelGamesPerKind)
		}
	}
	if *labelSamples == "" {
		return
	}
	raw, err := json.Marshal(samples)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*labelSamples, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}
