package cluster_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"

	"harbor/postgres"
	"harbor/postgres/pgtest"
	"harbor/table"
)

// The tests run real `harbor serve` processes, three nodes on loopback
// sharing a PostgreSQL schema of their own and NATS subjects of their own.

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func harborBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "harbor-cluster-test")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "harbor")
		out, err := exec.Command("go", "build", "-o", binPath, "harbor/cmd/harbor").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func natsURL() string {
	if v := os.Getenv("HARBOR_TEST_NATS"); v != "" {
		return v
	}
	return "nats://127.0.0.1:4222"
}

// leaseTTL is the nodes' lease time in the tests: a dead owner's tables
// move after about this long.
const leaseTTL = 2 * time.Second

// cluster is a set of nodes over one store.
type cluster struct {
	t      *testing.T
	bin    string
	dsn    string
	bus    string // the NATS server's URL
	prefix string
	store  *postgres.Store // the test's own view of the store, holding no lease
	args   []string        // extra flags for every node
	// wire, when set, gives the PostgreSQL DSN and NATS URL a new node
	// uses, by its name (to put a fault proxy in its way), and more of its
	// environment.
	wire func(name string) (dsn, nats string, env []string)

	mu    sync.Mutex
	nodes []*node // running ones, in start order
	count int
}

// node is one `harbor serve -store … -nats …` process.
type node struct {
	name string
	url  string
	cmd  *exec.Cmd

	mu  sync.Mutex
	log []string
}

func newCluster(t *testing.T, size int, args ...string) *cluster {
	t.Helper()
	return newWiredCluster(t, size, natsURL(), nil, args...)
}

// newWiredCluster is newCluster over the NATS server at bus, with the
// nodes' ways to PostgreSQL and NATS and more of their environment given
// by wire (its arguments are a node's name and the direct DSN and URL).
func newWiredCluster(t *testing.T, size int, bus string, wire func(name, dsn, nats string) (string, string, []string), args ...string) *cluster {
	t.Helper()
	nc, err := nats.Connect(bus, nats.Timeout(5*time.Second))
	if err != nil {
		t.Fatalf("NATS at %s cannot be reached (set HARBOR_TEST_NATS, or run .ci/with-services): %v", bus, err)
	}
	nc.Close()
	c := &cluster{t: t, bin: harborBinary(t), dsn: pgtest.Schema(t), bus: bus, prefix: fmt.Sprintf("harbortest%x", rand.Uint64()), args: args}
	c.store, err = postgres.Open(context.Background(), c.dsn, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.store.Close() })
	if wire != nil {
		c.wire = func(name string) (string, string, []string) { return wire(name, c.dsn, bus) }
	}
	for range size {
		c.start()
	}
	return c
}

var listening = regexp.MustCompile(`msg=listening addr=(\S+)`)

// start runs a new node and waits until it listens.
func (c *cluster) start() *node {
	c.t.Helper()
	c.mu.Lock()
	c.count++
	n := &node{name: fmt.Sprintf("n%d", c.count)}
	c.mu.Unlock()
	dsn, bus := c.dsn, c.bus
	var env []string
	if c.wire != nil {
		dsn, bus, env = c.wire(n.name)
	}
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-store", dsn, "-nats", bus, "-nats-prefix", c.prefix,
		"-node", n.name, "-lease", leaseTTL.String(), "-bot-delay", "0s", "-msg-rate", "100000", "-code-rate", "100000"}, c.args...)
	n.cmd = exec.Command(c.bin, args...)
	n.cmd.Env = append(append(os.Environ(), "HARBOR_TEST_GAMES=1"), env...)
	stderr, err := n.cmd.StderrPipe()
	if err != nil {
		c.t.Fatal(err)
	}
	if err := n.cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() {
		n.cmd.Process.Signal(syscall.SIGCONT)
		n.cmd.Process.Kill()
		n.cmd.Wait()
		if c.t.Failed() && !testing.Verbose() {
			n.mu.Lock()
			c.t.Logf("log of node %s:\n%s", n.name, strings.Join(n.log, "\n"))
			n.mu.Unlock()
		}
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			n.mu.Lock()
			n.log = append(n.log, line)
			n.mu.Unlock()
			if m := listening.FindStringSubmatch(line); m != nil {
				addr <- m[1]
			}
			if testing.Verbose() {
				fmt.Fprintln(os.Stderr, n.name+":", line)
			}
		}
	}()
	select {
	case a := <-addr:
		n.url = "http://" + a
	case <-time.After(30 * time.Second):
		c.t.Fatalf("node %s did not start listening", n.name)
	}
	c.mu.Lock()
	c.nodes = append(c.nodes, n)
	c.mu.Unlock()
	return n
}

