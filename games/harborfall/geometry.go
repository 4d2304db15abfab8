package harborfall

import "sort"

// Size limits over both islands, for fixed arrays in the state.
const (
	MaxHexes   = 30
	MaxCorners = 80
	MaxEdges   = 109
	MaxHarbors = 11
	MaxPlayers = 6
)

// Geometry is the fixed shape of one island size: which hexes, corners and
// edges touch which. It is computed once, deterministically, from the rows
// of the island (HF-G5), and shared read-only by every game of that size.
//
// Positions are in integer units for drawing pointy-top hexes: a hex center
// is at (HexX, HexY); one unit of x is half a hex's width and one unit of y
// is half a hex's side, so a screen maps (x, y) to (x·0.866·s, y·0.5·s) for a
// hex side s.
type Geometry struct {
	Hexes   int `json:"hexes"`
	Corners int `json:"corners"`
	Edges   int `json:"edges"`

	HexX       []int      `json:"hexX"`
	HexY       []int      `json:"hexY"`
	CornerX    []int      `json:"cornerX"`
	CornerY    []int      `json:"cornerY"`
	HexCorners [][6]int16 `json:"hexCorners"` // clockwise from the top
	EdgeCorner [][2]int16 `json:"edgeCorners"`
	Coast      []int16    `json:"coast"` // coast edges, in order round the island

	hexNeighbors [][]int8  // hexes sharing an edge
	cornerHexes  [][]int8  // land hexes touching a corner (1 to 3)
	cornerEdges  [][]int16 // edges meeting at a corner (2 or 3)
	cornerNear   [][]int16 // corners one edge away
}

// geometries holds the 19-hex island at 0 and the 30-hex island at 1.
var geometries = [2]*Geometry{
	buildGeometry(content.Islands[0].Rows),
	buildGeometry(content.Islands[1].Rows),
}

type point struct{ x, y int }

// buildGeometry lays out rows of hexes, centered, and derives corners (the
// points where hexes meet) and edges (the sides between two corners).
func buildGeometry(rows []int) *Geometry {
	widest := 0
	for _, n := range rows {
		widest = max(widest, n)
	}
	g := &Geometry{}
	for r, n := range rows {
		for i := range n {
			g.HexX = append(g.HexX, 2*i+widest-n)
			g.HexY = append(g.HexY, 3*r)
		}
	}
	g.Hexes = len(g.HexX)
	offsets := [6]point{{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}
	seen := map[point]bool{}
	var pts []point
	for h := range g.Hexes {
		for _, o := range offsets {
			p := point{g.HexX[h] + o.x, g.HexY[h] + o.y}
			if !seen[p] {
				seen[p] = true
				pts = append(pts, p)
			}
		}
	}
	sort.Slice(pts, func(i, j int) bool {
		if pts[i].y != pts[j].y {
			return pts[i].y < pts[j].y
		}
		return pts[i].x < pts[j].x
	})
	index := map[point]int16{}
	for i, p := range pts {
		index[p] = int16(i)
		g.CornerX = append(g.CornerX, p.x)
		g.CornerY = append(g.CornerY, p.y)
	}
	g.Corners = len(pts)
	g.cornerHexes = make([][]int8, g.Corners)
	type pair struct{ a, b int16 }
	edgeHexes := map[pair][]int{}
	for h := range g.Hexes {
		var hc [6]int16
		for k, o := range offsets {
			c := index[point{g.HexX[h] + o.x, g.HexY[h] + o.y}]
			hc[k] = c
			g.cornerHexes[c] = append(g.cornerHexes[c], int8(h))
		}
		g.HexCorners = append(g.HexCorners, hc)
		for k := range 6 {
			a, b := hc[k], hc[(k+1)%6]
			if a > b {
				a, b = b, a
			}
			edgeHexes[pair{a, b}] = append(edgeHexes[pair{a, b}], h)
		}
	}
	var edges []pair
	for e := range edgeHexes {
		edges = append(edges, e)
	}
	sort.Slice(edges, func(i, j int) bool {
		if edges[i].a != edges[j].a {
			return edges[i].a < edges[j].a
		}
		return edges[i].b < edges[j].b
	})
	g.Edges = len(edges)
	g.hexNeighbors = make([][]int8, g.Hexes)
	g.cornerEdges = make([][]int16, g.Corners)
	g.cornerNear = make([][]int16, g.Corners)
	coastAt := map[int16][]int16{}
	for i, e := range edges {
		g.EdgeCorner = append(g.EdgeCorner, [2]int16{e.a, e.b})
		g.cornerEdges[e.a] = append(g.cornerEdges[e.a], int16(i))
		g.cornerEdges[e.b] = append(g.cornerEdges[e.b], int16(i))
		g.cornerNear[e.a] = append(g.cornerNear[e.a], e.b)
		g.cornerNear[e.b] = append(g.cornerNear[e.b], e.a)
		hs := edgeHexes[e]
		if len(hs) == 2 {
			g.hexNeighbors[hs[0]] = append(g.hexNeighbors[hs[0]], int8(hs[1]))
			g.hexNeighbors[hs[1]] = append(g.hexNeighbors[hs[1]], int8(hs[0]))
		} else {
			coastAt[e.a] = append(coastAt[e.a], int16(i))
			coastAt[e.b] = append(coastAt[e.b], int16(i))
		}
	}
	// Walk the coast: every coast corner joins exactly two coast edges.
	start := int16(-1)
	for i := range g.Edges {
		if len(edgeHexes[edges[i]]) == 1 {
			start = int16(i)
			break
		}
	}
	prev, at := start, g.EdgeCorner[start][1]
	g.Coast = append(g.Coast, start)
	for {
		next := coastAt[at][0]
		if next == prev {
			next = coastAt[at][1]
		}
		if next == start {
			break
		}
		g.Coast = append(g.Coast, next)
		ec := g.EdgeCorner[next]
		if ec[0] == at {
			at = ec[1]
		} else {
			at = ec[0]
		}
		prev = next
	}
	return g
}

// otherEnd returns the corner of edge e that is not c.
func (g *Geometry) otherEnd(e, c int16) int16 {
	ec := g.EdgeCorner[e]
	if ec[0] == c {
		return ec[1]
	}
	return ec[0]
}
