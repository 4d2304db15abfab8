package cluster_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"harbor/game"
)

// players seats people at a new table of gameID (each using a different
// node first) and computer players in the seats after theirs, and starts
// it.
func players(c *cluster, gameID, options string, people, bots int) (lobby, []*person) {
	c.t.Helper()
	ps := make([]*person, people)
	for i := range ps {
		ps[i] = c.person(fmt.Sprintf("P%d", i), i)
	}
	l := ps[0].call("POST", "/api/tables", map[string]any{"game": gameID, "name": ps[0].name, "options": rawJSON(options)})
	for _, p := range ps[1:] {
		p.call("POST", "/api/join", map[string]any{"invite": l.Invite, "name": p.name})
		p.call("POST", "/api/tables/"+l.ID+"/ready", map[string]any{"ready": true})
	}
	for seat := people; seat < people+bots; seat++ {
		ps[0].call("POST", "/api/tables/"+l.ID+"/bots", map[string]any{"seat": seat})
	}
	ps[0].call("POST", "/api/tables/"+l.ID+"/start", nil)
	return l, ps
}

type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

func always() bool { return true }

// TestEveryGameAcrossNodes: four people, each starting on a different node
// (of three), and a TV play a table of each registered game to its end;
// every frame on every node holds only its viewer's view.
func TestEveryGameAcrossNodes(t *testing.T) {
	c := newCluster(t, 3)
	var games []struct{ id, options string }
	for _, d := range game.All() {
		id := d.Info().ID
		if d.Info().MaxPlayers < 4 {
			t.Fatalf("%s seats at most %d, and this test seats four", id, d.Info().MaxPlayers)
		}
		// Each game's quick options (game.Test.Quick) make a long game short.
		games = append(games, struct{ id, options string }{id, string(game.QuickOptions(d.Info()))})
	}
	if len(games) < 5 {
		t.Fatalf("%d games registered, want the four Harbor games and Pile", len(games))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	tables := make([]string, len(games))
	clients := make([][]*client, len(games))
	for i, g := range games {
		l, ps := players(c, g.id, g.options, 4, 0)
		tables[i] = l.ID
		for j, p := range ps {
			clients[i] = append(clients[i], p.client("table="+l.ID, uint64(10*i+j), always))
		}
		tv := c.person("TV", i+1)
		clients[i] = append(clients[i], tv.client("tv="+l.TV, 0, always))
		for _, cl := range clients[i] {
			wg.Add(1)
			go func() { defer wg.Done(); cl.run(ctx) }()
		}
	}
	wg.Wait()
	for i, g := range games {
		t.Run(g.id, func(t *testing.T) {
			for j, cl := range clients[i] {
				if !cl.isOver() {
					t.Fatalf("client %d never saw the end of the game (last version %d)", j, cl.latest())
				}
			}
			n := checkTable(t, c, tables[i], clients[i])
			nodes := map[string]bool{}
			for _, cl := range clients[i] {
				if cl.latest() != n {
					t.Fatalf("a client ended at version %d; the store has %d moves", cl.latest(), n)
				}
				for _, f := range cl.seen() {
					nodes[f.node] = true
				}
			}
			if len(nodes) != 3 {
				t.Fatalf("frames came from nodes %v, want all three", nodes)
			}
			t.Logf("%s: %d moves, every frame its viewer's own", g.id, n)
		})
	}
}

// kills is how many times TestFailover kills the owner of its table:
// HARBOR_CLUSTER_KILLS, or 3.
func kills(t *testing.T) int {
	if v := os.Getenv("HARBOR_CLUSTER_KILLS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("HARBOR_CLUSTER_KILLS=%q", v)
		}
		return n
	}
	return 3
}

// TestFailover kills the node running a table with SIGKILL, again and
// again, mid-game; each time another node takes the table over (with its
// computer player), clients reconnect to any node and carry on, every move
// a client had seen acknowledged is in the store, and the game reaches its
// end with every client's state matching the stored log.
func TestFailover(t *testing.T) {
	n := kills(t)
	c := newCluster(t, 3)
	// Three people and a computer player; enough rounds for every kill.
	l, ps := players(c, "holdings", fmt.Sprintf(`{"roundLimit":%d}`, 6+2*n), 3, 1)
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(60+20*n)*time.Second)
	defer cancel()
	var clients []*client
	for i, p := range ps {
		clients = append(clients, p.client("table="+l.ID, uint64(i+1), always))
	}
	clients = append(clients, c.person("TV", 2).client("tv="+l.TV, 0, always))
	var wg sync.WaitGroup
	for _, cl := range clients {
		wg.Add(1)
		go func() { defer wg.Done(); cl.run(ctx) }()
	}
	acked := func() int {
		top := 0
		for _, cl := range clients {
			top = max(top, cl.latest())
		}
		return top
	}
	for k := range n {
		before := acked()
		waitFor(t, time.Minute, "the game moves on", func() bool { return acked() >= before+8 || clients[0].isOver() })
		if clients[0].isOver() {
			t.Fatalf("the game ended after %d kills of %d; give it more rounds", k, n)
		}
		owner := c.owner(l.ID)
		if owner == nil {
			t.Fatalf("kill %d: no node runs table %s", k+1, l.ID)
		}
		c.kill(owner)
		seen := acked()
		stored, err := c.store.Moves(context.Background(), l.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(stored) < seen {
			t.Fatalf("kill %d: clients saw version %d acknowledged but the store holds %d moves", k+1, seen, len(stored))
		}
		c.start() // three nodes again
		waitFor(t, 30*time.Second, "another node runs the table", func() bool {
			o := c.owner(l.ID)
			return o != nil && o != owner
		})
		t.Logf("kill %d: %s died at version %d (%d stored); %s runs the table now", k+1, owner.name, seen, len(stored), c.owner(l.ID).name)
	}
	wg.Wait()
	for i, cl := range clients {
		if !cl.isOver() {
			t.Fatalf("client %d never saw the end (last version %d)", i, cl.latest())
		}
	}
	total := checkTable(t, c, l.ID, clients)
	for i, cl := range clients {
		if cl.latest() != total {
			t.Fatalf("client %d ended at version %d; the store has %d moves", i, cl.latest(), total)
		}
	}
	t.Logf("%d kills; the game ended after %d moves; the clients connected %d, %d, %d and %d times", n, total,
		clients[0].conns, clients[1].conns, clients[2].conns, clients[3].conns)
}

