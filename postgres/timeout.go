package postgres

import (
	"context"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// DefaultTimeout is how long a store waits on PostgreSQL when Options
// leave it unset.
const DefaultTimeout = 10 * time.Second

// bound keeps a silent link to PostgreSQL (a partition, a host gone
// without a reset) from holding a statement, and the move waiting on it,
// until the kernel gives up on the connection many minutes later:
//
//   - connecting gives up after timeout;
//   - the server cancels a statement that runs longer than timeout
//     (statement_timeout, lock waits included) and ends a session left
//     idle inside a transaction for timeout
//     (idle_in_transaction_session_timeout), so a node cut off mid
//     transaction does not hold its locks, a lease's among them, past it;
//   - the connection fails when the server sends nothing for half as long
//     again while an answer is awaited (silentConn): the server's own
//     cancel, which says why, comes first when the link is alive.
//
// A statement_timeout or idle_in_transaction_session_timeout set in the
// DSN is kept. The schema migrations Open runs are not bounded (see Open).
func bound(cfg *pgconn.Config, timeout time.Duration) {
	if cfg.ConnectTimeout == 0 || cfg.ConnectTimeout > timeout {
		cfg.ConnectTimeout = timeout
	}
	ms := strconv.FormatInt(timeout.Milliseconds(), 10)
	for _, p := range []string{"statement_timeout", "idle_in_transaction_session_timeout"} {
		if _, set := cfg.RuntimeParams[p]; !set {
			cfg.RuntimeParams[p] = ms
		}
	}
	dial := cfg.DialFunc
	silence := timeout + timeout/2
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &silentConn{Conn: c, limit: silence}, nil
	}
}

// silentConn is a connection on which a read or a write that makes no
// progress for limit fails, as does the connection. pgx reads only while
// it awaits an answer, so an idle connection in the pool is not touched.
// The deadlines pgx sets itself (to cancel a statement when its context
// ends) are kept: the earlier of the two applies.
type silentConn struct {
	net.Conn
	limit time.Duration

	mu          sync.Mutex
	read, write time.Time // the deadlines set by pgx; zero for none
}

func earlier(set time.Time, limit time.Duration) time.Time {
	d := time.Now().Add(limit)
	if !set.IsZero() && set.Before(d) {
		return set
	}
	return d
}

func (c *silentConn) Read(b []byte) (int, error) {
	c.mu.Lock()
	c.Conn.SetReadDeadline(earlier(c.read, c.limit))
	c.mu.Unlock()
	return c.Conn.Read(b)
}

func (c *silentConn) Write(b []byte) (int, error) {
	c.mu.Lock()
	c.Conn.SetWriteDeadline(earlier(c.write, c.limit))
	c.mu.Unlock()
	return c.Conn.Write(b)
}

func (c *silentConn) SetDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read, c.write = t, t
	return c.Conn.SetDeadline(earlier(t, c.limit))
}

func (c *silentConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read = t
	return c.Conn.SetReadDeadline(earlier(t, c.limit))
}

func (c *silentConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.write = t
	return c.Conn.SetWriteDeadline(earlier(t, c.limit))
}
