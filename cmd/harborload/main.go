// Command harborload drives a Harbor server with many concurrent tables of
// WebSocket clients and reports moves per second, the latency from a move
// to every client of its table having its update (p50, p99), and the
// server's memory per live table and per open connection.
//
// It only ever talks to loopback addresses, is bounded in time (-duration)
// and in count (-tables, -idle, -max-moves), and stops by itself. By
// default it starts its own server as a child process (this binary run with
// -serve-child, over a fresh SQLite file in a temporary directory), so the
// memory it reports is the server's alone; -server targets a server that is
// already running (started with HARBOR_TEST_GAMES=1, a high -msg-rate and
// -code-rate), and -inprocess runs the server inside this process (memory
// figures then include the clients).
//
//	harborload -tables 1000 -seats 4 -duration 10s -idle 20000
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// defaultOptions keep the games of a load run going for its whole duration.
var defaultOptions = map[string]json.RawMessage{
	"pile":     json.RawMessage(`{"size":1000}`),
	"holdings": json.RawMessage(`{"roundLimit":100}`),
}

func main() {
	var cfg config
	flag.StringVar(&cfg.Game, "game", "pile", "the game every table plays: pile (a tiny test game) or any Harbor game id")
	options := flag.String("options", "", `its rules options as JSON (default for pile: {"size":1000}; for holdings: {"roundLimit":100})`)
	flag.IntVar(&cfg.Tables, "tables", 100, "concurrent tables to play")
	flag.IntVar(&cfg.Seats, "seats", 4, "people at each table (all connected by WebSocket)")
	flag.DurationVar(&cfg.Duration, "duration", 10*time.Second, "how long to play")
	flag.IntVar(&cfg.MaxMoves, "max-moves", 5_000_000, "stop after this many moves")
	flag.IntVar(&cfg.Idle, "idle", 0, "idle connections to open after playing, for memory per connection")
	flag.StringVar(&cfg.Server, "server", "", "target this running server (http://127.0.0.1:port) instead of starting one; several nodes of a cluster comma-separated: tables open on each in turn and each table's people spread over them")
	flag.BoolVar(&cfg.InProcess, "inprocess", false, "run the server inside this process")
	flag.IntVar(&cfg.Loops, "loops", 2, "client event loops, each one thread that serves its share of the connections")
	flag.DurationVar(&cfg.Think, "think", 0, "pause of each person before moving (with -floor too), so that runs compare at one pace")
	flag.StringVar(&cfg.CPUProfile, "cpuprofile", "", "write a CPU profile of the play phase to this file (with -inprocess it covers the server too; a child server writes its own to FILE.server)")
	flag.StringVar(&cfg.MemProfile, "memprofile", "", "write an allocation profile of the whole run to this file when it ends (a child server writes its own to FILE.server)")
	flag.StringVar(&cfg.HeapProfile, "heapprofile", "", "a soak writes the server's heap in use (after a collection) to FILE.<seconds>s at each memory sample; compare two with go tool pprof -base")
	flag.BoolVar(&cfg.Soak, "soak", false, "a soak: the server keeps its limits, an abuse client runs beside the load, memory is sampled, and the server is killed with SIGKILL at the end and its data file checked for lost moves")
	flag.IntVar(&cfg.BotTables, "bot-tables", 0, "tables of computer players only, each watched by its host")
	flag.DurationVar(&cfg.Sample, "sample", 30*time.Second, "how often a soak samples the server's memory")
	serverPids := flag.String("server-pids", "", "the target's process ids, comma-separated: the report gives their CPU a move beside PostgreSQL's, the NATS server's and harborload's")
	flag.BoolVar(&cfg.Whole, "whole", false, "the people take every state whole instead of patches (browsers take patches)")
	flag.BoolVar(&cfg.Disk, "disk", false, "also time an fsync of 4 KiB beside the data file every 10ms while playing: the disk's own latency, under any commit's")
	floor := flag.Bool("floor", false, "measure the floor: the same tables and clients over loopback TCP to a relay server that only passes frames on (no game, store or WebSocket)")
	floorChild := flag.Bool("floor-serve", false, "internal: run as the floor's relay server")
	child := flag.Bool("serve-child", false, "internal: run as the server child of a load run")
	data := flag.String("data", "", "internal: the child's data file")
	flag.Parse()
	for _, f := range strings.FieldsFunc(*serverPids, func(r rune) bool { return r == ',' || r == ' ' }) {
		pid, err := strconv.Atoi(f)
		if err != nil || pid <= 0 {
			fmt.Fprintf(os.Stderr, "harborload: -server-pids: %q is not a process id\n", f)
			os.Exit(2)
		}
		cfg.ServerPids = append(cfg.ServerPids, pid)
	}
	cfg.Options = json.RawMessage(*options)
	if *options == "" {
		cfg.Options = defaultOptions[cfg.Game]
	}
	if !json.Valid(cfg.Options) && len(cfg.Options) > 0 {
		fmt.Fprintln(os.Stderr, "harborload: -options is not valid JSON")
		os.Exit(2)
	}
	raiseFileLimit()
	if *floorChild {
		// The relay exits when its standard input closes; floorServe
		// returns only with the error that stopped it.
		fmt.Fprintln(os.Stderr, "harborload floor relay:", floorServe(cfg.Seats))
		os.Exit(1)
	}
	if *floor {
		rep, err := runFloor(cfg)
		if err != nil {
			fmt.Fprintln(os.Stderr, "harborload:", err)
			os.Exit(1)
		}
		rep.print(os.Stdout, cfg)
		return
	}
	if *child {
		if err := serveChild(*data, cfg.CPUProfile, cfg.MemProfile, cfg.Soak); err != nil {
			fmt.Fprintln(os.Stderr, "harborload child:", err)
			os.Exit(1)
		}
		return
	}
	rep, err := run(cfg, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "harborload:", err)
		os.Exit(1)
	}
	rep.print(os.Stdout)
	if cfg.Soak {
		if fails := rep.soakFailures(50 * time.Millisecond); len(fails) > 0 {
			for _, f := range fails {
				fmt.Fprintln(os.Stderr, "harborload: soak failed:", f)
			}
			os.Exit(1)
		}
		fmt.Println("soak:     passed")
	}
}
