package main

import (
	"bufio"
	"bytes"
	"container/heap"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	neturl "net/url"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The load tool's clients are event loops, the way wrk's are: each loop is
// one thread that waits on epoll for all of its connections at once, reads
// only those that have data and speaks WebSocket itself. A goroutine per
// client costs two reads per message (the second finds nothing and parks
// it) and a wake-up of its own; the clients share the machine's two cores
// with the server they measure, so they should take as little of them as
// they can. What they measure is unchanged: real TCP connections carrying
// real WebSocket frames, timed from a move's write to the read of the last
// of its table's updates.

// wsConn is one WebSocket connection of an event loop.
type wsConn struct {
	fd     int
	t      *loadTable // nil for an idle connection
	rng    *mrand.Rand
	in     []byte // the start of a frame still arriving
	out    []byte // frame bytes the socket did not take at once
	move   []byte // a move waiting for its person's think time
	moveV  int
	due    time.Time
	hi     int // index in the loop's timer heap; -1 when not waiting
	closed bool
	outOn  bool  // epoll also watches c for room to write
	chain  chain // the state patches follow on from (patches.go)
}

// dialWS opens a WebSocket to /ws?query on the server at base as the
// person with token and returns its socket, non-blocking, with the bytes
// the server sent after the handshake.
func (r *runner) dialWS(base, token, query string) (fd int, rest []byte, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	u, err := neturl.Parse(base)
	if err != nil {
		return -1, nil, err
	}
	conn, err := r.dial(ctx, "tcp", u.Host)
	if err != nil {
		return -1, nil, err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	var k [16]byte
	rand.Read(k[:])
	key := base64.StdEncoding.EncodeToString(k[:])
	fmt.Fprintf(conn, "GET /ws?%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nCookie: harbor_player=%s\r\n\r\n", query, u.Host, key, token)
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return -1, nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		return -1, nil, fmt.Errorf("websocket %s: %s %s", query, resp.Status, body)
	}
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	if resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		return -1, nil, fmt.Errorf("websocket %s: wrong Sec-WebSocket-Accept", query)
	}
	rest, _ = br.Peek(br.Buffered())
	rest = append([]byte(nil), rest...)
	if fd, err = detachFD(conn); err != nil {
		return -1, nil, err
	}
	return fd, rest, nil
}

// detachFD returns a non-blocking copy of conn's socket for an event loop;
// conn itself may then be closed.
func detachFD(conn net.Conn) (int, error) {
	raw, err := conn.(*net.TCPConn).SyscallConn()
	if err != nil {
		return -1, err
	}
	fd := -1
	if cerr := raw.Control(func(s uintptr) { fd, err = syscall.Dup(int(s)) }); cerr != nil {
		return -1, cerr
	}
	if err != nil {
		return -1, err
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return -1, err
	}
	return fd, nil
}

// loops is the set of event loops of a run.
type loops struct {
	r    *runner
	all  []*loop
	quit atomic.Bool
	wg   sync.WaitGroup
}

// loop is one event loop: one thread, one epoll instance.
type loop struct {
	ls     *loops
	ep     int
	conns  map[int]*wsConn
	timers timerHeap
	buf    []byte
	legal  []json.RawMessage
	frame  []byte
	state  []byte // a state a patch made, as a state frame
}

func newLoops(r *runner, n int) (*loops, error) {
	ls := &loops{r: r}
	for range max(n, 1) {
		ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
		if err != nil {
			ls.close()
			return nil, err
		}
		ls.all = append(ls.all, &loop{ls: ls, ep: ep, conns: make(map[int]*wsConn), buf: make([]byte, 64<<10)})
	}
	return ls, nil
}

// connect opens the connections of every table's people, a table's all on
// one loop (so a table's clocks are only ever touched by one thread).
func (ls *loops) connect() error {
	r := ls.r
	type client struct{ table, person int }
	var clients []client
	for i, t := range r.tables {
		for j := range t.people {
			clients = append(clients, client{i, j})
		}
	}
	conns := make([]*wsConn, len(clients))
	err := parallel(len(clients), 32, func(i int) error {
		c := clients[i]
		t := r.tables[c.table]
		// On several nodes, a table's people connect to different nodes.
		fd, rest, err := r.dialWS(r.node(c.table+c.person), t.people[c.person], "table="+t.id+r.patchQuery())
		if err != nil {
			return err
		}
		// What came with the handshake is parsed when the loop starts.
		conns[i] = &wsConn{fd: fd, t: t, in: rest, hi: -1, rng: mrand.New(mrand.NewPCG(uint64(i), 7))}
		return nil
	})
	for i, c := range conns {
		if c == nil {
			continue
		}
		if err == nil {
			err = ls.all[clients[i].table%len(ls.all)].add(c)
		} else {
			syscall.Close(c.fd)
		}
	}
	return err
}

