package all_test

import (
	"encoding/json"
	"slices"
	"testing"

	"harbor/game"
	_ "harbor/games/all"
)

// TestEveryGameKeepsTheContract plays random games of every registered game
// through the type-erased API the server uses, and checks the parts of the
// engine contract that hold for every game: moves, events and views encode
// to JSON objects with a "type" field (a view's names its game); Legal is
// empty for a seat the game does not wait on only if the seat truly cannot
// move; a move the rules refuse leaves every view unchanged; and the same
// seed and moves replay to the same views. A view that encodes itself
// (game.JSONAppender) writes what encoding/json writes, and a view shared by
// every viewer (game.SharedView) is the same for each seat and the public.
func TestEveryGameKeepsTheContract(t *testing.T) {
	defs := game.All()
	if real := len(slices.DeleteFunc(slices.Clone(defs), func(d game.Definition) bool { return d.Info().Test.Only })); real < 4 {
		t.Fatalf("%d games for people registered, want the four Harbor games", real)
	}
	for _, d := range defs {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			if info.Name == "" || info.Summary == "" || info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers || info.MaxPlayers > game.MaxSeats {
				t.Fatalf("incomplete info %+v", info)
			}
			for _, n := range []int{info.MinPlayers, info.MaxPlayers} {
				for seed := uint64(1); seed <= 3; seed++ {
					playChecked(t, d, n, seed)
				}
			}
			if _, err := d.New(game.Config{Players: make([]game.Player, info.MaxPlayers+1)}); err == nil {
				t.Errorf("%s accepted %d players", info.ID, info.MaxPlayers+1)
			}
		})
	}
}

func typeOf(t *testing.T, what string, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s does not encode: %v", what, err)
	}
	var obj struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(raw, &obj); err != nil || obj.Type == nil || *obj.Type == "" {
		t.Fatalf("%s has no type field: %s", what, raw)
	}
	return *obj.Type
}

func views(t *testing.T, g game.Game, n int) string {
	t.Helper()
	all := make([]any, 0, n+1)
	var shared []byte
	for s := game.Public; s < game.Seat(n); s++ {
		v := g.View(s)
		all = append(all, v)
		if _, ok := v.(game.SharedView); ok {
			// A view shared by every viewer must say the same to each.
			raw, _ := json.Marshal(v)
			if s == game.Public {
				shared = raw
			} else if string(raw) != string(shared) {
				t.Fatalf("a shared view that seat %d sees as\n%s\nand the public as\n%s", s, raw, shared)
			}
		}
		if a, ok := v.(game.JSONAppender); ok {
			// A view that encodes itself must say what encoding/json says.
			want, _ := json.Marshal(v)
			if got := a.AppendJSON(nil); string(got) != string(want) {
				t.Fatalf("view of seat %d encodes itself as\n%s\nnot\n%s", s, got, want)
			}
		}
	}
	raw, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func playChecked(t *testing.T, d game.Definition, n int, seed uint64) {
	t.Helper()
	id := d.Info().ID
	players := make([]game.Player, n)
	for i := range players {
		players[i] = game.Player{Name: string(rune('A' + i))}
	}
	cfg := game.Config{Players: players, Seed: seed}
	g, err := d.New(cfg)
	if err != nil {
		t.Fatalf("%d players: %v", n, err)
	}
	rng := game.NewRand(seed)
	var records []game.Record
	var log game.Log
	for step := 0; !g.Result().Over; step++ {
		if step > 20000 {
			t.Fatalf("%s with %d players not over after %d moves", id, n, step)
		}
		if step%7 == 0 {
			for s := game.Public; s < game.Seat(n); s++ {
				if got := typeOf(t, "view", g.View(s)); got != id {
					t.Fatalf("view type %q, want %q", got, id)
				}
			}
		}
		actors := g.Actors()
		if actors.Empty() {
			t.Fatalf("%s waits on nobody but is not over", id)
		}
		seat := actors.Nth(rng.Intn(actors.Len()))
		legal := g.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("%s waits on seat %d, which has no legal move", id, seat)
		}
		if step%5 == 0 {
			before := views(t, g, n)
			bad := json.RawMessage(`{"type":"no-such-move"}`)
			if err := g.Apply(seat, bad, nil); err == nil {
				t.Fatalf("%s accepted a move of an unknown type", id)
			}
			if after := views(t, g, n); after != before {
				t.Fatalf("%s: a refused move changed a view", id)
			}
		}
		m := legal[rng.Intn(len(legal))]
		typeOf(t, "legal move", m)
		raw, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		log.Reset()
		if err := g.Apply(seat, raw, &log); err != nil {
			t.Fatalf("%s refused its own legal move %s for seat %d: %v", id, raw, seat, err)
		}
		for _, e := range log.Events {
			if e.Type == "" {
				t.Fatalf("%s emitted an event without a type: %+v", id, e)
			}
		}
		records = append(records, game.Record{Seat: seat, Move: raw})
	}
	replayed, err := game.Replay(d, cfg, records)
	if err != nil {
		t.Fatal(err)
	}
	if views(t, replayed, n) != views(t, g, n) {
		t.Fatalf("%s: replaying %d moves does not give the live views", id, len(records))
	}
}
