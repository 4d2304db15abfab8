package cluster_test

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The partition scenarios beyond a cut of the busiest node's links: a
// node cut from the others, lossy and slowed links, a silent PostgreSQL
// under a short store timeout, and NATS restarted.

// TestPartitionNodeFromOthers cuts the node running the fewest tables
// from NATS, the only way the nodes reach one another, while it still
// reaches PostgreSQL. Every table has players connected to it and to the
// others: those on the cut node cannot reach the tables run elsewhere,
// nor the others its tables, until they connect to another node.
func TestPartitionNodeFromOthers(t *testing.T) {
	partitionIn(t, "node-cut-from-others", setup{fewest: true}, func(t *testing.T, nc *netCluster, victim string) func() {
		p := nc.nats[victim]
		p.Cut()
		time.Sleep(faultTime)
		return p.Heal
	})
}

// lossTime is how long the lossy links last: faultTime, or a minute in
// the full run.
func lossTime() time.Duration {
	if partitionScale() > 8 {
		return time.Minute
	}
	return faultTime
}

// TestPartitionLossyLinks makes every link, to PostgreSQL and to NATS,
// lose 5% of its chunks (each sent again after a retransmission timer,
// as TCP does), each link with a seed of its own.
func TestPartitionLossyLinks(t *testing.T) {
	var lost int
	partitionIn(t, "all-links-lossy", setup{check: func(t *testing.T, _ []op, _ string) {
		if lost == 0 {
			t.Error("the lossy links lost nothing")
		}
		t.Logf("%d chunks lost and sent again", lost)
	}}, func(t *testing.T, nc *netCluster, victim string) func() {
		all := nc.every()
		for i, p := range all {
			p.Lose(0.05, uint64(i+1))
		}
		time.Sleep(lossTime())
		return func() {
			for _, p := range all {
				lost += p.Lost()
			}
			nc.heal()
		}
	})
}

// TestPartitionOwnerSlowLinks slows both links of the node running the
// most tables, to PostgreSQL and to NATS, by 300 to 600 ms each way.
func TestPartitionOwnerSlowLinks(t *testing.T) {
	partition(t, "owner-links-slow", func(t *testing.T, nc *netCluster, victim string) func() {
		for _, p := range []interface {
			Slow(time.Duration, time.Duration)
		}{nc.pg[victim], nc.nats[victim]} {
			p.Slow(300*time.Millisecond, 300*time.Millisecond)
		}
		time.Sleep(faultTime)
		return func() {
			nc.pg[victim].Heal()
			nc.nats[victim].Heal()
		}
	})
}

// TestPartitionOwnerFromPostgresAnswered cuts the node running the most
// tables from PostgreSQL both ways for 26 s, its nodes started with a
// store timeout of 500 ms: every move it was saving is answered within
// the timeout's bound (outcome_unknown, or its connection ended as the
// table is put away), never acknowledged on its word, and the history
// checks. The players give up on an answer after 20 s, several times
// that bound (the commit, three reads of the log, a connection each,
// and the waits for one of the pool's connections among the tables put
// away at once) and less than the cut, so a move waiting on the silent
// link until the heal, as every one did before the store had a timeout,
// fails the test.
func TestPartitionOwnerFromPostgresAnswered(t *testing.T) {
	const stall = 20 * time.Second
	partitionIn(t, "owner-postgres-cut-answered", setup{
		args:  []string{"-store-timeout", "500ms"},
		stall: stall,
		check: func(t *testing.T, ops []op, victim string) {
			codes := map[string]int{}
			sent := map[[2]int]time.Time{} // by client and send
			var longest time.Duration      // from a move sent to its answer
			for _, o := range ops {
				codes[o.Code]++
				switch key := [2]int{o.Client, o.Send}; o.Kind {
				case opSent:
					sent[key] = o.At
				case opAcked, opRefused, opLost:
					longest = max(longest, o.At.Sub(sent[key]))
				}
			}
			if n := codes["stalled"]; n > 0 {
				t.Errorf("%d moves waited %s on the cut %s without an answer", n, stall, victim)
			}
			t.Logf("%d moves answered outcome_unknown; the longest wait for an answer was %.1f s", codes["outcome_unknown"], longest.Seconds())
		},
	}, func(t *testing.T, nc *netCluster, victim string) func() {
		p := nc.pg[victim]
		p.Cut()
		time.Sleep(stall + faultTime)
		// What the cut held is dropped with its connections, as a
		// partition long enough for both ends to give up would.
		p.Drop()
		return p.Heal
	})
}