// openIdle opens n connections that then only sit there: each table's
// people connect again, several tabs each, to their finished or stopped
// tables. Nothing reads them; the little the server sends them waits in
// their socket buffers.
func (r *runner) openIdle(n int) (fds []int, err error) {
	fds = make([]int, n)
	for i := range fds {
		fds[i] = -1
	}
	err = parallel(n, 32, func(i int) error {
		t := r.tables[i%len(r.tables)]
		fd, _, err := r.dialWS(r.node(i), t.people[(i/len(r.tables))%len(t.people)], "table="+t.id+r.patchQuery())
		if err != nil {
			return err
		}
		fds[i] = fd
		return nil
	})
	kept := fds[:0]
	for _, fd := range fds {
		if fd >= 0 {
			kept = append(kept, fd)
		}
	}
	return kept, err
}

func closeIdle(fds []int) {
	for _, fd := range fds {
		syscall.Close(fd)
	}
}

// watch registers c with the loop's epoll (op EPOLL_CTL_ADD or _MOD) for
// reads and, with out, for room to write.
func (l *loop) watch(c *wsConn, op int, out bool) error {
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP, Fd: int32(c.fd)}
	if out {
		ev.Events |= syscall.EPOLLOUT
	}
	return syscall.EpollCtl(l.ep, op, c.fd, &ev)
}

func (l *loop) add(c *wsConn) error {
	if err := l.watch(c, syscall.EPOLL_CTL_ADD, false); err != nil {
		syscall.Close(c.fd)
		return err
	}
	l.conns[c.fd] = c
	return nil
}

// start runs every loop on its own thread.
func (ls *loops) start() {
	for _, l := range ls.all {
		ls.wg.Add(1)
		go func() {
			defer ls.wg.Done()
			runtime.LockOSThread()
			l.run()
		}()
	}
}

// stop ends the loops and closes their connections.
func (ls *loops) stop() {
	ls.quit.Store(true)
	ls.wg.Wait()
	ls.close()
}

func (ls *loops) close() {
	for _, l := range ls.all {
		for _, c := range l.conns {
			l.closeConn(c, true)
		}
		syscall.Close(l.ep)
	}
	ls.all = nil
}

func (l *loop) run() {
	now := time.Now()
	for _, c := range l.conns {
		if len(c.in) > 0 {
			in := c.in
			c.in = nil
			l.received(c, in, now)
		}
	}
	events := make([]syscall.EpollEvent, 512)
	handle := func(c *wsConn, ev syscall.EpollEvent, now time.Time) {
		if ev.Events&syscall.EPOLLOUT != 0 {
			l.flush(c)
		}
		if ev.Events&(syscall.EPOLLIN|syscall.EPOLLRDHUP|syscall.EPOLLHUP|syscall.EPOLLERR) != 0 {
			l.read(c, now)
		}
	}
	for !l.ls.quit.Load() {
		if !eachReady(l.ep, events, l.timeout(), l.conns, handle) {
			return
		}
		l.fire(time.Now())
	}
}

// eachReady waits on epoll instance ep for at most timeout ms and calls f
// for each connection of conns that has an event; it returns false when
// epoll fails.
func eachReady[C any](ep int, events []syscall.EpollEvent, timeout int, conns map[int]C, f func(c C, ev syscall.EpollEvent, now time.Time)) bool {
	n, err := syscall.EpollWait(ep, events, timeout)
	if err != nil && !errors.Is(err, syscall.EINTR) {
		return false
	}
	now := time.Now()
	for _, ev := range events[:max(n, 0)] {
		if c, ok := conns[int(ev.Fd)]; ok {
			f(c, ev, now)
		}
	}
	return true
}

// timeout is how long epoll may wait: until the next think time ends, and
// never so long that the loop misses the end of the run by much.
func (l *loop) timeout() int {
	if len(l.timers) == 0 {
		return waitUntil(time.Time{})
	}
	return waitUntil(l.timers[0].due)
}

