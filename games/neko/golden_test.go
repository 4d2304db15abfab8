package neko

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
	const modules = `{"extraCards":true,"fishingBoats":true,"ghostShip":true}`
	goldentest.CheckGolden(t, Definition, []goldentest.Golden{
		{Name: "2p-bots", Config: config(2, 100, ""), Policies: policies(2, game.PolicyBot)},
		{Name: "3p-random", Config: config(3, 101, ""), Policies: policies(3, game.PolicyRandom)},
		{Name: "4p-bots-modules", Config: config(4, 102, modules), Policies: policies(4, game.PolicyBot)},
		{Name: "4p-random-modules", Config: config(4, 103, modules), Policies: policies(4, game.PolicyRandom)},
	}, *update)
}
