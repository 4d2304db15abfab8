package table_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	_ "harbor/games/all"
	"harbor/table"
)

// everyGame is every registered game, Pile included, each with the seats
// of its tables here: three, within what the game allows.
func everyGame() map[string]int {
	out := map[string]int{}
	for _, d := range game.All() {
		info := d.Info()
		out[info.ID] = min(max(3, info.MinPlayers), info.MaxPlayers)
	}
	return out
}

// startedTable opens a started table of gameID with n people, take-backs
// allowed, computer players that only move when BotStep asks, and
// everyone subscribed.
func startedTable(t *testing.T, tables *table.Tables, gameID string, n int) (*table.Runner, []string, []*table.Sub) {
	t.Helper()
	ctx := context.Background()
	keys := make([]string, n)
	for i := range keys {
		keys[i] = table.KeyOf(table.NewToken())
	}
	r, err := tables.Create(ctx, gameID, keys[0], "P1", json.RawMessage(`{}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	change := func(op func(tb *table.Table) error) {
		t.Helper()
		if err := r.Change(ctx, op); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < n; i++ {
		change(func(tb *table.Table) error { return tb.Join(keys[i], "P"+itoa(i+1)) })
	}
	change(func(tb *table.Table) error { return tb.SetTimeline(keys[0], true, false) })
	for i := 1; i < n; i++ {
		change(func(tb *table.Table) error { return tb.SetReady(keys[i], true) })
	}
	if err := r.Start(ctx, keys[0]); err != nil {
		t.Fatal(err)
	}
	subs := make([]*table.Sub, n)
	for i := range subs {
		if subs[i], err = r.Subscribe(&recorder{}, keys[i], false); err != nil {
			t.Fatal(err)
		}
	}
	return r, keys, subs
}

// TestTakeBackFollowsItsRulesInRandomGames plays seeded random games of
// every registered game, in which people move, hand their seat to a
// computer player for a move now and then, and take moves back. After every step: a
// take-back is offered to a person only for their own last move, made by
// them and not by a computer player standing in for them, and never after
// a computer's move in their seat, which the table also refuses to take
// back.
func TestTakeBackFollowsItsRulesInRandomGames(t *testing.T) {
	ctx := context.Background()
	for id, seats := range everyGame() {
		for seed := uint64(1); seed <= 3; seed++ {
			store := openStore(t)
			tables := table.NewTables(store, table.Options{BotDelay: time.Hour})
			t.Cleanup(tables.Close)
			r, keys, subs := startedTable(t, tables, id, seats)
			rng := rand.New(rand.NewPCG(seed, 7))
			standIns, takeBacks := 0, 0
			for step := 0; step < 90; step++ {
				actors := r.ActorsNow()
				if actors.Empty() {
					break
				}
				seat := actors.First()
				if rng.IntN(10) < 3 {
					at := r.Version()
					hand := func(on bool) {
						if err := r.Change(ctx, func(tb *table.Table) error { return tb.HandSeat(keys[seat], int(seat), on) }); err != nil {
							t.Fatal(err)
						}
					}
					hand(true)
					r.BotStep()
					hand(false)
					if r.Version() == at {
						t.Fatalf("%s seed %d step %d: the computer did not move for seat %d", id, seed, step, seat)
					}
					standIns++
					if st, _ := r.StateFor(seat); st.Undo {
						t.Fatalf("%s seed %d step %d: seat %d is offered to take back the computer's move", id, seed, step, seat)
					}
					if err := r.Undo(ctx, subs[seat], r.Version()); harbor.ErrorCode(err) != harbor.EConflict {
						t.Fatalf("%s seed %d step %d: taking back the computer's move: %v", id, seed, step, err)
					}
				} else {
					legal := r.LegalNow(seat)
					if len(legal) == 0 {
						t.Fatalf("%s seed %d step %d: seat %d acts but has no legal move", id, seed, step, seat)
					}
					if err := r.Move(ctx, subs[seat], r.Version(), legal[rng.IntN(len(legal))]); err != nil {
						t.Fatalf("%s seed %d step %d: %v", id, seed, step, err)
					}
					if st, _ := r.StateFor(seat); st.Undo && rng.IntN(3) == 0 {
						if err := r.Undo(ctx, subs[seat], r.Version()); err != nil {
							t.Fatalf("%s seed %d step %d: an offered take-back failed: %v", id, seed, step, err)
						}
						takeBacks++
					}
				}
				checkTakeBackOffers(t, store, r, len(keys))
			}
			if standIns == 0 {
				t.Errorf("%s seed %d: no computer stood in", id, seed)
			}
		}
	}
}

// checkTakeBackOffers fails unless every seat offered a take-back made the
// last stored move itself.
func checkTakeBackOffers(t *testing.T, store table.Store, r *table.Runner, n int) {
	t.Helper()
	moves, err := store.Moves(context.Background(), r.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for q := range game.Seat(n) {
		st, _ := r.StateFor(q)
		if !st.Undo {
			continue
		}
		if len(moves) == 0 {
			t.Fatalf("seat %d is offered a take-back before any move", q)
		}
		last := moves[len(moves)-1]
		if last.Seat != q || last.StandIn || string(last.Move) == string(game.UndoMove) {
			t.Fatalf("seat %d is offered to take back %+v", q, last)
		}
	}
}

// TestNoTakeBackOnceTheTableMovedOn: a take-back holds for the version the
// move made; once the table's version is past it, it is neither offered
// nor accepted, even if nothing else cleared it.
func TestNoTakeBackOnceTheTableMovedOn(t *testing.T) {
	ctx := context.Background()
	_, r, subs, _, turn := undoPile(t)
	if err := r.Move(ctx, subs[turn], 0, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatal(err)
	}
	if st, _ := r.StateFor(turn); !st.Undo {
		t.Fatal("the move is not offered for take-back at first")
	}
	r.MoveOnQuietly()
	if st, _ := r.StateFor(turn); st.Undo {
		t.Fatal("a take-back is offered after the table moved on")
	}
	if err := r.Undo(ctx, subs[turn], r.Version()); harbor.ErrorCode(err) != harbor.EConflict {
		t.Fatalf("a take-back after the table moved on: %v", err)
	}
}
