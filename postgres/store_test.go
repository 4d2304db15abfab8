package postgres_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"harbor"
	"harbor/postgres"
	"harbor/postgres/pgtest"
	"harbor/storetest"
	"harbor/table"
)

var ctx = context.Background()

func open(t testing.TB, dsn string, opts postgres.Options) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(ctx, dsn, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) table.Store {
		return open(t, pgtest.Schema(t), postgres.Options{})
	})
}

// playing stores a new table of Pile, playing.
func playing(t *testing.T, s *postgres.Store) *table.Table {
	t.Helper()
	tb := storetest.NewTable(t)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	tb.Status = table.Playing
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	return tb
}

// take is Pile's move n of a table's log, made now.
func take(n int) table.Move {
	return table.Move{N: n, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}
}

func TestReopenKeepsEverything(t *testing.T) {
	dsn := pgtest.Schema(t)
	s := open(t, dsn, postgres.Options{})
	tb := playing(t, s)
	if err := s.AppendMove(ctx, tb.ID, take(0), nil, nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, dsn, postgres.Options{}) // migrations run again and must be a no-op
	defer s.Close()
	got, err := s.Table(ctx, tb.ID)
	if err != nil || got.Version != 1 || got.Status != table.Playing {
		t.Fatalf("reopened table %+v %v", got, err)
	}
	if err := s.AppendMove(ctx, tb.ID, table.Move{N: 1, Move: json.RawMessage(`{}`), At: time.Now()}, nil, nil); err != nil {
		t.Fatal(err)
	}
}

// TestThenRunsAfterCommit checks from another connection that a move is
// visible when the store runs its follow-up.
func TestThenRunsAfterCommit(t *testing.T) {
	dsn := pgtest.Schema(t)
	s := open(t, dsn, postgres.Options{})
	defer s.Close()
	other, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(ctx)
	tb := storetest.NewTable(t)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	tb.Status = table.Playing
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		n    int
		want string
	}{
		{"committed", 0, ""},
		{"refused", 5, harbor.EConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen []int
			then := func(err error) {
				if harbor.ErrorCode(err) != tc.want {
					t.Errorf("then got %v, want code %q", err, tc.want)
				}
				var n int
				if err := other.QueryRow(ctx, `SELECT count(*) FROM moves WHERE table_id = $1`, tb.ID).Scan(&n); err != nil {
					t.Error(err)
				}
				seen = append(seen, n)
			}
			err := s.AppendMove(ctx, tb.ID, table.Move{N: tc.n, Move: json.RawMessage(`{}`), At: time.Now()}, nil, then)
			if harbor.ErrorCode(err) != tc.want {
				t.Fatalf("append: %v, want code %q", err, tc.want)
			}
			if len(seen) != 1 || seen[0] != 1 {
				t.Fatalf("then ran %d times, seeing %v stored moves; want once, after the commit of move 0", len(seen), seen)
			}
		})
	}
}
