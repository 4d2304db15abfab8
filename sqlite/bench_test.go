package sqlite_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"harbor/sqlite"
	"harbor/storetest"
	"harbor/table"
)

// BenchmarkAppendMove measures group-committed appends from many tables at
// once, as a busy server makes them: moves a second, and the CPU time a
// move costs (the wall time is mostly the wait for fsync), with the store
// folding its log by itself as it does (folded) and with the log never
// folded (unfolded: the commits alone, the folds' share of the CPU
// depending on how many happen to fall in the timed stretch).
func BenchmarkAppendMove(b *testing.B) {
	for _, tables := range []int{50, 1000} {
		for _, fold := range []bool{true, false} {
			name := fmt.Sprintf("tables=%d/folded", tables)
			open := sqlite.Open
			if !fold {
				name = fmt.Sprintf("tables=%d/unfolded", tables)
				open = sqlite.OpenUnfolded
			}
			b.Run(name, func(b *testing.B) {
				s, err := open(filepath.Join(b.TempDir(), "harbor.db"))
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				ids := playingTables(b, s, tables)
				b.ResetTimer()
				per := b.N/tables + 1
				cpu0 := cpuTime()
				appendMoves(b, s, ids, per)
				cpu := cpuTime() - cpu0
				b.ReportMetric(float64(per*tables)/b.Elapsed().Seconds(), "moves/s")
				b.ReportMetric(float64(cpu.Microseconds())/float64(per*tables), "cpu-µs/move")
			})
		}
	}
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
	appendRange(tb, s, ids, 0, per)
}

// appendRange appends moves from to to-1 to each table of ids, as
// appendMoves does.
func appendRange(tb testing.TB, s *sqlite.Store, ids []string, from, to int) {
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := from; n < to; n++ {
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

// BenchmarkFold measures folding the move log: the CPU time a folded move
// costs (fsync included) and how long a fold of sqlite.FoldBatch moves
// holds the writer, with the moves of few or many tables, each 50
// moves long already. Only the folds are timed.
func BenchmarkFold(b *testing.B) {
	for _, tables := range []int{50, 1000} {
		b.Run(fmt.Sprintf("tables=%d", tables), func(b *testing.B) {
			s, err := sqlite.OpenUnfolded(filepath.Join(b.TempDir(), "harbor.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			ids := playingTables(b, s, tables)
			per := (sqlite.FoldBatch + tables - 1) / tables // moves a table, a round
			next := 0
			round := func() (int, time.Duration, time.Duration) {
				b.StopTimer()
				appendRange(b, s, ids, next, next+per)
				next += per
				b.StartTimer()
				folded, folds := 0, 0
				t0, cpu0 := time.Now(), cpuTime()
				for {
					n, err := s.FoldMoves(ctx, sqlite.FoldBatch)
					if err != nil {
						b.Fatal(err)
					}
					if n == 0 {
						break
					}
					folded += n
					folds++
				}
				return folded, cpuTime() - cpu0, time.Since(t0) / time.Duration(folds)
			}
			for next < 50 { // tables with a history
				round()
			}
			b.ResetTimer()
			var (
				folded, rounds int
				cpu, wall      time.Duration
			)
			for folded < b.N {
				n, c, w := round()
				folded, cpu, wall, rounds = folded+n, cpu+c, wall+w, rounds+1
			}
			b.StopTimer()
			b.ReportMetric(float64(cpu.Microseconds())/float64(folded), "cpu-µs/move")
			b.ReportMetric(float64(wall.Microseconds())/1000/float64(rounds), "ms/fold")
		})
	}
}

// BenchmarkLastToFold runs the query that finds where a fold of the log
// ends, as folds along do, with a limit that changes from one run to the
// next: the store's query (expression), and the same with the limit as a
// bare parameter (parameter), which SQLite plans again at each new value.
func BenchmarkLastToFold(b *testing.B) {
	bare := strings.Replace(sqlite.LastToFold, "LIMIT ?+0", "LIMIT ?", 1)
	if bare == sqlite.LastToFold {
		b.Fatal("the store's query no longer limits by ?+0")
	}
	for _, v := range []struct{ name, query string }{
		{"expression", sqlite.LastToFold},
		{"parameter", bare},
	} {
		b.Run(v.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "harbor.db")
			s, err := sqlite.OpenUnfolded(path)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			appendMoves(b, s, playingTables(b, s, 50), 4)
			db, err := sql.Open("sqlite", path)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			st, err := db.Prepare(v.query)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			b.ResetTimer()
			for i := range b.N {
				var last int64
				if err := st.QueryRow(32 + 2*(i%16)).Scan(&last); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
