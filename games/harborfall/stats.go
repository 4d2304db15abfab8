package harborfall

// Statistics for the end of the game: how often each dice total came up,
// and everyone's public points over the turns. Both live in fixed arrays,
// so keeping them allocates nothing.

// HistoryLen is how many points entries a game keeps. When it fills, every
// second entry is dropped and entries are kept half as often, so any game
// length fits.
const HistoryLen = 128

// History is everyone's public points (without Secret points, HF-G26) as
// turns begin: entry i is turn 1 + i·Step.
type History struct {
	Points [HistoryLen][MaxPlayers]int8 `json:"points"`
	Len    int16                        `json:"len"`
	Step   int16                        `json:"step"`
}

// countRoll counts a dice total.
func (s *State) countRoll(total int8) { s.Rolled[total]++ }

// recordPoints adds the public points of every player as turn s.Turns
// begins, if this turn is one the history keeps.
func (s *State) recordPoints() {
	h := &s.History
	if h.Step == 0 {
		h.Step = 1
	}
	if (s.Turns-1)%int(h.Step) != 0 {
		return
	}
	if h.Len == HistoryLen {
		for i := range HistoryLen / 2 {
			h.Points[i] = h.Points[2*i]
		}
		h.Len = HistoryLen / 2
		h.Step *= 2
		if (s.Turns-1)%int(h.Step) != 0 {
			return
		}
	}
	for p := range s.n() {
		h.Points[h.Len][p] = int8(s.visiblePoints(p))
	}
	h.Len++
}
