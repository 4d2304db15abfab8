package gallery

import (
	"harbor/game"
	"harbor/game/gametest"
)

func init() { game.Register(gametest.Definition) }
