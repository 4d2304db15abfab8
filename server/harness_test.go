package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"harbor"
	"harbor/game"
	"harbor/game/gametest"
	"harbor/server"
	"harbor/sqlite"
	"harbor/table"
)

func init() { game.Register(gametest.Definition) }

// env is a real server on a loopback port with its store and tables.
type env struct {
	t      testing.TB
	url    string
	store  *sqlite.Store
	tables *table.Tables
	srv    *server.Server
	stop   func()
	// compress is the permessage-deflate mode the clients offer (none
	// unless set).
	compress websocket.CompressionMode
}

func newEnv(t testing.TB, limits server.Limits) *env {
	t.Helper()
	return serve(t, openStore(t), limits, table.Options{})
}

// openStore opens a store in a fresh file, closed when the test ends.
func openStore(t testing.TB) *sqlite.Store {
	t.Helper()
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// serve runs a server over store; it stops when the test ends or at stop.
func serve(t testing.TB, store *sqlite.Store, limits server.Limits, opts table.Options) *env {
	t.Helper()
	return serveOpts(t, store, server.Config{Limits: limits}, opts)
}

// serveWith runs a server of cfg (its Tables and IdentityKey filled in)
// over store.
func serveWith(t testing.TB, store *sqlite.Store, cfg server.Config) *env {
	t.Helper()
	return serveOpts(t, store, cfg, table.Options{})
}

func serveOpts(t testing.TB, store *sqlite.Store, cfg server.Config, opts table.Options) *env {
	t.Helper()
	if opts.Quotas == nil {
		opts.Quotas = store.People()
	}
	tables := table.NewTables(store, opts)
	if _, err := tables.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	key, err := store.Secret(context.Background(), "identity", 32)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Tables, cfg.IdentityKey = tables, key
	if cfg.Seats == nil {
		cfg.Seats = store
	}
	if cfg.Buckets == nil {
		cfg.Buckets = store.People()
	}
	srv := server.New(cfg)
	hs := httptest.NewServer(srv)
	e := &env{t: t, url: hs.URL, store: store, tables: tables, srv: srv}
	e.stop = func() {
		srv.Close()
		hs.Close()
		tables.Close()
	}
	t.Cleanup(e.stop)
	return e
}

// person is a browser: a cookie jar and an HTTP client.
type person struct {
	e    *env
	name string
	http *http.Client
}

func (e *env) person(name string) *person {
	jar, _ := cookiejar.New(nil)
	return &person{e: e, name: name, http: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
}

// call makes an API request and decodes the answer into out; it returns
// the *harbor.Error of an error answer.
func (p *person) call(method, path string, body, out any) error {
	p.e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.e.url+path, rd)
	resp, err := p.http.Do(req)
	if err != nil {
		p.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		var e struct{ Error *harbor.Error }
		if err := json.Unmarshal(raw, &e); err != nil || e.Error == nil {
			p.e.t.Fatalf("%s %s: status %d with body %s", method, path, resp.StatusCode, raw)
		}
		return e.Error
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			p.e.t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
	return nil
}

// callRaw makes an API request with body as it is and returns the
// *harbor.Error of an error answer.
func (p *person) callRaw(method, path, body string) error {
	p.e.t.Helper()
	req, _ := http.NewRequest(method, p.e.url+path, strings.NewReader(body))
	resp, err := p.http.Do(req)
	if err != nil {
		p.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 300 {
		return nil
	}
	var e struct{ Error *harbor.Error }
	if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || e.Error == nil {
		p.e.t.Fatalf("%s %s: status %d without an error body", method, path, resp.StatusCode)
	}
	return e.Error
}

// must is call that fails the test on an error answer.
func (p *person) must(method, path string, body any) table.LobbyView {
	p.e.t.Helper()
	var v table.LobbyView
	if err := p.call(method, path, body, &v); err != nil {
		p.e.t.Fatalf("%s %s: %v", method, path, err)
	}
	return v
}

func (p *person) id() string {
	var s server.Session
	p.call("GET", "/api/session", nil, &s)
	return s.Player
}

// frame is a received envelope, with the state decoded when it is one. A
// patch is received as the state it makes (T "state", D the state
// rebuilt), with the patch in Patch.
type frame struct {
	table.Envelope
	State *state
	Patch []byte
	Raw   []byte // the frame as it came
}

type state struct {
	View   json.RawMessage   `json:"view"`
	Legal  []json.RawMessage `json:"legal"`
	Actors []game.Seat       `json:"actors"`
	Seat   game.Seat         `json:"seat"`
	Result game.Result       `json:"result"`
	Events []game.Event      `json:"events"`
	Names  []string          `json:"names"`
}

// wsClient is a WebSocket client that records every frame it receives.
// Unless its query says patch=0 it takes patches, as the browser does, and
// applies them to the state it holds.
type wsClient struct {
	t      testing.TB
	c      *websocket.Conn
	frames chan frame
	last   []byte // the data of the last state, the base of the next patch
	lastF  uint64 // and its frame id
	asked  bool   // a patch did not follow on: the whole state was asked for

	mu   sync.Mutex
	all  []frame
	miss int // patches still to lose, as a page might
	gaps int // patches that did not follow on from the state held
}

func (p *person) dial(query string) (*wsClient, error) {
	return p.e.dialWith(p.http, query, nil)
}

func (e *env) dialWith(hc *http.Client, query string, header http.Header) (*wsClient, error) {
	if !strings.Contains(query, "patch=") {
		query += "&patch=1"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, strings.Replace(e.url, "http", "ws", 1)+"/ws?"+query,
		&websocket.DialOptions{HTTPClient: hc, HTTPHeader: header, CompressionMode: e.compress})
	if err != nil {
		if resp != nil && resp.Body != nil {
			var body struct{ Error *harbor.Error }
			raw, _ := io.ReadAll(resp.Body)
			if json.Unmarshal(raw, &body) == nil && body.Error != nil {
				return nil, body.Error
			}
		}
		return nil, err
	}
	c.SetReadLimit(1 << 20)
	w := &wsClient{t: e.t, c: c, frames: make(chan frame, 4096)}
	go w.read()
	e.t.Cleanup(func() { c.CloseNow() })
	return w, nil
}

func (p *person) mustDial(query string) *wsClient {
	p.e.t.Helper()
	w, err := p.dial(query)
	if err != nil {
		p.e.t.Fatalf("dial %s: %v", query, err)
	}
	return w
}

func (w *wsClient) read() {
	defer close(w.frames)
	for {
		_, raw, err := w.c.Read(context.Background())
		if err != nil {
			return
		}
		f := frame{Raw: raw}
		if err := json.Unmarshal(raw, &f.Envelope); err != nil {
			w.t.Errorf("server sent a frame that is not an envelope: %s", raw)
			return
		}
		if f.T == "patch" {
			if w.missed() {
				continue
			}
			if !w.applyPatch(&f) {
				continue
			}
		}
		if f.T == "state" {
			w.last, w.lastF = f.D, f.F
			w.asked = false
			f.State = new(state)
			if err := json.Unmarshal(f.D, f.State); err != nil {
				w.t.Errorf("bad state %s: %v", f.D, err)
			}
			for i := range f.State.Events {
				f.State.Events[i].PutOwnName(f.State.Names) // as the page does
			}
		}
		w.mu.Lock()
		w.all = append(w.all, f)
		w.mu.Unlock()
		w.frames <- f
	}
}

// applyPatch turns the patch frame f into the state it makes from the
// last state received, and checks that the patch holds nothing that state
// does not.
func (w *wsClient) applyPatch(f *frame) bool {
	var d struct {
		B uint64          `json:"b"`
		P json.RawMessage `json:"p"`
	}
	if err := json.Unmarshal(f.D, &d); err != nil {
		w.t.Errorf("a patch that does not decode: %s", f.D)
		return false
	}
	if w.asked {
		return false // the whole state is on its way
	}
	if d.B != w.lastF || w.last == nil {
		// As the page does: ask for the whole state, and carry on from it.
		w.mu.Lock()
		w.gaps++
		w.mu.Unlock()
		w.asked = true
		w.c.Write(context.Background(), websocket.MessageText, []byte(`{"t":"state","v":0,"d":{}}`))
		return false
	}
	next, err := table.ApplyPatch(w.last, d.P)
	if err != nil {
		w.t.Errorf("patch %s does not apply to %s: %v", d.P, w.last, err)
		return false
	}
	if err := table.PatchWithin(d.P, next); err != nil {
		w.t.Errorf("patch %s: %v", d.P, err)
		return false
	}
	f.T, f.D, f.Patch = "state", next, d.P
	return true
}

// missed reports whether to lose this patch, as a page might.
func (w *wsClient) missed() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.miss > 0 {
		w.miss--
		return true
	}
	return false
}

// next returns the next frame of type t, skipping others.
func (w *wsClient) next(t string) frame {
	w.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case f, ok := <-w.frames:
			if !ok {
				w.t.Fatalf("connection closed while waiting for %q", t)
			}
			if f.T == t {
				return f
			}
		case <-timeout:
			w.t.Fatalf("no %q frame within 10s", t)
		}
	}
}

// quiet asserts that no frame arrives for a short while.
func (w *wsClient) quiet(d time.Duration) {
	w.t.Helper()
	select {
	case f := <-w.frames:
		w.t.Fatalf("unexpected frame %s %d %s", f.T, f.V, f.D)
	case <-time.After(d):
	}
}

func (w *wsClient) send(t string, v int, d any) {
	w.t.Helper()
	raw, _ := json.Marshal(d)
	w.sendRaw(fmt.Sprintf(`{"t":%q,"v":%d,"d":%s}`, t, v, raw))
}

func (w *wsClient) sendRaw(msg string) {
	w.t.Helper()
	if err := w.c.Write(context.Background(), websocket.MessageText, []byte(msg)); err != nil {
		w.t.Fatal(err)
	}
}

func (w *wsClient) received() []frame {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]frame(nil), w.all...)
}

func errorOf(f frame) *harbor.Error {
	var e harbor.Error
	json.Unmarshal(f.D, &e)
	return &e
}

func code(err error) string { return harbor.ErrorCode(err) }
