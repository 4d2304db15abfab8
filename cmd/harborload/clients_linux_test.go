package main

import (
	"encoding/binary"
	"strings"
	"testing"
	"time"
)

// serverFrame encodes a message as the server sends it: one unmasked text
// frame.
func serverFrame(msg string) []byte {
	b := []byte{0x81}
	switch n := len(msg); {
	case n < 126:
		b = append(b, byte(n))
	case n < 1<<16:
		b = append(b, 126, 0, 0)
		binary.BigEndian.PutUint16(b[2:], uint16(n))
	default:
		b = append(b, 127, 0, 0, 0, 0, 0, 0, 0, 0)
		binary.BigEndian.PutUint64(b[2:], uint64(n))
	}
	return append(b, msg...)
}

// TestClientReadsFramesAcrossReads: frames of each length encoding are
// handled once each, however the bytes are split between reads.
func TestClientReadsFramesAcrossReads(t *testing.T) {
	var stream []byte
	for _, n := range []int{5, 125, 126, 300, 70000} {
		stream = append(stream, serverFrame(`{"t":"error","v":0,"d":"`+strings.Repeat("x", n)+`"}`)...)
	}
	for _, chunk := range []int{1, 2, 3, 7, 100, 4096, len(stream)} {
		r := &runner{}
		l := &loop{ls: &loops{r: r}}
		c := &wsConn{t: &loadTable{}, hi: -1}
		for off := 0; off < len(stream); off += chunk {
			end := min(off+chunk, len(stream))
			l.received(c, stream[off:end], time.Now())
		}
		if got := r.errs.Load(); got != 5 || len(c.in) != 0 || c.closed {
			t.Fatalf("chunks of %d: %d frames handled, %d bytes left, closed %v", chunk, got, len(c.in), c.closed)
		}
	}
}

// TestClientRefusesMaskedFrames: a server never masks its frames; the
// client closes a connection that does.
func TestClientRefusesMaskedFrames(t *testing.T) {
	r := &runner{}
	l := &loop{ls: &loops{r: r}, ep: -1, conns: map[int]*wsConn{}}
	c := &wsConn{fd: -1, t: &loadTable{}, hi: -1}
	l.received(c, []byte{0x81, 0x80 | 2, 1, 2, 3, 4, 'h', 'i'}, time.Now())
	if !c.closed || r.errs.Load() != 0 {
		t.Fatalf("closed %v after a masked frame", c.closed)
	}
}

func TestFrameHeader(t *testing.T) {
	for _, tt := range []struct {
		b            []byte
		header, size int
		ok           bool
	}{
		{[]byte{0x81}, 0, 0, false},
		{[]byte{0x81, 5}, 2, 5, true},
		{[]byte{0x81, 126, 1}, 0, 0, false},
		{[]byte{0x81, 126, 1, 0}, 4, 256, true},
		{[]byte{0x81, 127, 0, 0, 0, 0, 0, 1, 0}, 0, 0, false},
		{[]byte{0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0}, 10, 65536, true},
	} {
		h, n, ok := frameHeader(tt.b)
		if h != tt.header || n != tt.size || ok != tt.ok {
			t.Errorf("frameHeader(%v) = %d, %d, %v; want %d, %d, %v", tt.b, h, n, ok, tt.header, tt.size, tt.ok)
		}
	}
}
