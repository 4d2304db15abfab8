package cluster

import (
	"bytes"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// A WebSocket to a table another node runs is a byte tunnel between the
// client's connection here (the edge) and a connection into the owner's
// server, carried by the links between the two nodes (link.go): the open
// request goes to the owner by request/reply, then every byte either way
// travels as a record of the tunnel on the link.
const (
	tunnelHeader = "Harbor-Tunnel" // the tunnel's id, on the open request
	remoteHeader = "Harbor-Remote" // the client's address, on the open request
	// chunkSize bounds the data of one record; upBuffer is what the edge
	// reads from its client at once (moves are small).
	chunkSize = 16 << 10
	upBuffer  = 4 << 10
	// maxUnread bounds what the edge may send that the owner's server has
	// not read yet, and maxUnwritten what the owner may send that the
	// client has not taken yet; a tunnel that outruns either is ended.
	maxUnread    = 1 << 20
	maxUnwritten = 4 << 20
	// keepAlive is how often an edge pings each owner it has tunnels into;
	// ackTimeout is how long it waits for the answer. An owner that misses
	// it (dead, paused) loses those clients, who reconnect, and an owner
	// that hears nothing from an edge for idleLimit ends its tunnels.
	keepAlive  = time.Second
	ackTimeout = 2 * time.Second
	idleLimit  = 3 * keepAlive
)

// tunnel carries the WebSocket request r to node owner and relays bytes
// both ways until either side closes or the owner stops answering.
func (n *Node) tunnel(w http.ResponseWriter, r *http.Request, owner string) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		unavailable(w)
		return
	}
	e := &edgeTunnel{n: n, id: NewName() + NewName(), owner: owner, link: n.peer(owner),
		ready: make(chan struct{}), done: make(chan struct{}), kick: make(chan struct{}, 1)}
	// Known before the open request, so that no record of the answer is
	// missed; the writer waits until the client's connection is ours.
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		unavailable(w)
		return
	}
	n.edges[e.id] = e
	firstPing := e.link.pings
	n.mu.Unlock()
	go e.writeDown()
	var req bytes.Buffer
	r.Header.Set(forwardedHeader, n.cfg.Name)
	if err := r.Write(&req); err != nil {
		e.close()
		unavailable(w)
		return
	}
	open := nats.NewMsg(n.subject(owner, "open"))
	open.Header.Set(tunnelHeader, e.id)
	open.Header.Set(remoteHeader, r.RemoteAddr)
	open.Header.Set(fromHeader, n.cfg.Name)
	open.Header.Set(firstPingHeader, strconv.FormatUint(uint64(firstPing), 10))
	open.Data = req.Bytes()
	if _, err := n.cfg.NATS.RequestMsg(open, forwardTimeout); err != nil {
		e.close()
		n.log.Warn("open tunnel", "node", owner, "err", err)
		unavailable(w)
		return
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		e.close()
		return
	}
	if !e.attach(conn) {
		return
	}
	if k := brw.Reader.Buffered(); k > 0 {
		b, _ := brw.Reader.Peek(k)
		if !e.send(b) {
			return
		}
	}
	e.relayUp(conn)
}

// edgeTunnel is the client's side of a tunnel.
type edgeTunnel struct {
	n      *Node
	id     string
	owner  string
	link   *peer
	ready  chan struct{} // closed once conn is set
	done   chan struct{}
	kick   chan struct{} // wakes writeDown
	once   sync.Once
	openAt int64 // when the owner took the tunnel (UnixNano, under n.mu); 0 until then

	mu   sync.Mutex
	conn net.Conn
	out  []byte // down data not written yet
	eof  bool   // the owner closed: write out, then end
}

// attach gives the tunnel the client's connection; false when the tunnel
// ended meanwhile (the connection is closed then).
func (e *edgeTunnel) attach(conn net.Conn) bool {
	e.mu.Lock()
	select {
	case <-e.done:
		e.mu.Unlock()
		conn.Close()
		return false
	default:
	}
	e.conn = conn
	e.mu.Unlock()
	e.n.mu.Lock()
	e.openAt = time.Now().UnixNano()
	e.n.mu.Unlock()
	close(e.ready)
	return true
}

// send passes b up to the owner.
func (e *edgeTunnel) send(b []byte) bool {
	for len(b) > 0 {
		k := min(len(b), chunkSize)
		if err := e.link.add(recUp, e.id, b[:k]); err != nil {
			e.close()
			return false
		}
		b = b[k:]
	}
	return true
}

