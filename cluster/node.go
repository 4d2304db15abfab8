// Package cluster runs Harbor on several nodes that share a PostgreSQL
// store (package postgres) and a NATS bus. Any node accepts any client.
// Each live table runs on exactly one node, its owner, which holds the
// table's lease; every write the owner makes checks the lease's fencing
// number in its own transaction, so a node that lost a lease never writes
// that table again.
//
// A request about a table owned by another node goes to the owner over
// NATS: lobby calls (HTTP) by request/reply, and a WebSocket as a byte
// tunnel: what the client sends goes up to the owner, and what the owner's
// server writes to that one connection comes down, as records of that
// tunnel on the one link each way between the two nodes (link.go). The
// owner's table runner computes every
// viewer's frames as on a single node, and no node ever receives frames for
// a connection other than its own ones.
//
// When a node dies its leases expire (Config.LeaseTTL) and the other nodes
// take its playing tables over from the store: the table is replayed, its
// computer players and turn timers carry on, and clients reconnect to any
// node.
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"harbor/postgres"
	"harbor/table"
)

// Config configures a Node.
type Config struct {
	// Name is this node's name; it must differ from every other node's
	// (NewName makes one).
	Name string
	// Store is the shared store, opened with Options.Node = Name.
	Store *postgres.Store
	// Tables are this node's live tables, over Store.
	Tables *table.Tables
	// Handler is this node's server, for the requests this node serves.
	Handler http.Handler
	// NATS is the connection to the bus.
	NATS *nats.Conn
	// Prefix starts every subject this cluster uses ("harbor" if empty),
	// so several clusters can share one NATS.
	Prefix string
	// LeaseTTL is the store's lease time; leases are renewed three times
	// within it, and tables of dead nodes are looked for as often.
	LeaseTTL time.Duration
	// Linger is how long a tunnel's bytes wait for others bound for the
	// same node, to share one bus message with them: 0 means
	// DefaultLinger, a negative one sends at once.
	Linger time.Duration
	Log    *slog.Logger
}

// DefaultLinger is Config.Linger's default. A millisecond is little
// against the tens of milliseconds a move takes to reach every client, and
// under load it gathers several frames into each bus message (see
// docs/performance.md).
const DefaultLinger = time.Millisecond

// NewName returns a fresh node name.
func NewName() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Node is one Harbor node of a cluster: an http.Handler in front of the
// node's own server that sends each request to the node running its table.
type Node struct {
	cfg      Config
	log      *slog.Logger
	listener *pipeListener // connections tunnelled here from other nodes
	inner    *http.Server  // serves them
	subs     []*nats.Subscription

	stop chan struct{} // closed when the node stops

	mu     sync.Mutex
	peers  map[string]*peer        // the links with other nodes, by name
	edges  map[string]*edgeTunnel  // tunnels from clients here, by id
	owners map[string]*ownerTunnel // tunnels into this node's server, by id
	closed bool
}

// New starts node cfg.Name: it answers other nodes' requests for the
// tables it runs. Run keeps its leases and takes over tables of dead nodes.
func New(cfg Config) (*Node, error) {
	if cfg.Name == "" || len(cfg.Name) > 255 || strings.ContainsAny(cfg.Name, ". *>") {
		return nil, fmt.Errorf("cluster: a node's name is 1 to 255 characters with no dot, space, * or >, not %q", cfg.Name)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "harbor"
	}
	if cfg.LeaseTTL == 0 {
		cfg.LeaseTTL = postgres.DefaultLeaseTTL
	}
	if cfg.Linger == 0 {
		cfg.Linger = DefaultLinger
	}
	n := &Node{cfg: cfg, log: cfg.Log, listener: newPipeListener(), stop: make(chan struct{}),
		peers: map[string]*peer{}, edges: map[string]*edgeTunnel{}, owners: map[string]*ownerTunnel{}}
	if n.log == nil {
		n.log = slog.New(slog.DiscardHandler)
	}
	n.inner = &http.Server{Handler: cfg.Handler, ReadHeaderTimeout: 10 * time.Second}
	go n.inner.Serve(n.listener)
	for subject, handle := range map[string]nats.MsgHandler{
		n.subject(cfg.Name, "http"): n.serveForwarded,
		n.subject(cfg.Name, "open"): n.openTunnel,
		n.subject(cfg.Name, "pong"): n.fromPong,
		n.linkSubject(cfg.Name):     n.fromLink,
	} {
		sub, err := cfg.NATS.Subscribe(subject, handle)
		if err != nil {
			n.Close()
			return nil, err
		}
		n.subs = append(n.subs, sub)
	}
	if err := cfg.NATS.Flush(); err != nil {
		n.Close()
		return nil, err
	}
	go n.watchLinks()
	return n, nil
}

// subject is the subject of a node's endpoint.
func (n *Node) subject(node, endpoint string) string {
	return n.cfg.Prefix + ".node." + node + "." + endpoint
}

// Run keeps this node's leases until ctx ends: it renews them, unloads the
// tables whose leases another node took (this node was paused or cut off
// too long), and takes over the playing tables nobody runs.
func (n *Node) Run(ctx context.Context) {
	tick := time.NewTicker(n.cfg.LeaseTTL / 3)
	defer tick.Stop()
	for {
		n.keepLeases(ctx)
		n.takeOver(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (n *Node) keepLeases(ctx context.Context) {
	lost, err := n.cfg.Store.Renew(ctx)
	if err != nil {
		n.log.Error("renew leases", "err", err)
		return
	}
	for _, id := range lost {
		n.log.Warn("lost the lease of a table; another node runs it now", "table", id)
		n.cfg.Tables.Unload(id, "the table moved to another server")
	}
}

// takeOver claims and resumes every playing table without a running lease.
func (n *Node) takeOver(ctx context.Context) {
	ids, err := n.cfg.Store.Orphans(ctx)
	if err != nil {
		n.log.Error("look for tables to take over", "err", err)
		return
	}
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		if _, err := n.claim(ctx, id); err != nil {
			n.log.Error("take over table", "table", id, "err", err)
		}
	}
}

// claim takes the lease of table id when nobody runs it and loads it here
// afresh (its computer players and turn timers start); it reports whether
// this node runs the table now.
func (n *Node) claim(ctx context.Context, id string) (bool, error) {
	if n.cfg.Store.Holds(id) {
		return true, nil
	}
	ok, err := n.cfg.Store.Claim(ctx, id)
	if err != nil || !ok {
		return false, err
	}
	// A runner left from an earlier lease holds a table that may have
	// moved on elsewhere since.
	n.cfg.Tables.Unload(id, "the table moved to another server")
	if _, err := n.cfg.Tables.Get(ctx, id); err != nil {
		n.cfg.Store.Release(ctx, id)
		return false, err
	}
	n.log.Info("running table", "table", id)
	return true, nil
}

// Close stops answering other nodes, ends the tunnels into this node and
// gives up every lease at once, so other nodes take the tables over without
// waiting for the leases to expire.
func (n *Node) Close() {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return
	}
	n.closed = true
	n.mu.Unlock()
	for _, s := range n.subs {
		s.Unsubscribe()
	}
	n.endTunnelsWhere(func(string) bool { return true })
	n.flushLinks() // the tunnels' ends reach the other nodes
	close(n.stop)
	n.inner.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if n.cfg.Store != nil {
		n.cfg.Store.ReleaseAll(ctx)
	}
}
