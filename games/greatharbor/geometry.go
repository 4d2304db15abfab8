package greatharbor

// The harbor is a 3×3 grid of tiles (GH-Q02, GH-T1). Cells are r*3+c. Slots
// sit on tile edges: H(r,c) is the horizontal edge above row r (r = 0..3) and
// has index r*3+c; V(r,c) is the vertical edge left of column c (c = 0..3) and
// has index 12+r*4+c. The Smuggler's District is the pseudo-slot 24.

const (
	numCells  = 9
	numSlots  = 24
	district  = 24
	numDice   = 20
	numSites  = 36
	numVertex = 16
)

// Edge directions of a tile, clockwise from the top (GH-178).
const (
	north = iota
	east
	south
	west
)

// slotGeom is the static shape of one slot.
type slotGeom struct {
	Cells [2]int8 // first and second tile cell; Cells[1] = -1 on a shore slot
	Edges [2]int8 // the edge of each tile the slot lies on
	Shore bool
	Frame [2]int8 // frame side and index, for a shore slot's outer half
}

// siteGeom is one place a Shop may stand (GH-T15): a grid vertex and the
// tile corner it sits on, touching two slots.
type siteGeom struct {
	Vertex int8
	Cell   int8
	Slots  [2]int8
	Edges  [2]int8 // the tile's two edges meeting at the corner
}

var (
	slotGeoms [numSlots]slotGeom
	cellSlots [numCells][4]int8 // N, E, S, W slot of each cell
	siteGeoms [numSites]siteGeom
)

func hSlot(r, c int) int8 { return int8(r*3 + c) }
func vSlot(r, c int) int8 { return int8(12 + r*4 + c) }

func init() {
	for r := 0; r <= 3; r++ {
		for c := 0; c < 3; c++ {
			g := slotGeom{Cells: [2]int8{-1, -1}}
			switch {
			case r == 0:
				g.Cells[0], g.Edges[0], g.Shore, g.Frame = int8(c), north, true, [2]int8{0, int8(c)}
			case r == 3:
				g.Cells[0], g.Edges[0], g.Shore, g.Frame = int8(6+c), south, true, [2]int8{2, int8(c)}
			default:
				g.Cells = [2]int8{int8((r-1)*3 + c), int8(r*3 + c)}
				g.Edges = [2]int8{south, north}
			}
			slotGeoms[hSlot(r, c)] = g
		}
	}
	for r := 0; r < 3; r++ {
		for c := 0; c <= 3; c++ {
			g := slotGeom{Cells: [2]int8{-1, -1}}
			switch {
			case c == 0:
				g.Cells[0], g.Edges[0], g.Shore, g.Frame = int8(r*3), west, true, [2]int8{3, int8(r)}
			case c == 3:
				g.Cells[0], g.Edges[0], g.Shore, g.Frame = int8(r*3+2), east, true, [2]int8{1, int8(r)}
			default:
				g.Cells = [2]int8{int8(r*3 + c - 1), int8(r*3 + c)}
				g.Edges = [2]int8{east, west}
			}
			slotGeoms[vSlot(r, c)] = g
		}
	}
	for cell := 0; cell < numCells; cell++ {
		r, c := cell/3, cell%3
		cellSlots[cell] = [4]int8{hSlot(r, c), vSlot(r, c+1), hSlot(r+1, c), vSlot(r, c)}
	}
	n := 0
	for vr := 0; vr <= 3; vr++ {
		for vc := 0; vc <= 3; vc++ {
			// The tiles meeting at vertex (vr,vc): NW tile is (vr-1,vc-1), etc.
			for _, d := range [4][2]int{{-1, -1}, {-1, 0}, {0, -1}, {0, 0}} {
				r, c := vr+d[0], vc+d[1]
				if r < 0 || r > 2 || c < 0 || c > 2 {
					continue
				}
				cell := r*3 + c
				s := siteGeom{Vertex: int8(vr*4 + vc), Cell: int8(cell)}
				// The vertex is at the tile's corner: top if vr == r, left if vc == c.
				h, he := hSlot(r+1, c), int8(south)
				if vr == r {
					h, he = hSlot(r, c), north
				}
				v, ve := vSlot(r, c+1), int8(east)
				if vc == c {
					v, ve = vSlot(r, c), west
				}
				s.Slots = [2]int8{h, v}
				s.Edges = [2]int8{he, ve}
				siteGeoms[n] = s
				n++
			}
		}
	}
	if n != numSites {
		panic("greatharbor: shop site count")
	}
}

// slotHasCell reports whether slot touches cell.
func slotHasCell(slot int8, cell int8) bool {
	g := &slotGeoms[slot]
	return g.Cells[0] == cell || g.Cells[1] == cell
}

// shoreWords says where a shore slot lies from its tile, by the edge it is
// on, as the board is drawn (north at the top).
var shoreWords = [4]string{north: "above", east: "right of", south: "below", west: "left of"}

// slotName names a slot by the tiles the board shows round it, as the log
// and the screens do: "the slot between the Forum and the Ropeyard", "the
// slot above the Sailmaker". The board draws no slot numbers.
func (s *State) slotName(slot int8) string {
	g := &slotGeoms[slot]
	name := func(cell int8) string { return tiles[s.Layout[cell]].Name }
	if g.Shore {
		return "the slot " + shoreWords[g.Edges[0]] + " the " + name(g.Cells[0])
	}
	return "the slot between the " + name(g.Cells[0]) + " and the " + name(g.Cells[1])
}
