package neko

// Breakdown is a player's final score by source (NK-082). The E cards are
// split three ways: the harbour level (NK-092), one chosen hub (FB10,
// NK-127), and every other E card and E fishing boat.
type Breakdown struct {
	Periods     int16 `json:"periods"`     // both intermediate scorings
	Attractions int16 `json:"attractions"` // NK-072..075
	Harbour     int16 `json:"harbour"`     // the harbour level, from P2 Shipyard E cards (NK-092)
	Hubs        int16 `json:"hubs"`        // one hub of at most 3 cards, from FB10 (NK-127)
	Cards       int16 `json:"cards"`       // every other E card and fishing boat (NK-076, NK-127)
	Penguins    int16 `json:"penguins"`    // NK-077
	Captains    int16 `json:"captains"`    // NK-078
	Goods       int16 `json:"goods"`       // NK-079
	VPCards     int16 `json:"vpCards"`     // NK-081
	Ships       int16 `json:"ships"`       // level 5 and 6 ships (NK-080)
	Ghost       int16 `json:"ghost"`       // NK-132
	Total       int16 `json:"total"`
}

// endPeriod scores the period, hands out fishing boats, then starts
// period 2 or ends the game (NK-021, NK-071).
func (s *State) endPeriod() {
	s.intermediate()
	if s.Opts.FishingBoats {
		s.startBoats()
		return
	}
	s.afterBoats()
}

func (s *State) afterBoats() {
	if s.Period == 1 {
		s.mark(-1)
		s.reorder()
		s.Period = 2
		s.showBoats()
		s.startDraft()
		return
	}
	s.finalScoring()
	s.Phase = phOver
	s.mark(-1)
}

// PeriodScore is one intermediate scoring of a player by source
// (NK-066..068, NK-132); Interim holds its sum.
type PeriodScore struct {
	LastColumn int16 `json:"lastColumn"`         // ships on the last column, by level (NK-066)
	Line       int16 `json:"line"`               // every other ship in the line, 1 each (NK-067)
	GhostOut   bool  `json:"ghostOut,omitempty"` // the ghost ship left from the last column: 8 VP at the end (NK-132)
}

// lineScore is what a player's line would score at an intermediate scoring
// now (NK-066, NK-067, NK-132).
func lineScore(p *Player) PeriodScore {
	var ps PeriodScore
	for k := range numShips {
		sh := &p.Ships[k]
		switch {
		case sh.Loc < 1 || sh.Loc > p.NCols:
		case sh.Loc == p.NCols:
			ps.LastColumn += int16(sh.Level)
		default:
			ps.Line++
		}
	}
	ps.GhostOut = p.NCols > 0 && p.Ships[ghost].Loc == p.NCols
	return ps
}

// intermediate scores each line: a ship on the last column scores its level,
// any other ship in the line 1; then the line's ships go home (NK-066..068).
// A ghost ship on the last column leaves the game for 8 VP (NK-132).
func (s *State) intermediate() {
	for i := range s.N {
		p := &s.Players[i]
		ps := lineScore(p)
		for k := range numShips + 1 {
			if sh := &p.Ships[k]; sh.Loc >= 1 && sh.Loc <= p.NCols {
				sh.Loc = locHarbour
			}
		}
		if ps.GhostOut {
			p.Ships[ghost].Loc, p.GhostEnd = locDone, true
		}
		p.Interim[s.Period-1] = ps.LastColumn + ps.Line
		p.Scored[s.Period-1] = ps
	}
}

// harbourShips sums the levels of the ships in a player's harbour.
func harbourShips(p *Player) int {
	t := 0
	for k := range numShips {
		if p.Ships[k].Loc == locHarbour {
			t += int(p.Ships[k].Level)
		}
	}
	return t
}

// reorder sets period 2's turn order by harbour ship level, highest first;
// ties keep their period-1 order (NK-069, NK-Q20).
func (s *State) reorder() {
	for i := int8(1); i < s.N; i++ {
		for j := i; j > 0 && harbourShips(&s.Players[s.Order[j]]) > harbourShips(&s.Players[s.Order[j-1]]); j-- {
			s.Order[j], s.Order[j-1] = s.Order[j-1], s.Order[j]
		}
	}
}

// finalScoring fills every player's Breakdown (NK-072..082).
func (s *State) finalScoring() {
	var attr [maxPlayers]int16
	for a := range s.NAttrs {
		s.scoreAttraction(a, &attr)
	}
	for i := range s.N {
		s.Players[i].Final = endScore(&s.Players[i], attr[i])
	}
}

