package cluster

import (
	"net"
	"sync"
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

// pipeConn is a tunnelled connection; its remote address is the client's.
type pipeConn struct {
	net.Conn
	remote addr
}

func (c *pipeConn) RemoteAddr() net.Addr { return c.remote }

// addr is an address known only by its text.
type addr string

func (a addr) Network() string { return "tcp" }
func (a addr) String() string  { return string(a) }
