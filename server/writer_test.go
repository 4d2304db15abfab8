package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"harbor/table"
)

// A connection's writer writes its frames in order, waits for more while
// they keep coming, ends once none came for writerLinger, and a frame
// after that starts a new one; closing writes what is queued first.
func TestWriterLingersThenEnds(t *testing.T) {
	old := writerLinger
	writerLinger = 20 * time.Millisecond
	t.Cleanup(func() { writerLinger = old })

	accepted := make(chan *client, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		c := &client{ws: ws, backlog: 64}
		accepted <- c
		// Read so that the close handshake completes.
		for {
			if _, _, err := ws.Read(context.Background()); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := <-accepted

	writing := func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.writing
	}
	expect := func(v int) {
		t.Helper()
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf(`"v":%d`, v); !strings.Contains(string(b), want) {
			t.Fatalf("frame %s, want one with %s", b, want)
		}
	}
	waitIdle := func() {
		t.Helper()
		for writing() {
			if ctx.Err() != nil {
				t.Fatal("the writer never ended")
			}
			time.Sleep(time.Millisecond)
		}
	}

	v := 0
	for range 3 {
		for range 5 {
			v++
			table.Send(c, "pong", v, struct{}{})
			expect(v)
		}
		waitIdle()
	}
	for range 3 { // queued together, written in order
		v++
		table.Send(c, "pong", v, struct{}{})
	}
	c.Close("bye")
	for i := v - 2; i <= v; i++ {
		expect(i)
	}
	if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("after the frames: %v, want the close", err)
	}
	if !writing() {
		t.Fatal("a closed connection's writer may not be started again")
	}
	table.Send(c, "pong", v+1, struct{}{}) // ignored
	c.mu.Lock()
	n := len(c.queue)
	c.mu.Unlock()
	if n != 0 {
		t.Fatalf("%d frames queued on a closed connection", n)
	}
}