// endScore is a player's final Breakdown of the table as it stands, given
// the points the attractions give them (NK-072..082).
func endScore(p *Player, attractions int16) Breakdown {
	b := Breakdown{
		Periods:     p.Interim[0] + p.Interim[1],
		Attractions: attractions,
		Penguins:    2 * int16(p.Supply[Penguin]),
		Captains:    int16(p.Supply[Captain]),
		Goods:       int16(p.Supply[Goods]),
		VPCards:     int16(p.Supply[VP1]),
	}
	b.Cards, b.Harbour, b.Hubs = endParts(p)
	for k := range numShips {
		if sh := p.Ships[k]; sh.Loc >= locHarbour {
			switch sh.Level {
			case 5:
				b.Ships++
			case 6:
				b.Ships += 3
			}
		}
	}
	if p.GhostEnd {
		b.Ghost = int16(cat.GhostPoints)
	}
	b.Total = b.Periods + b.Attractions + b.Harbour + b.Hubs + b.Cards + b.Penguins + b.Captains + b.Goods + b.VPCards + b.Ships + b.Ghost
	return b
}

// standings is every player's points if the game ended now: the
// intermediate scores so far, what the line would score at the end of this
// period, and the final scoring of the table as it stands. It reads only
// the public table (never a hand), and equals the final totals once the
// game is over.
func (s *State) standings() [maxPlayers]int16 {
	var attr, out [maxPlayers]int16
	for a := range s.NAttrs {
		s.scoreAttraction(a, &attr)
	}
	for i := range s.N {
		p := &s.Players[i]
		ps := lineScore(p)
		out[i] = endScore(p, attr[i]).Total + ps.LastColumn + ps.Line
		if ps.GhostOut && !p.GhostEnd {
			out[i] += int16(cat.GhostPoints)
		}
	}
	return out
}

// maxHistory bounds the points history: one entry per action turn (12 per
// player), per window after period 2, and per period's end.
const maxHistory = 12*maxPlayers + maxPlayers + 2

// Standing is one entry of the points history: every player's standings
// after a turn (Seat) or at a period's end (Seat -1, after the fishing boats).
type Standing struct {
	Period int8              `json:"period"`
	Seat   int8              `json:"seat"`
	Points [maxPlayers]int16 `json:"points"`
}

// mark adds an entry to the points history.
func (s *State) mark(seat int8) {
	if s.HistN >= maxHistory {
		return
	}
	s.History[s.HistN] = Standing{Period: s.Period, Seat: seat, Points: s.standings()}
	s.HistN++
}

// scoreAttraction gives attraction a's value, the total level of every ship
// there, to the player with the highest total there, and half (rounded
// down) to the second; equal totals go to the higher place (NK-072..075).
func (s *State) scoreAttraction(a int8, out *[maxPlayers]int16) {
	var total [maxPlayers]int
	var best [maxPlayers]int16
	value := 0
	for i := range s.N {
		best[i] = -1 << 15
		for k := range numShips {
			if sh := s.Players[i].Ships[k]; sh.Loc == locAttr+a {
				total[i] += int(sh.Level)
				value += int(sh.Level)
				best[i] = max(best[i], sh.Place)
			}
		}
	}
	first, second := int8(-1), int8(-1)
	beats := func(x, y int8) bool {
		return y < 0 || total[x] > total[y] || total[x] == total[y] && best[x] > best[y]
	}
	for i := range s.N {
		if total[i] == 0 {
			continue
		}
		switch {
		case beats(i, first):
			first, second = i, first
		case beats(i, second):
			second = i
		}
	}
	if first >= 0 {
		out[first] += int16(value)
	}
	if second >= 0 {
		out[second] += int16(value / 2)
	}
}

// endCards scores the E cards in a player's action columns, each distinct
// effect once (NK-Q17), and E fishing boats (NK-127).
func endCards(p *Player) int16 {
	cards, harbour, hubs := endParts(p)
	return cards + harbour + hubs
}

// endParts is endCards split into the harbour level (NK-092), the chosen hub
// (NK-127) and every other E card.
func endParts(p *Player) (cards, harbour, hubs int16) {
	var kinds [FishingBoat + 1]int
	for i := range p.NPlayed {
		if pl := p.Played[i]; !pl.Hub {
			kinds[cat.Cards[pl.Card].Kind]++
		}
	}
	var seen [numEffects][FishingBoat + 1]bool
	score := 0
	for i := range p.NPlayed {
		pl := p.Played[i]
		cd := &cat.Cards[pl.Card]
		if pl.Hub || seen[cd.Effect][cd.Kind] {
			continue
		}
		seen[cd.Effect][cd.Kind] = true
		switch cd.Effect {
		case EffEndSet:
			score += kinds[cd.Kind] / 3 * int(cd.Amount)
		case EffEndGoods, EffEndPerGoods:
			score += int(p.Supply[Goods])
		case EffEndHarbour:
			harbour += int16(p.Harbour)
		case EffEndCaptain, EffEndPerCaptain:
			score += int(p.Supply[Captain])
		case EffEndPerPenguin:
			score += int(p.Supply[Penguin])
		case EffEndPerLicence:
			score += int(p.Supply[Licence])
		case EffEndHub:
			best := 0
			for c := range p.NCols {
				if col := p.Cols[c]; col.Cards <= 3 {
					best = max(best, int(col.Hub))
				}
			}
			hubs += int16(best)
		}
	}
	return int16(score), harbour, hubs
}
