package holdings

import (
	"encoding/json"
	"flag"
	"testing"

	"harbor/game"
	"harbor/game/goldentest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func all(n int, p game.Policy) []game.Policy {
	out := make([]game.Policy, n)
	for i := range out {
		out[i] = p
	}
	return out
}

// TestGoldenReplays replays the whole games under testdata/; run with
// -update to record them again after a deliberate rules change.
func TestGoldenReplays(t *testing.T) {
	short := setupConfig(3, 9)
	short.Options = json.RawMessage(`{"roundLimit":8,"saleOrder":"value","doubleImprovedRent":false}`)
	trades := newRandomPlay(t, 77, 6)
	goldentest.CheckGolden(t, Definition, []goldentest.Golden{
		{Name: "bots-4p", Config: setupConfig(4, 2026), Policies: all(4, game.PolicyBot)},
		{Name: "random-2p", Config: setupConfig(2, 5), Policies: all(2, game.PolicyRandom)},
		{Name: "bots-3p-short-value-sale", Config: short, Policies: all(3, game.PolicyBot)},
		// A scripted random player that also offers and counters trades.
		{Name: "random-trades-6p", Config: trades.cfg, Record: func() ([]game.Record, error) {
			err := trades.run()
			return trades.records, err
		}},
	}, *update)
}
