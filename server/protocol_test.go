package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"harbor"
	"harbor/server"
)

// soloPile starts a one-person table of Pile and returns its host's
// connection, past the first state.
func soloPile(t *testing.T, e *env) (*person, *wsClient, string) {
	t.Helper()
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 30}})
	ana.must("POST", "/api/tables/"+l.ID+"/start", nil)
	w := ana.mustDial("table=" + l.ID)
	w.next("state")
	return ana, w, l.ID
}

func TestStaleMovesGetOneState(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	_, w, _ := soloPile(t, e)
	w.send("move", 0, map[string]any{"type": "take", "n": 1})
	w.next("state")
	for range 5 {
		w.send("move", 0, map[string]any{"type": "take", "n": 1})
		if e := errorOf(w.next("error")); e.Code != harbor.EStale {
			t.Fatalf("a stale move got %+v", e)
		}
	}
	w.send("ping", 1, struct{}{})
	w.next("pong")
	states := 0
	for _, f := range w.received() {
		if f.T == "state" && f.V == 1 {
			states++
		}
	}
	if states != 2 { // the move's own, and one after the first stale move
		t.Fatalf("%d state frames of version 1 for five stale moves, want 2", states)
	}
	for _, f := range w.received() {
		if f.T == "error" && len(f.D) > 200 {
			t.Fatalf("a stale move's answer is %d bytes: %s", len(f.D), f.D)
		}
	}
}

// TestBurstGetsRateLimited sends a burst far past the message limit
// without reading, then reads: the connection is still open and says
// rate_limited.
func TestBurstGetsRateLimited(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", pileTable)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, _, err := websocket.Dial(ctx, strings.Replace(e.url, "http", "ws", 1)+"/ws?table="+l.ID,
		&websocket.DialOptions{HTTPClient: ana.http})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	const burst = 300
	for range burst {
		if err := c.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","v":0,"d":{}}`)); err != nil {
			t.Fatalf("the server cut the connection during the burst: %v", err)
		}
	}
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","v":0,"d":{}}`)); err != nil {
		t.Fatal(err)
	}
	limited := 0
	for limited == 0 {
		_, raw, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("the connection closed after the burst: %v", err)
		}
		var f struct {
			T string
			D harbor.Error
		}
		json.Unmarshal(raw, &f)
		if f.T == "error" && f.D.Code == harbor.ERateLimited {
			limited++
		}
	}
	// Once the bucket refills, the same connection is answered again.
	time.Sleep(200 * time.Millisecond)
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","v":0,"d":{}}`)); err != nil {
		t.Fatal(err)
	}
	for {
		_, raw, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("no pong after the burst: %v", err)
		}
		if strings.HasPrefix(string(raw), `{"t":"pong"`) {
			break
		}
	}
}

func TestExactFieldsOverTheWire(t *testing.T) {
	e := newEnv(t, server.DefaultLimits)
	ana, w, id := soloPile(t, e)
	for _, msg := range []string{
		`{"T":"move","v":0,"d":{"type":"take","n":1}}`,
		`{"t":"move","V":0,"d":{"type":"take","n":1}}`,
		`{"t":"move","v":0,"D":{"type":"take","n":1}}`,
		`{"t":"move","v":0,"d":{"TYPE":"take","n":1}}`,
		`{"t":"move","v":0,"d":{"type":"take","N":1}}`,
		`{"t":"ping","t":"move","v":0,"d":{"type":"take","n":1}}`,
		`{"t":"move","v":0,"d":{"type":"take","n":1,"n":3}}`,
		`{"t":"move","v":0,"v":0,"d":{"type":"take","n":1}}`,
	} {
		w.sendRaw(msg)
		if e := errorOf(w.next("error")); e.Code != harbor.EInvalid {
			t.Fatalf("%s got %+v, want invalid", msg, e)
		}
	}
	if l := ana.must("GET", "/api/tables/"+id, nil); l.Version != 0 {
		t.Fatalf("refused messages changed the table: version %d", l.Version)
	}
	for _, body := range []map[string]any{
		{"Game": "pile", "name": "Ana"},
		{"game": "pile", "NAME": "Ana"},
	} {
		if err := ana.call("POST", "/api/tables", body, nil); harbor.ErrorCode(err) != harbor.EInvalid {
			t.Fatalf("%v got %v", body, err)
		}
	}
	if err := ana.callRaw("POST", "/api/tables", `{"game":"pile","name":"Ana","name":"Bo"}`); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Fatalf("a repeated key got %v", err)
	}
	if n := e.tables.Stored(); n != 1 {
		t.Fatalf("%d tables stored after refused requests", n)
	}
}
