// Package goldentest checks golden replays: whole recorded games kept under a
// game package's testdata/, replayed by its tests and re-recorded with -update.
package goldentest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"harbor/game"
)

// Golden is one whole game kept under testdata/<Name>.json: how it was set
// up, every move, and what replaying the moves must give.
type Golden struct {
	Name   string
	Config game.Config
	// Policies play the game when it is recorded, and again on every check,
	// which must make the very same moves: the computer players and the
	// seeded dice are deterministic.
	Policies []game.Policy
	// Record, when set, records the game instead of Policies (a scripted
	// player that also makes free-form moves, such as trade offers). The
	// check then only replays the stored moves.
	Record func() ([]game.Record, error)
}

// goldenFile is what a golden file holds.
type goldenFile struct {
	Config   game.Config     `json:"config"`
	Policies []game.Policy   `json:"policies,omitempty"`
	Records  []game.Record   `json:"records"`
	Log      []string        `json:"log"`    // every event as the public reads it
	Result   game.Result     `json:"result"` // the end of the game
	View     json.RawMessage `json:"view"`   // the final public view
}

// CheckGolden replays every golden game of d from testdata/ and fails if
// the public log, the result or the final public view differ from the
// file, or if the policies no longer make the stored moves. With update it
// first records each game afresh and rewrites its file (for a deliberate
// rules change; review the diff).
func CheckGolden(t *testing.T, d game.Definition, games []Golden, update bool) {
	t.Helper()
	for _, gg := range games {
		t.Run(gg.Name, func(t *testing.T) {
			path := filepath.Join("testdata", gg.Name+".json")
			if update {
				records, err := gg.record(d)
				if err != nil {
					t.Fatal(err)
				}
				f, err := replayGolden(d, gg.Config, records)
				if err != nil {
					t.Fatal(err)
				}
				if gg.Record == nil {
					f.Policies = gg.Policies
				}
				raw, err := json.MarshalIndent(f, "", " ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(raw, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to record it)", err)
			}
			var want goldenFile
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			got, err := replayGolden(d, want.Config, want.Records)
			if err != nil {
				t.Fatal(err)
			}
			for i := range got.Log {
				if i >= len(want.Log) || got.Log[i] != want.Log[i] {
					t.Fatalf("log line %d is now %q", i+1, got.Log[i])
				}
			}
			if len(got.Log) != len(want.Log) {
				t.Fatalf("the log has %d lines, the file %d", len(got.Log), len(want.Log))
			}
			if !reflect.DeepEqual(got.Result, want.Result) {
				t.Fatalf("result %+v, the file has %+v", got.Result, want.Result)
			}
			if !got.Result.Over {
				t.Fatal("the golden game is not over")
			}
			if !jsonEqual(got.View, want.View) {
				t.Fatalf("the final public view differs from the file:\n%s", got.View)
			}
			if gg.Record == nil && len(want.Policies) > 0 {
				out, err := d.PlayRecorded(want.Config, want.Policies, len(want.Records)+1)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(recordsJSON(t, out.Records), recordsJSON(t, want.Records)) {
					t.Fatal("the same seed and policies no longer play the stored moves")
				}
			}
		})
	}
}

func (gg Golden) record(d game.Definition) ([]game.Record, error) {
	if gg.Record != nil {
		return gg.Record()
	}
	out, err := d.PlayRecorded(gg.Config, gg.Policies, 1_000_000)
	return out.Records, err
}

// replayGolden replays records with events on.
func replayGolden(d game.Definition, cfg game.Config, records []game.Record) (goldenFile, error) {
	f := goldenFile{Config: cfg, Records: records, Log: []string{}}
	g, err := d.New(cfg)
	if err != nil {
		return f, err
	}
	var log game.Log
	for i, r := range records {
		log.Reset()
		if err := g.Apply(r.Seat, r.Move, &log); err != nil {
			return f, fmt.Errorf("move %d refused: %w", i+1, err)
		}
		for _, e := range log.Events {
			f.Log = append(f.Log, e.For(game.Public).Text)
		}
	}
	f.Result = g.Result()
	f.View, err = json.Marshal(g.View(game.Public))
	return f, err
}

func jsonEqual(a, b json.RawMessage) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return false
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

func recordsJSON(t *testing.T, rs []game.Record) []string {
	t.Helper()
	out := make([]string, len(rs))
	for i, r := range rs {
		var b bytes.Buffer
		if err := json.Compact(&b, r.Move); err != nil {
			t.Fatal(err)
		}
		out[i] = fmt.Sprintf("%d %s", r.Seat, b.String())
	}
	return out
}
