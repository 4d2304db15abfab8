// Package server is Harbor's network face: the JSON HTTP API of the lobby
// (docs/api.md), one WebSocket per client for play (docs/protocol.md),
// /healthz, Prometheus /metrics and the web front end's static files. It
// holds no game state: every change goes through the table package.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"

	"harbor/table"
)

// Limits bound what one client may send.
type Limits struct {
	MaxMessage  int     // largest WebSocket message or HTTP body, in bytes
	MsgRate     float64 // WebSocket messages a second, per connection
	MsgBurst    float64
	CodeRate    float64 // code look-ups (join, TV) a second, per address
	CodeBurst   float64
	SendBacklog int // frames queued for a slow connection before it is closed
}

// DefaultLimits are the limits of docs/protocol.md.
var DefaultLimits = Limits{MaxMessage: 16 << 10, MsgRate: 20, MsgBurst: 40, CodeRate: 0.5, CodeBurst: 10, SendBacklog: 64}

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
	// PublicURL, when set, is the base of every invite link and QR code
	// (-public-url, for a server behind a proxy); see publicBase.
	PublicURL string
	// LAN lists the machine's LAN addresses for links when the browser
	// used a loopback one; nil: LANAddrs.
	LAN func() []netip.Addr
	// Listen is the address the server listens on (host:port); a loopback
	// host there means no other device can reach it. "": every interface.
	Listen string
}

// Server serves Harbor over HTTP.
type Server struct {
	tables    *table.Tables
	metrics   *Metrics
	log       *slog.Logger
	limits    Limits
	origins   []string
	publicURL string
	lan       func() []netip.Addr
	listen    string
	codes     *limiter
	mux       *http.ServeMux
	static    http.Handler

	mu      sync.Mutex
	clients map[*client]struct{}
	closing bool
}

// New returns a server for cfg.
func New(cfg Config) *Server {
	s := &Server{tables: cfg.Tables, metrics: cfg.Metrics, log: cfg.Log, limits: cfg.Limits, origins: cfg.OriginPatterns,
		publicURL: strings.TrimRight(cfg.PublicURL, "/"), lan: cfg.LAN, listen: cfg.Listen,
		mux: http.NewServeMux(), clients: map[*client]struct{}{}}
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
	s.codes = newLimiter(s.limits.CodeRate, s.limits.CodeBurst)
	s.metrics.liveTables(s.tables.Live)
	s.static = staticHandler(cfg.Static)
	s.routes()
	return s
}

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"ok": true, "tables": s.tables.Live()})
	})
	m.Handle("GET /metrics", metricsHandler(s.metrics))
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
	m.HandleFunc("POST /api/tables/{id}/start", s.api(s.start))
	m.HandleFunc("POST /api/tables/{id}/again", s.api(s.again))
	m.HandleFunc("POST /api/tables/{id}/hand", s.api(s.hand))
	m.HandleFunc("POST /api/tables/{id}/room", s.api(s.room))
	m.HandleFunc("GET /api/invite/{invite}", s.api(s.invite))
	m.HandleFunc("GET /api/tables/{id}/log", s.api(s.gameLog))
	m.HandleFunc("GET /api/tables/{id}/export", s.api(s.export))
	m.HandleFunc("GET /api/tables/{id}/qr.png", s.qr(false))
	m.HandleFunc("GET /api/tv/{code}/qr.png", s.qr(true))
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, errNoEndpoint)
	})

	// The front end's routes (/, /t/{id}, /tv/{code}, /join/{invite}) and
	// its files.
	m.Handle("/", s.static)
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

// Close ends every WebSocket connection (status going away); the HTTP
// server's Shutdown does not reach hijacked connections.
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
}

// Connections returns the number of open WebSocket connections.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.clients)
}
