package harborfall

import "testing"

// TestHFG5_Geometry checks the island shapes against the counts in the notes.
func TestHFG5_Geometry(t *testing.T) {
	for _, tc := range []struct {
		g                            *Geometry
		hexes, corners, edges, coast int
	}{
		{geometries[0], 19, 54, 72, 30},
		{geometries[1], 30, 80, 109, 38},
	} {
		if tc.g.Hexes != tc.hexes || tc.g.Corners != tc.corners || tc.g.Edges != tc.edges || len(tc.g.Coast) != tc.coast {
			t.Errorf("got %d hexes, %d corners, %d edges, %d coast; want %d, %d, %d, %d",
				tc.g.Hexes, tc.g.Corners, tc.g.Edges, len(tc.g.Coast), tc.hexes, tc.corners, tc.edges, tc.coast)
		}
		for c := range tc.g.Corners {
			if n := len(tc.g.cornerHexes[c]); n < 1 || n > 3 {
				t.Errorf("corner %d touches %d hexes", c, n)
			}
			if n := len(tc.g.cornerEdges[c]); n < 2 || n > 3 {
				t.Errorf("corner %d meets %d edges", c, n)
			}
		}
	}
}
