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

// TestForkKeepsWhatWasSeenAndDrawsTheRestAfresh forks recorded games at
// several moves: every seat's view and the public view are the same in the
// fork as in the original (nothing seen changes), the original is left
// untouched, and played on with the same choices the fork's future differs
// from the original's wherever something was still unseen (at the start of
// a game there always is).
func TestForkKeepsWhatWasSeenAndDrawsTheRestAfresh(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			for _, n := range []int{max(info.MinPlayers, 2), info.MaxPlayers} {
				for seed := uint64(1); seed <= 3; seed++ {
					cfg, records := randomRecords(t, d, n, seed, 20000)
					for _, at := range []int{0, len(records) / 4, len(records) / 2, len(records) - 1} {
						orig, err := game.Replay(d, cfg, records[:at])
						if err != nil {
							t.Fatal(err)
						}
						before := views(t, orig, n)
						fork, err := d.Fork(orig, seed*1000+uint64(at)+7)
						if err != nil {
							t.Fatal(err)
						}
						if views(t, orig, n) != before {
							t.Fatalf("%d players, seed %d: forking at move %d changed the original", n, seed, at)
						}
						if views(t, fork, n) != before {
							t.Fatalf("%d players, seed %d: the fork at move %d shows something else than the original did", n, seed, at)
						}
						if at <= len(records)/4 && !diverges(t, orig, fork, n, seed) {
							t.Errorf("%d players, seed %d: played on from move %d, the fork went exactly as the original", n, seed, at)
						}
					}
				}
			}
		})
	}
}

// diverges plays a and b on with the same random choices until one ends,
// and reports whether any view ever differed.
func diverges(t *testing.T, a, b game.Game, n int, seed uint64) bool {
	t.Helper()
	ra, rb := game.NewRand(seed), game.NewRand(seed)
	for step := 0; step < 20000; step++ {
		if views(t, a, n) != views(t, b, n) {
			return true
		}
		_, okA := randomMove(t, a, &ra)
		_, okB := randomMove(t, b, &rb)
		if !okA || !okB {
			return okA != okB || views(t, a, n) != views(t, b, n)
		}
	}
	return false
}

// TestUndoIsExactAndOnlyForMovesThatRevealNothing checks every move of
// random games: a move the game calls undoable is taken back exactly (the
// log with a take-back replays to every view and legal move of the moment
// before), and it revealed nothing: made again after everything unseen was
// drawn afresh (a fork), it shows every seat the same. Every game has
// moves of both kinds.
func TestUndoIsExactAndOnlyForMovesThatRevealNothing(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			safe, unsafe := 0, 0
			for _, n := range []int{max(info.MinPlayers, 2), info.MaxPlayers} {
				for seed := uint64(1); seed <= 2; seed++ {
					cfg, records := randomRecords(t, d, n, seed, 800)
					g, err := d.New(cfg)
					if err != nil {
						t.Fatal(err)
					}
					replays := 0
					for i, r := range records {
						var m struct{ Type string }
						if json.Unmarshal(r.Move, &m); m.Type == "undo" {
							t.Fatalf("%s has a move of the type take-backs are recorded as", info.ID)
						}
						before := g.Clone()
						if err := g.Apply(r.Seat, r.Move, nil); err != nil {
							t.Fatal(err)
						}
						if !d.Undoable(before, g, r.Seat, r.Move) {
							unsafe++
							continue
						}
						safe++
						if replays < 8 && i%5 == 0 { // replaying the whole log is slow: sample the take-backs
							replays++
							undone, err := game.Replay(d, cfg, append(append([]game.Record(nil), records[:i+1]...), game.Record{Seat: r.Seat, Move: game.UndoMove}))
							if err != nil {
								t.Fatal(err)
							}
							if views(t, undone, n) != views(t, before, n) || legalOf(t, undone, n) != legalOf(t, before, n) {
								t.Fatalf("taking back move %d %s does not give the game as it was before it", i, r.Move)
							}
						}
						again, err := d.Fork(before, uint64(i)*31+seed)
						if err != nil {
							t.Fatal(err)
						}
						if err := again.Apply(r.Seat, r.Move, nil); err != nil {
							t.Fatalf("move %d %s is undoable, yet refused once the unseen was drawn afresh: %v", i, r.Move, err)
						}
						if views(t, again, n) != views(t, g, n) {
							t.Fatalf("move %d %s is undoable, yet what it shows depends on what nobody had seen", i, r.Move)
						}
					}
				}
			}
			if safe == 0 || unsafe == 0 {
				t.Fatalf("%s: %d undoable and %d other moves; a game has both", info.ID, safe, unsafe)
			}
		})
	}
}

func legalOf(t *testing.T, g game.Game, n int) string {
	t.Helper()
	all := make([][]any, n)
	for s := range n {
		all[s] = g.Legal(game.Seat(s))
	}
	raw, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
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
