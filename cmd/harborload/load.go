package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"harbor/table"
)

type config struct {
	Game          string          // the game every table plays
	Options       json.RawMessage // its rules options
	Tables, Seats int
	Duration      time.Duration
	MaxMoves      int
	Idle          int
	Server        string
	InProcess     bool
	Think         time.Duration
	Loops         int // client event loops (threads)
	CPUProfile    string
	MemProfile    string
	HeapProfile   string        // a soak writes the server's heap in use to HeapProfile.<seconds>s at each sample
	Soak          bool          // add the abuse client, memory samples and the kill -9 check (soak.go)
	BotTables     int           // tables of computer players only, each watched by its host
	Sample        time.Duration // how often a soak samples the server's memory
	ServerPids    []int         // the target's processes, whose CPU the report names
	Whole         bool          // the people take every state whole, not patches
	Disk          bool          // time the disk's own fsyncs while playing (a soak always does)
}

// report is what a run measured.
type report struct {
	Game                       string
	Where                      string
	Tables, Seats, Conns, Idle int
	Moves                      int
	Elapsed                    time.Duration
	P50, P99, Max              time.Duration
	// Mean is the mean latency: with every table's next move waiting for
	// the one before, moves/s times Mean is about the tables (Little's law).
	Mean                  time.Duration
	TableBytes, ConnBytes float64 // server memory per live table and per play connection
	IdleBytes             float64 // server memory per idle connection
	IdleError             string  // why fewer idle connections opened than asked
	Errors                int64
	Gaps                  int64 // patches that did not follow on from the state a client held
	FinishedGames         int
	// ServerP50 and ServerP99 are the server's own move latency (receipt to
	// every view queued, commit included): upper bounds of the buckets of
	// its histogram.
	ServerP50, ServerP99 time.Duration
	CommitP50, CommitP99 time.Duration // of which the commit
	// A soak's figures.
	BotTables     int
	BotMoves      int64 // moves of the computer tables
	Memory        []memSample
	Disk          *diskProbe // the disk's own fsync latency while playing (-disk, and a soak)
	Abuse         *abuseReport
	Lost, Checked int   // moves told to clients but not stored after kill -9; tables checked
	Acknowledged  int64 // moves told to clients, over all tables
	KillError     string
	CPU           *cpuReport // what the play phase cost the machine (Linux)
}

func (r report) movesPerSecond() float64 { return float64(r.Moves) / r.Elapsed.Seconds() }

func (r report) print(w io.Writer) {
	store := "every move committed to SQLite (WAL, synchronous=FULL)"
	if strings.HasPrefix(r.Where, "at ") {
		store = "every move committed to the target's store"
	}
	fmt.Fprintf(w, "harborload: %d tables of %s x %d seats (%d WebSocket clients), server %s; %s\n",
		r.Tables, r.Game, r.Seats, r.Conns, r.Where, store)
	fmt.Fprintf(w, "moves:    %d in %.1fs = %.0f moves/s (%d games finished)\n", r.Moves, r.Elapsed.Seconds(), r.movesPerSecond(), r.FinishedGames)
	fmt.Fprintf(w, "latency:  move sent -> every client of its table updated: p50 %v  p99 %v  max %v  mean %v\n",
		r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond), r.Mean.Round(10*time.Microsecond))
	fmt.Fprintf(w, "          inside the server (receipt -> commit -> views queued): p50 <= %v  p99 <= %v; the commit: p50 <= %v  p99 <= %v\n", r.ServerP50, r.ServerP99, r.CommitP50, r.CommitP99)
	fmt.Fprintf(w, "memory:   %.1f KiB per live table, %.1f KiB per play connection", r.TableBytes/1024, r.ConnBytes/1024)
	if r.Idle > 0 {
		fmt.Fprintf(w, ", %.1f KiB per idle connection (%d idle connections open)", r.IdleBytes/1024, r.Idle)
	}
	fmt.Fprintf(w, "\nerrors:   %d error frames, %d patches that did not follow on\n", r.Errors, r.Gaps)
	r.CPU.print(w)
	if r.IdleError != "" {
		fmt.Fprintf(w, "idle:     stopped at %d connections: %s\n", r.Idle, r.IdleError)
	}
	r.printSoak(w)
}

// loadTable is one table under load and its move-to-update clocks.
type loadTable struct {
	id     string
	people []string // player tokens
	mu     sync.Mutex
	sent   [8]pending // moves whose updates are arriving, by version mod 8
	lat    []time.Duration
	over   atomic.Bool
	acked  atomic.Int64 // the highest version a state frame told a client of
	// watchOnly marks a table of computer players only, its one client
	// the host watching.
	watchOnly bool
}

