// Package faultnet is a TCP proxy for tests that puts network faults
// between a Harbor node and the services it uses (PostgreSQL, NATS): a
// test listens on a Proxy, gives the node the proxy's address instead of
// the service's, and then cuts the link both ways or one way, slows it
// with latency and jitter, makes it lose a share of its packets, drops
// its connections, and heals it.
//
// A cut holds bytes rather than discarding them, as a real partition
// does: TCP retransmits until the path is back, so what was sent before or
// during a cut arrives after the heal, unless an end gave up on the
// connection first. While a direction is cut the proxy stops reading that
// side (beyond what it already read), so the sender's socket buffers fill
// and its writes block; while the way to the service is cut, new
// connections are accepted but not carried to the service until the heal,
// as a SYN that goes unanswered. Drop
// closes every connection at once, as a restarted service or a reset by a
// firewall does; later connections work.
//
// Between two TCP ends a lost packet is not a hole in the stream: the
// sender sends it again once its retransmission timer runs out (200 ms at
// least on Linux, doubling each time the copy is lost too), and the bytes
// behind it wait. Lose models that: each chunk of bytes is lost with the
// given probability, drawn from a generator with a fixed seed, and then
// arrives one timer later, or two, four... when its resends are lost too.
//
// We wrote this small proxy rather than embed Toxiproxy
// (github.com/Shopify/toxiproxy/v2): the faults our tests need are these
// few; the cut a partition makes holds bytes, where Toxiproxy's "timeout"
// toxic discards them (or closes the connection after its timeout), so a
// healed link there is a broken stream, not a late one; and a proxy of a
// few hundred lines with no new module is easier to read beside the tests
// than a server built around an HTTP control API.
package faultnet

import (
	"errors"
	"math/rand/v2"
	"net"
	"sync"
	"time"
)

// Proxy forwards every connection made to its address to a target
// address, with the faults currently set. Its methods are safe for
// concurrent use.
type Proxy struct {
	target string
	ln     net.Listener

	mu      sync.Mutex
	changed *sync.Cond // broadcast whenever a fault is set or healed
	up      bool       // client-to-target bytes are held
	down    bool       // target-to-client bytes are held
	latency time.Duration
	jitter  time.Duration
	loss    float64    // the share of chunks lost, each sent again later
	rng     *rand.Rand // draws the jitter and the losses
	lost    int        // chunks lost so far
	closed  bool
	conns   map[net.Conn]struct{}
	wg      sync.WaitGroup
}

// Listen starts a proxy to target on a free loopback port.
func Listen(target string) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &Proxy{target: target, ln: ln, conns: map[net.Conn]struct{}{}, rng: rand.New(rand.NewPCG(1, 2))}
	p.changed = sync.NewCond(&p.mu)
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// Addr is the proxy's address (host:port).
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Cut holds the bytes of both directions until Heal.
func (p *Proxy) Cut() { p.set(func() { p.up, p.down = true, true }) }

// CutUp holds only the bytes the clients send to the target: the clients
// still hear the target, which no longer hears them.
func (p *Proxy) CutUp() { p.set(func() { p.up = true }) }

// CutDown holds only the bytes the target sends to the clients.
func (p *Proxy) CutDown() { p.set(func() { p.down = true }) }

// Slow delays every chunk of bytes, each way, by latency plus a random
// part of jitter; bytes keep their order.
func (p *Proxy) Slow(latency, jitter time.Duration) {
	p.set(func() { p.latency, p.jitter = latency, jitter })
}

// Lose makes each chunk of bytes, each way, lost with probability share
// and sent again after retransmit, doubled for each resend lost as well;
// the bytes behind it wait, as on a TCP connection. The draws come from a
// generator seeded with seed, so a run loses the same chunks of the same
// sequence of chunks.
func (p *Proxy) Lose(share float64, seed uint64) {
	p.set(func() { p.loss, p.rng = share, rand.New(rand.NewPCG(seed, 2)) })
}

// retransmit is the first resend's wait: Linux's least retransmission
// timeout.
const retransmit = 200 * time.Millisecond