// waitUntil is the milliseconds epoll may wait for the next move due at
// due (none when zero): 20 at the most, so that a loop sees the end of
// its run soon after it comes.
func waitUntil(due time.Time) int {
	const most = 20 // ms
	if due.IsZero() {
		return most
	}
	d := time.Until(due)
	if d <= 0 {
		return 0
	}
	return min(most, int((d+time.Millisecond-1)/time.Millisecond))
}

func (l *loop) read(c *wsConn, now time.Time) {
	for !c.closed {
		n, err := syscall.Read(c.fd, l.buf)
		if n > 0 {
			l.received(c, l.buf[:n], now)
		}
		switch {
		case err == syscall.EAGAIN:
			return
		case err == syscall.EINTR:
			continue
		case err != nil || n == 0:
			l.closeConn(c, false)
			return
		case n < len(l.buf):
			return // level-triggered: epoll says when there is more
		}
	}
}

// received takes data read from c: every whole frame in it is handled, and
// the start of a frame is kept for the next read.
func (l *loop) received(c *wsConn, data []byte, now time.Time) {
	if len(c.in) > 0 {
		c.in = append(c.in, data...)
		data = c.in
	}
	off := 0
	for !c.closed {
		h, size, ok := frameHeader(data[off:])
		if !ok || len(data)-off < h+size {
			break
		}
		b0, b1, payload := data[off], data[off+1], data[off+h:off+h+size]
		off += h + size
		switch op := b0 & 0x0f; {
		case b0&0x80 == 0 || b1&0x80 != 0:
			// The server sends every message as one unmasked frame.
			l.closeConn(c, false)
			return
		case op == 0x1:
			l.message(c, payload, now)
		case op == 0x8:
			l.closeConn(c, false)
			return
		case op == 0x9:
			l.send(c, 0xA, payload)
		}
	}
	rest := data[off:]
	if len(rest) == 0 {
		c.in = c.in[:0]
		return
	}
	if len(c.in) > 0 {
		c.in = c.in[:copy(c.in, rest)]
	} else {
		c.in = append(c.in[:0], rest...)
	}
}

// frameHeader reads the length of a frame's header and payload.
func frameHeader(b []byte) (header, size int, ok bool) {
	if len(b) < 2 {
		return 0, 0, false
	}
	switch n := int(b[1] & 0x7f); n {
	case 126:
		if len(b) < 4 {
			return 0, 0, false
		}
		return 4, int(binary.BigEndian.Uint16(b[2:])), true
	case 127:
		if len(b) < 10 {
			return 0, 0, false
		}
		return 10, int(binary.BigEndian.Uint64(b[2:]) & (1<<40 - 1)), true
	default:
		return 2, n, true
	}
}

// message handles one text message: it times the move it follows and,
// when the state offers this person moves, picks one.
func (l *loop) message(c *wsConn, msg []byte, now time.Time) {
	r := l.ls.r
	t := c.t
	if t == nil {
		return
	}
	if bytes.HasPrefix(msg, patchFrame) {
		frame, ask := c.chain.apply(msg, l.state)
		if ask {
			r.gaps.Add(1)
			l.send(c, 0x1, askState)
		}
		if frame == nil {
			return
		}
		l.state, msg = frame, frame
	} else if c.chain.keep(msg) {
		r.errs.Add(1) // a state that is not a JSON object
		return
	}
	v, isState, isError := frameVersion(msg)
	if isError {
		r.errs.Add(1)
		return
	}
	if !isState {
		return
	}
	if int64(v) > t.acked.Load() {
		t.acked.Store(int64(v)) // only this table's loop touches it
	}
	t.mu.Lock()
	if p := &t.sent[(v+7)%8]; v > 0 && p.v == v-1 {
		p.got++
		if p.got == len(t.people) {
			t.lat = append(t.lat, now.Sub(p.at))
			r.moves.Add(1)
		}
	}
	t.mu.Unlock()
	move, ok := pickMove(msg, c.rng, &l.legal)
	if !ok {
		if over(msg) {
			t.over.Store(true)
		}
		return
	}
	if r.stop.Load() {
		return
	}
	c.move, c.moveV = append(c.move[:0], move...), v
	if r.cfg.Think <= 0 {
		l.sendMove(c)
		return
	}
	think := r.cfg.Think
	if v == 0 {
		// A table's first move waits a random part of the think time, so
		// that tables that all began at once do not move in step for the
		// rest of the run, a burst of every table each think time.
		think = time.Duration(c.rng.Int64N(int64(think)))
	}
	c.due = now.Add(think)
	if c.hi >= 0 {
		heap.Fix(&l.timers, c.hi)
	} else {
		heap.Push(&l.timers, c)
	}
}

