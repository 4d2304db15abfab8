package harborfall

import (
	"encoding/json"
	"testing"

	"harbor/game"
)

// TestHFG26_ViewCarriesTheBoard: the JSON view has the island, the pieces
// and the public counts, trimmed to the island and the table, and the
// viewer's own hand only in the viewer's own view.
func TestHFG26_ViewCarriesTheBoard(t *testing.T) {
	s := newGame(t, 3, 4)
	placeSetup(t, s)
	var pub, own map[string]json.RawMessage
	if err := json.Unmarshal([]byte(encode(t, s.View(game.Public))), &pub); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(encode(t, s.View(1))), &own); err != nil {
		t.Fatal(err)
	}
	var terrain, number, owner, road []int
	var players []PlayerView
	var harbors []Harbor
	for key, into := range map[string]any{"terrain": &terrain, "number": &number, "owner": &owner, "road": &road, "players": &players, "harbors": &harbors} {
		if err := json.Unmarshal(pub[key], into); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
	}
	if len(terrain) != 19 || len(number) != 19 || len(owner) != 54 || len(road) != 72 || len(players) != 3 || len(harbors) != 9 {
		t.Errorf("lengths %d %d %d %d %d %d", len(terrain), len(number), len(owner), len(road), len(players), len(harbors))
	}
	if _, ok := pub["geometry"]; !ok {
		t.Error("no geometry")
	}
	if _, ok := pub["me"]; ok {
		t.Error("public view has a private section")
	}
	var me Private
	if err := json.Unmarshal(own["me"], &me); err != nil || me.Hand != s.Hands[1] {
		t.Errorf("own hand %v, want %v (%v)", me.Hand, s.Hands[1], err)
	}
	if players[1].Cards != int16(s.Hands[1].Total()) || players[1].Settlements != 3 {
		t.Errorf("seat 1 shows %+v", players[1])
	}
}
