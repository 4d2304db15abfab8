package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"harbor/cluster"
	"harbor/postgres"
	"harbor/sqlite"
	"harbor/table"
)

// backendConfig says where tables are kept and, for several nodes, how
// the nodes meet.
type backendConfig struct {
	data     string // SQLite file, when store is empty
	store    string // postgres:// URL, or "" for SQLite
	nats     string // NATS URL: run as one node of a cluster
	node     string // this node's name ("" makes one)
	prefix   string // NATS subject prefix
	leaseTTL time.Duration
	// storeTimeout bounds every wait on PostgreSQL (postgres.Options.Timeout).
	storeTimeout time.Duration
	linger       time.Duration // how long tunnelled bytes wait to share a bus message
}

// backend is the store and, on a cluster, this node's membership.
type backend struct {
	store   table.Store
	pg      *postgres.Store
	nc      *nats.Conn
	name    string
	cfg     backendConfig
	cluster *cluster.Node
}

func (c backendConfig) describe() string {
	switch {
	case c.nats != "":
		return "postgres+nats"
	case c.store != "":
		return "postgres"
	}
	return c.data
}

func openBackend(ctx context.Context, c backendConfig) (*backend, error) {
	if c.store == "" {
		if c.nats != "" {
			return nil, errors.New("-nats needs -store postgres://…: the nodes of a cluster share PostgreSQL")
		}
		s, err := sqlite.Open(c.data)
		if err != nil {
			return nil, err
		}
		return &backend{store: s, cfg: c}, nil
	}
	if !strings.HasPrefix(c.store, "postgres://") && !strings.HasPrefix(c.store, "postgresql://") {
		return nil, fmt.Errorf("-store %q: want a postgres:// URL (or none, for SQLite)", c.store)
	}
	b := &backend{cfg: c}
	opts := postgres.Options{LeaseTTL: c.leaseTTL, Timeout: c.storeTimeout}
	if c.nats != "" {
		b.name = c.node
		if b.name == "" {
			b.name = cluster.NewName()
		}
		opts.Node = b.name
		nc, err := nats.Connect(c.nats, nats.Name("harbor "+b.name), nats.MaxReconnects(-1))
		if err != nil {
			return nil, fmt.Errorf("nats %s: %w", c.nats, err)
		}
		b.nc = nc
	}
	pg, err := postgres.Open(ctx, c.store, opts)
	if err != nil {
		b.close()
		return nil, err
	}
	b.store, b.pg = pg, pg
	return b, nil
}

// clustered reports whether this process is one node of several.
func (b *backend) clustered() bool { return b.nc != nil }

// join makes this node a member of the cluster in front of srv; the
// returned handler serves the node's clients.
func (b *backend) join(tables *table.Tables, srv http.Handler, log *slog.Logger) (http.Handler, error) {
	n, err := cluster.New(cluster.Config{Name: b.name, Store: b.pg, Tables: tables, Handler: srv, NATS: b.nc,
		Prefix: b.cfg.prefix, LeaseTTL: b.cfg.leaseTTL, Linger: b.cfg.linger, Log: log.With("node", b.name)})
	if err != nil {
		return nil, err
	}
	b.cluster = n
	return n, nil
}

// leave gives this node's tables up to the other nodes.
func (b *backend) leave() {
	if b.cluster != nil {
		b.cluster.Close()
	}
}

func (b *backend) close() {
	if b.store != nil {
		b.store.Close()
	}
	if b.nc != nil {
		b.nc.Close()
	}
}
