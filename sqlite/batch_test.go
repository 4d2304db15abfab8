package sqlite_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"harbor"
	"harbor/game"
	"harbor/sqlite"
	"harbor/storetest"
	"harbor/table"
	"harbor/table/groupcommit"
)

// moveOf is move n of a batch test's tables, its JSON naming the table
// and n so that a move stored in the wrong row shows.
func moveOf(id string, n int) table.Move {
	return table.Move{N: n, Seat: game.Seat(n % 2), Move: json.RawMessage(fmt.Sprintf(`{"t":%q,"n":%d}`, id, n)),
		At: time.UnixMilli(1_800_000_000_000 + int64(n)).UTC(), StandIn: n%3 == 0}
}

// wantMoves checks that table id holds moves 0 to n-1, as moveOf made
// them.
func wantMoves(t *testing.T, s *sqlite.Store, id string, n int) {
	t.Helper()
	got, err := s.Moves(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]table.Move, n)
	for i := range want {
		want[i] = moveOf(id, i)
	}
	if len(got) != n || (n > 0 && !reflect.DeepEqual(got, want)) {
		t.Fatalf("table %s holds %d moves %+v, want %d", id, len(got), got, n)
	}
}

// openUnfolded opens a new store that folds its log only when told to,
// closed with the test.
func openUnfolded(t *testing.T) *sqlite.Store { return openStore(t, sqlite.OpenUnfolded) }

// TestCommitBatch: one batch mixing moves that fit with moves refused for
// each reason, several moves of one table among them and more moves than
// one INSERT takes: each refused move is refused alone, every accepted
// move is stored once, in the order of the batch, and a move that ends
// its game finishes the table for the moves after it.
func TestCommitBatch(t *testing.T) {
	s := openUnfolded(t)
	ctx := context.Background()
	ids := playingTables(t, s, 3)
	a, b, c := ids[0], ids[1], ids[2]
	lobby := storetest.NewTable(t)
	if err := s.CreateTable(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	req := func(id string, n int) *groupcommit.Request {
		return &groupcommit.Request{ID: id, Move: moveOf(id, n)}
	}
	over := &game.Result{Over: true, Reason: "test", Turns: 1}
	batch := []*groupcommit.Request{req(b, 0), req(b, 2), req(lobby.ID, 0), req("nosuchtable", 0)}
	ok := []bool{true, false, false, false}
	why := []string{"", "api.movedOn", "api.notPlaying", ""}
	many := sqlite.InsertRows[0] + sqlite.InsertRows[1] + 3 // a full INSERT, then smaller ones
	for n := range many {
		batch, ok, why = append(batch, req(a, n)), append(ok, true), append(why, "")
		switch n {
		case 5:
			batch, ok, why = append(batch, req(b, 1)), append(ok, true), append(why, "")
		case 9:
			batch, ok, why = append(batch, req(a, 9)), append(ok, false), append(why, "api.movedOn")
		case 20:
			fin := req(c, 0)
			fin.Result = over
			batch, ok, why = append(batch, fin, req(c, 1)), append(ok, true, false), append(why, "", "api.over")
		}
	}
	errs := s.Commit(batch)
	var order []string
	for i, err := range errs {
		r := batch[i]
		switch {
		case ok[i] && err != nil:
			t.Fatalf("request %d (table %s, move %d) refused: %v", i, r.ID, r.Move.N, err)
		case !ok[i] && harbor.ErrorCode(err) != harbor.EConflict && harbor.ErrorCode(err) != harbor.ENotFound:
			t.Fatalf("request %d (table %s, move %d): %v, want a refusal", i, r.ID, r.Move.N, err)
		case !ok[i] && why[i] != "":
			var e *harbor.Error
			if !errors.As(err, &e) || e.Msg == nil || e.Msg.ID != why[i] {
				t.Fatalf("request %d (table %s, move %d) refused with %+v, want %s", i, r.ID, r.Move.N, err, why[i])
			}
		case ok[i]:
			order = append(order, fmt.Sprintf("%s/%d", r.ID, r.Move.N))
		}
	}
	wantMoves(t, s, a, many)
	wantMoves(t, s, b, 2)
	wantMoves(t, s, c, 1)
	if got, err := s.Table(ctx, c); err != nil || got.Status != table.Finished || got.Result == nil || got.Result.Reason != over.Reason {
		t.Fatalf("the finished table: %+v %v", got, err)
	}
	if logged := s.LogOrder(t); !reflect.DeepEqual(logged, order) {
		t.Fatalf("the log holds\n%v\nwant the accepted moves in the batch's order\n%v", logged, order)
	}
	// The heads the batch left: the next moves follow them.
	errs = s.Commit([]*groupcommit.Request{req(a, many), req(b, 2), req(a, many+1), req(c, 1)})
	if errs[0] != nil || errs[1] != nil || errs[2] != nil || harbor.ErrorCode(errs[3]) != harbor.EConflict {
		t.Fatalf("the next batch: %v", errs)
	}
	wantMoves(t, s, a, many+2)
	wantMoves(t, s, b, 3)
}

// TestCommitBatchSizes: batches of every size up to a few INSERTs' worth
// store every move, whatever INSERTs they are written with.
func TestCommitBatchSizes(t *testing.T) {
	s := openUnfolded(t)
	most := 2*sqlite.InsertRows[0] + 1
	ids := playingTables(t, s, most)
	next := make([]int, most)
	for size := 1; size <= most; size++ {
		var batch []*groupcommit.Request
		for i := range size {
			// A refused move beside each accepted one but the first.
			if i > 0 {
				batch = append(batch, &groupcommit.Request{ID: ids[i], Move: moveOf(ids[i], next[i]+1)})
			}
			batch = append(batch, &groupcommit.Request{ID: ids[i], Move: moveOf(ids[i], next[i])})
		}
		for i, err := range s.Commit(batch) {
			if refused := i%2 == 1; refused != (err != nil) {
				t.Fatalf("batch of %d: request %d: %v", size, i, err)
			}
		}
		for i := range size {
			next[i]++
		}
	}
	for i, id := range ids {
		wantMoves(t, s, id, next[i])
	}
}

// TestCommitBatchFault: a storage fault in a batch (a full disk) fails
// every move of the batch, those accepted before it and after it, and
// keeps none of them; the next batch is written whole.
func TestCommitBatchFault(t *testing.T) {
	s := openUnfolded(t)
	ids := playingTables(t, s, 2)
	big := moveOf(ids[1], 0)
	big.Move = json.RawMessage(`{"pad":"` + strings.Repeat("x", 64<<10) + `"}`)
	var batch []*groupcommit.Request
	for n := range sqlite.InsertRows[0] + 2 {
		batch = append(batch, &groupcommit.Request{ID: ids[0], Move: moveOf(ids[0], n)})
		if n == 3 {
			batch = append(batch, &groupcommit.Request{ID: ids[1], Move: big})
		}
	}
	s.LimitPages(1) // no more pages than the file has now
	for i, err := range s.Commit(batch) {
		if !sqlite.IsFull(err) {
			t.Fatalf("request %d of a batch that does not fit: %v", i, err)
		}
	}
	wantMoves(t, s, ids[0], 0)
	wantMoves(t, s, ids[1], 0)
	s.LimitPages(0)
	for i, err := range s.Commit(batch) {
		if err != nil {
			t.Fatalf("request %d once there is room: %v", i, err)
		}
	}
	wantMoves(t, s, ids[0], sqlite.InsertRows[0]+2)
}
