package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"harbor/cluster/faultnet"
	"harbor/game"
	"harbor/table"
)

// The partition tests put a fault proxy (package faultnet) between each
// node and PostgreSQL and between each node and NATS (the nodes talk to
// each other only over NATS), play Pile at many tables, cut or slow some
// links mid-game, heal them, and check the clients' history against the
// stored logs (checkHistory). The short version plays 8 tables; `make
// test-partitions` (HARBOR_PARTITIONS_FULL=1) plays 50.

// netCluster is a cluster whose nodes reach PostgreSQL and NATS through
// proxies, one of each per node.
type netCluster struct {
	*cluster
	mu   sync.Mutex
	pg   map[string]*faultnet.Proxy
	nats map[string]*faultnet.Proxy
}

func newNetCluster(t *testing.T, size int, s setup) *netCluster {
	t.Helper()
	nc := &netCluster{pg: map[string]*faultnet.Proxy{}, nats: map[string]*faultnet.Proxy{}}
	proxy := func(target string) *faultnet.Proxy {
		p, err := faultnet.Listen(target)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		return p
	}
	nc.cluster = newWiredCluster(t, size, s.bus, func(name, dsn, bus string) (string, string, []string) {
		d, err := url.Parse(dsn)
		if err != nil {
			t.Fatal(err)
		}
		b, err := url.Parse(bus)
		if err != nil {
			t.Fatal(err)
		}
		pg, nats := proxy(d.Host), proxy(b.Host)
		nc.mu.Lock()
		nc.pg[name], nc.nats[name] = pg, nats
		nc.mu.Unlock()
		d.Host, b.Host = pg.Addr(), nats.Addr()
		var env []string
		if skew := s.skew[name]; skew != 0 {
			env = append(env, "HARBOR_TEST_CLOCK_SKEW="+skew.String())
		}
		return d.String(), b.String(), env
	}, s.args...)
	return nc
}

// every returns every proxy of both kinds, in one order: by kind, then
// by node.
func (nc *netCluster) every() []*faultnet.Proxy {
	nc.mu.Lock()
	defer nc.mu.Unlock()
	var all []*faultnet.Proxy
	for _, kind := range []map[string]*faultnet.Proxy{nc.pg, nc.nats} {
		for _, name := range slices.Sorted(maps.Keys(kind)) {
			all = append(all, kind[name])
		}
	}
	return all
}

// heal heals every proxy.
func (nc *netCluster) heal() {
	for _, p := range nc.every() {
		p.Heal()
	}
}

// load is the tables of a run and their players.
type load struct {
	c       *cluster
	h       *history
	tables  []string
	players []*player
	acks    []atomic.Int64 // per table: when its last move was acknowledged (Unix ns)
}

// player is one seat's client at one table: it reconnects to the next node
// whenever its connection ends or stalls, and makes a move (Pile's "take")
// whenever the game waits on its seat, one at a time, recording each in
// the history.
type player struct {
	l     *load
	p     *person
	table int
	seat  int
	id    int
	think time.Duration
	sends int
	over  atomic.Bool
	stall time.Duration
}

// partitionScale is how many tables a run plays: 8, or 50 with
// HARBOR_PARTITIONS_FULL set.
func partitionScale() int {
	if os.Getenv("HARBOR_PARTITIONS_FULL") != "" {
		return 50
	}
	return 8
}

