package cluster

import (
	"io"
	"net"
	"os"
	"sync"
	"time"
)

// pipeListener hands this node's server the connections tunnelled in from
// other nodes.
type pipeListener struct {
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *pipeListener) push(c net.Conn) {
	select {
	case l.conns <- c:
	case <-l.done:
		c.Close()
	}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return addr("tunnel") }

// tunnelConn is the owner's end of a tunnel as the server sees it: reads
// return what the edge sent (deliver), buffered so that the bus never
// waits for the server; writes go straight to the bus, on the writer's
// own goroutine. It keeps read deadlines (the HTTP server uses them);
// write deadlines are accepted and ignored, since a write never waits for
// the edge.
type tunnelConn struct {
	t      *ownerTunnel
	remote addr
	wmu    sync.Mutex // serializes writes

	mu       sync.Mutex
	in       []byte // delivered, not read yet
	wake     chan struct{}
	deadline time.Time
	closed   chan struct{}
	isClosed bool
}

func newTunnelConn(t *ownerTunnel, remote addr) *tunnelConn {
	return &tunnelConn{t: t, remote: remote, wake: make(chan struct{}, 1), closed: make(chan struct{})}
}

func (c *tunnelConn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// deliver queues b for the server to read; false when the connection is
// closed or the server has left too much unread.
func (c *tunnelConn) deliver(b []byte) bool {
	c.mu.Lock()
	if c.isClosed || len(c.in)+len(b) > maxUnread {
		c.mu.Unlock()
		return false
	}
	c.in = append(c.in, b...)
	c.mu.Unlock()
	c.signal()
	return true
}

func (c *tunnelConn) Read(b []byte) (int, error) {
	for {
		c.mu.Lock()
		if len(c.in) > 0 {
			k := copy(b, c.in)
			c.in = c.in[:copy(c.in, c.in[k:])]
			c.mu.Unlock()
			return k, nil
		}
		if c.isClosed {
			c.mu.Unlock()
			return 0, io.EOF
		}
		deadline := c.deadline
		c.mu.Unlock()
		if deadline.IsZero() {
			select {
			case <-c.wake:
			case <-c.closed:
			}
			continue
		}
		wait := time.Until(deadline)
		if wait <= 0 {
			return 0, os.ErrDeadlineExceeded
		}
		timer := time.NewTimer(wait)
		select {
		case <-c.wake:
		case <-c.closed:
		case <-timer.C:
		}
		timer.Stop()
	}
}

func (c *tunnelConn) Write(b []byte) (int, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	select {
	case <-c.closed:
		return 0, net.ErrClosed
	default:
	}
	if err := c.t.send(b); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Close ends the connection, and with it the tunnel.
func (c *tunnelConn) Close() error {
	c.t.close()
	return nil
}

// shut ends the connection: reads return what was delivered, then EOF.
func (c *tunnelConn) shut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.isClosed {
		c.isClosed = true
		close(c.closed)
	}
}

func (c *tunnelConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	c.deadline = t
	c.mu.Unlock()
	c.signal()
	return nil
}

func (c *tunnelConn) SetDeadline(t time.Time) error    { return c.SetReadDeadline(t) }
func (c *tunnelConn) SetWriteDeadline(time.Time) error { return nil }
func (c *tunnelConn) LocalAddr() net.Addr              { return addr("tunnel") }
func (c *tunnelConn) RemoteAddr() net.Addr             { return c.remote }

// addr is an address known only by its text.
type addr string

func (a addr) Network() string { return "tcp" }
func (a addr) String() string  { return string(a) }
