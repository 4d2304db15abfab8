package game

import "harbor"

// Level is how strongly a computer player plays.
type Level string

// Computer player levels. A game whose rules give no Determinise has only
// LevelNormal.
const (
	// LevelEasy plays plausible but loose moves: a gentle first opponent.
	LevelEasy Level = "easy"
	// LevelNormal is the game's rule-based computer player.
	LevelNormal Level = "normal"
	// LevelHard looks ahead by playing determinised positions out with the
	// game's own engine.
	LevelHard Level = "hard"
)

// ParseLevel returns the level named s; empty means LevelNormal.
func ParseLevel(s string) (Level, error) {
	switch l := Level(s); l {
	case "":
		return LevelNormal, nil
	case LevelEasy, LevelNormal, LevelHard:
		return l, nil
	}
	return "", harbor.Errorf(harbor.EInvalid, "unknown computer level %q (want easy, normal or hard)", s).With(harbor.M("api.noSuchLevel", "level", s))
}

// HasLevel reports whether info's game offers level.
func (info Info) HasLevel(l Level) bool {
	for _, have := range info.Levels {
		if have == l {
			return true
		}
	}
	return false
}

// CheckLevel returns an EInvalid error unless info's game offers level.
func CheckLevel(info Info, l Level) error {
	if info.HasLevel(l) {
		return nil
	}
	if len(info.Levels) == 1 {
		return harbor.Errorf(harbor.EInvalid, "%s has one computer player, the one its rules describe (level %s)", info.Name, info.Levels[0]).With(harbor.M("api.oneLevel", "game", info.Name))
	}
	return harbor.Errorf(harbor.EInvalid, "%s has no computer level %q", info.Name, l).With(harbor.M("api.gameNoLevel", "game", info.Name, "level", string(l)))
}