// pending is a move sent at version v, and how many of the table's
// clients have had the state that follows it.
type pending struct {
	v   int
	at  time.Time
	got int
}

type runner struct {
	cfg    config
	url    string   // the first server; metrics are read from every one
	urls   []string // every node of the target
	log    io.Writer
	http   *http.Client
	tables []*loadTable
	stop   atomic.Bool
	moves  atomic.Int64
	errs   atomic.Int64
	gaps   atomic.Int64
	dialer int64
}

func run(cfg config, logw io.Writer) (report, error) {
	rep := report{Game: cfg.Game, Tables: cfg.Tables, Seats: cfg.Seats, Conns: cfg.Tables * cfg.Seats, Idle: cfg.Idle}
	if cfg.Seats < 1 || cfg.Seats > 6 || cfg.Tables < 1 {
		return rep, fmt.Errorf("need at least one table of 1 to 6 seats")
	}
	urls, stop, kill, where, child, err := target(cfg)
	if err != nil {
		return rep, err
	}
	if child != 0 && len(cfg.ServerPids) == 0 {
		// The child server's own CPU, apart from the rest of the machine's.
		cfg.ServerPids = []int{child}
	}
	defer stop()
	if cfg.MemProfile != "" {
		defer writeMemProfile(cfg.MemProfile)
	}
	rep.Where = where
	r := &runner{cfg: cfg, url: urls[0], urls: urls, log: logw}
	// A soak's server keeps its limits per address: each request comes on
	// a new connection, so requests spread over the source addresses.
	r.http = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		DialContext: r.dial, MaxIdleConnsPerHost: 64, DisableKeepAlives: cfg.Soak}}

	base, err := r.memory()
	if err != nil {
		return rep, err
	}
	fmt.Fprintf(logw, "creating %d tables...\n", cfg.Tables)
	if err := r.createTables(); err != nil {
		return rep, err
	}
	if cfg.BotTables > 0 {
		fmt.Fprintf(logw, "creating %d tables of computer players...\n", cfg.BotTables)
		if err := r.createBotTables(cfg.BotTables); err != nil {
			return rep, err
		}
		rep.BotTables = cfg.BotTables
	}
	withTables, err := r.memory()
	if err != nil {
		return rep, err
	}
	rep.TableBytes = float64(withTables-base) / float64(cfg.Tables)

	fmt.Fprintf(logw, "connecting %d clients...\n", rep.Conns)
	ls, err := newLoops(r, cfg.Loops)
	if err != nil {
		return rep, err
	}
	if err := ls.connect(); err != nil {
		ls.close()
		return rep, err
	}
	withConns, err := r.memory()
	if err != nil {
		return rep, err
	}
	rep.ConnBytes = float64(withConns-withTables) / float64(rep.Conns)

	fmt.Fprintf(logw, "playing for %v...\n", cfg.Duration)
	if cfg.CPUProfile != "" {
		f, err := os.Create(cfg.CPUProfile)
		if err != nil {
			return rep, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return rep, err
		}
	}
	cpuParts := newCPUParts(cfg.ServerPids)
	cpu0, cpuOK := takeCPU(cpuParts)
	start := time.Now()
	ls.start()
	stopSoak, soakDone := make(chan struct{}), make(chan struct{})
	if cfg.Soak {
		rep.Abuse = &abuseReport{Tries: map[string]int{}, Refusals: map[string]int{}}
		go func() {
			defer close(soakDone)
			abused := make(chan struct{})
			go func() { defer close(abused); abuse(r, rep.Abuse, stopSoak) }()
			rep.Memory = r.sampleMemory(start, cfg.Sample, stopSoak)
			<-abused
		}()
	} else {
		close(soakDone)
	}
	probed := make(chan struct{})
	if cfg.Soak || cfg.Disk {
		// The disk's own fsync latency beside the data file, which bounds
		// what any commit of a move can take.
		every := 10 * time.Millisecond
		if cfg.Soak {
			every = 100 * time.Millisecond
		}
		go func() {
			defer close(probed)
			d, err := probeDisk(os.TempDir(), every, stopSoak)
			if err != nil {
				fmt.Fprintf(logw, "disk probe: %v\n", err)
			}
			rep.Disk = &d
		}()
	} else {
		close(probed)
	}
	deadline := time.Now().Add(cfg.Duration)
	for time.Now().Before(deadline) && r.moves.Load() < int64(cfg.MaxMoves) && !r.allOver() {
		time.Sleep(20 * time.Millisecond)
	}
	close(stopSoak)
	<-soakDone
	<-probed
	r.stop.Store(true)
	rep.Elapsed = time.Since(start)
	if cpu1, ok := takeCPU(cpuParts); ok && cpuOK {
		rep.CPU = cpu1.since(cpu0, int(r.moves.Load()))
	}
	if cfg.CPUProfile != "" {
		pprof.StopCPUProfile()
	}
	time.Sleep(200 * time.Millisecond) // moves in flight land
	ls.stop()
	var lat []time.Duration
	for _, t := range r.tables {
		lat = append(lat, t.lat...)
		if t.over.Load() {
			rep.FinishedGames++
		}
	}
	slices.Sort(lat)
	rep.Moves = len(lat)
	if n := len(lat); n > 0 {
		rep.P50, rep.P99, rep.Max, rep.Mean = lat[n/2], lat[n*99/100], lat[n-1], mean(lat)
	}
	rep.Errors = r.errs.Load()
	rep.Gaps = r.gaps.Load()
	rep.ServerP50, rep.ServerP99, err = r.serverLatency("harbor_move_latency_seconds")
	if err != nil {
		return rep, err
	}
	rep.CommitP50, rep.CommitP99, err = r.serverLatency("harbor_commit_seconds")
	if err != nil {
		return rep, err
	}
	if cfg.Soak {
		r.killCheck(&rep, kill, logw)
	}

	if cfg.Idle > 0 {
		fmt.Fprintf(logw, "opening %d idle connections...\n", cfg.Idle)
		// The API's keep-alive connections would hold descriptors of the
		// server's that idle connections may need.
		r.http.CloseIdleConnections()
		before, err := r.memory()
		if err != nil {
			return rep, err
		}
		idle, err := r.openIdle(cfg.Idle)
		if err != nil {
			rep.IdleError = err.Error()
			if errors.Is(err, syscall.EMFILE) || strings.Contains(err.Error(), "too many open files") {
				var lim syscall.Rlimit
				if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil {
					rep.IdleError += fmt.Sprintf(" (each process may open %d files here; the server also holds its listener and database files)", lim.Max)
				}
			}
		}
		rep.Idle = len(idle)
		if len(idle) > 0 {
			after, err := r.memory()
			if err != nil {
				return rep, err
			}
			rep.IdleBytes = float64(after-before) / float64(len(idle))
		}
		closeIdle(idle)
	}
	return rep, nil
}

