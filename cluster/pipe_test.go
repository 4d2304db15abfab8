package cluster

import (
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// The owner's end of a tunnel reads what was delivered, in order, and
// keeps the read deadlines the HTTP server relies on to stop a read.
func TestTunnelConnReads(t *testing.T) {
	c := newTunnelConn(nil, addr("client"))
	if !c.deliver([]byte("hello ")) || !c.deliver([]byte("world")) {
		t.Fatal("deliver refused")
	}
	got, err := io.ReadAll(io.LimitReader(c, 11))
	if err != nil || string(got) != "hello world" {
		t.Fatalf("read %q, %v", got, err)
	}

	// A read waiting for data returns a timeout when the deadline is moved
	// into the past while it waits (how http.Server aborts its background
	// read before a hijack).
	done := make(chan error, 1)
	go func() {
		_, err := c.Read(make([]byte, 8))
		done <- err
	}()
	time.Sleep(20 * time.Millisecond)
	c.SetReadDeadline(time.Unix(1, 0))
	select {
	case err := <-done:
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Fatalf("read after a past deadline: %v, want a timeout", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("a past deadline did not stop the read")
	}
	c.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
	if _, err := c.Read(make([]byte, 8)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read past a near deadline: %v, want a timeout", err)
	}

	// With no deadline, a waiting read gets data delivered later; what was
	// delivered before the end is still read, then EOF.
	c.SetReadDeadline(time.Time{})
	go func() {
		time.Sleep(20 * time.Millisecond)
		c.deliver([]byte("late"))
		c.shut()
	}()
	got, err = io.ReadAll(c)
	if err != nil || string(got) != "late" {
		t.Fatalf("read %q, %v", got, err)
	}
	if c.deliver([]byte("x")) {
		t.Fatal("a closed connection took more data")
	}
}

// An edge that sends more than the server reads is cut off.
func TestTunnelConnBoundsUnread(t *testing.T) {
	c := newTunnelConn(nil, addr("client"))
	if !c.deliver(make([]byte, maxUnread)) {
		t.Fatal("deliver refused within the bound")
	}
	if c.deliver([]byte("x")) {
		t.Fatal("deliver took more than maxUnread unread bytes")
	}
}
