package cluster

import (
	"bytes"
	"encoding/binary"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
)

// A WebSocket to a table another node runs is a byte tunnel between the
// client's connection here (the edge) and a connection into the owner's
// server, over the subjects <prefix>.tun.<id>.up and .down of that one
// connection.
//
// Each data message starts with its 4-byte sequence number in its
// direction; NATS keeps the messages of one publisher in order, and a side
// that sees a gap (a message dropped by the bus) ends the tunnel rather
// than pass on a broken stream: the client reconnects and gets the table's
// state afresh. Data goes up without a reply; the edge's keep-alives are
// requests the owner answers, so an owner that died or froze is noticed
// within ackTimeout of the next one.
const (
	tunnelHeader = "Harbor-Tunnel" // the tunnel's id, on the open request
	remoteHeader = "Harbor-Remote" // the client's address, on the open request
	eofHeader    = "Harbor-EOF"    // on the last message either way
	seqSize      = 4
	// chunkSize bounds the data of one message; upBuffer is what the edge
	// reads from its client at once (moves are small).
	chunkSize = 16 << 10
	upBuffer  = 4 << 10
	// maxUnread bounds what the edge may send that the owner's server has
	// not read yet; a client that outruns it is cut off.
	maxUnread = 1 << 20
	// keepAlive is how often the edge checks that the owner still answers
	// (an up request without data); ackTimeout is how long it waits. An
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

// sequenced prefixes data with seq in buf (reused) and returns the message.
func sequenced(buf []byte, seq uint32, data []byte) []byte {
	buf = binary.BigEndian.AppendUint32(buf[:0], seq)
	return append(buf, data...)
}

// unsequence splits a data message; ok is false when its number is not
// want.
func unsequence(m []byte, want uint32) (data []byte, ok bool) {
	if len(m) < seqSize || binary.BigEndian.Uint32(m) != want {
		return nil, false
	}
	return m[seqSize:], true
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
	e := &edgeTunnel{n: n, up: n.tunnelSubject(id, "up"), ready: make(chan struct{}), done: make(chan struct{})}
	// Subscribed before the open request, so that no frame of the answer is
	// missed; the handler waits until the client's connection is ours.
	down, err := n.cfg.NATS.Subscribe(n.tunnelSubject(id, "down"), e.fromOwner)
	if err != nil {
		unavailable(w)
		return
	}
	e.down = down
	var req bytes.Buffer
	r.Header.Set(forwardedHeader, n.cfg.Name)
	if err := r.Write(&req); err != nil {
		e.abort()
		unavailable(w)
		return
	}
	open := nats.NewMsg(n.subject(owner, "open"))
	open.Header.Set(tunnelHeader, id)
	open.Header.Set(remoteHeader, r.RemoteAddr)
	open.Data = req.Bytes()
	if _, err := n.cfg.NATS.RequestMsg(open, forwardTimeout); err != nil {
		e.abort()
		n.log.Warn("open tunnel", "node", owner, "err", err)
		unavailable(w)
		return
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		e.abort()
		return
	}
	e.conn = conn
	close(e.ready)
	buf := make([]byte, seqSize+upBuffer)
	if k := brw.Reader.Buffered(); k > 0 {
		b, _ := brw.Reader.Peek(k)
		if !e.send(buf, b) {
			return
		}
	}
	go e.keepAlive()
	e.relayUp(buf)
}

// edgeTunnel is the client's side of a tunnel.
type edgeTunnel struct {
	n     *Node
	up    string
	conn  net.Conn
	down  *nats.Subscription
	ready chan struct{} // closed once conn is set
	once  sync.Once
	done  chan struct{}

	upSeq   uint32 // the next up message's number (relayUp's)
	downSeq uint32 // the next down message's number (fromOwner's)
	out     []byte // down data not written yet (fromOwner's)
}

// send passes b up as the next data message, in buf.
func (e *edgeTunnel) send(buf, b []byte) bool {
	for len(b) > 0 {
		k := min(len(b), chunkSize)
		if err := e.n.cfg.NATS.Publish(e.up, sequenced(buf, e.upSeq, b[:k])); err != nil {
			e.close()
			return false
		}
		e.upSeq++
		b = b[k:]
	}
	return true
}

func (e *edgeTunnel) relayUp(buf []byte) {
	in := make([]byte, upBuffer)
	for {
		k, err := e.conn.Read(in)
		if k > 0 && !e.send(buf, in[:k]) {
			return
		}
		if err != nil {
			e.close()
			return
		}
	}
}

// fromOwner writes what the owner's server sent to the client, gathering
// the messages that are already waiting into one write.
func (e *edgeTunnel) fromOwner(m *nats.Msg) {
	select {
	case <-e.ready:
	case <-e.done:
		return
	}
	if m.Header.Get(eofHeader) != "" {
		if len(e.out) > 0 {
			e.conn.Write(e.out)
		}
		e.close()
		return
	}
	data, ok := unsequence(m.Data, e.downSeq)
	if !ok {
		e.n.log.Warn("tunnel lost a message from the owner", "subject", m.Subject)
		e.close()
		return
	}
	e.downSeq++
	e.out = append(e.out, data...)
	// The bus counts the message being handled as pending until the
	// handler returns: more than one means another one is waiting.
	if waiting, _, _ := e.down.Pending(); waiting > 1 && len(e.out) < chunkSize {
		return
	}
	_, err := e.conn.Write(e.out)
	e.out = e.out[:0]
	if err != nil {
		e.close()
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
			if _, err := e.n.cfg.NATS.Request(e.up, nil, ackTimeout); err != nil {
				e.close()
				return
			}
		}
	}
}

