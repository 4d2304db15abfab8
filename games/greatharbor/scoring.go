package greatharbor

import (
	"math/bits"

	"harbor/game"
)

// Score is one competitor's final Prestige by scoring step (GH-156..161, GH-197).
type Score struct {
	Cards      int `json:"cards"`
	Governor   int `json:"governor"`
	Structures int `json:"structures"`
	EndGame    int `json:"endGame"`
	Smuggler   int `json:"smuggler"`
	Tokens     int `json:"tokens"`
	Total      int `json:"total"`
}

func cardCount(mask uint32) int { return bits.OnesCount32(mask) }

func mediumShips(mask uint32) int {
	n := 0
	for c := int8(0); c < int8(len(ships)); c++ {
		if mask&bit(c) != 0 && ships[c].Size == medium {
			n++
		}
	}
	return n
}

// shopColours counts, per color, the Shops of seat as cards of the two
// halves at their corner (GH-168, GH-T15).
func (s *State) shopColours(seat int8) [numColours]int {
	var out [numColours]int
	for v, site := range s.ShopSite {
		if site < 0 || s.ShopOwner[v] != seat {
			continue
		}
		g := &siteGeoms[site]
		t := &tiles[s.Layout[g.Cell]]
		out[t.Edges[g.Edges[0]]]++
		out[t.Edges[g.Edges[1]]]++
	}
	return out
}

// PlayerScore is seat's final scoring (GH-156..161, GH-168).
func (s *State) PlayerScore(seat int8) Score {
	p := &s.Players[seat]
	var sc Score
	for c := int8(0); c < int8(len(ships)); c++ {
		if p.ShipsPlayed&bit(c) != 0 {
			sc.Cards += int(ships[c].Prestige)
		}
	}
	for b := int8(0); b < int8(len(buildings)); b++ {
		if p.Buildings&bit(b) != 0 {
			sc.Cards += int(buildings[b].Prestige)
		}
	}
	gov := &governors[p.Governor]
	counts := s.shopColours(seat)
	for c := range counts {
		counts[c] += int(p.ColourCards[c])
	}
	sc.Governor = min(counts[gov.Top], counts[gov.Bottom])
	sc.Structures = bits.OnesCount8(p.Huts) + bits.OnesCount8(p.Insula) + bits.OnesCount8(p.Huts&p.Insula)
	sc.EndGame = endGameBuildings(p.Buildings, p.ShipsPlayed, bits.OnesCount8(p.Huts)+bits.OnesCount8(p.Insula), int(p.Free))
	sc.Smuggler = int(p.Smuggler)
	sc.Tokens = int(p.Prestige)
	sc.Total = sc.Cards + sc.Governor + sc.Structures + sc.EndGame + sc.Smuggler + sc.Tokens
	return sc
}

// endGameBuildings scores Smithy, Tavern, Odeon and Curia (GH-221, GH-225, GH-229, GH-233).
func endGameBuildings(built, shipsPlayed uint32, structuresBuilt, colonists int) int {
	n := 0
	if built&bit(bSmithy) != 0 {
		n += mediumShips(shipsPlayed)
	}
	if built&bit(bTavern) != 0 {
		n += cardCount(built) / 2
	}
	if built&bit(bOdeon) != 0 {
		n += structuresBuilt / 2
	}
	if built&bit(bCuria) != 0 {
		n += colonists / 2
	}
	return n
}

// AutomaScore is the Automa's final scoring (GH-197, GH-Q29).
func (s *State) AutomaScore() Score {
	a := &s.Bot
	var sc Score
	match := 0
	gov := &governors[a.Governor]
	for c := int8(0); c < int8(len(ships)); c++ {
		if a.AllShips&bit(c) != 0 {
			sc.Cards += int(ships[c].Prestige)
			if k := ships[c].Colour; k == gov.Top || k == gov.Bottom {
				match++
			}
		}
	}
	for b := int8(0); b < int8(len(buildings)); b++ {
		if a.Buildings&bit(b) != 0 {
			sc.Cards += int(buildings[b].Prestige)
			if k := buildings[b].Colour; k == gov.Top || k == gov.Bottom {
				match++
			}
		}
	}
	for c := int8(0); c < int8(len(people)); c++ {
		if a.People&bit(c) != 0 {
			if k := people[c].Colour; k == gov.Top || k == gov.Bottom {
				match++
			}
		}
	}
	sc.Governor = match / 2
	sc.EndGame = endGameBuildings(a.Buildings, a.AllShips, 0, int(a.Free))
	sc.Smuggler = int(a.Smuggler)
	sc.Tokens = int(a.Prestige)
	sc.Total = sc.Cards + sc.Governor + sc.EndGame + sc.Smuggler + sc.Tokens
	return sc
}

// Result ranks by Prestige, then Coins; further ties share the place
// (GH-162). The Automa owns no resources (GH-Q34), so it ranks as a
// competitor with 0 Coins: a seat tied with it on Prestige beats it with any
// Coins and shares the place with it on 0 Coins (GH-Q30). A seat beaten by
// it has no first place, so Winners may be empty.
func (s *State) Result() game.Result {
	if s.Phase != phaseOver {
		return game.Result{Turns: s.Turns}
	}
	n := int(s.N)
	scores := make([]int, n)
	coins := make([]int, n+1)
	all := make([]int, n+1)
	for i := 0; i < n; i++ {
		scores[i] = s.PlayerScore(int8(i)).Total
		all[i] = scores[i]
		coins[i] = int(s.Players[i].Coins)
	}
	total := n
	if s.Automa {
		all[n] = s.AutomaScore().Total
		coins[n] = 0
		total++
	}
	res := game.Result{Over: true, Scores: scores, Places: make([]int, n), Reason: "five_rounds", Turns: s.Turns}
	for i := 0; i < n; i++ {
		place := 1
		for j := 0; j < total; j++ {
			if all[j] > all[i] || all[j] == all[i] && coins[j] > coins[i] {
				place++
			}
		}
		res.Places[i] = place
		if place == 1 {
			res.Winners = res.Winners.With(game.Seat(i))
		}
	}
	return res
}

// automaFirst reports whether no person ranks above the Automa: none has
// more Prestige, or as much with any Coins (see Result).
func (s *State) automaFirst() bool {
	a := s.AutomaScore().Total
	for i := range s.N {
		if sc := s.PlayerScore(i).Total; sc > a || sc == a && s.Players[i].Coins > 0 {
			return false
		}
	}
	return true
}

// recordHistory notes every competitor's score at the end of the round.
func (s *State) recordHistory() {
	h := &s.History[s.Round]
	for i := range s.N {
		h[i] = int16(s.PlayerScore(i).Total)
	}
	if s.Automa {
		h[s.automaID()] = int16(s.AutomaScore().Total)
	}
}
