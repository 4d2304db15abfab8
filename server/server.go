// Package server is Harbor's network face: the JSON HTTP API of the lobby
// (docs/api.md), one WebSocket per client for play (docs/protocol.md),
// /healthz, Prometheus /metrics and the web front end's static files. It
// holds no game state: every change goes through the table package.
package server

import (
	"crypto/rand"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/coder/websocket"

	"harbor/notify"
	"harbor/people"
	"harbor/table"
)

// Limits bound what one client, one person and one address may send and
// hold. A zero field of the per-person and per-address group means no
// limit there.
type Limits struct {
	MaxMessage  int     // largest WebSocket message or HTTP body, in bytes
	MsgRate     float64 // WebSocket messages a second, per connection
	MsgBurst    float64
	CodeRate    float64 // code look-ups (join, TV) a second, per address
	CodeBurst   float64
	SendBacklog int // frames queued for a slow connection before it is closed

	CreateRate      float64 // tables created a minute, per person and (times AddressFactor) per address
	CreateBurst     float64
	OpenTables      int // open tables (lobbies, running computer-only games) a person hosts
	ConnsPerPerson  int // WebSocket connections of one person (cookie)
	ConnsPerAddress int // WebSocket connections from one address
	AddressFactor   int // how many people one address may stand for, for the table limits (a household behind one router)
	// ReadRate is how many old log pages, game logs and replay steps a
	// second one person (the TV: its address) may ask for, over all their
	// connections; ReadBurst at once. 0: no limit.
	ReadRate  float64
	ReadBurst float64
	// IPv6Prefix is how many leading bits of an IPv6 address make one
	// address for the per-address limits (0: DefaultIPv6Prefix; 128: the
	// whole address).
	IPv6Prefix int
}

// DefaultIPv6Prefix groups IPv6 addresses by /64, the block one household
// or one machine is usually given.
const DefaultIPv6Prefix = 64

// DefaultLimits are the limits of docs/protocol.md and docs/operations.md.
var DefaultLimits = Limits{MaxMessage: 16 << 10, MsgRate: 20, MsgBurst: 40, CodeRate: 0.5, CodeBurst: 10, SendBacklog: 64,
	CreateRate: 2, CreateBurst: 10, OpenTables: 10, ConnsPerPerson: 16, ConnsPerAddress: 200, AddressFactor: 5, IPv6Prefix: DefaultIPv6Prefix,
	ReadRate: 5, ReadBurst: 40}

// Config configures a Server.
type Config struct {
	Tables  *table.Tables
	Metrics *Metrics // nil: a fresh set
	Log     *slog.Logger
	// Static holds the built web front end (index.html at its root); nil
	// serves a small placeholder page.
	Static fs.FS
	Limits Limits // zero: DefaultLimits
	// OriginPatterns are extra host patterns (path.Match syntax) allowed as
	// the Origin of WebSocket and API requests besides the serving host.
	OriginPatterns []string
	// PublicURL is the address people reach the server at ("" when not
	// set): links and QR codes use it, and an https one makes the identity
	// cookie Secure.
	PublicURL string
	// TrustedProxies are the addresses or CIDR prefixes of proxies whose
	// Forwarded, X-Forwarded-Proto and X-Forwarded-For headers count.
	TrustedProxies []string
	// IdentityKey signs the player tokens the server issues (see
	// sqlite.Store.Secret); nil: a random key, so tokens last as long as
	// the process.
	IdentityKey []byte
	// Metrics access on the main address: MetricsToken, when set, must come
	// as "Authorization: Bearer <token>"; MetricsOff hides /metrics (it is
	// then served elsewhere with MetricsHandler, or not at all).
	MetricsToken string
	MetricsOff   bool
	// LAN lists the machine's LAN addresses for links when the browser
	// used a loopback one; nil: LANAddrs.
	LAN func() []netip.Addr
	// Listen is the address the server listens on (host:port); a loopback
	// host there means no other device can reach it. "": every interface.
	Listen string
	// Devices keeps linked devices; nil: no device links. Notices sends
	// turn notices; nil: none (notices.go).
	Devices people.Devices
	Notices *notify.Notifier
	// Buckets keeps the rate limits' buckets; nil: no rate limit counts
	// (Limits' rates and bursts go unused).
	Buckets people.Spender
	// Seats lists the tables each person sits at, for GET /api/me/tables;
	// nil: the list is empty.
	Seats table.SeatIndex
	// Compression is the permessage-deflate mode offered to WebSocket
	// clients; the zero value, websocket.CompressionDisabled, is Harbor's
	// (docs/protocol.md, "Compression", says why).
	Compression websocket.CompressionMode
}

// Check reports a setting of cfg that New cannot use.
func (cfg Config) Check() error {
	if n := cfg.Limits.IPv6Prefix; n < 0 || n > 128 {
		return fmt.Errorf("an IPv6 prefix is 1 to 128 bits, not %d", n)
	}
	_, err := newPublic(cfg.PublicURL, cfg.TrustedProxies)
	return err
}

