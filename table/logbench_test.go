package table_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"harbor/sqlite"
	"harbor/table"
)

// longGame plays a seeded four-seat Harborfall game of computer players,
// one standing in for the host, to its end: a long finished game (seed 2:
// 800 moves) to read old log pages and replays of. It returns the table,
// the host's key and the store.
func longGame(tb testing.TB) (*table.Runner, string, *sqlite.Store) {
	tb.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(tb.TempDir() + "/harbor.db")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	tables := table.NewTables(store, table.Options{})
	tb.Cleanup(tables.Close)
	key := table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, "harborfall", key, "Ana", json.RawMessage(`{}`), 0)
	if err != nil {
		tb.Fatal(err)
	}
	for seat := 1; seat < 4; seat++ {
		if err := r.Change(ctx, func(t *table.Table) error { return t.AddBot(key, seat) }); err != nil {
			tb.Fatal(err)
		}
	}
	if err := r.Change(ctx, func(t *table.Table) error { t.Seed = 2; return t.SetTimeline(key, false, false) }); err != nil {
		tb.Fatal(err)
	}
	if err := r.Start(ctx, key); err != nil {
		tb.Fatal(err)
	}
	if err := r.Change(ctx, func(t *table.Table) error { return t.HandSeat(key, 0, true) }); err != nil {
		tb.Fatal(err)
	}
	if _, err := r.Subscribe(discard{}, key, false); err != nil {
		tb.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Minute); r.Table().Status != table.Finished; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			tb.Fatal("the long game did not finish")
		}
	}
	return r, key, store
}

// BenchmarkOldLogPage measures a `log` page of the long game's moves
// that the table no longer keeps in memory, 200 moves before its end.
func BenchmarkOldLogPage(b *testing.B) {
	r, key, _ := longGame(b)
	sub, err := r.Subscribe(discard{}, key, false)
	if err != nil {
		b.Fatal(err)
	}
	before := r.Version() - 200
	b.ResetTimer()
	for range b.N {
		if err := r.EarlierLog(sub, before); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(r.Version()), "moves")
}

// BenchmarkReplay measures GET /replay of the long game, 200 moves before
// its end.
func BenchmarkReplay(b *testing.B) {
	r, _, _ := longGame(b)
	ctx := context.Background()
	at := r.Version() - 200
	b.ResetTimer()
	for range b.N {
		if _, err := r.ReplayAt(ctx, at, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGameLog measures GET /log of the long game.
func BenchmarkGameLog(b *testing.B) {
	r, _, _ := longGame(b)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		if _, err := r.Log(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
