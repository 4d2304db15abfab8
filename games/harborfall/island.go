package harborfall

import "harbor"

// maxIslandTries bounds the rejection sampling of number tokens. A valid
// layout takes about 7 tries on the 19-hex island and 28 on the 30-hex one
// (HF-G24), so running out means a broken generator, not bad luck.
const maxIslandTries = 100000

// generateIsland shuffles terrains onto the hexes and number tokens onto the
// producing hexes until no two hexes sharing an edge both carry a 6 or an 8
// (HF-03, HF-04, HF-77, HF-78), puts the robber on the desert (HF-20) and
// deals the harbor kinds onto their fixed coast slots (HF-07, HF-G6).
func (s *State) generateIsland() error {
	g, isl := s.geo(), s.island()
	k := 0
	for t, n := range isl.Terrain {
		for range n {
			s.Terrain[k] = int8(t)
			k++
		}
	}
	s.Rand.Shuffle(g.Hexes, func(i, j int) { s.Terrain[i], s.Terrain[j] = s.Terrain[j], s.Terrain[i] })
	var tokens [MaxHexes]int8
	copy(tokens[:], isl.Tokens)
	nt := len(isl.Tokens)
	for try := 0; ; try++ {
		if try == maxIslandTries {
			return harbor.Errorf(harbor.EInternal, "no balanced island found")
		}
		s.Rand.Shuffle(nt, func(i, j int) { tokens[i], tokens[j] = tokens[j], tokens[i] })
		k = 0
		for h := range g.Hexes {
			s.Number[h] = 0
			if s.Terrain[h] != Desert {
				s.Number[h] = tokens[k]
				k++
			}
		}
		if balanced(g, &s.Number) {
			break
		}
	}
	s.Robber = -1
	for h := range g.Hexes {
		if s.Terrain[h] == Desert {
			s.Robber = int8(h)
			break
		}
	}
	s.placeHarbors()
	return nil
}

// balanced reports whether no two neighboring hexes both carry a 6 or 8.
func balanced(g *Geometry, number *[MaxHexes]int8) bool {
	for h := range g.Hexes {
		if number[h] != 6 && number[h] != 8 {
			continue
		}
		for _, o := range g.hexNeighbors[h] {
			if number[o] == 6 || number[o] == 8 {
				return false
			}
		}
	}
	return true
}

// placeHarbors puts a harbor on every slot of the coast (the gaps between
// harbors repeat the island's pattern) and shuffles the kinds over them.
func (s *State) placeHarbors() {
	g, isl := s.geo(), s.island()
	n := int8(0)
	for kind, count := range isl.Harbors {
		for range count {
			s.Harbors[n].Kind = int8(kind)
			n++
		}
	}
	s.NumHarbors = n
	s.Rand.Shuffle(int(n), func(i, j int) { s.Harbors[i].Kind, s.Harbors[j].Kind = s.Harbors[j].Kind, s.Harbors[i].Kind })
	for c := range s.CornerHarbor {
		s.CornerHarbor[c] = -1
	}
	pos := 0
	for i := range n {
		e := g.Coast[pos]
		s.Harbors[i].Edge = e
		for _, c := range g.EdgeCorner[e] {
			s.CornerHarbor[c] = s.Harbors[i].Kind
		}
		pos += isl.HarborGaps[int(i)%len(isl.HarborGaps)]
	}
}