func (e *edgeTunnel) relayUp(conn net.Conn) {
	in := make([]byte, upBuffer)
	for {
		k, err := conn.Read(in)
		if k > 0 && !e.send(in[:k]) {
			return
		}
		if err != nil {
			e.close()
			return
		}
	}
}

// queue takes what the owner's server sent, for writeDown.
func (e *edgeTunnel) queue(b []byte) {
	e.mu.Lock()
	if len(e.out)+len(b) > maxUnwritten {
		e.mu.Unlock()
		e.n.log.Warn("a tunnelled client does not keep up; its connection ends", "owner", e.owner)
		e.close()
		return
	}
	e.out = append(e.out, b...)
	e.mu.Unlock()
	e.signal()
}

// finish ends the tunnel once what the owner sent is written.
func (e *edgeTunnel) finish() {
	e.mu.Lock()
	e.eof = true
	e.mu.Unlock()
	e.signal()
}

func (e *edgeTunnel) signal() {
	select {
	case e.kick <- struct{}{}:
	default:
	}
}

// writeDown writes what the owner sent to the client, everything waiting
// in one write.
func (e *edgeTunnel) writeDown() {
	select {
	case <-e.ready:
	case <-e.done:
		return
	}
	var buf []byte
	for {
		select {
		case <-e.kick:
		case <-e.done:
			return
		}
		e.mu.Lock()
		buf, e.out = e.out, buf[:0]
		eof, conn := e.eof, e.conn
		e.mu.Unlock()
		if len(buf) > 0 {
			if _, err := conn.Write(buf); err != nil {
				e.close()
				return
			}
		}
		if eof {
			e.close()
			return
		}
	}
}

func (e *edgeTunnel) close() {
	e.once.Do(func() {
		close(e.done)
		e.mu.Lock()
		if e.conn != nil {
			e.conn.Close()
		}
		e.mu.Unlock()
		e.n.mu.Lock()
		delete(e.n.edges, e.id)
		e.n.mu.Unlock()
		e.link.add(recUpEOF, e.id, nil)
	})
}

// ownerTunnel is the table owner's side of a tunnel: a connection this
// node's server serves, whose reads are what the edge sent and whose
// writes go down to the edge.
type ownerTunnel struct {
	n         *Node
	id        string
	edge      string
	firstPing uint32 // the edge's first ping that lists it
	link      *peer
	conn      *tunnelConn
	once      sync.Once
}

// openTunnel accepts a tunnel from another node: the request it carries
// goes to this node's server, then bytes flow both ways.
func (n *Node) openTunnel(m *nats.Msg) {
	go func() {
		id, edge := m.Header.Get(tunnelHeader), m.Header.Get(fromHeader)
		first, err := strconv.ParseUint(m.Header.Get(firstPingHeader), 10, 32)
		if len(id) != idSize || edge == "" || edge == n.cfg.Name || err != nil {
			return
		}
		p := n.peer(edge)
		p.heard.Store(time.Now().UnixNano())
		t := &ownerTunnel{n: n, id: id, edge: edge, firstPing: uint32(first), link: p}
		t.conn = newTunnelConn(t, addr(m.Header.Get(remoteHeader)))
		t.conn.deliver(m.Data)
		n.mu.Lock()
		if n.closed {
			n.mu.Unlock()
			return // no answer: the edge tells its client to try again
		}
		n.owners[id] = t
		n.mu.Unlock()
		n.listener.push(t.conn)
		m.Respond(nil)
	}()
}

// send passes what the server wrote to the connection down to the edge.
func (t *ownerTunnel) send(b []byte) error {
	for len(b) > 0 {
		k := min(len(b), chunkSize)
		if err := t.link.add(recDown, t.id, b[:k]); err != nil {
			return err
		}
		b = b[k:]
	}
	return nil
}

func (t *ownerTunnel) close() {
	t.once.Do(func() {
		t.conn.shut()
		t.n.mu.Lock()
		delete(t.n.owners, t.id)
		t.n.mu.Unlock()
		// After the write under way, if any: the edge passes on all the
		// server wrote before it ends.
		t.conn.wmu.Lock()
		t.link.add(recDownEOF, t.id, nil)
		t.conn.wmu.Unlock()
	})
}
