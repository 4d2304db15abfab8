package cluster

import (
	"encoding/binary"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
)

// The tunnels between two nodes share one link each way: what every
// tunnel from node A to node B carries (a client's bytes up to the owner,
// the owner's bytes down to the client) goes as records in messages on
// B's subject <prefix>.link.<B>, gathered so that the records waiting when
// a message is sent all go in it. Per frame this costs the bus a share of
// one message instead of a message of its own, and each node has one
// subscription for all its tunnels instead of one per tunnel.
//
// A message starts with its 4-byte number on its link, a kind (records or
// ping) and the sending node's name; NATS keeps one publisher's messages
// in order, and a node that sees a gap (a message
// dropped by the bus) ends every tunnel with that node rather than pass
// on a broken stream: their clients reconnect and get the state afresh.
//
// Liveness is per link too: every keepAlive, a node with tunnels into
// another node (it is their edge) sends it a ping on the link, after
// everything sent so far, listing those tunnels. The owner ends the
// tunnels from that edge the ping does not list (their end was lost) and
// answers with the listed ones it does not hold, which the edge ends. An
// edge that gets no answer within ackTimeout ends its tunnels to that
// owner (dead or frozen), and an owner that hears nothing from an edge for
// idleLimit ends the tunnels from it.
const (
	fromHeader = "Harbor-From" // the sending node, on open requests and ping answers
	seqSize    = 4             // a link message's number

	msgRecords byte = 'M' // a link message of records
	msgPing    byte = 'P' // a link message that asks for an answer
	// firstPingHeader, on an open request, numbers the edge's first ping
	// that lists the tunnel: an older ping, still on its way, does not
	// end it.
	firstPingHeader = "Harbor-First-Ping"

	recUp      byte = 'u' // a client's bytes, edge to owner
	recDown    byte = 'd' // the server's bytes, owner to edge
	recUpEOF   byte = 'U' // the client left
	recDownEOF byte = 'D' // the server closed the connection

	idSize   = 24 // a tunnel id: NewName() twice
	recHead  = 1 + idSize + 4
	maxBatch = 256 << 10 // bounds one message's records
	// maxQueued bounds what one link holds that the bus has not taken yet;
	// a tunnel that would go past it is ended.
	maxQueued = 16 << 20
)

var errLinkFull = errors.New("cluster: the link to the node is full")

func (n *Node) linkSubject(node string) string { return n.cfg.Prefix + ".link." + node }

// headSize is the size of a link message's head from node name.
func headSize(name string) int { return seqSize + 2 + len(name) }

// putHead writes a link message's head into the first headSize(from)
// bytes of m.
func putHead(m []byte, seq uint32, kind byte, from string) {
	binary.BigEndian.PutUint32(m, seq)
	m[seqSize], m[seqSize+1] = kind, byte(len(from))
	copy(m[seqSize+2:], from)
}

// parseHead splits a link message; ok is false when it is too short.
func parseHead(m []byte) (seq uint32, kind byte, from string, body []byte, ok bool) {
	if len(m) < seqSize+2 || len(m) < headSize("")+int(m[seqSize+1]) {
		return 0, 0, "", nil, false
	}
	k := int(m[seqSize+1])
	return binary.BigEndian.Uint32(m), m[seqSize], string(m[seqSize+2 : seqSize+2+k]), m[seqSize+2+k:], true
}