// logged reports whether n's log has a line containing all of words.
func (n *node) logged(words ...string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, l := range n.log {
		all := true
		for _, w := range words {
			all = all && strings.Contains(l, w)
		}
		if all {
			return true
		}
	}
	return false
}

// node returns the i-th running node, counting round.
func (c *cluster) node(i int) *node {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nodes[i%len(c.nodes)]
}

func (c *cluster) byName(name string) *node {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.nodes {
		if n.name == name {
			return n
		}
	}
	return nil
}

// kill ends node n with SIGKILL; it no longer counts as running.
func (c *cluster) kill(n *node) {
	c.t.Helper()
	if err := n.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		c.t.Fatal(err)
	}
	n.cmd.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, x := range c.nodes {
		if x == n {
			c.nodes = append(c.nodes[:i], c.nodes[i+1:]...)
			break
		}
	}
}

// owner returns the node whose lease on table id is running, or nil.
func (c *cluster) owner(id string) *node {
	name, running, err := c.store.Owner(context.Background(), id)
	if err != nil {
		c.t.Fatal(err)
	}
	if !running {
		return nil
	}
	return c.byName(name)
}

// waitFor polls cond until it holds, failing the test after limit.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// person is someone with a browser: a cookie jar, talking to one node at
// a time.
type person struct {
	c    *cluster
	name string
	home int // the node they use first
	http *http.Client
}

func (c *cluster) person(name string, home int) *person {
	jar, _ := cookiejar.New(nil)
	return &person{c: c, name: name, home: home, http: &http.Client{Jar: jar, Timeout: 15 * time.Second}}
}

// lobby is the part of a lobby the tests read.
type lobby struct {
	ID      string `json:"id"`
	Invite  string `json:"invite"`
	TV      string `json:"tv"`
	Status  string `json:"status"`
	Version int    `json:"version"`
	// Deadline is when the turn's limit ends at a table played at its
	// players' own pace (Unix ms).
	Deadline int64 `json:"deadline"`
}

