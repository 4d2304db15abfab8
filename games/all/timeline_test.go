package all_test

import (
	"encoding/json"
	"testing"

	"harbor/game"
)

// randomRecords plays a random game of d with n players, to its end or
// limit moves, and returns its setup and moves.
func randomRecords(t *testing.T, d game.Definition, n int, seed uint64, limit int) (game.Config, []game.Record) {
	t.Helper()
	players := make([]game.Player, n)
	for i := range players {
		players[i] = game.Player{Name: string(rune('A' + i))}
	}
	cfg := game.Config{Players: players, Seed: seed}
	g, err := d.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed ^ 0x5eed)
	var records []game.Record
	for !g.Result().Over && len(records) < limit {
		rec, ok := randomMove(t, g, &rng)
		if !ok {
			t.Fatalf("%s waits on nobody but is not over", d.Info().ID)
		}
		records = append(records, rec)
	}
	return cfg, records
}

// randomMove applies a random legal move of a random actor and returns it.
func randomMove(t *testing.T, g game.Game, rng *game.Rand) (game.Record, bool) {
	t.Helper()
	actors := g.Actors()
	if actors.Empty() {
		return game.Record{}, false
	}
	seat := actors.Nth(rng.Intn(actors.Len()))
	legal := g.Legal(seat)
	raw, err := json.Marshal(legal[rng.Intn(len(legal))])
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(seat, raw, nil); err != nil {
		t.Fatalf("refused its own legal move %s: %v", raw, err)
	}
	return game.Record{Seat: seat, Move: raw}, true
}

// TestReplayOfEveryPrefixIsTheLiveGame replays the first n moves of random
// games, for n at every step, and finds exactly the views the live game
// showed after its n-th move: a replay can open a game at any move.
func TestReplayOfEveryPrefixIsTheLiveGame(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			n := info.MaxPlayers
			cfg, records := randomRecords(t, d, n, 11, 300)
			live, err := d.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			p := game.Replayer{Game: mustNew(t, d, cfg), Records: records}
			for i, r := range records {
				if err := live.Apply(r.Seat, r.Move, nil); err != nil {
					t.Fatal(err)
				}
				if err := p.Step(nil); err != nil {
					t.Fatal(err)
				}
				if i%37 == 0 { // a fresh replay from the start, now and then
					again, err := game.Replay(d, cfg, records[:i+1])
					if err != nil || views(t, again, n) != views(t, live, n) {
						t.Fatalf("replaying %d moves from the start does not give the live game (%v)", i+1, err)
					}
				}
				if views(t, p.Game, n) != views(t, live, n) {
					t.Fatalf("after move %d the replay shows something else than the live game did", i+1)
				}
			}
		})
	}
}

func mustNew(t *testing.T, d game.Definition, cfg game.Config) game.Game {
	t.Helper()
	g, err := d.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