// abort ends a tunnel that never got the client's connection.
func (e *edgeTunnel) abort() {
	e.once.Do(func() {
		close(e.done)
		e.down.Unsubscribe()
	})
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

// ownerTunnel is the table owner's side of a tunnel: a connection this
// node's server serves, whose reads are what the edge sent and whose
// writes go down to the edge.
type ownerTunnel struct {
	n     *Node
	down  string
	conn  *tunnelConn
	up    *nats.Subscription
	once  sync.Once
	heard atomic.Int64 // when the edge last sent something (UnixNano)

	upSeq   uint32 // the next up message's number (fromEdge's)
	downSeq uint32 // the next down message's number (under conn.wmu)
	buf     []byte // the down message being sent (under conn.wmu)
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
		t := &ownerTunnel{n: n, down: n.tunnelSubject(id, "down")}
		t.conn = newTunnelConn(t, addr(m.Header.Get(remoteHeader)))
		t.conn.deliver(m.Data)
		t.heard.Store(time.Now().UnixNano())
		up, err := n.cfg.NATS.Subscribe(n.tunnelSubject(id, "up"), t.fromEdge)
		if err != nil {
			return
		}
		t.up = up
		n.mu.Lock()
		n.tunnels[t] = struct{}{}
		n.mu.Unlock()
		n.listener.push(t.conn)
		m.Respond(nil)
		t.watch()
	}()
}

// fromEdge passes what the client sent to the server's connection, and
// answers the edge's keep-alives.
func (t *ownerTunnel) fromEdge(m *nats.Msg) {
	t.heard.Store(time.Now().UnixNano())
	switch {
	case m.Header.Get(eofHeader) != "":
		t.close()
	case len(m.Data) == 0 && m.Reply != "":
		m.Respond(nil)
	default:
		data, ok := unsequence(m.Data, t.upSeq)
		if !ok {
			t.n.log.Warn("tunnel lost a message from the edge", "subject", m.Subject)
			t.close()
			return
		}
		t.upSeq++
		if !t.conn.deliver(data) {
			t.close()
		}
	}
}

// send publishes what the server wrote to the connection.
func (t *ownerTunnel) send(b []byte) error {
	for len(b) > 0 {
		k := min(len(b), chunkSize)
		t.buf = sequenced(t.buf, t.downSeq, b[:k])
		if err := t.n.cfg.NATS.Publish(t.down, t.buf); err != nil {
			return err
		}
		t.downSeq++
		b = b[k:]
	}
	return nil
}

// watch closes a tunnel whose edge went silent.
func (t *ownerTunnel) watch() {
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-t.conn.closed:
			return
		case <-tick.C:
			if time.Since(time.Unix(0, t.heard.Load())) > idleLimit {
				t.close()
				return
			}
		}
	}
}

func (t *ownerTunnel) close() {
	t.once.Do(func() {
		t.conn.shut()
		if t.up != nil {
			t.up.Unsubscribe()
		}
		// After the write under way, if any: the edge passes on all the
		// server wrote before it ends.
		t.conn.wmu.Lock()
		eof := nats.NewMsg(t.down)
		eof.Header.Set(eofHeader, "1")
		t.n.cfg.NATS.PublishMsg(eof)
		t.conn.wmu.Unlock()
		t.n.mu.Lock()
		delete(t.n.tunnels, t)
		t.n.mu.Unlock()
	})
}
