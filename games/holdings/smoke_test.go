package holdings

import (
	"testing"

	"harbor/game"
)

func TestSmoke(t *testing.T) {
	for _, pol := range []game.Policy{game.PolicyBot, game.PolicyRandom} {
		cfg := game.Config{Players: []game.Player{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}, Seed: 3}
		out, err := game.Play(Rules, cfg, []game.Policy{pol, pol, pol, pol}, 100000)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s %+v decisions %d", pol, out.Result, out.Decisions)
	}
}
