package postgres_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"harbor/postgres/pgtest"
)

// BenchmarkMoveLayout commits moves of 50 tables, 24 moves a commit, each
// commit one statement as the store writes a batch, into three layouts of
// the moves: kept by (table, n) as the store keeps them; appended to a log
// in commit order (a heap with an identity key), never folded; and that
// log folded into the first layout whenever it holds 1024 moves, 512 a
// transaction, as the SQLite store folds its log. It reports the WAL each
// move costs (bytes and full-page images, from EXPLAIN (ANALYZE, WAL), so
// other users of the server do not count) and the CPU time of the server
// process serving the connection a move (PostgreSQL on this machine).
func BenchmarkMoveLayout(b *testing.B) {
	const moves = `CREATE TABLE moves (table_id text NOT NULL REFERENCES tables (id), n integer NOT NULL,
		seat integer NOT NULL, move text NOT NULL, at bigint NOT NULL, stand_in boolean NOT NULL DEFAULT false,
		PRIMARY KEY (table_id, n))`
	const log = `CREATE TABLE move_log (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		table_id text NOT NULL REFERENCES tables (id), n integer NOT NULL,
		seat integer NOT NULL, move text NOT NULL, at bigint NOT NULL, stand_in boolean NOT NULL DEFAULT false)`
	for _, l := range []struct {
		name, schema, into string
		fold               bool
	}{
		{"clustered", moves, "moves", false},
		{"log", log, "move_log", false},
		{"log_folded", moves + `; ` + log, "move_log", true},
	} {
		b.Run(l.name, func(b *testing.B) { benchPGLayout(b, l.schema, l.into, l.fold) })
	}
}

// walUse is what EXPLAIN (ANALYZE, WAL) says a statement wrote.
type walUse struct{ bytes, fpi int64 }

func benchPGLayout(b *testing.B, schema, into string, fold bool) {
	conn, err := pgx.Connect(ctx, pgtest.Schema(b))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	exec := func(sql string, args ...any) walUse {
		var plan string
		if err := conn.QueryRow(ctx, `EXPLAIN (ANALYZE, WAL, TIMING OFF, FORMAT JSON) `+sql, args...).Scan(&plan); err != nil {
			b.Fatal(err)
		}
		var p []struct {
			Plan struct {
				Bytes int64 `json:"WAL Bytes"`
				FPI   int64 `json:"WAL FPI"`
			}
		}
		if err := json.Unmarshal([]byte(plan), &p); err != nil || len(p) != 1 {
			b.Fatalf("plan %s: %v", plan, err)
		}
		return walUse{p[0].Plan.Bytes, p[0].Plan.FPI}
	}
	if _, err := conn.Exec(ctx, `CREATE TABLE tables (id text PRIMARY KEY, data text NOT NULL); `+schema); err != nil {
		b.Fatal(err)
	}
	const tables, perCommit = 50, 24
	rng := rand.New(rand.NewPCG(1, 2))
	ids := make([]string, tables)
	for i := range ids {
		ids[i] = fmt.Sprintf("t%011d", rng.Uint64()%1e11)
		if _, err := conn.Exec(ctx, `INSERT INTO tables VALUES ($1, '{}')`, ids[i]); err != nil {
			b.Fatal(err)
		}
	}
	insert := `INSERT INTO ` + into + ` (table_id, n, seat, move, at)
		SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::bigint[])`
	next := make([]int, tables)
	t, logged := 0, 0
	var used walUse
	add := func(w walUse) { used.bytes, used.fpi = used.bytes+w.bytes, used.fpi+w.fpi }
	commits := func(n int) {
		bid, bn, bseat, bmove, bat := make([]string, perCommit), make([]int32, perCommit), make([]int32, perCommit), make([]string, perCommit), make([]int64, perCommit)
		for range n {
			if fold && logged >= 1024 {
				for logged >= 512 {
					add(exec(`INSERT INTO moves (table_id, n, seat, move, at, stand_in)
						SELECT table_id, n, seat, move, at, stand_in FROM move_log
						WHERE seq <= (SELECT max(seq) FROM (SELECT seq FROM move_log ORDER BY seq LIMIT 512) s)
						ORDER BY table_id, n ON CONFLICT DO NOTHING`))
					add(exec(`DELETE FROM move_log WHERE seq IN (SELECT seq FROM move_log ORDER BY seq LIMIT 512)`))
					logged -= 512
				}
			}
			for i := range perCommit {
				t = (t + 1 + rng.IntN(3)) % tables // a table has one move in a commit at most
				bid[i], bn[i], bseat[i], bmove[i], bat[i] = ids[t], int32(next[t]), int32(next[t]%4), `{"type":"take","n":2}`, time.Now().UnixMilli()
				next[t]++
			}
			add(exec(insert, bid, bn, bseat, bmove, bat))
			logged += perCommit
		}
	}
	commits(400) // tables some hundreds of moves long
	if _, err := conn.Exec(ctx, `VACUUM ANALYZE`); err != nil {
		b.Fatal(err)
	}
	used = walUse{}
	var pid int
	if err := conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		b.Fatal(err)
	}
	n := b.N/perCommit + 1
	b.ResetTimer()
	cpu0 := backendCPU(b, pid)
	commits(n)
	cpu := backendCPU(b, pid) - cpu0
	b.StopTimer()
	moved := float64(n * perCommit)
	b.ReportMetric(float64(used.bytes)/moved, "wal-B/move")
	b.ReportMetric(float64(used.fpi)/moved, "fpi/move")
	b.ReportMetric(float64(cpu.Microseconds())/moved, "server-cpu-µs/move")
}

// backendCPU is the CPU time, user and system, of the server process pid
// so far, from /proc (in clock ticks of 10 ms).
func backendCPU(b *testing.B, pid int) time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Skipf("the server's process is not on this machine: %v", err)
	}
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
