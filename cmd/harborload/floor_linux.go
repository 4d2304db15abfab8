package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The floor: what the same load costs with no game, no store and no
// WebSocket. A relay server in a child process (Go's net package, a
// goroutine a connection, as Harbor's) reads each move and writes one frame
// to every connection of its table, of the sizes Pile's frames have; the
// clients are event loops as harborload's are. Nothing else happens, so the
// moves a second it reaches on this machine bound what any server can
// reach under this load here, and the CPU a move it reports is the kernel's
// loopback TCP plus the least a Go server and the load tool must do.

// Sizes of the floor's messages, in bytes, as Pile's are on the wire: a
// move from a client, and the update each seat gets after it (the mover's,
// the next person's and the others').
const (
	floorMoveSize  = 52
	floorMoverSize = 275
	floorNextSize  = 211
	floorOtherSize = 197
	floorMoves     = 501 // moves a table plays, as a game of Pile of 1,000
)

// floorServe is the relay server of a child process: it listens on a
// loopback port, prints it and serves until its standard input closes,
// when it exits; it returns only with an error.
func floorServe(seats int) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Println(ln.Addr().String())
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	return relay(ln, seats)
}

// relay passes each move read on a connection of ln on to every connection
// of its table, until ln closes.
func relay(ln net.Listener, seats int) error {
	var mu sync.Mutex
	type relayTable struct {
		conns []net.Conn
		ready chan struct{}
	}
	tables := map[uint32]*relayTable{}
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go func() {
			defer c.Close()
			var hdr [8]byte
			if _, err := io.ReadFull(c, hdr[:]); err != nil {
				return
			}
			id, seat := binary.LittleEndian.Uint32(hdr[:4]), int(binary.LittleEndian.Uint32(hdr[4:]))
			if seat >= seats {
				return
			}
			mu.Lock()
			t := tables[id]
			if t == nil {
				t = &relayTable{conns: make([]net.Conn, seats), ready: make(chan struct{})}
				tables[id] = t
			}
			t.conns[seat] = c
			full := !slices.Contains(t.conns, nil)
			mu.Unlock()
			if full {
				close(t.ready)
			}
			<-t.ready
			frames := make([][]byte, seats)
			for i := range frames {
				size := floorOtherSize
				switch i {
				case 0:
					size = floorMoverSize
				case 1:
					size = floorNextSize
				}
				frames[i] = make([]byte, size)
				binary.LittleEndian.PutUint16(frames[i], uint16(size))
			}
			move := make([]byte, floorMoveSize)
			for {
				if _, err := io.ReadFull(c, move); err != nil {
					return
				}
				for i, to := range t.conns {
					if _, err := to.Write(frames[(i-seat+seats)%seats]); err != nil {
						return
					}
				}
			}
		}()
	}
}

// floorConn is one client connection of the floor.
type floorConn struct {
	fd   int
	t    *floorTable
	seat int
	in   []byte
}

// floorTable is one table of the floor: whose move it is, how many of its
// clients have had the update, and when the move went.
type floorTable struct {
	conns []*floorConn
	turn  int
	moves int
	got   int
	sent  time.Time
}

// floorLoop is one client event loop of the floor.
type floorLoop struct {
	ep    int
	conns map[int]*floorConn
	lat   []time.Duration
	done  int // tables that played all their moves
	move  []byte
	think time.Duration
	// thinking holds the tables whose next person waits out the think
	// time, in the order they became due (the think time is the same for
	// all, so that is the order of their due times).
	thinking []floorDue
}

// floorDue is a table whose next move goes at due.
type floorDue struct {
	t   *floorTable
	due time.Time
}

// floorReport is what a floor run measured.
type floorReport struct {
	Moves         int
	Elapsed       time.Duration
	P50, P99, Max time.Duration
	Mean          time.Duration
	CPU           *cpuReport
}

func (r floorReport) print(w io.Writer, cfg config) {
	where := "a relay server in a child process"
	if cfg.InProcess {
		where = "a relay server in this process"
	}
	fmt.Fprintf(w, "floor:    %d tables x %d seats over loopback TCP to %s: no game, no store, no WebSocket\n", cfg.Tables, cfg.Seats, where)
	fmt.Fprintf(w, "moves:    %d in %.1fs = %.0f moves/s\n", r.Moves, r.Elapsed.Seconds(), float64(r.Moves)/r.Elapsed.Seconds())
	fmt.Fprintf(w, "latency:  move sent -> every client of its table updated: p50 %v  p99 %v  max %v  mean %v\n",
		r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond), r.Mean.Round(10*time.Microsecond))
	r.CPU.print(w)
}

// startRelay starts the floor's relay server, in a child process or, with
// cfg.InProcess, in this one, and returns its address.
func startRelay(cfg config) (addr string, pid int, stop func(), err error) {
	if cfg.InProcess {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return "", 0, nil, err
		}
		go relay(ln, cfg.Seats)
		return ln.Addr().String(), os.Getpid(), func() { ln.Close() }, nil
	}
	c, err := startChild("relay server", "-floor-serve", "-seats", fmt.Sprint(cfg.Seats))
	if err != nil {
		return "", 0, nil, err
	}
	return c.addr, c.cmd.Process.Pid, c.stop, nil
}