// appendRecord appends one record to a message being built.
func appendRecord(b []byte, kind byte, id string, data []byte) []byte {
	b = append(b, kind)
	b = append(b, id...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	return append(b, data...)
}

// nextRecord reads the record at the start of b; ok is false when b is
// too short for what it announces.
func nextRecord(b []byte) (kind byte, id string, data, rest []byte, ok bool) {
	if len(b) < recHead {
		return 0, "", nil, nil, false
	}
	k := int(binary.BigEndian.Uint32(b[1+idSize:]))
	if k > len(b)-recHead {
		return 0, "", nil, nil, false
	}
	return b[0], string(b[1 : 1+idSize]), b[recHead : recHead+k], b[recHead+k:], true
}

// peer is this node's link with one other node.
type peer struct {
	n    *Node
	name string
	head int // headSize of this node's name

	pub     sync.Mutex // held while taking a message and publishing it, so messages go in order
	failing bool       // the last publish failed (under pub)

	mu      sync.Mutex
	full    [][]byte // messages ready to go, oldest first (each starting with room for its head)
	cur     []byte   // the message being filled
	spare   []byte   // a sent message's buffer, for the next one
	queued  int      // bytes in full and cur
	pingDue bool
	seq     uint32 // the next message's number
	pings   uint32 // the next ping's number (under n.mu)
	armed   bool   // a send is due after linger

	want     uint32       // the next number expected from this node (the link handler's)
	heard    atomic.Int64 // when this node last sent anything (UnixNano)
	pingSent atomic.Int64 // when the last ping to it went out
	pongAt   atomic.Int64 // when its last answer came
}

// peer returns the link with node name, made on first use.
func (n *Node) peer(name string) *peer {
	n.mu.Lock()
	defer n.mu.Unlock()
	p := n.peers[name]
	if p == nil {
		p = &peer{n: n, name: name, head: headSize(n.cfg.Name)}
		p.cur = p.newMessage()
		p.heard.Store(time.Now().UnixNano())
		n.peers[name] = p
	}
	return p
}

// newMessage returns an empty link message, its head to be filled.
func (p *peer) newMessage() []byte { return make([]byte, p.head, 4096) }

// add queues a record for the node.
func (p *peer) add(kind byte, id string, data []byte) error {
	p.mu.Lock()
	if p.queued+recHead+len(data) > maxQueued {
		p.mu.Unlock()
		return errLinkFull
	}
	if len(p.cur) > p.head && len(p.cur)+recHead+len(data) > maxBatch {
		p.full = append(p.full, p.cur)
		p.cur = p.newMessage()
	}
	p.cur = appendRecord(p.cur, kind, id, data)
	p.queued += recHead + len(data)
	now := len(p.full) > 0 || p.n.cfg.Linger <= 0
	later := !now && !p.armed
	p.armed = p.armed || later
	p.mu.Unlock()
	switch {
	case now:
		p.send()
	case later:
		time.AfterFunc(p.n.cfg.Linger, p.afterLinger)
	}
	return nil
}

// afterLinger sends what gathered since the first record waiting.
func (p *peer) afterLinger() {
	p.mu.Lock()
	p.armed = false
	p.mu.Unlock()
	p.send()
}

// ping queues a ping after everything queued so far.
func (p *peer) ping() {
	p.mu.Lock()
	p.pingDue = true
	p.mu.Unlock()
	p.pingSent.Store(time.Now().UnixNano())
	p.send()
}

// send publishes what is queued on the caller's goroutine, unless another
// goroutine is publishing: that one takes what was queued meanwhile along
// with its own, which is how records gather into one message under load.
// Whoever publishes looks again after letting go, so nothing is left
// behind.
func (p *peer) send() {
	for p.pending() {
		if !p.pub.TryLock() {
			return
		}
		p.flushLocked()
		p.pub.Unlock()
	}
}

// pending reports whether anything waits to be published.
func (p *peer) pending() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.full) > 0 || len(p.cur) > p.head || p.pingDue
}

// flush publishes everything queued, waiting for a publisher under way.
func (p *peer) flush() {
	p.pub.Lock()
	p.flushLocked()
	p.pub.Unlock()
}

