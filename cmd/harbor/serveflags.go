package main

import (
	"flag"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"harbor/server"
	"harbor/table"
)

// exposure holds the settings of serve that make a server safe to put on
// the internet: the limits per person and address, how long tables stay,
// the public URL and proxies, and where /metrics is served; and the fixed
// game seeds a server for tests must never have there.
type exposure struct {
	publicURL, proxies        *string
	metricsAddr, metricsToken *string
	createRate, createBurst   *float64
	openTables                *int
	connsPerson, connsAddress *int
	addressFactor             *int
	readRate, readBurst       *float64
	ipv6Prefix                *int
	idleAfter, lobbyTTL       *time.Duration
	finishedDays              *int
	seed                      *uint64
}

func exposureFlags(fl *flag.FlagSet) *exposure {
	d := server.DefaultLimits
	return &exposure{
		publicURL:     fl.String("public-url", os.Getenv("HARBOR_PUBLIC_URL"), "the address people reach the server at, e.g. https://games.example.org: links and QR codes use it, https makes the cookie Secure (env HARBOR_PUBLIC_URL)"),
		proxies:       fl.String("trusted-proxy", os.Getenv("HARBOR_TRUSTED_PROXY"), "addresses or CIDR prefixes of proxies whose X-Forwarded-For/-Proto and Forwarded headers count, comma-separated (env HARBOR_TRUSTED_PROXY)"),
		metricsAddr:   fl.String("metrics-addr", os.Getenv("HARBOR_METRICS_ADDR"), "serve /metrics on this separate address instead of the main one (env HARBOR_METRICS_ADDR)"),
		metricsToken:  fl.String("metrics-token", os.Getenv("HARBOR_METRICS_TOKEN"), "require 'Authorization: Bearer TOKEN' for /metrics on the main address (env HARBOR_METRICS_TOKEN)"),
		createRate:    fl.Float64("create-rate", envFloat("HARBOR_CREATE_RATE", d.CreateRate), "new tables a minute per person, times -address-factor per address; 0: no limit (env HARBOR_CREATE_RATE)"),
		createBurst:   fl.Float64("create-burst", envFloat("HARBOR_CREATE_BURST", d.CreateBurst), "new tables at once per person before -create-rate applies (env HARBOR_CREATE_BURST)"),
		openTables:    fl.Int("open-tables", envInt("HARBOR_OPEN_TABLES", d.OpenTables), "open tables (lobbies, games of computer players only) per person, times -address-factor per address; 0: no limit (env HARBOR_OPEN_TABLES)"),
		connsPerson:   fl.Int("conns-per-person", envInt("HARBOR_CONNS_PER_PERSON", d.ConnsPerPerson), "WebSocket connections per person; 0: no limit (env HARBOR_CONNS_PER_PERSON)"),
		connsAddress:  fl.Int("conns-per-address", envInt("HARBOR_CONNS_PER_ADDRESS", d.ConnsPerAddress), "WebSocket connections per address; 0: no limit (env HARBOR_CONNS_PER_ADDRESS)"),
		readRate:      fl.Float64("read-rate", envFloat("HARBOR_READ_RATE", d.ReadRate), "old log pages, game logs and replay steps a second per person (the TV: per address); 0: no limit (env HARBOR_READ_RATE)"),
		readBurst:     fl.Float64("read-burst", envFloat("HARBOR_READ_BURST", d.ReadBurst), "old log pages, game logs and replay steps at once per person before -read-rate applies (env HARBOR_READ_BURST)"),
		addressFactor: fl.Int("address-factor", envInt("HARBOR_ADDRESS_FACTOR", d.AddressFactor), "how many people one address may stand for in the table limits (env HARBOR_ADDRESS_FACTOR)"),
		ipv6Prefix:    fl.Int("ipv6-prefix", envInt("HARBOR_IPV6_PREFIX", d.IPv6Prefix), "leading bits of an IPv6 address that make one address for the per-address limits, 1 to 128 (env HARBOR_IPV6_PREFIX)"),
		idleAfter:     fl.Duration("idle-unload", envDuration("HARBOR_IDLE_UNLOAD", table.DefaultIdleAfter), "unload a table nobody is connected to after this (env HARBOR_IDLE_UNLOAD)"),
		lobbyTTL:      fl.Duration("lobby-ttl", envDuration("HARBOR_LOBBY_TTL", table.DefaultLobbyTTL), "delete a lobby that never started this long after its last change (env HARBOR_LOBBY_TTL)"),
		finishedDays:  fl.Int("finished-days", envInt("HARBOR_FINISHED_DAYS", 0), "delete finished games after this many days; 0 keeps them (env HARBOR_FINISHED_DAYS)"),
		seed:          fl.Uint64("seed", envUint64("HARBOR_SEED", 0), "for tests and demonstrations only: when not 0, new tables draw their games from a fixed sequence derived from this number, in the order they are created, so the same requests meet the same games; 0 draws them at random (env HARBOR_SEED)"),
	}
}

// limits applies the flags to base.
func (x *exposure) limits(base server.Limits) server.Limits {
	base.CreateRate, base.CreateBurst, base.OpenTables = *x.createRate, *x.createBurst, *x.openTables
	base.ConnsPerPerson, base.ConnsPerAddress, base.AddressFactor = *x.connsPerson, *x.connsAddress, *x.addressFactor
	base.IPv6Prefix = *x.ipv6Prefix
	base.ReadRate, base.ReadBurst = *x.readRate, *x.readBurst
	return base
}

// tableOptions applies the flags to opts.
func (x *exposure) tableOptions(opts table.Options) table.Options {
	opts.IdleAfter, opts.LobbyTTL = *x.idleAfter, *x.lobbyTTL
	opts.FinishedTTL = time.Duration(*x.finishedDays) * 24 * time.Hour
	opts.Seed = *x.seed
	return opts
}

// config applies the flags to cfg for a server listening on addr: /metrics
// stays on the main address when it listens on loopback only or asks for
// the token, and is off there otherwise.
func (x *exposure) config(cfg server.Config, addr string) server.Config {
	cfg.PublicURL = *x.publicURL
	if *x.proxies != "" {
		cfg.TrustedProxies = strings.Split(*x.proxies, ",")
	}
	cfg.MetricsToken = *x.metricsToken
	cfg.MetricsOff = *x.metricsAddr != "" || (*x.metricsToken == "" && !loopback(addr))
	return cfg
}

// serveMetrics serves srv's metrics on -metrics-addr, if set, until the
// returned server is shut down.
func (x *exposure) serveMetrics(srv *server.Server) (*http.Server, error) {
	if *x.metricsAddr == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", *x.metricsAddr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", srv.MetricsHandler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	return hs, nil
}

// loopback reports whether addr (host:port) listens on loopback only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func envUint64(name string, def uint64) uint64 {
	if n, err := strconv.ParseUint(os.Getenv(name), 10, 64); err == nil {
		return n
	}
	return def
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}