// fire sends the moves whose think time has passed.
func (l *loop) fire(now time.Time) {
	for len(l.timers) > 0 && !l.timers[0].due.After(now) {
		c := heap.Pop(&l.timers).(*wsConn)
		if !c.closed && !l.ls.r.stop.Load() {
			l.sendMove(c)
		}
	}
}

func (l *loop) sendMove(c *wsConn) {
	p := append(l.frame[:0], `{"t":"move","v":`...)
	p = strconv.AppendInt(p, int64(c.moveV), 10)
	p = append(p, `,"d":`...)
	p = append(p, c.move...)
	p = append(p, '}')
	l.frame = p
	t := c.t
	t.mu.Lock()
	t.sent[c.moveV%8] = pending{v: c.moveV, at: time.Now()}
	t.mu.Unlock()
	l.send(c, 0x1, p)
}

// send writes one masked frame (a client's frames are masked).
func (l *loop) send(c *wsConn, op byte, payload []byte) {
	if c.closed {
		return
	}
	var hdr [14]byte
	hdr[0] = 0x80 | op
	h := 2
	switch n := len(payload); {
	case n < 126:
		hdr[1] = 0x80 | byte(n)
	case n < 1<<16:
		hdr[1] = 0x80 | 126
		binary.BigEndian.PutUint16(hdr[2:], uint16(n))
		h = 4
	default:
		hdr[1] = 0x80 | 127
		binary.BigEndian.PutUint64(hdr[2:], uint64(n))
		h = 10
	}
	mask := c.rng.Uint32()
	binary.LittleEndian.PutUint32(hdr[h:], mask)
	var m [4]byte
	copy(m[:], hdr[h:h+4])
	h += 4
	start := len(c.out)
	c.out = append(c.out, hdr[:h]...)
	c.out = append(c.out, payload...)
	for i, b := range c.out[start+h:] {
		c.out[start+h+i] = b ^ m[i&3]
	}
	if start == 0 {
		l.flush(c)
	}
}

// flush writes what c has to send; what the socket does not take waits for
// EPOLLOUT.
func (l *loop) flush(c *wsConn) {
	for len(c.out) > 0 && !c.closed {
		n, err := syscall.Write(c.fd, c.out)
		if n > 0 {
			c.out = c.out[:copy(c.out, c.out[n:])]
		}
		switch {
		case err == syscall.EINTR:
		case err == syscall.EAGAIN:
			l.watchOut(c, true)
			return
		case err != nil:
			l.closeConn(c, false)
			return
		}
	}
	l.watchOut(c, false)
}

// watchOut turns the watch for room to write on or off, with a system
// call only when it changes: most writes go out whole.
func (l *loop) watchOut(c *wsConn, on bool) {
	if !c.closed && c.outOn != on {
		c.outOn = on
		l.watch(c, syscall.EPOLL_CTL_MOD, on)
	}
}

// closeConn closes c, with a close frame first when it is the tool that
// ends the connection.
func (l *loop) closeConn(c *wsConn, polite bool) {
	if c.closed {
		return
	}
	if polite {
		l.send(c, 0x8, []byte{0x03, 0xe8}) // 1000, normal closure
		if c.closed {
			return // the write failed and closed it
		}
	}
	c.closed = true
	if c.hi >= 0 {
		heap.Remove(&l.timers, c.hi)
	}
	syscall.EpollCtl(l.ep, syscall.EPOLL_CTL_DEL, c.fd, nil)
	syscall.Close(c.fd)
	delete(l.conns, c.fd)
}

// timerHeap orders connections by the end of their think time.
type timerHeap []*wsConn

func (h timerHeap) Len() int           { return len(h) }
func (h timerHeap) Less(i, j int) bool { return h[i].due.Before(h[j].due) }
func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].hi, h[j].hi = i, j
}
func (h *timerHeap) Push(x any) {
	c := x.(*wsConn)
	c.hi = len(*h)
	*h = append(*h, c)
}
func (h *timerHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	old[len(old)-1] = nil
	c.hi = -1
	*h = old[:len(old)-1]
	return c
}
