package web

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"harbor/game"
	"harbor/games/neko"
)

var updateNeko = flag.Bool("update-neko", false, "rewrite test/neko-view-*.json from the engine")

// nekoSample is a committed Neko Harbour view with the legal moves of its
// viewer, as the screens receive them.
type nekoSample struct {
	Seat  int             `json:"seat"`
	View  json.RawMessage `json:"view"`
	Legal json.RawMessage `json:"legal"`
	// Result is the game's result, as a state frame carries it beside the view.
	Result game.Result `json:"result"`
}

// nekoPreference orders move types for the fixture's policy: it moves
// ships, buys and upgrades before closing a window, so the positions it
// reaches show ships in the line, at attractions, and fishing boats.
var nekoPreference = []string{"choose", "boat", "sail", "move", "harbour", "upgrade", "buyship", "buylicence", "captain", "keep", "play", "draft", "pick", "discard", "next", "deactivate", "tuck", "bonus", "flip"}

// playNeko plays a game by that policy until stop says so, and returns the
// acting seat's view and legal moves. It uses no computer player, so the
// fixtures do not change when the bots do.
func playNeko(t *testing.T, players int, options string, seed uint64, stop func(v neko.View, moves int) bool) nekoSample {
	t.Helper()
	cfg := game.Config{Seed: seed, Options: json.RawMessage(options)}
	for _, name := range []string{"Ana", "Bo", "Cy", "Di"}[:players] {
		cfg.Players = append(cfg.Players, game.Player{Name: name})
	}
	g, err := neko.Definition.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for moves := 0; moves < 5000; moves++ {
		if g.Actors().Empty() {
			v := g.View(game.Public).(neko.View)
			if stop(v, moves) {
				view, _ := json.Marshal(v)
				return nekoSample{Seat: int(game.Public), View: view, Legal: json.RawMessage("[]"), Result: g.Result()}
			}
			break
		}
		seat := g.Actors().First()
		v := g.View(seat).(neko.View)
		if stop(v, moves) {
			view, _ := json.Marshal(v)
			legal, _ := json.Marshal(g.Legal(seat))
			return nekoSample{Seat: int(seat), View: view, Legal: legal, Result: g.Result()}
		}
		legal := g.Legal(seat)
		var pick any
		for _, want := range nekoPreference {
			var of []any
			for _, m := range legal {
				if m.(neko.Move).Type == want {
					of = append(of, m)
				}
			}
			if len(of) > 0 {
				pick = of[moves%len(of)]
				break
			}
		}
		raw, _ := json.Marshal(pick)
		if err := g.Apply(seat, raw, nil); err != nil {
			t.Fatalf("move %d %s: %v", moves, raw, err)
		}
	}
	t.Fatal("the game never reached the wanted position")
	return nekoSample{}
}

// TestNekoViewFixturesMatchTheEngine keeps the front end's Neko Harbour
// fixtures equal to what the engine sends for the same game: a 2-player game
// in its action phase, a 4-player game with every module in period 2, after
// the fishing boats and with the ghost ship moved, and that game's end as
// the public (the TV) sees it, with the final scores and the points history.
func TestNekoViewFixturesMatchTheEngine(t *testing.T) {
	tests := []struct {
		file    string
		players int
		options string
		stop    func(v neko.View, moves int) bool
	}{
		{"test/neko-view-2p.json", 2, `{}`, func(v neko.View, moves int) bool {
			p := v.Players[v.Viewer]
			return v.Phase == "action" && v.Stage == "window" && len(p.Columns) >= 3 && len(p.Hand) > 0 && moves > 60
		}},
		{"test/neko-view-4p-modules.json", 4, `{"extraCards":true,"fishingBoats":true,"ghostShip":true}`, func(v neko.View, moves int) bool {
			p := v.Players[v.Viewer]
			boat := false
			for _, c := range p.Columns {
				boat = boat || c.KindCode == "FB"
			}
			return v.Period == 2 && v.Phase == "action" && v.Stage == "window" && boat && len(p.Hand) > 0 && len(v.Boats) > 0
		}},
		{"test/neko-view-4p-over.json", 4, `{"extraCards":true,"fishingBoats":true,"ghostShip":true}`, func(v neko.View, moves int) bool {
			return v.Phase == "over"
		}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			live := playNeko(t, tc.players, tc.options, 7, tc.stop)
			want, err := json.MarshalIndent(live, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, '\n')
			if *updateNeko {
				if err := os.WriteFile(tc.file, want, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			have, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(have, want) {
				t.Fatalf("%s differs from the engine's view of the same game; run go test ./web/ -run NekoView -update-neko and check the screens' decoding", tc.file)
			}
		})
	}
}
