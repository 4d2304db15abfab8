package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"harbor/game"
	"harbor/game/gametest"
	_ "harbor/games/all"
	"harbor/server"
	"harbor/sqlite"
	"harbor/table"
)

// loadLimits lift the per-client limits, which guard against people and
// would otherwise throttle clients that move at machine speed.
var loadLimits = server.Limits{MaxMessage: 16 << 10, MsgRate: 1e6, MsgBurst: 1e6, CodeRate: 1e6, CodeBurst: 1e6, SendBacklog: 256}

var registerPile sync.Once

// soakLimits are the server's own limits, as a soak keeps them, but for
// code look-ups: every honest person joins by code, a few hundred from
// each loopback address.
var soakLimits = func() server.Limits {
	l := server.DefaultLimits
	l.CodeRate, l.CodeBurst = 1e6, 1e6
	return l
}()

// startServer starts a Harbor server with Pile on a loopback port over a
// fresh data file in dir and returns its URL and a function that stops it.
// A soak's server keeps its limits and pauses computer players a second,
// as a real one does, and unloads idle tables after a minute.
func startServer(dir string, soak bool) (url string, stop func(), err error) {
	registerPile.Do(func() { game.Register(gametest.Definition) })
	store, err := sqlite.Open(filepath.Join(dir, "load.db"))
	if err != nil {
		return "", nil, err
	}
	metrics := server.NewMetrics()
	opts, limits := table.Options{OnMove: metrics.ObserveMove, OnCommit: metrics.ObserveCommit, Quotas: store.People()}, loadLimits
	if soak {
		// Tables nobody is connected to leave memory after a minute, not
		// five, so that a soak sees them go.
		opts.BotDelay, opts.IdleAfter, limits = time.Second, time.Minute, soakLimits
	}
	tables := table.NewTables(store, opts)
	srv := server.New(server.Config{Tables: tables, Metrics: metrics, Limits: limits, Buckets: store.People(), Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		store.Close()
		return "", nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/", srv)
	mux.HandleFunc("POST /loadgc", func(w http.ResponseWriter, r *http.Request) { runtime.GC() })
	mux.HandleFunc("GET /loadheap", func(w http.ResponseWriter, r *http.Request) {
		runtime.GC()
		pprof.Lookup("heap").WriteTo(w, 0)
	})
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	return "http://" + ln.Addr().String(), func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(ctx)
		tables.Close()
		store.Close()
	}, nil
}

// serveChild is the server child: it prints its URL on stdout and serves
// until its parent closes its stdin (or dies).
func serveChild(data, cpuprofile, memprofile string, soak bool) error {
	server.Tune()
	url, stop, err := startServer(data, soak)
	if err != nil {
		return err
	}
	defer stop()
	if memprofile != "" {
		defer writeMemProfile(memprofile)
	}
	if cpuprofile != "" {
		f, err := os.Create(cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	fmt.Println(url)
	io.Copy(io.Discard, os.Stdin)
	return nil
}

// spawnServer starts this binary as the server child. kill ends it with
// SIGKILL and returns its data file; pid is the child's process id.
func spawnServer(dir, cpuprofile, memprofile string, soak bool) (url string, stop func(), kill func() (string, error), pid int, err error) {
	args := []string{"-serve-child", "-data", dir}
	if soak {
		args = append(args, "-soak")
	}
	if cpuprofile != "" {
		args = append(args, "-cpuprofile", cpuprofile+".server")
	}
	if memprofile != "" {
		args = append(args, "-memprofile", memprofile+".server")
	}
	c, err := startChild("server child", args...)
	if err != nil {
		return "", nil, nil, 0, err
	}
	return c.addr, c.stop, func() (string, error) {
		if err := c.kill(); err != nil {
			return "", err
		}
		return filepath.Join(dir, "load.db"), nil
	}, c.cmd.Process.Pid, nil
}

// child is this binary run again as a helper process (the server, the
// floor's relay): it prints its address on its first line and runs until
// its standard input closes.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	addr  string
	once  sync.Once
}

// startChild starts this binary with args and waits for the address it
// prints; what names the child in an error.
func startChild(what string, args ...string) (*child, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, args...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("the %s did not start: %v", what, err)
	}
	return &child{cmd: cmd, stdin: stdin, addr: strings.TrimSpace(line)}, nil
}

func (c *child) wait() { c.once.Do(func() { c.cmd.Wait() }) }

// stop closes the child's standard input, which ends it, and kills it
// if it has not ended 15 seconds later.
func (c *child) stop() {
	c.stdin.Close()
	done := make(chan struct{})
	go func() { c.wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}

// kill ends the child at once with SIGKILL.
func (c *child) kill() error {
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		return err
	}
	c.wait()
	return nil
}

// raiseFileLimit lifts the open-file limit as far as allowed: tens of
// thousands of connections need as many descriptors. The child inherits it.
func raiseFileLimit() {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) != nil {
		return
	}
	want := syscall.Rlimit{Cur: 200000, Max: 200000}
	if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want) != nil {
		lim.Cur = lim.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
}

// writeMemProfile writes the allocation profile (every allocation since the
// start, sampled) to path.
func writeMemProfile(path string) {
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "harborload:", err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintln(os.Stderr, "harborload:", err)
	}
}