// runFloor plays cfg.Tables tables of cfg.Seats clients through the relay,
// each floorMoves moves or until cfg.Duration has passed.
func runFloor(cfg config) (rep floorReport, err error) {
	addr, pid, stop, err := startRelay(cfg)
	if err != nil {
		return rep, err
	}
	defer stop()

	loops := make([]*floorLoop, max(cfg.Loops, 1))
	for i := range loops {
		ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
		if err != nil {
			return rep, err
		}
		defer syscall.Close(ep)
		loops[i] = &floorLoop{ep: ep, conns: map[int]*floorConn{}, move: make([]byte, floorMoveSize), think: cfg.Think}
	}
	r := &runner{cfg: cfg}
	var tables []*floorTable
	for id := range cfg.Tables {
		t := &floorTable{}
		l := loops[id%len(loops)]
		for seat := range cfg.Seats {
			fd, err := floorDial(r, addr, uint32(id), uint32(seat))
			if err != nil {
				return rep, err
			}
			defer syscall.Close(fd)
			c := &floorConn{fd: fd, t: t, seat: seat}
			t.conns = append(t.conns, c)
			l.conns[fd] = c
			ev := syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(fd)}
			if err := syscall.EpollCtl(l.ep, syscall.EPOLL_CTL_ADD, fd, &ev); err != nil {
				return rep, err
			}
		}
		tables = append(tables, t)
	}

	parts := []cpuPart{{name: "relay server", pids: []int{pid}}, {name: "load tool", pids: []int{os.Getpid()}}}
	if cfg.InProcess {
		parts = parts[1:]
	}
	c0, cpuOK := takeCPU(parts)
	start := time.Now()
	deadline := start.Add(cfg.Duration)
	var wg sync.WaitGroup
	var moves atomic.Int64
	for i, l := range loops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			mine := 0
			for id := i; id < len(tables); id += len(loops) {
				mine++
			}
			// With a think time the tables' first moves are spread over
			// it, in step with the Harbor clients, which wait a random
			// part of it; in the order they become due.
			k := 0
			for id := i; id < len(tables); id += len(loops) {
				if l.think > 0 {
					l.thinking = append(l.thinking, floorDue{tables[id], start.Add(l.think * time.Duration(k) / time.Duration(mine))})
				} else {
					l.send(tables[id])
				}
				k++
			}
			l.run(mine, deadline, &moves)
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	c1, _ := takeCPU(parts)

	var lat []time.Duration
	for _, l := range loops {
		lat = append(lat, l.lat...)
	}
	slices.Sort(lat)
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	rep = floorReport{Moves: int(moves.Load()), Elapsed: elapsed, P50: pct(0.50), P99: pct(0.99), Max: pct(1), Mean: mean(lat)}
	if cpuOK {
		rep.CPU = c1.since(c0, rep.Moves)
	}
	return rep, nil
}

// floorDial connects one client to the relay as seat of table id and
// returns its socket, non-blocking.
func floorDial(r *runner, addr string, id, seat uint32) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := r.dial(ctx, "tcp", addr)
	if err != nil {
		return -1, err
	}
	defer conn.Close()
	var hdr [8]byte
	binary.LittleEndian.PutUint32(hdr[:4], id)
	binary.LittleEndian.PutUint32(hdr[4:], seat)
	if _, err := conn.Write(hdr[:]); err != nil {
		return -1, err
	}
	return detachFD(conn)
}

// send writes the move of whoever's turn it is at t.
func (l *floorLoop) send(t *floorTable) {
	t.sent = time.Now()
	c := t.conns[t.turn]
	for off := 0; off < len(l.move); {
		n, err := syscall.Write(c.fd, l.move[off:])
		if err != nil && !errors.Is(err, syscall.EINTR) && !errors.Is(err, syscall.EAGAIN) {
			return
		}
		off += max(n, 0)
	}
}

// run serves the loop's connections until its tables have played their
// moves or the deadline passes.
func (l *floorLoop) run(tables int, deadline time.Time, moves *atomic.Int64) {
	events := make([]syscall.EpollEvent, 512)
	buf := make([]byte, 64<<10)
	handle := func(c *floorConn, _ syscall.EpollEvent, now time.Time) {
		k, err := syscall.Read(c.fd, buf)
		if err != nil || k <= 0 {
			return
		}
		c.in = append(c.in, buf[:k]...)
		for len(c.in) >= 2 {
			size := int(binary.LittleEndian.Uint16(c.in))
			if len(c.in) < size {
				break
			}
			c.in = c.in[:copy(c.in, c.in[size:])]
			l.update(c.t, now, moves)
		}
	}
	for l.done < tables && time.Now().Before(deadline) {
		if !eachReady(l.ep, events, l.timeout(), l.conns, handle) {
			return
		}
		l.fire(time.Now())
	}
}

// timeout is how long epoll may wait: until the next think time ends.
func (l *floorLoop) timeout() int {
	if len(l.thinking) == 0 {
		return waitUntil(time.Time{})
	}
	return waitUntil(l.thinking[0].due)
}

// fire sends the moves whose think time has passed.
func (l *floorLoop) fire(now time.Time) {
	n := 0
	for n < len(l.thinking) && !l.thinking[n].due.After(now) {
		l.send(l.thinking[n].t)
		n++
	}
	l.thinking = l.thinking[:copy(l.thinking, l.thinking[n:])]
}

// update counts one client of t having had the update of its move; when all
// have, the next person moves.
func (l *floorLoop) update(t *floorTable, now time.Time, moves *atomic.Int64) {
	t.got++
	if t.got < len(t.conns) {
		return
	}
	l.lat = append(l.lat, now.Sub(t.sent))
	moves.Add(1)
	t.got = 0
	t.moves++
	t.turn = (t.turn + 1) % len(t.conns)
	if t.moves == floorMoves {
		l.done++
		return
	}
	if l.think > 0 {
		l.thinking = append(l.thinking, floorDue{t, now.Add(l.think)})
		return
	}
	l.send(t)
}
