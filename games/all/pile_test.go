package all_test

import (
	"harbor/game"
	"harbor/game/gametest"
)

// Pile, the game for tests alone, is registered here too, so the contract
// suites play it like every other game, and the checks of what only a game
// with screens has say plainly that they pass it by.
func init() { game.Register(gametest.Definition) }

// screenless reports why d has no screens, or "" when it has them: the
// checks of the rules reference the screens show pass such a game by, and
// say so.
func screenless(d game.Definition) string {
	if d.Info().Test.Only {
		return d.Info().ID + " is a game for tests only (Test.Only), with no screens and so no rules reference to check"
	}
	return ""
}
