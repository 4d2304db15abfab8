package neko

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"harbor/game"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden is a recorded game: its setup, its moves and what they led to.
type golden struct {
	Config  game.Config   `json:"config"`
	Records []game.Record `json:"records"`
	Result  game.Result   `json:"result"`
	Final   []Breakdown   `json:"final"`
}

var goldenGames = []struct {
	name    string
	players int
	options string
	bots    bool
}{
	{"2p-bots", 2, "", true},
	{"3p-random", 3, "", false},
	{"4p-bots-modules", 4, `{"extraCards":true,"fishingBoats":true,"ghostShip":true}`, true},
	{"4p-random-modules", 4, `{"extraCards":true,"fishingBoats":true,"ghostShip":true}`, false},
}

// TestGoldenReplays replays each recorded game under testdata/ and checks
// it reaches the recorded result; -update records them afresh.
func TestGoldenReplays(t *testing.T) {
	for i, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			path := filepath.Join("testdata", gg.name+".json")
			cfg := config(gg.players, uint64(100+i), gg.options)
			if *update {
				pol := game.PolicyRandom
				if gg.bots {
					pol = game.PolicyBot
				}
				out, err := game.PlayRecorded(Rules, cfg, policies(gg.players, pol), 20000)
				if err != nil {
					t.Fatal(err)
				}
				g, err := game.Replay(Definition, cfg, out.Records)
				if err != nil {
					t.Fatal(err)
				}
				s, _ := game.StateOf[*State, Move, View](g)
				rec := golden{Config: cfg, Records: out.Records, Result: out.Result, Final: finals(s)}
				raw, err := json.MarshalIndent(rec, "", " ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(raw, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			var rec golden
			if err := json.Unmarshal(raw, &rec); err != nil {
				t.Fatal(err)
			}
			g, err := game.Replay(Definition, rec.Config, rec.Records)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := game.StateOf[*State, Move, View](g)
			if got, want := fmt.Sprint(g.Result()), fmt.Sprint(rec.Result); got != want {
				t.Errorf("result %s, recorded %s", got, want)
			}
			if got, want := fmt.Sprint(finals(s)), fmt.Sprint(rec.Final); got != want {
				t.Errorf("final scores %s, recorded %s", got, want)
			}
		})
	}
}

func finals(s *State) []Breakdown {
	out := make([]Breakdown, s.N)
	for i := range s.N {
		out[i] = s.Players[i].Final
	}
	return out
}