// startLoad opens n Pile tables of four people (each table made through a
// different node, so the tables' owners are spread) and starts their
// players.
func startLoad(c *cluster, n int) *load {
	c.t.Helper()
	l := &load{c: c, h: &history{}, acks: make([]atomic.Int64, n)}
	for i := range n {
		ps := make([]*person, 4)
		for j := range ps {
			ps[j] = c.person(fmt.Sprintf("P%d", j), i+j)
		}
		lb := ps[0].call("POST", "/api/tables", map[string]any{"game": "pile", "name": ps[0].name, "options": rawJSON(`{"size":1000}`)})
		for _, p := range ps[1:] {
			p.call("POST", "/api/join", map[string]any{"invite": lb.Invite, "name": p.name})
			p.call("POST", "/api/tables/"+lb.ID+"/ready", map[string]any{"ready": true})
		}
		ps[0].call("POST", "/api/tables/"+lb.ID+"/start", nil)
		l.tables = append(l.tables, lb.ID)
		for j, p := range ps {
			l.players = append(l.players, &player{l: l, p: p, table: i, seat: j, id: len(l.players), think: 20 * time.Millisecond, stall: 4 * time.Second})
		}
	}
	return l
}

// run plays every player until ctx ends; it returns when all have
// stopped.
func (l *load) run(ctx context.Context) *sync.WaitGroup {
	var wg sync.WaitGroup
	for _, pl := range l.players {
		wg.Add(1)
		go func() { defer wg.Done(); pl.run(ctx) }()
	}
	return &wg
}

// acked is when table i last had a move acknowledged.
func (l *load) acked(i int) time.Time { return time.Unix(0, l.acks[i].Load()) }

// playing reports whether every table not over has had a move
// acknowledged since t.
func (l *load) playing(since time.Time) bool {
	for i := range l.tables {
		if !l.over(i) && !l.acked(i).After(since) {
			return false
		}
	}
	return true
}

func (l *load) over(i int) bool {
	for _, pl := range l.players[4*i : 4*i+4] {
		if pl.over.Load() {
			return true
		}
	}
	return false
}

// logs reads every table's stored log, through the test's own store
// (never through a proxy).
func (l *load) logs() map[string][]table.Move {
	l.c.t.Helper()
	out := map[string][]table.Move{}
	for _, id := range l.tables {
		moves, err := l.c.store.Moves(context.Background(), id, 0)
		if err != nil {
			l.c.t.Fatal(err)
		}
		out[id] = moves
	}
	return out
}