// target starts or checks the servers the run talks to: one, or the nodes
// of a cluster. kill, for a child server only, kills it with SIGKILL and
// returns its data file; child is that server's process id.
func target(cfg config) (urls []string, stop func(), kill func() (string, error), where string, child int, err error) {
	switch {
	case cfg.Server != "":
		for _, s := range strings.Split(cfg.Server, ",") {
			u, err := neturl.Parse(s)
			if err != nil {
				return nil, nil, nil, "", 0, err
			}
			ip := net.ParseIP(u.Hostname())
			if u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
				return nil, nil, nil, "", 0, fmt.Errorf("harborload only targets loopback addresses, not %s", u.Host)
			}
			urls = append(urls, strings.TrimRight(s, "/"))
		}
		return urls, func() {}, nil, "at " + cfg.Server, 0, nil
	case cfg.InProcess:
		dir, err := os.MkdirTemp("", "harborload")
		if err != nil {
			return nil, nil, nil, "", 0, err
		}
		url, stop, err := startServer(dir, cfg.Soak)
		return []string{url}, func() { stop(); os.RemoveAll(dir) }, nil, "in this process (memory includes the clients)", 0, err
	default:
		dir, err := os.MkdirTemp("", "harborload")
		if err != nil {
			return nil, nil, nil, "", 0, err
		}
		url, stop, kill, pid, err := spawnServer(dir, cfg.CPUProfile, cfg.MemProfile, cfg.Soak)
		return []string{url}, func() { stop(); os.RemoveAll(dir) }, kill, "in a child process", pid, err
	}
}

// dial spreads client connections over loopback source addresses, so tens
// of thousands of them do not run out of ports.
func (r *runner) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	n := atomic.AddInt64(&r.dialer, 1)
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(1+n%64))}}
	return d.DialContext(ctx, network, addr)
}

// node returns the i-th node of the target, counting round.
func (r *runner) node(i int) string { return r.urls[i%len(r.urls)] }

// call makes an API request as the person with token.
func (r *runner) call(token, method, path string, body any, out any) error {
	return r.callAt(r.url, token, method, path, body, out)
}

