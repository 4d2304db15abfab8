package harborfall

import (
	"slices"
	"testing"
)

func TestHF02_HF72_IslandSize(t *testing.T) {
	for _, tc := range []struct {
		players, hexes, harbors int
		supply                  int8
		deck                    int8
	}{{3, 19, 9, 19, 25}, {4, 19, 9, 19, 25}, {5, 30, 11, 24, 34}, {6, 30, 11, 24, 34}} {
		s := newGame(t, tc.players, 5)
		if s.geo().Hexes != tc.hexes || int(s.NumHarbors) != tc.harbors || s.Supply[Ore] != tc.supply || s.DeckLen != tc.deck {
			t.Errorf("%d players: %d hexes, %d harbors, supply %d, deck %d", tc.players, s.geo().Hexes, s.NumHarbors, s.Supply[Ore], s.DeckLen)
		}
	}
}

func TestHF03_HF04_TerrainsAndNumbers(t *testing.T) {
	for _, n := range []int{4, 6} {
		for seed := range uint64(50) {
			s := newGame(t, n, seed)
			isl := s.island()
			var terrains [NumResources + 1]int
			var numbers []int8
			for h := range s.geo().Hexes {
				terrains[s.Terrain[h]]++
				if s.Terrain[h] == Desert {
					if s.Number[h] != 0 {
						t.Fatalf("desert %d carries %d", h, s.Number[h])
					}
					continue
				}
				if s.Number[h] < 2 || s.Number[h] > 12 || s.Number[h] == 7 {
					t.Fatalf("hex %d carries %d", h, s.Number[h])
				}
				numbers = append(numbers, s.Number[h])
			}
			if terrains != isl.Terrain {
				t.Fatalf("terrains %v, want %v", terrains, isl.Terrain)
			}
			slices.Sort(numbers)
			if !slices.Equal(numbers, isl.Tokens) {
				t.Fatalf("numbers %v, want %v", numbers, isl.Tokens)
			}
		}
	}
}

// TestHF03_SeaRing: every coast edge borders one land hex only, so the sea
// frame surrounds the island.
func TestHF03_SeaRing(t *testing.T) {
	for _, g := range geometries {
		inner := 0
		for _, h := range g.hexNeighbors {
			inner += len(h)
		}
		if inner/2+len(g.Coast) != g.Edges {
			t.Errorf("%d inner and %d coast edges of %d", inner/2, len(g.Coast), g.Edges)
		}
	}
}

func TestHF07_Harbors(t *testing.T) {
	for _, n := range []int{3, 5} {
		s := newGame(t, n, 9)
		var kinds [NumResources + 1]int
		corners := map[int16]bool{}
		coast := map[int16]bool{}
		for _, e := range s.geo().Coast {
			coast[e] = true
		}
		for _, h := range s.Harbors[:s.NumHarbors] {
			kinds[h.Kind]++
			if !coast[h.Edge] {
				t.Errorf("harbor on inland edge %d", h.Edge)
			}
			for _, c := range s.geo().EdgeCorner[h.Edge] {
				if corners[c] {
					t.Errorf("two harbors share corner %d", c)
				}
				corners[c] = true
				if s.CornerHarbor[c] != h.Kind {
					t.Errorf("corner %d harbor kind %d, want %d", c, s.CornerHarbor[c], h.Kind)
				}
			}
		}
		if kinds != s.island().Harbors {
			t.Errorf("%d players: harbor kinds %v, want %v", n, kinds, s.island().Harbors)
		}
	}
}

func TestHF08_PiecesOnCornersAndEdges(t *testing.T) {
	s := blank(t, 3)
	give(s, 0, hand(5, 5, 5, 5, 5))
	mustFail(t, s, 0, Move{Type: "settlement", At: 54}, "invalid")
	mustFail(t, s, 0, Move{Type: "road", At: 72}, "invalid")
	mustFail(t, s, 0, Move{Type: "city", At: -1}, "invalid")
}

func TestHF10_DeckShuffled(t *testing.T) {
	a, b := newGame(t, 4, 1), newGame(t, 4, 2)
	var count [NumCards]int
	for _, k := range a.Deck[:a.DeckLen] {
		count[k]++
	}
	if count != a.island().Deck {
		t.Errorf("deck holds %v, want %v", count, a.island().Deck)
	}
	if a.Deck == b.Deck {
		t.Error("two seeds gave the same deck order")
	}
}

func TestHF20_RobberStartsOnDesert(t *testing.T) {
	for _, n := range []int{4, 6} {
		for seed := range uint64(20) {
			s := newGame(t, n, seed)
			if s.Terrain[s.Robber] != Desert {
				t.Fatalf("robber on terrain %d", s.Terrain[s.Robber])
			}
			for h := range int(s.Robber) {
				if s.Terrain[h] == Desert {
					t.Fatalf("robber on desert %d, not the lower-numbered %d", s.Robber, h)
				}
			}
		}
	}
}

func TestHF77_FreshIslandPerGame(t *testing.T) {
	a, b, c := newGame(t, 4, 1), newGame(t, 4, 2), newGame(t, 4, 1)
	if a.Terrain == b.Terrain && a.Number == b.Number {
		t.Error("two seeds gave the same island")
	}
	if a.Terrain != c.Terrain || a.Number != c.Number || a.Harbors != c.Harbors {
		t.Error("the same seed gave different islands")
	}
}

// TestHF78_NoNeighbouringSixesAndEights finds neighbors from the hex
// centers (same row two units apart, next row one unit across), not from
// the geometry tables the generator uses.
func TestHF78_NoNeighbouringSixesAndEights(t *testing.T) {
	neighbours := func(g *Geometry, a, b int) bool {
		dx, dy := g.HexX[a]-g.HexX[b], g.HexY[a]-g.HexY[b]
		return (dy == 0 && (dx == 2 || dx == -2)) || ((dy == 3 || dy == -3) && (dx == 1 || dx == -1))
	}
	for _, n := range []int{3, 5} {
		for seed := range uint64(300) {
			s := newGame(t, n, seed)
			g := s.geo()
			for h := range g.Hexes {
				for o := range g.Hexes {
					a, b := s.Number[h], s.Number[o]
					if neighbours(g, h, o) && (a == 6 || a == 8) && (b == 6 || b == 8) {
						t.Fatalf("seed %d: hexes %d and %d carry %d and %d", seed, h, o, a, b)
					}
				}
			}
		}
	}
}