// TestPartitionNATSRestarted restarts the cluster's NATS server mid-game:
// a second nats-server of the test's own, on a free port with its own
// store folder, so the shared one other tests use is left alone.
func TestPartitionNATSRestarted(t *testing.T) {
	bus := startNATS(t)
	partitionIn(t, "nats-restarted", setup{bus: bus.url}, func(t *testing.T, nc *netCluster, victim string) func() {
		bus.stop()
		time.Sleep(time.Second)
		bus.start(t)
		return func() {}
	})
}

// natsServer is a nats-server process of a test's own.
type natsServer struct {
	port int
	dir  string
	url  string
	cmd  *exec.Cmd
}

// natsServerBinary is Debian's nats-server, or the one named by
// HARBOR_TEST_NATS_SERVER.
func natsServerBinary() string {
	if v := os.Getenv("HARBOR_TEST_NATS_SERVER"); v != "" {
		return v
	}
	if p, err := exec.LookPath("nats-server"); err == nil {
		return p
	}
	return "/usr/sbin/nats-server"
}

func startNATS(t *testing.T) *natsServer {
	t.Helper()
	s := &natsServer{port: natsPort(t), dir: t.TempDir()}
	s.url = fmt.Sprintf("nats://127.0.0.1:%d", s.port)
	s.start(t)
	t.Cleanup(s.stop)
	return s
}

// natsPort returns a free loopback port for a nats-server of a test's
// own, below the kernel's range of ephemeral ports. The server binds it
// only after the test has let it go, and again when restarted; a port of
// that range could be handed in between to any socket bound to port 0 or
// connecting out (other tests' servers and clients), and the nodes would
// then reach something else, or the server not start.
func natsPort(t *testing.T) int {
	t.Helper()
	low := 32768 // Linux's default start of the range
	if raw, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(raw)); len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil {
				low = n
			}
		}
	}
	if low < 2048 {
		t.Fatalf("the ephemeral ports start at %d: no room below them for a port of the test's own", low)
	}
	for range 100 {
		port := low/2 + rand.IntN(low/2)
		if ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			ln.Close()
			return port
		}
	}
	t.Fatalf("no free port between %d and %d", low/2, low)
	return 0
}

// start runs the server and waits until it takes connections.
func (s *natsServer) start(t *testing.T) {
	t.Helper()
	s.cmd = exec.Command(natsServerBinary(), "-a", "127.0.0.1", "-p", strconv.Itoa(s.port), "-js", "-sd", s.dir)
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("nats-server (%s; set HARBOR_TEST_NATS_SERVER): %v", natsServerBinary(), err)
	}
	waitFor(t, 30*time.Second, "nats-server takes connections", func() bool {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", s.port))
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}

// stop ends the server as a restart does (SIGTERM) and waits for it.
func (s *natsServer) stop() {
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	s.cmd.Wait()
	s.cmd = nil
}

// TestPartitionClockSkew runs one node's clock an hour ahead and another's
// an hour behind, then cuts the node running the most tables from
// PostgreSQL, so tables move between nodes whose clocks disagree. Leases
// and their fencing are judged by PostgreSQL's clock alone (now() in
// every lease statement), so the skew changes none of them.
func TestPartitionClockSkew(t *testing.T) {
	skew := map[string]time.Duration{"n2": time.Hour, "n3": -time.Hour}
	partitionIn(t, "clock-skew", setup{skew: skew}, func(t *testing.T, nc *netCluster, victim string) func() {
		for name := range skew {
			if !nc.byName(name).logged("clock is off") {
				t.Fatalf("node %s does not run its clock off", name)
			}
		}
		p := nc.pg[victim]
		p.Cut()
		time.Sleep(faultTime)
		return p.Heal
	})
}
