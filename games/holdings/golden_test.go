package holdings

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"harbor/game"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden is one recorded game under testdata/: its configuration and move
// log, and what replaying them must give: the event log as players read it,
// the result and the final public view.
type golden struct {
	Config  game.Config   `json:"config"`
	Records []game.Record `json:"records"`
	Log     []string      `json:"log"`
	Result  game.Result   `json:"result"`
	View    View          `json:"view"`
}

var goldenGames = []struct {
	name string
	make func(t *testing.T) (game.Config, []game.Record)
}{
	{"bots-4p", func(t *testing.T) (game.Config, []game.Record) {
		return recordPlay(t, setupConfig(4, 2026), game.PolicyBot)
	}},
	{"random-2p", func(t *testing.T) (game.Config, []game.Record) {
		return recordPlay(t, setupConfig(2, 5), game.PolicyRandom)
	}},
	{"random-trades-6p", func(t *testing.T) (game.Config, []game.Record) {
		r := newRandomPlay(t, 77, 6)
		if err := r.run(); err != nil {
			t.Fatal(err)
		}
		return r.cfg, r.records
	}},
	{"bots-3p-short-value-sale", func(t *testing.T) (game.Config, []game.Record) {
		cfg := setupConfig(3, 9)
		cfg.Options = json.RawMessage(`{"roundLimit":8,"saleOrder":"value","doubleImprovedRent":false}`)
		return recordPlay(t, cfg, game.PolicyBot)
	}},
}

func recordPlay(t *testing.T, cfg game.Config, pol game.Policy) (game.Config, []game.Record) {
	policies := make([]game.Policy, len(cfg.Players))
	for i := range policies {
		policies[i] = pol
	}
	out, err := game.PlayRecorded(Rules, cfg, policies, 10000)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, out.Records
}

// replayGolden replays cfg and records with events on and returns what the
// golden file holds.
func replayGolden(cfg game.Config, records []game.Record) (golden, error) {
	g := golden{Config: cfg, Records: records}
	s, err := Setup(cfg)
	if err != nil {
		return g, err
	}
	var log game.Log
	for i, r := range records {
		m, err := game.DecodeMove[Move](r.Move)
		if err != nil {
			return g, fmt.Errorf("record %d: %w", i, err)
		}
		log.Reset()
		if err := s.Apply(r.Seat, m, &log); err != nil {
			return g, fmt.Errorf("record %d refused: %w", i, err)
		}
		for _, e := range log.Events {
			g.Log = append(g.Log, e.For(game.Public).Text)
		}
	}
	g.Result, g.View = s.Result(), s.View(game.Public)
	return g, nil
}

func TestGoldenReplays(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			path := filepath.Join("testdata", gg.name+".json")
			if *update {
				cfg, records := gg.make(t)
				g, err := replayGolden(cfg, records)
				if err != nil {
					t.Fatal(err)
				}
				raw, err := json.MarshalIndent(g, "", " ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(raw, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			var want golden
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			got, err := replayGolden(want.Config, want.Records)
			if err != nil {
				t.Fatal(err)
			}
			gotRaw, _ := json.MarshalIndent(got, "", " ")
			if !bytes.Equal(append(gotRaw, '\n'), raw) {
				for i := range got.Log {
					if i >= len(want.Log) || got.Log[i] != want.Log[i] {
						t.Fatalf("log line %d: got %q", i, got.Log[i])
					}
				}
				t.Fatal("replay differs from the golden file (run go test -update after a deliberate rules change)")
			}
			if !got.Result.Over {
				t.Fatal("the golden game is not over")
			}
		})
	}
}
