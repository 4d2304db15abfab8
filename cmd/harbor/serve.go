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
	"strconv"
	"strings"
	"syscall"
	"time"

	"harbor/game"
	"harbor/game/gametest"
	"harbor/server"
	"harbor/sqlite"
	"harbor/table"
)

// staticFiles is the built web front end (index.html at its root). While it
// is nil the server shows a placeholder page; the build that embeds web/
// sets it from an init function.
var staticFiles fs.FS

func serveCmd(args []string) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fl.String("addr", envOr("HARBOR_ADDR", "127.0.0.1:8080"), "address to listen on (env HARBOR_ADDR)")
	data := fl.String("data", envOr("HARBOR_DATA", "harbor.db"), "SQLite data file (env HARBOR_DATA)")
	botDelay := fl.Duration("bot-delay", envDuration("HARBOR_BOT_DELAY", time.Second), "pause before a computer player moves (env HARBOR_BOT_DELAY)")
	hardBudget := fl.Duration("hard-budget", envDuration("HARBOR_HARD_BUDGET", table.DefaultHardBudget), "thinking time of one hard computer decision, less when the server is busy (env HARBOR_HARD_BUDGET)")
	origins := fl.String("origins", os.Getenv("HARBOR_ORIGINS"), "extra allowed Origin hosts, comma-separated patterns (env HARBOR_ORIGINS)")
	msgRate := fl.Float64("msg-rate", envFloat("HARBOR_MSG_RATE", server.DefaultLimits.MsgRate), "WebSocket messages a second per connection, with bursts of twice that (env HARBOR_MSG_RATE)")
	verbose := fl.Bool("v", false, "log debug detail")
	if err := fl.Parse(args); err != nil {
		return err
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	server.Tune()
	if os.Getenv("HARBOR_TEST_GAMES") == "1" {
		game.Register(gametest.Definition) // Pile, for tests of the server binary
	}

	store, err := sqlite.Open(*data)
	if err != nil {
		return err
	}
	defer store.Close()
	metrics := server.NewMetrics()
	tables := table.NewTables(store, table.Options{BotDelay: *botDelay, HardBudget: *hardBudget, Log: log, OnMove: metrics.ObserveMove, OnCommit: metrics.ObserveCommit})
	defer tables.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	n, err := tables.Resume(ctx)
	if err != nil {
		return fmt.Errorf("resume tables: %w", err)
	}
	var patterns []string
	if *origins != "" {
		patterns = strings.Split(*origins, ",")
	}
	limits := server.DefaultLimits
	limits.MsgRate, limits.MsgBurst = *msgRate, 2**msgRate
	srv := server.New(server.Config{Tables: tables, Metrics: metrics, Log: log, Static: staticFiles, Limits: limits, OriginPatterns: patterns})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	log.Info("listening", "addr", ln.Addr().String(), "data", *data, "resumed", n, "games", len(game.All()))
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
