package faultnet

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"testing"
	"time"
)

// echo starts a server that sends back every line it reads.
func echo(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { defer c.Close(); io.Copy(c, c) }()
		}
	}()
	return ln.Addr().String()
}

func proxy(t *testing.T) *Proxy {
	t.Helper()
	p, err := Listen(echo(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

type line struct {
	c net.Conn
	r *bufio.Reader
}

func dial(t *testing.T, p *Proxy) *line {
	t.Helper()
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &line{c, bufio.NewReader(c)}
}

func (l *line) send(t *testing.T, s string) {
	t.Helper()
	if _, err := l.c.Write([]byte(s + "\n")); err != nil {
		t.Fatal(err)
	}
}

// read returns the next line, or "" when none comes within limit.
func (l *line) read(limit time.Duration) (string, error) {
	l.c.SetReadDeadline(time.Now().Add(limit))
	s, err := l.r.ReadString('\n')
	if err != nil {
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			return "", nil
		}
		return "", err
	}
	return s[:len(s)-1], nil
}

func (l *line) want(t *testing.T, want string) {
	t.Helper()
	got, err := l.read(5 * time.Second)
	if err != nil || got != want {
		t.Fatalf("read %q (%v), want %q", got, err, want)
	}
}

// nothing checks that no line arrives within a while: held bytes stay
// held (a shorter while could pass by chance only in the other direction,
// never make this test miss a delivery that should not happen within it).
func (l *line) nothing(t *testing.T) {
	t.Helper()
	if got, err := l.read(300 * time.Millisecond); got != "" || err != nil {
		t.Fatalf("read %q (%v) through a cut link", got, err)
	}
}

// TestCutHoldsBytesUntilHeal: bytes sent either way during a cut arrive,
// in order, only after the heal, and the connection survives.
func TestCutHoldsBytesUntilHeal(t *testing.T) {
	p := proxy(t)
	l := dial(t, p)
	l.send(t, "before")
	l.want(t, "before")
	p.Cut()
	l.send(t, "during 1")
	l.send(t, "during 2")
	l.nothing(t)
	p.Heal()
	l.want(t, "during 1")
	l.want(t, "during 2")
}

// TestCutHoldsNewConnections: a connection made during a cut reaches the
// target only after the heal.
func TestCutHoldsNewConnections(t *testing.T) {
	p := proxy(t)
	p.Cut()
	l := dial(t, p)
	l.send(t, "hello")
	l.nothing(t)
	p.Heal()
	l.want(t, "hello")
}

// TestOneWayCuts: with only the way back cut the target still gets the
// bytes (the echo is held on its way back); with only the way there cut
// nothing reaches the target.
func TestOneWayCuts(t *testing.T) {
	p := proxy(t)
	l := dial(t, p)
	p.CutDown()
	l.send(t, "up")
	l.nothing(t)
	p.Heal()
	l.want(t, "up")

	p.CutUp()
	l.send(t, "held")
	l.nothing(t)
	p.Heal()
	l.want(t, "held")
}

// TestOneWayCutDown: a cut of the way back alone lets the target act on
// what it hears: a second client on a healthy link sees that the first
// one's bytes arrived. Shown with two proxies to one listener that
// forwards what the first client says to the second.
func TestOneWayCutDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	heard := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		s, _ := bufio.NewReader(c).ReadString('\n')
		heard <- s
	}()
	p, err := Listen(ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.CutDown()
	l := dial(t, p)
	l.send(t, "to the target")
	select {
	case s := <-heard:
		if s != "to the target\n" {
			t.Fatalf("the target heard %q", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a cut of the way back held the way there too")
	}
}

// TestSlow: each way is delayed by at least the latency, and bytes keep
// their order under jitter.
func TestSlow(t *testing.T) {
	p := proxy(t)
	l := dial(t, p)
	p.Slow(100*time.Millisecond, 50*time.Millisecond)
	start := time.Now()
	for _, s := range []string{"a", "b", "c", "d"} {
		l.send(t, s)
	}
	for _, s := range []string{"a", "b", "c", "d"} {
		l.want(t, s)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Fatalf("a round trip through a 100 ms link took %s", d)
	}
	p.Heal()
	l.send(t, "healed")
	l.want(t, "healed")
}

// TestDrop: Drop ends the open connections, held ones too, and later
// ones work.
func TestDrop(t *testing.T) {
	p := proxy(t)
	l := dial(t, p)
	l.send(t, "x")
	l.want(t, "x")
	p.Cut()
	held := dial(t, p)
	// The held connection is dropped only once the proxy has taken it:
	// the client's, the echo's and the held one's.
	for deadline := time.Now().Add(5 * time.Second); p.open() < 3; {
		if time.Now().After(deadline) {
			t.Fatalf("the proxy holds %d connections, want 3", p.open())
		}
		time.Sleep(time.Millisecond)
	}
	p.Drop()
	for _, c := range []*line{l, held} {
		if _, err := c.read(5 * time.Second); err == nil {
			t.Fatal("a dropped connection is still open")
		}
	}
	p.Heal()
	fresh := dial(t, p)
	fresh.send(t, "again")
	fresh.want(t, "again")
}

func (p *Proxy) open() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns)
}

// TestLoss: a lossy link delivers every byte, in order, with the lost
// chunks late; the losses are counted.
func TestLoss(t *testing.T) {
	p := proxy(t)
	l := dial(t, p)
	p.Lose(0.5, 1)
	for i := range 20 {
		s := fmt.Sprint("line ", i)
		l.send(t, s)
		l.want(t, s)
	}
	if p.Lost() == 0 {
		t.Fatal("a link losing half its chunks lost none of 40")
	}
	p.Heal()
	lost := p.Lost()
	l.send(t, "healed")
	l.want(t, "healed")
	if p.Lost() != lost {
		t.Fatal("a healed link still loses chunks")
	}
}