// flushLocked publishes everything queued, then a ping if one is due;
// the caller holds pub.
func (p *peer) flushLocked() {
	subject := p.n.linkSubject(p.name)
	for {
		p.mu.Lock()
		var m []byte
		switch {
		case len(p.full) > 0:
			m = p.full[0]
			p.full = p.full[1:]
		case len(p.cur) > p.head:
			m = p.cur
			p.cur, p.spare = p.spare, nil
			if p.cur == nil {
				p.cur = p.newMessage()
			}
		}
		seq := p.seq
		if m == nil {
			due := p.pingDue
			p.pingDue = false
			p.mu.Unlock()
			if due {
				p.sendPing(subject, seq)
			}
			return
		}
		p.seq++
		p.queued -= len(m) - p.head
		p.mu.Unlock()
		putHead(m, seq, msgRecords, p.n.cfg.Name)
		// A message lost here ends the link's tunnels at the other end
		// (its number goes missing); the fault is logged once, not for
		// every message while the bus is away.
		err := p.n.cfg.NATS.Publish(subject, m)
		switch {
		case err != nil && !p.failing:
			p.n.log.Warn("link to node: messages are lost", "node", p.name, "err", err)
		case err == nil && p.failing:
			p.n.log.Info("link to node works again", "node", p.name)
		}
		p.failing = err != nil
		// The bus copied the message: its buffer is the next one to fill,
		// unless it grew large.
		if cap(m) <= 64<<10 {
			p.mu.Lock()
			p.spare = m[:p.head]
			p.mu.Unlock()
		}
	}
}

// sendPing asks the node to answer, listing this node's tunnels into it
// (opening ones too); seq is the number of the next message, so the node can tell that
// none before the ping went missing.
func (p *peer) sendPing(subject string, seq uint32) {
	data := make([]byte, p.head, p.head+seqSize+idSize*8)
	putHead(data, seq, msgPing, p.n.cfg.Name)
	p.n.mu.Lock()
	data = binary.BigEndian.AppendUint32(data, p.pings)
	p.pings++
	for id, e := range p.n.edges {
		if e.owner == p.name {
			data = append(data, id...)
		}
	}
	p.n.mu.Unlock()
	if err := p.n.cfg.NATS.PublishRequest(subject, p.n.subject(p.n.cfg.Name, "pong"), data); err != nil {
		p.n.log.Warn("ping node", "node", p.name, "err", err)
	}
}

// fromLink takes a message of another node's link to this one.
func (n *Node) fromLink(m *nats.Msg) {
	seq, kind, from, body, ok := parseHead(m.Data)
	if !ok || from == "" || from == n.cfg.Name {
		return
	}
	p := n.peer(from)
	p.heard.Store(time.Now().UnixNano())
	lost := seq != p.want
	if lost {
		n.log.Warn("a message from a node was lost; its tunnels end", "node", from, "want", p.want, "got", seq)
		n.endTunnels(from)
	}
	if kind == msgPing {
		p.want = seq
		n.answerPing(from, body, m.Reply)
		return
	}
	p.want = seq + 1
	if lost {
		return // the records here may continue what was lost
	}
	for b := body; len(b) > 0; {
		kind, id, data, rest, ok := nextRecord(b)
		if !ok {
			n.log.Warn("a damaged message from a node; its tunnels end", "node", from)
			n.endTunnels(from)
			return
		}
		b = rest
		n.take(from, kind, id, data)
	}
}

// take passes one record on to its tunnel, if this node still has it.
func (n *Node) take(from string, kind byte, id string, data []byte) {
	n.mu.Lock()
	e, t := n.edges[id], n.owners[id]
	n.mu.Unlock()
	switch kind {
	case recDown:
		if e != nil && e.owner == from {
			e.queue(data)
		}
	case recDownEOF:
		if e != nil && e.owner == from {
			e.finish()
		}
	case recUp:
		if t != nil && t.edge == from && !t.conn.deliver(data) {
			t.close()
		}
	case recUpEOF:
		if t != nil && t.edge == from {
			t.close()
		}
	}
}