// views replays each table's stored log once and returns every seat's
// view at every version.
func (l *load) views(logs map[string][]table.Move) logViews {
	t := l.c.t
	t.Helper()
	all := map[string][][]json.RawMessage{} // by table, version, seat
	for _, id := range l.tables {
		tb, err := l.c.store.Table(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		def, err := game.Lookup(tb.Game)
		if err != nil {
			t.Fatal(err)
		}
		var setup game.Log
		g, err := def.NewLogged(tb.Config(), &setup)
		if err != nil {
			t.Fatal(err)
		}
		for v := 0; ; v++ {
			var seats []json.RawMessage
			for seat := range 4 {
				raw, err := json.Marshal(g.View(game.Seat(seat)))
				if err != nil {
					t.Fatal(err)
				}
				seats = append(seats, raw)
			}
			all[id] = append(all[id], seats)
			if v == len(logs[id]) {
				break
			}
			m := logs[id][v]
			if err := g.Apply(m.Seat, m.Move, &game.Log{}); err != nil {
				t.Fatalf("table %s: stored move %d does not replay: %v", id, v, err)
			}
		}
	}
	return func(id string, v, seat int) (json.RawMessage, bool) {
		if v >= len(all[id]) || seat >= 4 {
			return nil, false
		}
		return all[id][v][seat], true
	}
}

func (pl *player) run(ctx context.Context) {
	for try := 0; ctx.Err() == nil && !pl.over.Load(); try++ {
		pl.session(ctx, pl.l.c.node(pl.p.home+try))
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// session is one connection to node n. A read that waits longer than
// pl.stall while a move is out ends the connection, as a browser gives up
// on a silent server.
func (pl *player) session(ctx context.Context, n *node) {
	id := pl.l.tables[pl.table]
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	c, _, err := websocket.Dial(dctx, strings.Replace(n.url, "http", "ws", 1)+"/ws?table="+id+"&patch=1", &websocket.DialOptions{HTTPClient: pl.p.http})
	cancel()
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	record := func(o op) {
		o.Table, o.Client, o.Seat, o.Node = id, pl.id, pl.seat, n.name
		pl.l.h.add(o)
	}
	var (
		chain patchChain
		out   *op // the move sent and not yet answered
		last  struct {
			v     int
			legal []json.RawMessage
		}
	)
	last.v = -1
	defer func() {
		if out != nil {
			record(op{Kind: opLost, Send: out.Send, V: out.V})
		}
	}()
	move := func() bool {
		if out != nil || len(last.legal) == 0 || ctx.Err() != nil {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(pl.think):
		}
		pl.sends++
		m := last.legal[pl.sends%len(last.legal)]
		out = &op{Kind: opSent, Send: pl.sends, V: last.v, Move: m}
		record(*out)
		return c.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"t":"move","v":%d,"d":%s}`, last.v, m)) == nil
	}
	for {
		rctx, cancel := context.WithTimeout(ctx, pl.stall)
		_, raw, err := c.Read(rctx)
		stalled := rctx.Err() != nil && ctx.Err() == nil
		cancel()
		if err != nil {
			if out != nil && stalled { // the client gave up on the node
				record(op{Kind: opLost, Send: out.Send, V: out.V, Code: "stalled"})
				out = nil
			}
			return
		}
		var f frame
		if err := json.Unmarshal(raw, &f); err != nil {
			pl.l.c.t.Errorf("a frame that is not an envelope: %s", raw)
			return
		}
		if err := chain.take(&f); err != nil {
			pl.l.c.t.Errorf("node %s: %v", n.name, err)
			return
		}
		switch f.T {
		case "error":
			var e struct {
				Code string `json:"code"`
			}
			json.Unmarshal(f.D, &e)
			if out != nil {
				kind := opRefused
				if e.Code == "outcome_unknown" {
					kind = opLost // the node cannot tell whether it is stored
				}
				record(op{Kind: kind, Send: out.Send, V: out.V, Code: e.Code})
				out = nil
				// A refused move changed nothing: the seat tries again
				// from the state it holds (a stale one gets a fresh state).
				if e.Code != "stale_version" && !move() {
					return
				}
			}
		case "state":
			var st state
			if err := json.Unmarshal(f.D, &st); err != nil {
				pl.l.c.t.Errorf("a state that does not decode: %s", f.D)
				return
			}
			record(op{Kind: opState, V: f.V, View: st.View})
			if out != nil && f.V > out.V {
				if f.V == out.V+1 {
					record(op{Kind: opAcked, Send: out.Send, V: f.V})
					pl.l.acks[pl.table].Store(time.Now().UnixNano())
				} else {
					record(op{Kind: opLost, Send: out.Send, V: out.V, Code: "skipped"})
				}
				out = nil
			}
			last.v, last.legal = f.V, st.Legal
			if st.Result.Over {
				pl.over.Store(true)
				return
			}
			if !move() {
				return
			}
		}
	}
}

// fault is one scenario's fault: it breaks something and returns the heal.
type fault func(t *testing.T, nc *netCluster, victim string) (heal func())

// partition plays a load, lets it settle, applies the fault to the node
// running the most tables, heals it, and checks: the history against the
// stored logs, and how long after the heal every table played again.
func partition(t *testing.T, name string, f fault) {
	partitionIn(t, name, setup{}, f)
}

// setup is what a scenario changes in the cluster and the load.
type setup struct {
	bus    string        // the NATS server's URL; "": the shared one
	args   []string      // extra flags for every node
	fewest bool          // the victim is the node running the fewest tables
	stall  time.Duration // how long a player waits on an answer; 0: 4 s
	// skew is how far each node's clock is off, by the node's name.
	skew map[string]time.Duration
	// check, when set, looks at the history for what the scenario
	// shows beyond the checks every scenario passes.
	check func(t *testing.T, ops []op, victim string)
}

// partitionIn is partition in the setup s.
func partitionIn(t *testing.T, name string, s setup, f fault) {
	if s.bus == "" {
		s.bus = natsURL()
	}
	nc := newNetCluster(t, 3, s)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	l := startLoad(nc.cluster, partitionScale())
	if s.stall > 0 {
		for _, pl := range l.players {
			pl.stall = s.stall
		}
	}
	wg := l.run(ctx)
	start := time.Now()
	waitFor(t, time.Minute, "every table plays", func() bool { return l.playing(start.Add(time.Second)) })
	// The victim: the node running the most tables (or the fewest).
	count := map[string]int{}
	for _, id := range l.tables {
		if o := nc.owner(id); o != nil {
			count[o.name]++
		}
	}
	if len(count) == 0 {
		t.Fatal("no node runs a table")
	}
	victim := nc.node(0).name
	for i := 1; i < 3; i++ {
		if n := nc.node(i).name; s.fewest && count[n] < count[victim] || !s.fewest && count[n] > count[victim] {
			victim = n
		}
	}
	owners := map[string]string{}
	for _, id := range l.tables {
		if o := nc.owner(id); o != nil {
			owners[id] = o.name
		}
	}
	before := l.h.count(opAcked)
	broken := time.Now()
	heal := f(t, nc, victim)
	healed := time.Now()
	heal()
	during := l.h.count(opAcked) - before
	// Every table plays again, or the run ends and its history is checked
	// and kept all the same (a stuck table is a finding worth reading).
	recovered := until(time.Minute, func() bool { return l.playing(healed) })
	recovery := time.Since(healed)
	var stuck []string
	if recovered {
		// A little more play on the healed cluster, then stop and check.
		again := time.Now()
		recovered = until(time.Minute, func() bool { return l.playing(again.Add(500 * time.Millisecond)) })
	}
	for i, id := range l.tables {
		if !l.over(i) && !l.acked(i).After(healed) {
			stuck = append(stuck, fmt.Sprintf("table %s: no move acknowledged in the %s after the heal (the last at %s)", id, time.Since(healed).Round(time.Second), l.acked(i).Format(time.RFC3339Nano)))
		}
	}
	moved := 0
	for _, id := range l.tables {
		if o := nc.owner(id); o != nil && o.name != owners[id] {
			moved++
		}
	}
	cancel()
	wg.Wait()
	logs := l.logs()
	views := l.views(logs)
	ops := l.h.all()
	problems, acked, lost, twice := checkHistory(ops, logs, views)
	if s.check != nil {
		s.check(t, ops, victim)
	}
	again := fmt.Sprintf("every table played again %.1f s after the heal; the longest pause of a table was %.1f s", recovery.Seconds(), longestPause(ops, broken).Seconds())
	if !recovered {
		again = fmt.Sprintf("%d tables never played again", len(stuck))
	}
	summary := fmt.Sprintf("%s: %d tables, %d moves acknowledged (%d during the fault), %d lost, %d applied twice, %d refused, %d without an answer; %s (victim %s, owning %d tables; %d tables changed owner)",
		name, len(l.tables), acked, during, lost, twice, l.h.count(opRefused), l.h.count(opLost), again, victim, count[victim], moved)
	t.Log(summary)
	if path := os.Getenv("HARBOR_PARTITIONS_SUMMARY"); path != "" {
		if f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintln(f, summary)
			f.Close()
		}
	}
	if problems = append(stuck, problems...); len(problems) > 0 {
		path, err := writeHistory(name, problems, ops, logs)
		if err != nil {
			t.Errorf("writing the history: %v", err)
		}
		t.Fatalf("%d problems (the history is in %s):\n%s", len(problems), path, strings.Join(problems[:min(len(problems), 10)], "\n"))
	}
	if acked == 0 {
		t.Fatal("no move was acknowledged")
	}
}

// longestPause is the longest time any table went without an
// acknowledged move, among the pauses that ended after since.
func longestPause(ops []op, since time.Time) time.Duration {
	last := map[string]time.Time{}
	var longest time.Duration
	for _, o := range ops { // in the order recorded, so in time order per table
		if o.Kind != opAcked {
			continue
		}
		if prev, ok := last[o.Table]; ok && o.At.After(since) {
			longest = max(longest, o.At.Sub(prev))
		}
		last[o.Table] = o.At
	}
	return longest
}

// until polls cond until it holds (true) or limit passes (false).
func until(limit time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(limit); !cond(); {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

// faultTime is how long a fault lasts: long enough for the victim's
// leases to expire and another node to take its tables.
const faultTime = 3 * leaseTTL

// TestPartitionOwnerFromPostgres cuts the node running the most tables
// from PostgreSQL, both ways, while its clients still reach it and it
// still reaches NATS.
func TestPartitionOwnerFromPostgres(t *testing.T) {
	partition(t, "owner-postgres-cut", func(t *testing.T, nc *netCluster, victim string) func() {
		p := nc.pg[victim]
		p.Cut()
		time.Sleep(faultTime) // the fault lasts this long: no event to wait for
		return p.Heal
	})
}

// TestPartitionOwnerUnheardByPostgres cuts one way of the link between
// the node running the most tables and PostgreSQL: the node's statements
// arrive and run, their answers wait until the heal.
func TestPartitionOwnerUnheardByPostgres(t *testing.T) {
	partition(t, "owner-postgres-answers-held", func(t *testing.T, nc *netCluster, victim string) func() {
		p := nc.pg[victim]
		p.CutDown()
		time.Sleep(faultTime)
		return p.Heal
	})
}

// TestPartitionOwnerFromNATS cuts the node running the most tables from
// NATS only.
func TestPartitionOwnerFromNATS(t *testing.T) {
	partition(t, "owner-nats-cut", func(t *testing.T, nc *netCluster, victim string) func() {
		p := nc.nats[victim]
		p.Cut()
		time.Sleep(faultTime)
		return p.Heal
	})
}

// TestPartitionOwnerDeafToNATS cuts one way of the link between NATS
// and the node running the most tables: what the node publishes reaches
// the bus, and nothing from the bus reaches the node.
func TestPartitionOwnerDeafToNATS(t *testing.T) {
	partition(t, "owner-nats-one-way", func(t *testing.T, nc *netCluster, victim string) func() {
		p := nc.nats[victim]
		p.CutDown()
		time.Sleep(faultTime)
		return p.Heal
	})
}

// TestPartitionSlowLinks slows every link, to PostgreSQL and to NATS, by
// 100 to 300 ms.
func TestPartitionSlowLinks(t *testing.T) {
	partition(t, "all-links-slow", func(t *testing.T, nc *netCluster, victim string) func() {
		for _, p := range nc.every() {
			p.Slow(100*time.Millisecond, 200*time.Millisecond)
		}
		time.Sleep(faultTime)
		return nc.heal
	})
}

// TestPartitionPostgresDropped drops every node's PostgreSQL connections
// mid-game, three times a second apart, as a restarted database does.
//
// A connection lost while a move's transaction commits leaves the outcome
// unknown to the node, while PostgreSQL may have committed it: the node
// reads the log back, and acknowledges the move it finds there, or answers
// outcome_unknown and loads the table again from the store. Before it did,
// it answered "internal", kept the move out of its game and, a move behind
// its log, refused every later move of the table.
func TestPartitionPostgresDropped(t *testing.T) {
	partition(t, "postgres-connections-dropped", func(t *testing.T, nc *netCluster, victim string) func() {
		for range 3 {
			nc.mu.Lock()
			for _, p := range nc.pg {
				p.Drop()
			}
			nc.mu.Unlock()
			time.Sleep(time.Second)
		}
		return func() {}
	})
}
