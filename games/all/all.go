// Package all registers every Harbor game: import it for its side effect.
package all

import (
	_ "harbor/games/greatharbor"
	_ "harbor/games/harborfall"
	_ "harbor/games/holdings"
	_ "harbor/games/neko"
)
