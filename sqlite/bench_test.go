package sqlite_test

import (
	"context"
	"encoding/json"
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
	ctx := context.Background()
	ids := make([]string, tables)
	for i := range ids {
		tb := storetest.NewTable(b)
		tb.Status = table.Playing
		if err := s.CreateTable(ctx, tb); err != nil {
			b.Fatal(err)
		}
		ids[i] = tb.ID
	}
	b.ResetTimer()
	var wg sync.WaitGroup
	per := b.N/tables + 1
	move := json.RawMessage(`{"type":"take","n":1}`)
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range per {
				if err := s.AppendMove(ctx, id, table.Move{N: n, Move: move, At: time.Now()}, nil, nil); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b.ReportMetric(float64(per*tables)/b.Elapsed().Seconds(), "moves/s")
}
