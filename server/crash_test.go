package server_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"harbor/table"
)

// process is a `harbor serve` subprocess.
type process struct {
	cmd *exec.Cmd
	url string
}

// buildHarbor builds the harbor command into dir.
func buildHarbor(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "harbor")
	out, err := exec.Command("go", "build", "-o", bin, "harbor/cmd/harbor").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var listening = regexp.MustCompile(`msg=listening addr=(\S+)`)

// startHarbor runs `harbor serve` on a free loopback port over db, with the
// test game Pile registered (HARBOR_TEST_GAMES=1), no bot pause and no
// practical message rate limit, since these clients move at machine speed.
func startHarbor(t *testing.T, bin, db string) *process {
	t.Helper()
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-data", db, "-bot-delay", "0s", "-msg-rate", "100000")
	cmd.Env = append(os.Environ(), "HARBOR_TEST_GAMES=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
			if testing.Verbose() {
				fmt.Fprintln(os.Stderr, "harbor:", sc.Text())
			}
		}
	}()
	select {
	case a := <-addr:
		return &process{cmd: cmd, url: "http://" + a}
	case <-time.After(20 * time.Second):
		t.Fatal("harbor serve did not start listening")
		return nil
	}
}

// keepPlaying plays for s until its connection ends, recording in acked
// the highest version it was told about: every move below it is
// acknowledged, so it must survive a crash.
func keepPlaying(s *seated, acked *atomic.Int64) {
	for f := range s.ws.frames {
		if f.State == nil {
			continue
		}
		for v := acked.Load(); int64(f.V) > v && !acked.CompareAndSwap(v, int64(f.V)); v = acked.Load() {
		}
		if len(f.State.Legal) > 0 && !f.State.Result.Over {
			s.ws.sendRaw(fmt.Sprintf(`{"t":"move","v":%d,"d":%s}`, f.V, f.State.Legal[0]))
		}
	}
}

func TestCrashLosesNoAcknowledgedMove(t *testing.T) {
	dir := t.TempDir()
	bin, db := buildHarbor(t, dir), filepath.Join(dir, "harbor.db")
	proc := startHarbor(t, bin, db)
	e := &env{t: t, url: proc.url}

	type game struct {
		id     string
		people []*seated
		acked  atomic.Int64
	}
	games := make([]*game, 6)
	var wg sync.WaitGroup
	for i := range games {
		g := &game{}
		games[i] = g
		host, friend := e.person("Ana"), e.person("Bo")
		l := host.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 1000}})
		friend.must("POST", "/api/join", map[string]any{"invite": l.Invite, "name": "Bo"})
		friend.must("POST", "/api/tables/"+l.ID+"/ready", map[string]any{"ready": true})
		host.must("POST", "/api/tables/"+l.ID+"/start", nil)
		g.id = l.ID
		g.people = []*seated{{p: host, seat: 0}, {p: friend, seat: 1}}
		for _, s := range g.people {
			s.ws = s.p.mustDial("table=" + l.ID)
		}
	}
	for _, g := range games {
		for _, s := range g.people {
			wg.Add(1)
			go func() { defer wg.Done(); keepPlaying(s, &g.acked) }()
		}
	}
	total := func() (n int64) {
		for _, g := range games {
			n += g.acked.Load()
		}
		return n
	}
	for deadline := time.Now().Add(20 * time.Second); total() < 300 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if err := proc.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	proc.cmd.Wait()
	wg.Wait() // every connection has ended; acked is final
	if total() < 300 {
		t.Fatalf("only %d moves were acknowledged before the kill", total())
	}

	proc = startHarbor(t, bin, db)
	e.url = proc.url
	for _, g := range games {
		var l table.LobbyView
		if err := g.people[0].p.call("GET", "/api/tables/"+g.id, nil, &l); err != nil {
			t.Fatal(err)
		}
		if int64(l.Version) < g.acked.Load() || l.Status != table.Playing {
			t.Fatalf("table %s came back at version %d (%s); %d moves were acknowledged", g.id, l.Version, l.Status, g.acked.Load())
		}
		for _, s := range g.people {
			s.ws = s.p.mustDial("table=" + g.id)
			f := s.ws.next("state")
			if f.V < l.Version {
				t.Fatalf("reconnected at version %d, table at %d", f.V, l.Version)
			}
			if len(f.State.Legal) > 0 {
				s.ws.sendRaw(fmt.Sprintf(`{"t":"move","v":%d,"d":%s}`, f.V, f.State.Legal[0]))
			}
		}
	}
	t.Logf("%d moves acknowledged before SIGKILL", total())
	// Everyone carries on to the end.
	errs := make(chan error, 2*len(games))
	for _, g := range games {
		for _, s := range g.people {
			go func() { errs <- drive(s) }()
		}
	}
	for range 2 * len(games) {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if err := proc.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := proc.cmd.Wait(); err != nil {
		t.Fatalf("harbor serve did not shut down cleanly on SIGTERM: %v", err)
	}
}