// TestFencing pauses the node running a table (SIGSTOP) until another node
// has taken the table over, with a move waiting in the paused node's
// socket that would be legal where the paused node left the game; after
// SIGCONT none of the paused node's writes lands and it gives the table up.
func TestFencing(t *testing.T) {
	c := newCluster(t, 3)
	l, ps := players(c, "pile", `{"size":1000}`, 2, 0)
	owner := c.owner(l.ID)
	if owner == nil {
		t.Fatal("no node runs the new table")
	}
	// Seat 0 connects straight to the owner; seat 1 starts on its own
	// node and moves to the next when one fails.
	var aMoving, bMoving atomic.Bool
	aMoving.Store(true)
	bMoving.Store(true)
	a := ps[0].client("table="+l.ID, 1, aMoving.Load)
	b := ps[1].client("table="+l.ID, 2, bMoving.Load)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.session(ctx, owner) }()
	go func() { defer wg.Done(); b.run(ctx) }()
	waitFor(t, 20*time.Second, "a few moves", func() bool { return a.latest() >= 6 })
	// Stop where the game waits on seat 0: both see the same version and
	// seat 0 has moves. The table has settled once neither seat has a move
	// out that is not answered yet (one could still land in the store) and
	// both hold the same version.
	aMoving.Store(false)
	bMoving.Store(false)
	settled := func() bool { return !a.awaiting() && !b.awaiting() && a.latest() == b.latest() }
	waitFor(t, 20*time.Second, "the table settles", settled)
	if len(a.last().st.Legal) == 0 {
		v := b.latest()
		if err := b.moveNow(ctx); err != nil {
			t.Fatal(err)
		}
		waitFor(t, 20*time.Second, "seat 1 moves", func() bool { return b.latest() > v })
		waitFor(t, 20*time.Second, "the table settles", settled)
	}
	last := a.last()
	if len(last.st.Legal) == 0 {
		t.Fatal("the game does not wait on seat 0")
	}
	v := last.v

	if err := owner.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	// The signal is delivered to each thread when it next runs: on a busy
	// machine the node could still read the move below after kill returns.
	waitFor(t, 10*time.Second, "every thread of the paused node stops", func() bool { return stopped(owner.cmd.Process.Pid) })
	// The move waits in the paused node's socket.
	if err := a.moveNow(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "another node takes the table over", func() bool {
		o := c.owner(l.ID)
		return o != nil && o != owner
	})
	newOwner := c.owner(l.ID)
	if err := owner.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 20*time.Second, "the paused node gives the table up", func() bool {
		return owner.logged("lost the lease", l.ID)
	})
	// The paused node's client was told its move did not land, or lost its
	// connection; either way the store is where the game stood.
	waitFor(t, 20*time.Second, "seat 0 hears its move was refused, or loses its connection to the paused node", func() bool {
		a.mu.Lock()
		refused := len(a.errors) > 0
		a.mu.Unlock()
		return refused || !a.connected()
	})
	moves, err := c.store.Moves(context.Background(), l.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != v {
		t.Fatalf("the store holds %d moves; the game stood at %d when its node was paused", len(moves), v)
	}
	refused := owner.logged("commit move", l.ID, "no longer runs the table")
	t.Logf("paused %s at version %d; %s took over; after SIGCONT the paused node's move was %s", owner.name, v, newOwner.name,
		map[bool]string{true: "refused by the fencing check", false: "never applied (the node gave the table up first)"}[refused])

	// The table carries on on the new owner; seat 0 reconnects anywhere.
	aMoving.Store(true)
	bMoving.Store(true)
	cancel()
	wg.Wait()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel2()
	wg.Add(2)
	go func() { defer wg.Done(); a.run(ctx2) }()
	go func() { defer wg.Done(); b.run(ctx2) }()
	waitFor(t, 30*time.Second, "the game carries on", func() bool { return a.latest() >= v+4 })
	cancel2()
	wg.Wait()
	checkTable(t, c, l.ID, []*client{a, b})
}

// stopped reports whether every thread of process pid is stopped by a
// signal (state T in /proc).
func stopped(pid int) bool {
	stats, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/stat", pid))
	if err != nil || len(stats) == 0 {
		return false
	}
	for _, path := range stats {
		raw, err := os.ReadFile(path)
		if err != nil {
			return false
		}
		// The state follows the command name, which is in parentheses.
		i := strings.LastIndexByte(string(raw), ')')
		if i < 0 || i+2 >= len(raw) || raw[i+2] != 'T' {
			return false
		}
	}
	return true
}