// Lost is how many chunks Lose has lost so far.
func (p *Proxy) Lost() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lost
}

// Heal ends every cut, delay and loss; held bytes go on their way.
func (p *Proxy) Heal() {
	p.set(func() { p.up, p.down, p.latency, p.jitter, p.loss = false, false, 0, 0, 0 })
}

// Drop closes every connection through the proxy now, both ends. The
// faults set stay set.
func (p *Proxy) Drop() {
	p.mu.Lock()
	for c := range p.conns {
		c.Close()
		delete(p.conns, c) // so that a held connection stops waiting
	}
	p.mu.Unlock()
	p.changed.Broadcast()
}

// Close stops the proxy and closes every connection through it.
func (p *Proxy) Close() error {
	err := p.ln.Close()
	p.set(func() { p.closed = true })
	p.Drop()
	p.wg.Wait()
	return err
}

func (p *Proxy) set(f func()) {
	p.mu.Lock()
	f()
	p.mu.Unlock()
	p.changed.Broadcast()
}

// track adds c to the open connections, or closes it when the proxy is
// closed.
func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.Close()
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

func (p *Proxy) untrack(c net.Conn) {
	c.Close()
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if !p.track(c) {
			return
		}
		p.wg.Add(1)
		go p.serve(c)
	}
}

// serve carries one client connection: it waits while the way to the
// target is cut (a connection attempt into a partition hangs), then dials
// the target.
func (p *Proxy) serve(client net.Conn) {
	defer p.wg.Done()
	defer p.untrack(client)
	if !p.wait(func() bool { return p.up }, client) {
		return
	}
	target, err := net.DialTimeout("tcp", p.target, 5*time.Second)
	if err != nil || !p.track(target) {
		return
	}
	defer p.untrack(target)
	done := make(chan struct{}, 2)
	go func() { p.pipe(client, target, func() bool { return p.up }); done <- struct{}{} }()
	go func() { p.pipe(target, client, func() bool { return p.down }); done <- struct{}{} }()
	<-done // one side ended: end both, as a proxy in the path would
	client.Close()
	target.Close()
	<-done
}

// wait blocks while held() is true and c is open; it reports whether the
// proxy still runs and c was not closed by Drop.
func (p *Proxy) wait(held func() bool, c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for held() && !p.closed {
		if _, open := p.conns[c]; !open {
			return false
		}
		p.changed.Wait()
	}
	_, open := p.conns[c]
	return !p.closed && open
}

// chunk is bytes read from one side, due at the other at a time.
type chunk struct {
	b   []byte
	due time.Time
}

// pipe copies src to dst: a reader takes chunks off src as they come and
// stamps each with its due time, a writer holds each until it is due and
// the direction is not cut. The queue between them is bounded, so a long
// cut stops the reader and the bytes wait in the sender's socket.
func (p *Proxy) pipe(src, dst net.Conn, held func() bool) {
	queue := make(chan chunk, 256)
	go func() {
		defer close(queue)
		var last time.Time
		for {
			buf := make([]byte, 32<<10)
			n, err := src.Read(buf)
			if n > 0 {
				due := time.Now().Add(p.delay())
				if due.Before(last) { // bytes keep their order
					due = last
				}
				last = due
				queue <- chunk{buf[:n], due}
			}
			if err != nil {
				return
			}
		}
	}()
	defer func() {
		src.Close() // the reader ends at its next read
		for range queue {
		}
	}()
	for c := range queue {
		if d := time.Until(c.due); d > 0 {
			time.Sleep(d)
		}
		if !p.wait(held, dst) {
			return
		}
		if _, err := dst.Write(c.b); err != nil {
			if !errors.Is(err, net.ErrClosed) {
				dst.Close()
			}
			return
		}
	}
}

func (p *Proxy) delay() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	d := p.latency
	if p.jitter > 0 {
		d += time.Duration(p.rng.Int64N(int64(p.jitter)))
	}
	for wait := retransmit; p.loss > 0 && p.rng.Float64() < p.loss; wait *= 2 {
		p.lost++
		d += wait
	}
	return d
}
