package all_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"harbor/game"
)

// TestHintIsTheBotsOwnChoice: for every game, at points of random games, the
// hint a seat gets (game.Suggest) is exactly the move that game's computer
// player would make in that seat, which decides from the seat's own view
// and legal moves only; asking changes no view.
func TestHintIsTheBotsOwnChoice(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			n := info.MaxPlayers
			g, err := d.New(game.Config{Players: make([]game.Player, n), Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			rng := game.NewRand(5)
			asked := 0
			for step := 0; !g.Result().Over && step < 3000; step++ {
				actors := g.Actors()
				seat := actors.Nth(rng.Intn(actors.Len()))
				legal := g.Legal(seat)
				if step%13 == 0 {
					before := views(t, g, n)
					hint, err := game.Suggest(d.NewBot(seat, 9), g, seat)
					if err != nil {
						t.Fatalf("step %d: %v", step, err)
					}
					move, err := d.NewBot(seat, 9).Move(g, seat)
					if err != nil || !bytes.Equal(hint.Move, move) {
						t.Fatalf("step %d: hint %s, the bot plays %s (%v)", step, hint.Move, move, err)
					}
					if views(t, g, n) != before {
						t.Fatalf("step %d: asking for a hint changed a view", step)
					}
					asked++
				}
				move, _ := json.Marshal(legal[rng.Intn(len(legal))])
				if err := g.Apply(seat, move, nil); err != nil {
					t.Fatal(err)
				}
			}
			if asked < 5 {
				t.Fatalf("only %d hints asked", asked)
			}
		})
	}
}