// callAt makes an API request to the server at base.
func (r *runner) callAt(base, token, method, path string, body any, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Cookie", "harbor_player="+token)
	resp, err := r.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s %s", method, path, resp.Status, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// session asks the server for a new person's token (it accepts only
// tokens it issued).
func (r *runner) session() (string, error) {
	req, err := http.NewRequest("POST", r.url+"/api/session", nil)
	if err != nil {
		return "", err
	}
	resp, err := r.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	for _, c := range resp.Cookies() {
		if c.Name == "harbor_player" {
			return c.Value, nil
		}
	}
	return "", fmt.Errorf("POST /api/session: %s without a player cookie", resp.Status)
}

// parallel runs f(0..n-1) on workers goroutines, returning the first error.
func parallel(n, workers int, f func(i int) error) error {
	var next atomic.Int64
	var first error
	var once sync.Once
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				if err := f(i); err != nil {
					once.Do(func() { first = err })
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}

// createTables opens every table through the lobby API: the host creates
// it, the others join by code and get ready, the host starts.
func (r *runner) createTables() error {
	r.tables = make([]*loadTable, r.cfg.Tables)
	return parallel(r.cfg.Tables, 16, func(i int) error {
		t := &loadTable{}
		for k := range t.sent {
			t.sent[k].v = -1 // no move sent yet
		}
		for range r.cfg.Seats {
			tok, err := r.session()
			if err != nil {
				return err
			}
			t.people = append(t.people, tok)
		}
		// On several nodes, tables open on each in turn (so each runs a
		// share of them) and each person calls the node they will play on.
		var l table.LobbyView
		if err := r.callAt(r.node(i), t.people[0], "POST", "/api/tables", map[string]any{"game": r.cfg.Game, "name": "P0", "options": r.cfg.Options}, &l); err != nil {
			return err
		}
		t.id = l.ID
		for j, p := range t.people[1:] {
			at := r.node(i + j + 1)
			if err := r.callAt(at, p, "POST", "/api/join", map[string]any{"code": l.Code, "name": "P" + strconv.Itoa(j+1)}, nil); err != nil {
				return err
			}
			if err := r.callAt(at, p, "POST", "/api/tables/"+l.ID+"/ready", map[string]bool{"ready": true}, nil); err != nil {
				return err
			}
		}
		if err := r.callAt(r.node(i), t.people[0], "POST", "/api/tables/"+l.ID+"/start", nil, nil); err != nil {
			return err
		}
		r.tables[i] = t
		return nil
	})
}

var (
	stateFrame = []byte(`{"t":"state","v":`)
	noLegal    = []byte(`"legal":[]`)
	gameOver   = []byte(`"over":true`)
	errorFrame = []byte(`{"t":"error"`)
)

// frameVersion reads the kind and version of a frame from its start.
func frameVersion(msg []byte) (v int, state, isError bool) {
	if bytes.HasPrefix(msg, errorFrame) {
		return 0, false, true
	}
	rest, ok := bytes.CutPrefix(msg, stateFrame)
	if !ok {
		return 0, false, false
	}
	end := bytes.IndexByte(rest, ',')
	if end < 0 {
		return 0, false, false
	}
	v, err := strconv.Atoi(string(rest[:end]))
	return v, err == nil, false
}

// pickMove picks one of the legal moves a state frame offers, at random.
// Only the legal moves are looked at, in a state already checked as JSON
// (patches.go): the clients share the cores with the server they measure.
func pickMove(msg []byte, rng *rand.Rand, legal *[]json.RawMessage) ([]byte, bool) {
	if bytes.Contains(msg, noLegal) {
		return nil, false
	}
	raw, ok := legalMoves(msg)
	if !ok {
		return nil, false
	}
	*legal, ok = splitArray(raw, (*legal)[:0])
	if !ok || len(*legal) == 0 {
		return nil, false
	}
	return (*legal)[rng.IntN(len(*legal))], true
}

// splitArray appends to dst the elements of the compact JSON array a
// (as the server writes it), without copying them.
func splitArray(a []byte, dst []json.RawMessage) ([]json.RawMessage, bool) {
	if len(a) < 2 || a[0] != '[' || a[len(a)-1] != ']' {
		return dst, false
	}
	in := a[1 : len(a)-1]
	for i := 0; i < len(in); i++ {
		end := valueEnd(in, i)
		if end <= i || end < len(in) && (in[end] != ',' || end == len(in)-1) {
			return dst, false
		}
		dst = append(dst, in[i:end])
		i = end
	}
	return dst, true
}

// over tells whether a state frame shows the game over.
func over(msg []byte) bool { return bytes.Contains(msg, gameOver) }

func (r *runner) allOver() bool {
	for _, t := range r.tables {
		if !t.over.Load() {
			return false
		}
	}
	return true
}

// memory returns the servers' Go memory in use (heap spans in use plus
// goroutine stacks) after a garbage collection, from their /metrics,
// summed over the nodes. The child and in-process servers collect garbage
// on request first.
func (r *runner) memory() (int64, error) {
	if r.cfg.Server == "" {
		if err := r.call(table.NewToken(), "POST", "/loadgc", nil, nil); err != nil {
			return 0, err
		}
	}
	var total int64
	for _, u := range r.urls {
		n, err := r.memoryAt(u)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

func (r *runner) memoryAt(base string) (int64, error) {
	req, _ := http.NewRequest("GET", base+"/metrics", nil)
	resp, err := r.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var total int64
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && (f[0] == "go_memstats_heap_inuse_bytes" || f[0] == "go_memstats_stack_inuse_bytes") {
			v, _ := strconv.ParseFloat(f[1], 64)
			total += int64(v)
		}
	}
	return total, sc.Err()
}

// bucket is one bucket of a latency histogram: how many observations were
// at most le seconds.
type bucket struct {
	le    float64
	count float64
}

// serverLatency reads one of the servers' latency histograms, summed over
// the nodes, and returns the upper bounds of the buckets holding its median
// and 99th percentile.
func (r *runner) serverLatency(histogram string) (p50, p99 time.Duration, err error) {
	var buckets []bucket
	for _, u := range r.urls {
		bs, err := r.histogram(u, histogram)
		if err != nil {
			return 0, 0, err
		}
		if buckets == nil {
			buckets = bs
			continue
		}
		for i := range min(len(buckets), len(bs)) {
			buckets[i].count += bs[i].count
		}
	}
	if len(buckets) == 0 || buckets[len(buckets)-1].count == 0 {
		return 0, 0, nil
	}
	total := buckets[len(buckets)-1].count
	at := func(q float64) time.Duration {
		for _, b := range buckets {
			if b.count >= q*total {
				return time.Duration(b.le * float64(time.Second))
			}
		}
		return 0
	}
	return at(0.5), at(0.99), nil
}

// histogram reads the buckets of one histogram from the /metrics of the
// server at base.
func (r *runner) histogram(base, name string) ([]bucket, error) {
	resp, err := r.http.Get(base + "/metrics")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var buckets []bucket
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), name+`_bucket{le="`)
		if !ok {
			continue
		}
		le, count, _ := strings.Cut(rest, `"} `)
		b := bucket{}
		b.le, _ = strconv.ParseFloat(le, 64)
		if le == "+Inf" {
			b.le = 10
		}
		b.count, _ = strconv.ParseFloat(count, 64)
		buckets = append(buckets, b)
	}
	return buckets, sc.Err()
}