// answerPing ends the tunnels from node edge that its ping does not list
// (but would have) and answers with the listed ones this node does not
// hold.
func (n *Node) answerPing(edge string, body []byte, reply string) {
	if len(body) < seqSize {
		return
	}
	num := binary.BigEndian.Uint32(body)
	listed := map[string]bool{}
	for b := body[seqSize:]; len(b) >= idSize; b = b[idSize:] {
		listed[string(b[:idSize])] = true
	}
	var gone []*ownerTunnel
	n.mu.Lock()
	for id, t := range n.owners {
		if t.edge == edge && !listed[id] && int32(num-t.firstPing) >= 0 {
			gone = append(gone, t)
		}
	}
	var missing []byte
	for id := range listed {
		if t := n.owners[id]; t == nil || t.edge != edge {
			missing = append(missing, id...)
		}
	}
	n.mu.Unlock()
	for _, t := range gone {
		t.close()
	}
	if reply == "" {
		return
	}
	answer := &nats.Msg{Subject: reply, Header: nats.Header{fromHeader: {n.cfg.Name}}, Data: missing}
	n.cfg.NATS.PublishMsg(answer)
}

// fromPong takes an owner's answer to a ping: the tunnels it named are
// gone at its end. Only a tunnel the owner had taken before the ping went
// out counts: the open request of a newer one may still be on its way.
func (n *Node) fromPong(m *nats.Msg) {
	owner := m.Header.Get(fromHeader)
	if owner == "" {
		return
	}
	p := n.peer(owner)
	p.pongAt.Store(time.Now().UnixNano())
	pinged := p.pingSent.Load()
	var gone []*edgeTunnel
	n.mu.Lock()
	for b := m.Data; len(b) >= idSize; b = b[idSize:] {
		if e := n.edges[string(b[:idSize])]; e != nil && e.owner == owner && e.openAt != 0 && e.openAt < pinged {
			gone = append(gone, e)
		}
	}
	n.mu.Unlock()
	for _, e := range gone {
		e.close()
	}
}

// endTunnels ends every tunnel between this node and node other.
func (n *Node) endTunnels(other string) {
	n.endTunnelsWhere(func(node string) bool { return node == other })
}

// endTunnelsWhere ends every tunnel whose other node matches.
func (n *Node) endTunnelsWhere(match func(node string) bool) {
	var edges []*edgeTunnel
	var owners []*ownerTunnel
	n.mu.Lock()
	for _, e := range n.edges {
		if match(e.owner) {
			edges = append(edges, e)
		}
	}
	for _, t := range n.owners {
		if match(t.edge) {
			owners = append(owners, t)
		}
	}
	n.mu.Unlock()
	for _, e := range edges {
		e.close()
	}
	for _, t := range owners {
		t.close()
	}
}

// watchLinks keeps the links' liveness until the node stops: it pings
// every owner this node has tunnels into, ends the tunnels to an owner
// that stopped answering and the tunnels from an edge gone silent.
func (n *Node) watchLinks() {
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-n.stop:
			return
		case <-tick.C:
		}
		owners, edges := map[string]bool{}, map[string]bool{}
		n.mu.Lock()
		for _, e := range n.edges {
			if e.openAt != 0 {
				owners[e.owner] = true
			}
		}
		for _, t := range n.owners {
			edges[t.edge] = true
		}
		n.mu.Unlock()
		now := time.Now().UnixNano()
		for owner := range owners {
			p := n.peer(owner)
			sent := p.pingSent.Load()
			if sent > p.pongAt.Load() && now-sent > int64(ackTimeout) {
				n.log.Warn("a node stopped answering; its tunnels end", "node", owner)
				p.pongAt.Store(now) // the next ping starts afresh
				n.endTunnels(owner)
				continue
			}
			if sent <= p.pongAt.Load() {
				p.ping()
			}
		}
		for edge := range edges {
			if now-n.peer(edge).heard.Load() > int64(idleLimit) {
				n.log.Warn("a node went silent; the tunnels from it end", "node", edge)
				n.endTunnels(edge)
			}
		}
	}
}

// flushLinks sends what every link holds, for a node that is stopping.
func (n *Node) flushLinks() {
	n.mu.Lock()
	peers := make([]*peer, 0, len(n.peers))
	for _, p := range n.peers {
		peers = append(peers, p)
	}
	n.mu.Unlock()
	for _, p := range peers {
		p.flush()
	}
}
