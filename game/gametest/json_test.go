package gametest

import (
	"encoding/json"
	"testing"

	"harbor/game"
	"harbor/game/contracttest"
)

// TestAppendJSON: the hand-written encodings of views and moves are byte
// for byte what encoding/json writes, for every viewer and every legal
// move through games with and without the bag, and for the zero values
// and names and types that need escaping.
func TestAppendJSON(t *testing.T) {
	check := func(v game.JSONAppender) {
		t.Helper()
		if err := contracttest.CheckAppendJSON(v); err != nil {
			t.Fatal(err)
		}
	}
	for _, opts := range []string{`{"size":40}`, `{"size":40,"bag":true}`} {
		for players := 1; players <= 4; players++ {
			cfg := game.Config{Options: json.RawMessage(opts), Seed: uint64(players)}
			for range players {
				cfg.Players = append(cfg.Players, game.Player{Name: "P"})
			}
			s, err := Setup(cfg)
			if err != nil {
				t.Fatal(err)
			}
			bot := &Bot{rng: game.NewRand(uint64(players))}
			for s.Pile > 0 {
				for viewer := game.Public; viewer < game.Seat(players); viewer++ {
					check(s.View(viewer))
				}
				legal := s.Legal(s.Turn, nil)
				for _, m := range legal {
					check(m)
				}
				if err := s.Apply(s.Turn, bot.Choose(s.View(s.Turn), legal), &game.Log{}); err != nil {
					t.Fatal(err)
				}
			}
			check(s.View(game.Public))
		}
	}
	secret := -5
	for _, v := range []View{{}, {Type: "<\"pile\">", Taken: []int{}, Secret: &secret, Bag: -1, Turn: -1}} {
		check(v)
	}
	for _, m := range []Move{{}, {Type: "take\u2028&", N: -3}} {
		check(m)
	}
}
