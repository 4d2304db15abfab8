package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"harbor/cluster"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/postgres"
	"harbor/server"
	"harbor/table"
)

// staticFiles is the built web front end (index.html at its root). While it
// is nil the server shows a placeholder page; the build that embeds web/
// sets it from an init function.
var staticFiles fs.FS

// defaultAddr is where serve listens unless told otherwise: port 8080 on
// every interface, so phones on the same network can open the links.
const defaultAddr = ":8080"

func serveCmd(args []string) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fl.String("addr", envOr("HARBOR_ADDR", defaultAddr), "address to listen on, every interface by default so phones on the network can join (env HARBOR_ADDR)")
	data := fl.String("data", envOr("HARBOR_DATA", "harbor.db"), "SQLite data file (env HARBOR_DATA)")
	var bc backendConfig
	fl.StringVar(&bc.store, "store", os.Getenv("HARBOR_STORE"), "PostgreSQL store, postgres://… (env HARBOR_STORE); none: the SQLite file of -data")
	fl.StringVar(&bc.nats, "nats", os.Getenv("HARBOR_NATS"), "NATS server, nats://…: run as one node of a cluster sharing -store (env HARBOR_NATS)")
	fl.StringVar(&bc.node, "node", os.Getenv("HARBOR_NODE"), "this node's name, unique in the cluster (env HARBOR_NODE); none: a random one")
	fl.StringVar(&bc.prefix, "nats-prefix", envOr("HARBOR_NATS_PREFIX", "harbor"), "first part of every NATS subject of the cluster (env HARBOR_NATS_PREFIX)")
	fl.DurationVar(&bc.leaseTTL, "lease", envDuration("HARBOR_LEASE", 5*time.Second), "how long a node's hold on a table lasts unless renewed; a dead node's tables move after it (env HARBOR_LEASE)")
	fl.DurationVar(&bc.storeTimeout, "store-timeout", envDuration("HARBOR_STORE_TIMEOUT", postgres.DefaultTimeout), "how long PostgreSQL may take to answer (a statement, a connection) before it is given up, so a silent link fails a move instead of hanging it (env HARBOR_STORE_TIMEOUT)")
	fl.DurationVar(&bc.linger, "link-linger", envDuration("HARBOR_LINK_LINGER", cluster.DefaultLinger), "how long a node holds bytes tunnelled to another node so that others share their bus message; negative: none (env HARBOR_LINK_LINGER)")
	botDelay := fl.Duration("bot-delay", envDuration("HARBOR_BOT_DELAY", time.Second), "pause before a computer player moves (env HARBOR_BOT_DELAY)")
	hardBudget := fl.Duration("hard-budget", envDuration("HARBOR_HARD_BUDGET", table.DefaultHardBudget), "thinking time of one hard computer decision, less when the server is busy (env HARBOR_HARD_BUDGET)")
	origins := fl.String("origins", os.Getenv("HARBOR_ORIGINS"), "extra allowed Origin hosts, comma-separated patterns (env HARBOR_ORIGINS)")
	msgRate := fl.Float64("msg-rate", envFloat("HARBOR_MSG_RATE", server.DefaultLimits.MsgRate), "WebSocket messages a second per connection, with bursts of twice that (env HARBOR_MSG_RATE)")
	codeRate := fl.Float64("code-rate", envFloat("HARBOR_CODE_RATE", server.DefaultLimits.CodeRate), "join and TV code look-ups a second per address, with bursts of twenty times that (env HARBOR_CODE_RATE)")
	verbose := fl.Bool("v", false, "log debug detail")
	exposed := exposureFlags(fl)
	notices := noticeFlagSet(fl)
	if err := fl.Parse(args); err != nil {
		return err
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	server.Tune()
	if f := os.Getenv("HARBOR_CPUPROFILE"); f != "" { // for load runs: go tool pprof FILE
		stopProfile, err := startCPUProfile(f)
		if err != nil {
			return err
		}
		defer stopProfile()
	}
	if os.Getenv("HARBOR_TEST_GAMES") == "1" {
		game.Register(gametest.Definition) // Pile, for tests of the server binary
	}
	// The tables' clock: nil for the system's, or off by a skew for the
	// cluster's tests of a node whose clock is wrong.
	var clock func() time.Time
	if v := os.Getenv("HARBOR_TEST_CLOCK_SKEW"); v != "" {
		skew, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("HARBOR_TEST_CLOCK_SKEW: %w", err)
		}
		log.Warn("the tables' clock is off by HARBOR_TEST_CLOCK_SKEW: for tests only", "skew", skew)
		clock = func() time.Time { return time.Now().Add(skew) }
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bc.data = *data
	back, err := openBackend(ctx, bc)
	if err != nil {
		return err
	}
	defer back.close()
	metrics := server.NewMetrics()
	var live atomic.Pointer[table.Tables] // for the notifier, which the tables need first
	notifier, folk, err := notices.notifier(ctx, back.store, &live, *exposed.publicURL, log)
	if err != nil {
		return err
	}
	defer notifier.Close()
	tables := table.NewTables(back.store, exposed.tableOptions(table.Options{BotDelay: *botDelay, HardBudget: *hardBudget, Log: log, OnMove: metrics.ObserveMove, OnCommit: metrics.ObserveCommit,
		OnTurn: notifier.Turn, Quotas: folk, Now: clock}))
	defer tables.Close()
	live.Store(tables)
	if *exposed.seed != 0 {
		log.Warn("new tables draw their games from a fixed sequence (-seed): for tests and demonstrations only", "seed", *exposed.seed)
	}
	n := 0
	if !back.clustered() { // a cluster's nodes take over unfinished tables by their leases
		if n, err = tables.Resume(ctx); err != nil {
			return fmt.Errorf("resume tables: %w", err)
		}
	}
	var patterns []string
	if *origins != "" {
		patterns = strings.Split(*origins, ",")
	}
	limits := exposed.limits(server.DefaultLimits)
	limits.MsgRate, limits.MsgBurst = *msgRate, 2**msgRate
	limits.CodeRate, limits.CodeBurst = *codeRate, 20**codeRate
	secrets, ok := back.store.(interface {
		Secret(ctx context.Context, name string, size int) ([]byte, error)
	})
	if !ok {
		return errors.New("the store keeps no server secrets")
	}
	identityKey, err := secrets.Secret(ctx, "identity", 32)
	if err != nil {
		return fmt.Errorf("identity key: %w", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	cfg := exposed.config(server.Config{Tables: tables, Metrics: metrics, Log: log, Static: staticFiles, Limits: limits,
		OriginPatterns: patterns, IdentityKey: identityKey, Listen: ln.Addr().String(), Notices: notifier, Devices: folk, Buckets: folk}, *addr)
	cfg.Seats, _ = back.store.(table.SeatIndex)
	if err := cfg.Check(); err != nil {
		return err
	}
	srv := server.New(cfg)
	metricsServer, err := exposed.serveMetrics(srv)
	if err != nil {
		return fmt.Errorf("metrics address: %w", err)
	}
	if metricsServer != nil {
		defer metricsServer.Close()
	} else if cfg.MetricsOff {
		log.Warn("/metrics is off: the server listens beyond loopback; set -metrics-addr or -metrics-token to serve it", "addr", *addr)
	}
	var handler http.Handler = srv
	if back.clustered() {
		if handler, err = back.join(tables, srv, log); err != nil {
			return err
		}
		defer back.leave()
		go back.cluster.Run(ctx)
	}
	hs := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	log.Info("listening", "addr", ln.Addr().String(), "store", bc.describe(), "node", back.name, "resumed", n, "games", len(game.All()))
	printAddresses(ln.Addr().String(), cfg.PublicURL)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv.Close()
	if err := hs.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("shutdown", "err", err)
	}
	return nil
}

// startCPUProfile writes this process's CPU profile to file until the
// returned function is called.
func startCPUProfile(file string) (func(), error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envFloat(name string, def float64) float64 {
	if f, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return f
	}
	return def
}

func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}

// printAddresses tells the person starting the server where to open it.
func printAddresses(addr, public string) {
	if public != "" {
		fmt.Printf("Harbor is at %s\n", public)
		return
	}
	urls, loopbackOnly := server.ListenURLs(addr, server.LANAddrs())
	fmt.Println("Harbor is at:")
	for _, u := range urls {
		fmt.Println("  " + u)
	}
	if loopbackOnly {
		fmt.Println("Only this machine can open it: phones need a network address (-addr :8080 on a machine with one).")
	}
}
