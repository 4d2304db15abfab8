package table_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"harbor/game"
	"harbor/game/gametest"
	_ "harbor/games/holdings"
	"harbor/sqlite"
	"harbor/table"
)

// discard is a connection that writes nothing.
type discard struct{}

func (discard) Send(*table.Msg) {}
func (discard) Close(string)    {}

// discardPatches is a connection that takes patches and writes nothing.
type discardPatches struct{ discard }

func (discardPatches) Patches() bool { return true }

// benchTables is a set of live tables on a fresh SQLite file, closed with
// the benchmark.
func benchTables(b *testing.B) *table.Tables {
	store, err := sqlite.Open(filepath.Join(b.TempDir(), "harbor.db"))
	if err != nil {
		b.Fatal(err)
	}
	tables := table.NewTables(store, table.Options{})
	b.Cleanup(func() {
		tables.Close()
		store.Close()
	})
	return tables
}

// startWatched starts a one-seat game of 1,000 tokens with its seat
// connected to c.
func startWatched(b *testing.B, tables *table.Tables, c table.Conn) (*table.Runner, *table.Sub) {
	ctx := context.Background()
	host := table.KeyOf(table.NewToken())
	r, err := tables.Create(ctx, gametest.ID, host, "Ana", json.RawMessage(`{"size":1000}`), 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := r.Start(ctx, host); err != nil {
		b.Fatal(err)
	}
	sub, err := r.Subscribe(c, host, false)
	if err != nil {
		b.Fatal(err)
	}
	return r, sub
}

// BenchmarkMove measures the server's path of a move, from Runner.Move to
// the frames queued for the table's four connections (a seat and three TV
// screens), through the group commit to SQLite, with many tables moving at
// once: what one move costs the server besides its network writes.
func BenchmarkMove(b *testing.B) { benchMove(b, discard{}) }

// BenchmarkMovePatches is BenchmarkMove with connections that take patches.
func BenchmarkMovePatches(b *testing.B) { benchMove(b, discardPatches{}) }

func benchMove(b *testing.B, c table.Conn) {
	tables := benchTables(b)
	ctx := context.Background()
	n := max(400, b.N/900+1) // a table holds 1,000 moves of one token
	type live struct {
		r   *table.Runner
		sub *table.Sub
	}
	all := make([]live, n)
	for i := range all {
		r, sub := startWatched(b, tables, c)
		for range 3 {
			if _, err := r.Subscribe(c, "", true); err != nil {
				b.Fatal(err)
			}
		}
		all[i] = live{r, sub}
	}
	move := json.RawMessage(`{"type":"take","n":1}`)
	moveAll(b, n, func(i, v int) error { return all[i].r.Move(ctx, all[i].sub, v, move) })
}

// moveAll times b.N moves spread over n tables, all moving at once: each
// table's goroutine calls move with the table's index and its version.
func moveAll(b *testing.B, n int, move func(i, v int) error) {
	per := b.N/n + 1
	b.ReportAllocs()
	b.ResetTimer()
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range per {
				if err := move(i, v); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b.ReportMetric(float64(per*n)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkTableMemory measures the Go heap a live table of Pile holds
// after a number of moves, its seat connected: the size it settles at,
// and how many moves it takes to get there. B/table is the heap in use
// after a collection divided by the tables; grown/table is what their
// moves added to it since the start of their games.
func BenchmarkTableMemory(b *testing.B) {
	for _, moves := range []int{table.RecentLogMoves / 2, table.RecentLogMoves, 2 * table.RecentLogMoves, table.LogPageMoves, 4 * table.LogPageMoves} {
		b.Run("moves="+itoa(moves), func(b *testing.B) {
			for range b.N {
				tableMemory(b, 200, moves)
			}
		})
	}
}

func tableMemory(b *testing.B, n, moves int) {
	tables := benchTables(b)
	ctx := context.Background()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	start := heap()
	runners := make([]*table.Runner, n)
	subs := make([]*table.Sub, n)
	for i := range runners {
		runners[i], subs[i] = startWatched(b, tables, discard{})
	}
	started := heap()
	move := json.RawMessage(`{"type":"take","n":1}`)
	var wg sync.WaitGroup
	for i, r := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range moves {
				if err := r.Move(ctx, subs[i], v, move); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	played := heap()
	b.ReportMetric(float64(played-start)/float64(n), "B/table")
	b.ReportMetric((float64(played)-float64(started))/float64(n), "grown/table")
	runtime.KeepAlive(runners)
	runtime.KeepAlive(subs)
}

// BenchmarkMoveOwnPace is BenchmarkMove at tables at your own pace, two
// people taking turns, each connected once: every move hands the turn and
// its limit to the other seat, so it changes the table's stored deadlines.
func BenchmarkMoveOwnPace(b *testing.B) {
	tables := benchTables(b)
	ctx := context.Background()
	n := max(400, b.N/900+1) // a table holds 1,000 moves of one token
	type live struct {
		r    *table.Runner
		subs [2]*table.Sub
	}
	all := make([]live, n)
	for i := range all {
		ana, bo := table.KeyOf(table.NewToken()), table.KeyOf(table.NewToken())
		r, err := tables.Create(ctx, gametest.ID, ana, "Ana", json.RawMessage(`{"size":1000}`), 0)
		if err != nil {
			b.Fatal(err)
		}
		for _, op := range []func(t *table.Table) error{
			func(t *table.Table) error { return t.Join(bo, "Bo") },
			func(t *table.Table) error {
				return t.SetPace(ana, table.Pace{Mode: table.PaceOwn, Limit: 86400, Rule: table.RuleComputer})
			},
			func(t *table.Table) error { return t.SetReady(bo, true) },
		} {
			if err := r.Change(ctx, op); err != nil {
				b.Fatal(err)
			}
		}
		if err := r.Start(ctx, ana); err != nil {
			b.Fatal(err)
		}
		all[i].r = r
		for j, key := range []string{ana, bo} {
			if all[i].subs[j], err = r.Subscribe(discard{}, key, false); err != nil {
				b.Fatal(err)
			}
		}
	}
	move := json.RawMessage(`{"type":"take","n":1}`)
	moveAll(b, n, func(i, v int) error { return all[i].r.Move(ctx, all[i].subs[v%2], v, move) })
}

// BenchmarkBroadcastState measures the fan-out of a move alone, without
// the store: a table of four people, each connected once, and a TV, all
// taking patches ("patches") or all sent whole states ("whole"), is sent
// the states of a game played by computer players one after the other,
// each viewer's frame built and each patch made as after a move. Pile's
// view differs from viewer to viewer (a secret each), Holdings' is the
// same for all.
func BenchmarkBroadcastState(b *testing.B) {
	holdings, err := game.Lookup("holdings")
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range []game.Definition{gametest.Definition, holdings} {
		games, events := benchGame(b, d, 4, 400)
		for _, kind := range []string{"patches", "whole"} {
			b.Run(d.Info().ID+"/"+kind, func(b *testing.B) {
				var c table.Conn = discard{}
				if kind == "patches" {
					c = discardPatches{}
				}
				f := table.NewFanoutBench(d, 4, c)
				b.ReportAllocs()
				reportCPU(b, func(i int) {
					k := i % len(games)
					f.Broadcast(games[k], events[k])
				})
			})
		}
	}
}

// benchGame plays a game of d between players computer players, for at
// most steps moves, and returns each state and the events of the move
// that made it.
func benchGame(b *testing.B, d game.Definition, players, steps int) ([]game.Game, [][]game.Event) {
	cfg := game.Config{Seed: 3}
	for i := range players {
		cfg.Players = append(cfg.Players, game.Player{Name: "P" + itoa(i)})
	}
	if d.Info().ID == gametest.ID {
		cfg.Options = json.RawMessage(`{"size":1000}`)
	}
	var (
		games  []game.Game
		events [][]game.Event
	)
	playGame(b, d, cfg, steps, func(_ int, g game.Game, evs []game.Event) {
		games, events = append(games, g.Clone()), append(events, evs)
	})
	return games, events
}