// Server serves Harbor over HTTP.
type Server struct {
	tables  *table.Tables
	metrics *Metrics
	log     *slog.Logger
	limits  Limits
	origins []string
	public  public
	ids     identities
	mux     *http.ServeMux
	static  http.Handler
	cfg     Config
	lan     func() []netip.Addr
	listen  string
	people  folk
	seats   table.SeatIndex

	mu      sync.Mutex
	clients map[*client]struct{}
	conns   map[string]int     // open WebSocket connections by "p:"+person key and "a:"+address
	reads   map[string]*bucket // allowances of old log pages and replay steps, by readerOf
	closing bool
	// handlers counts WebSocket handlers still running, so Close can wait
	// for the store writes they make as a connection ends.
	handlers sync.WaitGroup
}

// New returns a server for cfg, which must pass Check.
func New(cfg Config) *Server {
	s := &Server{tables: cfg.Tables, metrics: cfg.Metrics, log: cfg.Log, limits: cfg.Limits, origins: cfg.OriginPatterns,
		lan: cfg.LAN, listen: cfg.Listen,
		mux: http.NewServeMux(), clients: map[*client]struct{}{}, conns: map[string]int{}, cfg: cfg}
	if s.metrics == nil {
		s.metrics = NewMetrics()
	}
	if s.lan == nil {
		s.lan = LANAddrs
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.limits == (Limits{}) {
		s.limits = DefaultLimits
	}
	var err error
	if s.public, err = newPublic(cfg.PublicURL, cfg.TrustedProxies); err != nil {
		panic("server: " + err.Error())
	}
	s.ids.key = cfg.IdentityKey
	if len(s.ids.key) == 0 {
		s.ids.key = make([]byte, 32)
		_, _ = rand.Read(s.ids.key)
	}
	s.metrics.tables(s.tables)
	s.people = folk{devices: cfg.Devices, notices: cfg.Notices, checked: map[string]time.Time{}}
	s.seats = cfg.Seats
	s.static = staticHandler(cfg.Static, func(w http.ResponseWriter, r *http.Request) { s.token(w, r) })
	s.routes()
	return s
}

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"ok": true, "tables": s.tables.Loaded()})
	})
	m.Handle("GET /metrics", s.guardMetrics(s.MetricsHandler()))
	m.HandleFunc("GET /ws", s.serveWS)
	m.HandleFunc("GET /api/session", s.api(s.session))
	m.HandleFunc("POST /api/session", s.api(s.session))
	m.HandleFunc("GET /api/games", s.api(s.games))
	m.HandleFunc("POST /api/tables", s.api(s.createTable))
	m.HandleFunc("GET /api/tables/{id}", s.api(s.getTable))
	m.HandleFunc("POST /api/join", s.api(s.join))
	m.HandleFunc("GET /api/tv/{code}", s.api(s.tv))
	m.HandleFunc("POST /api/tables/{id}/seat", s.api(s.sit))
	m.HandleFunc("POST /api/tables/{id}/ready", s.api(s.ready))
	m.HandleFunc("POST /api/tables/{id}/bots", s.api(s.addBot))
	m.HandleFunc("DELETE /api/tables/{id}/seats/{seat}", s.api(s.clearSeat))
	m.HandleFunc("POST /api/tables/{id}/kick", s.api(s.kick))
	m.HandleFunc("POST /api/tables/{id}/options", s.api(s.setOptions))
	m.HandleFunc("POST /api/tables/{id}/hints", s.api(s.setHints))
	m.HandleFunc("POST /api/tables/{id}/start", s.api(s.start))
	m.HandleFunc("POST /api/tables/{id}/again", s.api(s.again))
	m.HandleFunc("POST /api/tables/{id}/hand", s.api(s.hand))
	m.HandleFunc("POST /api/tables/{id}/room", s.api(s.room))
	m.HandleFunc("GET /api/invite/{invite}", s.api(s.invite))
	m.HandleFunc("GET /api/tables/{id}/log", s.api(s.gameLog))
	m.HandleFunc("GET /api/tables/{id}/export", s.api(s.export))
	m.HandleFunc("POST /api/tables/{id}/timeline", s.api(s.setTimeline))
	m.HandleFunc("GET /api/tables/{id}/replay", s.api(s.replayAt))
	m.HandleFunc("POST /api/tables/{id}/fork", s.api(s.fork))
	m.HandleFunc("POST /api/replay", s.api(s.replayFile))
	m.HandleFunc("GET /api/tv/{code}/replay", s.api(s.tvReplay))
	m.HandleFunc("GET /api/tables/{id}/qr.png", s.qr(false))
	m.HandleFunc("GET /api/tv/{code}/qr.png", s.qr(true))
	s.iconRoutes()
	s.deviceRoutes()
	s.noticeRoutes()
	s.langRoutes()
	s.chatRoutes()
	s.homeRoutes()
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, errNoEndpoint)
	})

	// The front end's routes (/, /t/{id}, /tv/{code}, /join/{invite}) and
	// its files.
	m.Handle("/", s.static)
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header())
	s.mux.ServeHTTP(w, r)
}

// Close ends every WebSocket connection (status going away), as the HTTP
// server's Shutdown does not reach hijacked connections, and returns once
// their handlers are done: what a connection stores as it ends is stored
// before the caller closes the store.
func (s *Server) Close() {
	s.mu.Lock()
	s.closing = true
	cs := make([]*client, 0, len(s.clients))
	for c := range s.clients {
		cs = append(cs, c)
	}
	s.mu.Unlock()
	for _, c := range cs {
		c.Close("the server is restarting")
	}
	s.handlers.Wait()
}

// Connections returns the number of open WebSocket connections.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.clients)
}
