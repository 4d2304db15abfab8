package cluster

import (
	"bytes"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// A WebSocket to a table another node runs is a byte tunnel between the
// client's connection here (the edge) and a connection into the owner's
// server, over the subjects <prefix>.tun.<id>.up and .down of that one
// connection.
const (
	tunnelHeader = "Harbor-Tunnel" // the tunnel's id, on the open request
	remoteHeader = "Harbor-Remote" // the client's address, on the open request
	eofHeader    = "Harbor-EOF"    // on the last message either way
	chunkSize    = 32 << 10
	// keepAlive is how often the edge checks that the owner still answers
	// (an up message without data); ackTimeout is how long it waits. An
	// owner that misses them (dead, paused) loses the client, who
	// reconnects, and an owner that hears nothing from the edge for
	// idleLimit closes its side.
	keepAlive  = time.Second
	ackTimeout = 2 * time.Second
	idleLimit  = 3 * keepAlive
)

func (n *Node) tunnelSubject(id, dir string) string {
	return n.cfg.Prefix + ".tun." + id + "." + dir
}

// tunnel carries the WebSocket request r to node owner and relays bytes
// both ways until either side closes or the owner stops answering.
func (n *Node) tunnel(w http.ResponseWriter, r *http.Request, owner string) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		unavailable(w)
		return
	}
	id := NewName() + NewName()
	down, err := n.cfg.NATS.SubscribeSync(n.tunnelSubject(id, "down"))
	if err != nil {
		unavailable(w)
		return
	}
	var req bytes.Buffer
	r.Header.Set(forwardedHeader, n.cfg.Name)
	if err := r.Write(&req); err != nil {
		down.Unsubscribe()
		unavailable(w)
		return
	}
	open := nats.NewMsg(n.subject(owner, "open"))
	open.Header.Set(tunnelHeader, id)
	open.Header.Set(remoteHeader, r.RemoteAddr)
	open.Data = req.Bytes()
	if _, err := n.cfg.NATS.RequestMsg(open, forwardTimeout); err != nil {
		down.Unsubscribe()
		n.log.Warn("open tunnel", "node", owner, "err", err)
		unavailable(w)
		return
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		down.Unsubscribe()
		return
	}
	e := &edgeTunnel{n: n, up: n.tunnelSubject(id, "up"), conn: conn, down: down, done: make(chan struct{})}
	if k := brw.Reader.Buffered(); k > 0 {
		b, _ := brw.Reader.Peek(k)
		if !e.send(b) {
			return
		}
	}
	go e.relayDown()
	go e.keepAlive()
	e.relayUp()
}

// edgeTunnel is the client's side of a tunnel.
type edgeTunnel struct {
	n    *Node
	up   string
	conn net.Conn
	down *nats.Subscription
	once sync.Once
	done chan struct{}
}

// send passes b up and waits for the owner's acknowledgement.
func (e *edgeTunnel) send(b []byte) bool {
	if _, err := e.n.cfg.NATS.Request(e.up, b, ackTimeout); err != nil {
		e.close()
		return false
	}
	return true
}

func (e *edgeTunnel) relayUp() {
	buf := make([]byte, chunkSize)
	for {
		k, err := e.conn.Read(buf)
		if k > 0 && !e.send(buf[:k]) {
			return
		}
		if err != nil {
			e.close()
			return
		}
	}
}

func (e *edgeTunnel) relayDown() {
	for {
		m, err := e.down.NextMsg(time.Hour)
		if err == nats.ErrTimeout {
			continue
		}
		if err != nil || m.Header.Get(eofHeader) != "" {
			e.close()
			return
		}
		if _, err := e.conn.Write(m.Data); err != nil {
			e.close()
			return
		}
	}
}

func (e *edgeTunnel) keepAlive() {
	t := time.NewTicker(keepAlive)
	defer t.Stop()
	for {
		select {
		case <-e.done:
			return
		case <-t.C:
			if !e.send(nil) {
				return
			}
		}
	}
}

func (e *edgeTunnel) close() {
	e.once.Do(func() {
		close(e.done)
		e.conn.Close()
		e.down.Unsubscribe()
		eof := nats.NewMsg(e.up)
		eof.Header.Set(eofHeader, "1")
		e.n.cfg.NATS.PublishMsg(eof)
	})
}

// ownerTunnel is the table owner's side of a tunnel: one end of a pipe
// whose other end this node's server serves as a connection.
type ownerTunnel struct {
	n    *Node
	down string
	pipe net.Conn
	up   *nats.Subscription
	once sync.Once

	mu     sync.Mutex
	heard  time.Time // when the edge last sent something
	closed bool
}

// openTunnel accepts a tunnel from another node: the request it carries
// goes to this node's server, then bytes flow both ways.
func (n *Node) openTunnel(m *nats.Msg) {
	go func() {
		id := m.Header.Get(tunnelHeader)
		if id == "" {
			return
		}
		n.mu.Lock()
		closed := n.closed
		n.mu.Unlock()
		if closed {
			return // no answer: the edge tells its client to try again
		}
		server, client := net.Pipe()
		t := &ownerTunnel{n: n, down: n.tunnelSubject(id, "down"), pipe: client, heard: time.Now()}
		n.listener.push(&pipeConn{Conn: server, remote: addr(m.Header.Get(remoteHeader))})
		if _, err := client.Write(m.Data); err != nil {
			client.Close()
			return
		}
		up, err := n.cfg.NATS.Subscribe(n.tunnelSubject(id, "up"), t.fromEdge)
		if err != nil {
			client.Close()
			return
		}
		t.up = up
		n.mu.Lock()
		n.tunnels[t] = struct{}{}
		n.mu.Unlock()
		m.Respond(nil)
		go t.watch()
		t.relayDown()
	}()
}

// fromEdge writes what the client sent into the server's connection and
// acknowledges it.
func (t *ownerTunnel) fromEdge(m *nats.Msg) {
	if m.Header.Get(eofHeader) != "" {
		t.close()
		return
	}
	t.mu.Lock()
	t.heard = time.Now()
	t.mu.Unlock()
	if len(m.Data) > 0 {
		if _, err := t.pipe.Write(m.Data); err != nil {
			t.close()
			return
		}
	}
	m.Respond(nil)
}

// relayDown publishes what the server writes to the connection, then the
// end of it.
func (t *ownerTunnel) relayDown() {
	buf := make([]byte, chunkSize)
	for {
		k, err := t.pipe.Read(buf)
		if k > 0 {
			t.n.cfg.NATS.Publish(t.down, buf[:k])
		}
		if err != nil {
			t.close()
			return
		}
	}
}

// watch closes a tunnel whose edge went silent.
func (t *ownerTunnel) watch() {
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for range tick.C {
		t.mu.Lock()
		silent, closed := time.Since(t.heard) > idleLimit, t.closed
		t.mu.Unlock()
		if closed {
			return
		}
		if silent {
			t.close()
			return
		}
	}
}

func (t *ownerTunnel) close() {
	t.once.Do(func() {
		t.mu.Lock()
		t.closed = true
		t.mu.Unlock()
		t.pipe.Close()
		if t.up != nil {
			t.up.Unsubscribe()
		}
		eof := nats.NewMsg(t.down)
		eof.Header.Set(eofHeader, "1")
		t.n.cfg.NATS.PublishMsg(eof)
		t.n.mu.Lock()
		delete(t.n.tunnels, t)
		t.n.mu.Unlock()
	})
}
