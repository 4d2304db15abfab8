package harborfall

import (
	"encoding/json"
	"flag"
	"testing"

	"harbor/game"
	"harbor/game/goldentest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func withOptions(cfg game.Config, options string) game.Config {
	cfg.Options = json.RawMessage(options)
	return cfg
}

// TestGoldenReplays replays the whole games under testdata/; run with
// -update to record them again after a deliberate rules change.
func TestGoldenReplays(t *testing.T) {
	bot, random := game.PolicyBot, game.PolicyRandom
	goldentest.CheckGolden(t, Definition, []goldentest.Golden{
		{Name: "bots-4", Config: config(4, 11), Policies: []game.Policy{bot, bot, bot, bot}},
		{Name: "bots-6", Config: config(6, 12), Policies: []game.Policy{bot, bot, bot, bot, bot, bot}},
		{Name: "mixed-3", Config: withOptions(config(3, 13), `{"preRollCards":false}`), Policies: []game.Policy{bot, random, random}},
		{Name: "random-5-limit", Config: withOptions(config(5, 14), `{"turnLimit":40}`), Policies: []game.Policy{random, random, random, random, random}},
	}, *update)
}
