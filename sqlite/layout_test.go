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

	"harbor/sqlite"
)

// BenchmarkMoveLayout commits moves of 50 tables, 24 moves a commit (what
// a busy server's group commit gathers), with the store's pragmas and
// 1 KiB pages, into three layouts of the moves: clustered by (table, n) as
// the store kept them until migration 0012; appended to one log in commit
// order and never folded; and the store's, appended to the log and folded
// into the clustered moves as the store folds it (when it holds FoldAt
// moves, FoldBatch a transaction). It reports the WAL frames (pages) each
// move costs, folds included, every frame two writes to the WAL and,
// later, a page the checkpoint copies, the CPU time a move (the wall time
// is mostly the wait for fsync) and how long a fold holds the writer.
func BenchmarkMoveLayout(b *testing.B) {
	const clustered = `CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables (id), n INTEGER NOT NULL,
		seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0,
		PRIMARY KEY (table_id, n)) WITHOUT ROWID`
	for _, l := range []struct {
		name, schema, into string
		fold               bool
	}{
		{"clustered", clustered, "moves", false},
		{"log", `CREATE TABLE moves (seq INTEGER PRIMARY KEY, table_id TEXT NOT NULL, n INTEGER NOT NULL,
			seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0)`, "moves", false},
		{"log_folded", clustered + `; CREATE TABLE move_log (seq INTEGER PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables (id),
			n INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0)`,
			"move_log", true},
	} {
		b.Run(l.name, func(b *testing.B) { benchLayout(b, l.schema, l.into, l.fold) })
	}
}

func benchLayout(b *testing.B, schema, into string, fold bool) {
	path := filepath.Join(b.TempDir(), "layout.db")
	q := url.Values{}
	for _, p := range []string{"synchronous(FULL)", "foreign_keys(ON)", "wal_autocheckpoint(0)", "cache_size(-16000)", "temp_store(MEMORY)"} {
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
	ins, err := db.Prepare(`INSERT INTO ` + into + ` (table_id, n, seat, move, at, stand_in) VALUES (?, ?, ?, ?, ?, 0)`)
	if err != nil {
		b.Fatal(err)
	}
	defer ins.Close()
	next := make([]int, tables)
	t, logged := 0, 0
	var folds int
	var folding time.Duration
	commits := func(n int) {
		for range n {
			if fold && logged >= sqlite.FoldAt {
				for logged >= sqlite.FoldBatch {
					t0 := time.Now()
					n, err := sqlite.FoldLog(db, sqlite.FoldBatch)
					if err != nil {
						b.Fatal(err)
					}
					folding += time.Since(t0)
					folds++
					logged -= int(n)
				}
			}
			exec(`BEGIN IMMEDIATE`)
			for range perCommit {
				t = (t + 1 + rng.IntN(3)) % tables // a table has one move in a commit at most
				if _, err := ins.Exec(ids[t], next[t], next[t]%4, `{"type":"take","n":2}`, time.Now().UnixMilli()); err != nil {
					b.Fatal(err)
				}
				next[t]++
				logged++
			}
			exec(`COMMIT`)
		}
	}
	commits(400) // tables some hundreds of moves long
	exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	folds, folding = 0, 0
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
	if folds > 0 { // how long a fold holds the writer, fsync included
		b.ReportMetric(float64(folding.Microseconds())/1000/float64(folds), "ms/fold")
	}
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
