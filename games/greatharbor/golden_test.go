package greatharbor

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"harbor/game"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden is a recorded game: its setup, every move, and what it produced.
type golden struct {
	Config  game.Config   `json:"config"`
	Records []game.Record `json:"records"`
	Result  game.Result   `json:"result"`
	Final   View          `json:"final"` // the public view at the end
}

var goldenGames = []struct {
	name     string
	n        int
	opts     string
	policies []game.Policy
}{
	{"two_bots", 2, "", nil},
	{"four_bots_shops", 4, `{"shops":true}`, nil},
	{"solo_automa", 1, "", nil},
	{"three_with_automa_shops", 3, `{"automa":true,"shops":true}`, []game.Policy{game.PolicyBot, game.PolicyRandom, game.PolicyBot}},
	{"four_random", 4, "", []game.Policy{game.PolicyRandom, game.PolicyRandom, game.PolicyRandom, game.PolicyRandom}},
}

// TestGoldenReplays replays each recorded game under testdata/ and checks
// that it ends with the same result and public view. Run with -update to
// record them again after a deliberate rules change.
func TestGoldenReplays(t *testing.T) {
	for i, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			path := filepath.Join("testdata", gg.name+".json")
			if *update {
				cfg := cfgFor(gg.n, uint64(2026+i), gg.opts)
				pols := gg.policies
				if pols == nil {
					pols = policies(gg.n, game.PolicyBot)
				}
				out, err := game.PlayRecorded(Rules, cfg, pols, 100000)
				if err != nil {
					t.Fatal(err)
				}
				g, err := game.Replay(Definition, cfg, out.Records)
				if err != nil {
					t.Fatal(err)
				}
				rec := golden{Config: cfg, Records: out.Records, Result: out.Result, Final: g.View(game.Public).(View)}
				raw, err := json.MarshalIndent(rec, "", " ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, raw, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to record)", err)
			}
			var rec golden
			if err := json.Unmarshal(raw, &rec); err != nil {
				t.Fatal(err)
			}
			g, err := game.Replay(Definition, rec.Config, rec.Records)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := mustJSON(t, g.Result()), mustJSON(t, rec.Result); got != want {
				t.Fatalf("result %s, recorded %s", got, want)
			}
			if got, want := mustJSON(t, g.View(game.Public)), mustJSON(t, rec.Final); got != want {
				t.Fatalf("final view differs from the recording:\n%s\n%s", got, want)
			}
			if !rec.Result.Over || rec.Result.Turns != 2*rounds {
				t.Fatalf("recorded game did not end after five rounds: %+v", rec.Result)
			}
		})
	}
}
