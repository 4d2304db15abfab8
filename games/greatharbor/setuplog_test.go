package greatharbor

import (
	"encoding/json"
	"testing"

	"harbor/game"
)

// TestSetupLogShowsTheFirstRoll: setup already rolls Round 1's first turn
// (GH-024) and, in solo play, lets the Automa act before the first person;
// SetupLog records those events and gives the same state as Setup.
func TestSetupLogShowsTheFirstRoll(t *testing.T) {
	for _, tt := range []struct {
		n    int
		opts string
	}{{1, ""}, {2, `{"automa":true}`}, {4, ""}} {
		for seed := uint64(1); seed <= 20; seed++ {
			cfg := cfgFor(tt.n, seed, tt.opts)
			plain, err := Setup(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var log game.Log
			logged, err := SetupLog(cfg, &log)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(plain)
			b, _ := json.Marshal(logged)
			if string(a) != string(b) {
				t.Fatalf("%d players, seed %d: SetupLog gives another state than Setup", tt.n, seed)
			}
			if len(log.Events) == 0 || log.Events[0].Type != "roll" || log.Events[0].Seat != game.Public {
				t.Fatalf("%d players, seed %d: setup events %+v, want the first roll first", tt.n, seed, log.Events)
			}
			for _, e := range log.Events {
				if len(e.Secrets) > 0 {
					t.Fatalf("a setup event holds a secret: %+v", e)
				}
			}
		}
	}
}