// call makes an API call through the person's node, trying the next node
// while one cannot be reached.
func (p *person) call(method, path string, body any) lobby {
	p.c.t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	var last string
	for try := range 20 {
		n := p.c.node(p.home + try)
		req, _ := http.NewRequest(method, n.url+path, strings.NewReader(string(raw)))
		req.Header.Set("Content-Type", "application/json")
		resp, err := p.http.Do(req)
		if err != nil {
			last = err.Error()
			time.Sleep(100 * time.Millisecond)
			continue
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			last = string(out)
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if resp.StatusCode/100 != 2 {
			p.c.t.Fatalf("%s %s on %s: %d %s", method, path, n.name, resp.StatusCode, out)
		}
		var l lobby
		json.Unmarshal(out, &l)
		return l
	}
	p.c.t.Fatalf("%s %s: no node answered: %s", method, path, last)
	return lobby{}
}

// frame is one received WebSocket message.
type frame struct {
	T string          `json:"t"`
	V int             `json:"v"`
	F uint64          `json:"f"`
	D json.RawMessage `json:"d"`
}

// state is the data of a state frame.
type state struct {
	View   json.RawMessage   `json:"view"`
	Legal  []json.RawMessage `json:"legal"`
	Seat   int               `json:"seat"`
	Events json.RawMessage   `json:"events"`
	Names  []string          `json:"names"`
	Result struct {
		Over bool `json:"over"`
	} `json:"result"`
}

// seen is one state frame as a client received it.
type seen struct {
	node    string
	v       int
	st      state
	patched bool // it came as a patch
}

// patchChain follows one connection's states as the browser does: a patch
// must name the last state and is applied to it, and may hold nothing that
// the state it makes does not.
type patchChain struct {
	last []byte
	f    uint64
}

// take turns a patch frame into the state frame it makes, and keeps each
// state.
func (c *patchChain) take(f *frame) error {
	if f.T == "patch" {
		var d struct {
			B uint64          `json:"b"`
			P json.RawMessage `json:"p"`
		}
		if err := json.Unmarshal(f.D, &d); err != nil || c.last == nil || d.B != c.f {
			return fmt.Errorf("a patch from frame %d, the client holds frame %d: %s", d.B, c.f, f.D)
		}
		next, err := table.ApplyPatch(c.last, d.P)
		if err != nil {
			return err
		}
		if err := table.PatchWithin(d.P, next); err != nil {
			return fmt.Errorf("patch %s: %v", d.P, err)
		}
		f.T, f.D = "state", next
	}
	if f.T == "state" {
		c.last, c.f = f.D, f.F
	}
	return nil
}

// client is a person's (or the TV's) connection to a table: it reconnects
// to another node whenever its connection ends, records every state frame,
// and, while moving is on, answers each state that offers it moves with one
// of them at random.
type client struct {
	p      *person
	query  string
	rng    *rand.Rand
	moving func() bool

	mu     sync.Mutex
	frames []seen
	errors []string
	over   bool
	conns  int
	conn   *websocket.Conn
	// out is the version the client's move on the open connection was
	// sent at while no answer to it (a later state, or an error) has
	// come; -1 when none is.
	out int
}

func (p *person) client(query string, seed uint64, moving func() bool) *client {
	return &client{p: p, query: query, rng: rand.New(rand.NewPCG(seed, 7)), moving: moving, out: -1}
}

// run plays until the game is over or ctx ends.
func (cl *client) run(ctx context.Context) {
	for try := 0; ctx.Err() == nil && !cl.isOver(); try++ {
		n := cl.p.c.node(cl.p.home + try)
		cl.session(ctx, n)
		if cl.isOver() {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (cl *client) isOver() bool {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.over
}

// session is one connection to node n.
func (cl *client) session(ctx context.Context, n *node) {
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	c, _, err := websocket.Dial(dctx, strings.Replace(n.url, "http", "ws", 1)+"/ws?"+cl.query+"&patch=1", &websocket.DialOptions{HTTPClient: cl.p.http})
	cancel()
	if err != nil {
		return
	}
	c.SetReadLimit(1 << 22)
	cl.mu.Lock()
	cl.conns++
	cl.conn = c
	cl.mu.Unlock()
	defer func() {
		c.CloseNow()
		cl.mu.Lock()
		cl.conn, cl.out = nil, -1
		cl.mu.Unlock()
	}()
	var chain patchChain // this connection's states, which patches follow on from
	for {
		_, raw, err := c.Read(ctx)
		if err != nil {
			return
		}
		var f frame
		if err := json.Unmarshal(raw, &f); err != nil {
			cl.p.c.t.Errorf("a frame that is not an envelope: %s", raw)
			return
		}
		patched := f.T == "patch"
		if err := chain.take(&f); err != nil {
			cl.p.c.t.Errorf("node %s: %v", n.name, err)
			return
		}
		switch f.T {
		case "error":
			cl.mu.Lock()
			cl.errors = append(cl.errors, string(f.D))
			cl.out = -1
			cl.mu.Unlock()
		case "state":
			var st state
			if err := json.Unmarshal(f.D, &st); err != nil {
				cl.p.c.t.Errorf("a state that does not decode: %s", f.D)
				return
			}
			// The state and the move it is answered with are taken
			// together, so that nobody sees the one without the other.
			var move json.RawMessage
			cl.mu.Lock()
			cl.frames = append(cl.frames, seen{node: n.name, v: f.V, st: st, patched: patched})
			cl.over = st.Result.Over
			if f.V > cl.out {
				cl.out = -1
			}
			if !st.Result.Over && len(st.Legal) > 0 && cl.moving() {
				move = st.Legal[cl.rng.IntN(len(st.Legal))]
				cl.out = f.V
			}
			cl.mu.Unlock()
			if st.Result.Over {
				return
			}
			if move != nil {
				msg := fmt.Sprintf(`{"t":"move","v":%d,"d":%s}`, f.V, move)
				if c.Write(ctx, websocket.MessageText, []byte(msg)) != nil {
					return
				}
			}
		}
	}
}

// latest is the version of the last state the client received.
func (cl *client) latest() int {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if len(cl.frames) == 0 {
		return -1
	}
	return cl.frames[len(cl.frames)-1].v
}

// moveNow sends one of the moves of the last state over the open
// connection.
func (cl *client) moveNow(ctx context.Context) error {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	last := cl.frames[len(cl.frames)-1]
	if cl.conn == nil || len(last.st.Legal) == 0 {
		return fmt.Errorf("no connection or no move to make")
	}
	msg := fmt.Sprintf(`{"t":"move","v":%d,"d":%s}`, last.v, last.st.Legal[cl.rng.IntN(len(last.st.Legal))])
	cl.out = last.v
	return cl.conn.Write(ctx, websocket.MessageText, []byte(msg))
}

// awaiting reports whether the client has a move out on its open
// connection that no state or error has answered yet.
func (cl *client) awaiting() bool {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.out >= 0
}

// connected reports whether the client has a connection open.
func (cl *client) connected() bool {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.conn != nil
}

// last is the last state the client received.
func (cl *client) last() seen {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.frames[len(cl.frames)-1]
}

func (cl *client) seen() []seen {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return append([]seen(nil), cl.frames...)
}
