package harborfall

// Board rules: where pieces may go, what a roll produces, longest roads.

// cornerFree reports whether a settlement may stand on c by the distance
// rule: c and every corner one edge away are empty (HF-47).
func (s *State) cornerFree(c int16) bool {
	if s.Owner[c] >= 0 {
		return false
	}
	for _, o := range s.geo().cornerNear[c] {
		if s.Owner[o] >= 0 {
			return false
		}
	}
	return true
}

// canSettle reports whether p may build a settlement on c in normal play:
// the distance rule and one of p's roads reaching c (HF-47, HF-48).
func (s *State) canSettle(p int8, c int16) bool {
	if !s.cornerFree(c) {
		return false
	}
	for _, e := range s.geo().cornerEdges[c] {
		if s.Road[e] == p {
			return true
		}
	}
	return false
}

// canRoad reports whether p may build a road on e: the edge is empty and it
// joins p's building, or p's road through a corner with no rival building
// (HF-49, HF-G17).
func (s *State) canRoad(p int8, e int16) bool {
	if s.Road[e] >= 0 {
		return false
	}
	g := s.geo()
	for _, c := range g.EdgeCorner[e] {
		if s.Owner[c] == p {
			return true
		}
		if s.Owner[c] >= 0 {
			continue
		}
		for _, o := range g.cornerEdges[c] {
			if o != e && s.Road[o] == p {
				return true
			}
		}
	}
	return false
}

// anyRoadSpot reports whether p has an edge to build a road on.
func (s *State) anyRoadSpot(p int8) bool {
	for e := range int16(s.geo().Edges) {
		if s.canRoad(p, e) {
			return true
		}
	}
	return false
}

// produce pays a roll of total to every player (HF-21..HF-28): one card per
// settlement and two per city on each matching hex without the robber. A
// resource the supply cannot pay in full goes to nobody, unless exactly one
// player is owed it, who takes what is left. It returns what each player got
// and, as bit r of short, each resource nobody got for want of cards.
func (s *State) produce(total int8) (got [MaxPlayers]Hand, short uint8) {
	g := s.geo()
	var owed [MaxPlayers]Hand
	for h := range g.Hexes {
		if s.Number[h] != total || int8(h) == s.Robber {
			continue
		}
		r := s.Terrain[h]
		for _, c := range g.HexCorners[h] {
			if p := s.Owner[c]; p >= 0 {
				owed[p][r]++
				if s.City[c] {
					owed[p][r]++
				}
			}
		}
	}
	for r := range NumResources {
		total, owedBy, last := 0, 0, 0
		for p := range s.n() {
			if owed[p][r] > 0 {
				total += int(owed[p][r])
				owedBy++
				last = p
			}
		}
		switch {
		case total == 0:
		case total <= int(s.Supply[r]):
			for p := range s.n() {
				got[p][r] = owed[p][r]
			}
		case owedBy == 1:
			got[last][r] = s.Supply[r]
		default:
			short |= 1 << r
		}
	}
	for p := range s.n() {
		s.Hands[p].add(got[p])
		s.Supply.sub(got[p])
	}
	return got, short
}

// longestRoad is the longest trail through p's roads: no edge twice,
// corners may repeat, and never through a corner holding a rival's
// building (HF-63, HF-G18).
func (s *State) longestRoad(p int8) int8 {
	g := s.geo()
	var edges [16]int16
	n := 0
	for e := range int16(g.Edges) {
		if s.Road[e] == p {
			edges[n] = e
			n++
		}
	}
	best := 0
	for i := range n {
		for _, c := range g.EdgeCorner[edges[i]] {
			best = max(best, s.trail(p, g, edges[:n], c, 0, 0))
		}
	}
	return int8(best)
}

// trail extends a trail that has reached corner c with the edges in used.
func (s *State) trail(p int8, g *Geometry, edges []int16, c int16, used uint16, length int) int {
	if length > 0 && s.Owner[c] >= 0 && s.Owner[c] != p {
		return length
	}
	best := length
	for i, e := range edges {
		if used&(1<<i) != 0 {
			continue
		}
		ec := g.EdgeCorner[e]
		var next int16
		switch c {
		case ec[0]:
			next = ec[1]
		case ec[1]:
			next = ec[0]
		default:
			continue
		}
		best = max(best, s.trail(p, g, edges, next, used|1<<i, length+1))
	}
	return best
}

// awardLongestRoad recomputes the road lengths of the seats in who and
// moves the bonus (HF-63, HF-64, HF-G18): the holder keeps it while still
// tied for longest with 5 or more; otherwise it goes to a single strictly
// longest player with 5 or more, or is set aside.
func (s *State) awardLongestRoad(who uint8) {
	for p := range s.n() {
		if who&(1<<p) != 0 {
			s.RoadLength[p] = s.longestRoad(int8(p))
		}
	}
	best, count, top := int8(0), 0, int8(-1)
	for p := range s.n() {
		switch l := s.RoadLength[p]; {
		case l > best:
			best, count, top = l, 1, int8(p)
		case l == best:
			count++
		}
	}
	if h := s.LongestRoad; h >= 0 && s.RoadLength[h] >= 5 && s.RoadLength[h] == best {
		return
	}
	s.LongestRoad = -1
	if best >= 5 && count == 1 {
		s.LongestRoad = top
	}
}

// roadOwnersAt returns the set of seats with a road at corner c.
func (s *State) roadOwnersAt(c int16) uint8 {
	var who uint8
	for _, e := range s.geo().cornerEdges[c] {
		if p := s.Road[e]; p >= 0 {
			who |= 1 << p
		}
	}
	return who
}

// rate is p's best supply rate for resource r (HF-38..HF-41).
func (s *State) rate(p int8, r int) int8 {
	switch {
	case s.Ports[p]&(1<<r) != 0:
		return 2
	case s.Ports[p]&(1<<GeneralHarbor) != 0:
		return 3
	}
	return 4
}

// victims is the set of rivals of p with a building on hex h and at least
// one card (HF-33..HF-35).
func (s *State) victims(p int8, h int8) uint8 {
	var who uint8
	for _, c := range s.geo().HexCorners[h] {
		if o := s.Owner[c]; o >= 0 && o != p && s.Hands[o].Total() > 0 {
			who |= 1 << o
		}
	}
	return who
}
