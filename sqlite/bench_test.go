package sqlite_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"harbor/sqlite"
	"harbor/storetest"
	"harbor/table"
)

// BenchmarkAppendMove measures group-committed appends from many tables at
// once, as a busy server makes them.
func BenchmarkAppendMove(b *testing.B) {
	s, err := sqlite.Open(filepath.Join(b.TempDir(), "harbor.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const tables = 1000
	ids := playingTables(b, s, tables)
	b.ResetTimer()
	per := b.N/tables + 1
	appendMoves(b, s, ids, per)
	b.ReportMetric(float64(per*tables)/b.Elapsed().Seconds(), "moves/s")
}

// playingTables stores n new tables of Pile, playing, and returns their ids.
func playingTables(tb testing.TB, s *sqlite.Store, n int) []string {
	tb.Helper()
	ids := make([]string, n)
	for i := range ids {
		t := storetest.NewTable(tb)
		t.Status = table.Playing
		if err := s.CreateTable(context.Background(), t); err != nil {
			tb.Fatal(err)
		}
		ids[i] = t.ID
	}
	return ids
}

// appendMoves appends per moves to each table of ids, the tables at once;
// move n of each is {"n":n}.
func appendMoves(tb testing.TB, s *sqlite.Store, ids []string, per int) {
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range per {
				m := table.Move{N: n, Move: json.RawMessage(fmt.Sprintf(`{"n":%d}`, n)), At: time.Now()}
				if err := s.AppendMove(context.Background(), id, m, nil, nil); err != nil {
					tb.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
