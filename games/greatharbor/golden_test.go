package greatharbor

import (
	"flag"
	"testing"

	"harbor/game"
	"harbor/game/goldentest"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGoldenReplays replays the whole games under testdata/; run with
// -update to record them again after a deliberate rules change.
func TestGoldenReplays(t *testing.T) {
	bot, random := game.PolicyBot, game.PolicyRandom
	goldentest.CheckGolden(t, Definition, []goldentest.Golden{
		{Name: "two_bots", Config: cfgFor(2, 2026, ""), Policies: policies(2, bot)},
		{Name: "four_bots_shops", Config: cfgFor(4, 2027, `{"shops":true}`), Policies: policies(4, bot)},
		{Name: "solo_automa", Config: cfgFor(1, 2028, ""), Policies: policies(1, bot)},
		{Name: "three_with_automa_shops", Config: cfgFor(3, 2029, `{"automa":true,"shops":true}`), Policies: []game.Policy{bot, random, bot}},
		{Name: "four_random", Config: cfgFor(4, 2030, ""), Policies: policies(4, random)},
	}, *update)
}