// legalMoves returns the JSON array d.legal of a compact state frame
// ({"t":"state","v":N,"d":{...,"legal":[...],...}}) without decoding the
// rest of the frame.
func legalMoves(frame []byte) ([]byte, bool) {
	depth := 0
	for i := 0; i < len(frame); i++ {
		switch frame[i] {
		case '"':
			end := stringEnd(frame, i)
			if end < 0 {
				return nil, false
			}
			// A key (not a value: a value is never followed by ':') of
			// the object d, which sits at depth 2.
			if depth == 2 && string(frame[i+1:end]) == "legal" && end+1 < len(frame) && frame[end+1] == ':' {
				return arrayAt(frame, end+2)
			}
			i = end
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return nil, false
}

// stringEnd returns the index of the quote that closes the string opening
// at b[start], or -1.
func stringEnd(b []byte, start int) int {
	for i := start + 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// arrayAt returns the JSON array that starts at b[start].
func arrayAt(b []byte, start int) ([]byte, bool) {
	if start >= len(b) || b[start] != '[' {
		return nil, false
	}
	end := valueEnd(b, start)
	if end < 0 {
		return nil, false
	}
	return b[start:end], true
}

// valueEnd returns the index just past the compact JSON value that starts
// at b[start], or -1 when it does not end within b: an object, array or
// string at its closing character, a number or literal at the next ',',
// ']' or '}' or the end of b.
func valueEnd(b []byte, start int) int {
	depth := 0
	for i := start; i < len(b); i++ {
		switch b[i] {
		case '"':
			if i = stringEnd(b, i); i < 0 {
				return -1
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',':
			if depth == 0 {
				return i
			}
		}
	}
	if depth == 0 {
		return len(b)
	}
	return -1
}
