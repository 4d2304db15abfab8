package sqlite_test

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkMoveLayout commits moves of 50 tables, 24 moves a commit (what
// a busy server's group commit gathers), with the store's pragmas and
// 1 KiB pages, into two layouts of the moves: clustered by (table, n) as
// the store keeps them, and appended to one log in commit order. It
// reports the WAL frames (pages) each move costs, every frame two writes
// to the WAL and, later, a page the checkpoint copies, and the CPU time a
// move (the wall time is mostly the wait for fsync).
func BenchmarkMoveLayout(b *testing.B) {
	for _, l := range []struct{ name, schema string }{
		{"clustered", `CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables (id), n INTEGER NOT NULL,
			seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0,
			PRIMARY KEY (table_id, n)) WITHOUT ROWID`},
		{"log", `CREATE TABLE moves (seq INTEGER PRIMARY KEY, table_id TEXT NOT NULL, n INTEGER NOT NULL,
			seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0)`},
	} {
		b.Run(l.name, func(b *testing.B) { benchLayout(b, l.schema) })
	}
}

func benchLayout(b *testing.B, schema string) {
	path := filepath.Join(b.TempDir(), "layout.db")
	q := url.Values{}
	for _, p := range []string{"synchronous(FULL)", "foreign_keys(ON)", "wal_autocheckpoint(0)", "cache_size(-16000)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	exec := func(query string, args ...any) {
		if _, err := db.Exec(query, args...); err != nil {
			b.Fatal(err)
		}
	}
	exec(`PRAGMA page_size = 1024`)
	exec(`PRAGMA journal_mode = WAL`)
	exec(`CREATE TABLE tables (id TEXT PRIMARY KEY, data TEXT NOT NULL)`)
	exec(schema)
	const tables, perCommit = 50, 24
	rng := rand.New(rand.NewPCG(1, 2))
	ids := make([]string, tables)
	for i := range ids {
		ids[i] = fmt.Sprintf("t%011d", rng.Uint64()%1e11)
		exec(`INSERT INTO tables VALUES (?, '{}')`, ids[i])
	}
	ins, err := db.Prepare(`INSERT INTO moves (table_id, n, seat, move, at, stand_in) VALUES (?, ?, ?, ?, ?, 0)`)
	if err != nil {
		b.Fatal(err)
	}
	defer ins.Close()
	next := make([]int, tables)
	t := 0
	commits := func(n int) {
		for range n {
			exec(`BEGIN IMMEDIATE`)
			for range perCommit {
				t = (t + 1 + rng.IntN(3)) % tables // a table has one move in a commit at most
				if _, err := ins.Exec(ids[t], next[t], next[t]%4, `{"type":"take","n":2}`, time.Now().UnixMilli()); err != nil {
					b.Fatal(err)
				}
				next[t]++
			}
			exec(`COMMIT`)
		}
	}
	commits(400) // tables some hundreds of moves long
	exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	n := b.N/perCommit + 1
	b.ResetTimer()
	cpu0 := cpuTime()
	commits(n)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	st, err := os.Stat(path + "-wal")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(st.Size()-32)/(1024+24)/float64(n*perCommit), "frames/move")
	b.ReportMetric(float64(cpu.Microseconds())/float64(n*perCommit), "cpu-µs/move")
}

// cpuTime is the process's CPU time so far, user and system: the wall
// time of a commit is mostly its wait for the disk.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
