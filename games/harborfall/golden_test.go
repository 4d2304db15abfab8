package harborfall

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"harbor/game"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden is one recorded game: how it was set up and played, the move log,
// and what it must end as.
type golden struct {
	Config   game.Config     `json:"config"`
	Policies []game.Policy   `json:"policies"`
	Records  []game.Record   `json:"records"`
	Result   game.Result     `json:"result"`
	Final    json.RawMessage `json:"final"` // the final state
}

var goldenGames = []struct {
	name     string
	players  int
	seed     uint64
	policies []game.Policy
	options  string
}{
	{"bots-4", 4, 11, []game.Policy{"bot", "bot", "bot", "bot"}, ""},
	{"bots-6", 6, 12, []game.Policy{"bot", "bot", "bot", "bot", "bot", "bot"}, ""},
	{"mixed-3", 3, 13, []game.Policy{"bot", "random", "random"}, `{"preRollCards":false}`},
	{"random-5-limit", 5, 14, []game.Policy{"random", "random", "random", "random", "random"}, `{"turnLimit":40}`},
}

// TestGoldenReplays plays each recorded game again, checks the computer
// players and the dice make the same moves, and replays the stored log to
// the stored final state. Run with -update to rewrite the files.
func TestGoldenReplays(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			cfg := config(gg.players, gg.seed)
			if gg.options != "" {
				cfg.Options = json.RawMessage(gg.options)
			}
			path := filepath.Join("testdata", gg.name+".json")
			out, err := game.PlayRecorded(Rules, cfg, gg.policies, 200000)
			if err != nil {
				t.Fatal(err)
			}
			g, err := game.Replay(Definition, cfg, out.Records)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := game.StateOf[*State, Move, View](g)
			live := golden{Config: cfg, Policies: gg.policies, Records: out.Records, Result: out.Result, Final: json.RawMessage(encode(t, s))}
			if *update {
				b, err := json.MarshalIndent(live, "", " ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			var want golden
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			if encode(t, want.Records) != encode(t, live.Records) {
				t.Error("the game is no longer played the same way")
			}
			replayed, err := game.Replay(Definition, want.Config, want.Records)
			if err != nil {
				t.Fatal(err)
			}
			rs, _ := game.StateOf[*State, Move, View](replayed)
			var final bytes.Buffer
			if err := json.Compact(&final, want.Final); err != nil {
				t.Fatal(err)
			}
			if encode(t, rs) != final.String() {
				t.Error("replaying the stored log no longer gives the stored final state")
			}
			if encode(t, rs.Result()) != encode(t, want.Result) {
				t.Errorf("result %+v, want %+v", rs.Result(), want.Result)
			}
		})
	}
}
