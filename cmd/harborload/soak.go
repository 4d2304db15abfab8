package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"harbor/game"
	"harbor/game/gametest"
	"harbor/sqlite"
	"harbor/table"
)

// A soak (-soak) runs the honest load together with tables of computer
// players only (-bot-tables, each watched by its host) and an abuse client
// that tries, over and over, every way one visitor could exhaust or fool
// the server. It samples the server's memory (-sample) and ends with a
// kill -9 of the server and a check, in its data file, that every move a
// client was told of is stored.

// memSample is the server's memory at one moment of a soak.
type memSample struct {
	At       time.Duration // since play started
	GoBytes  int64         // heap and stacks in use after a collection
	RSSBytes int64         // the process's resident memory
}

// createBotTables opens n tables of computer players only: the host
// stands up, fills every seat with a computer player, starts, and watches.
func (r *runner) createBotTables(n int) error {
	bots := make([]*loadTable, n)
	err := parallel(n, 16, func(i int) error {
		tok, err := r.session()
		if err != nil {
			return err
		}
		var l table.LobbyView
		if err := r.call(tok, "POST", "/api/tables", map[string]any{"game": r.cfg.Game, "name": "Watcher", "options": r.cfg.Options}, &l); err != nil {
			return err
		}
		if err := r.call(tok, "POST", "/api/tables/"+l.ID+"/seat", map[string]int{"seat": -1}, nil); err != nil {
			return err
		}
		for range r.cfg.Seats {
			if err := r.call(tok, "POST", "/api/tables/"+l.ID+"/bots", map[string]any{}, nil); err != nil {
				return err
			}
		}
		if err := r.call(tok, "POST", "/api/tables/"+l.ID+"/start", nil, nil); err != nil {
			return err
		}
		t := &loadTable{id: l.ID, people: []string{tok}, watchOnly: true}
		for k := range t.sent {
			t.sent[k].v = -1
		}
		bots[i] = t
		return nil
	})
	r.tables = append(r.tables, bots...)
	return err
}

// sampleMemory records the server's memory every interval until stop.
func (r *runner) sampleMemory(start time.Time, every time.Duration, stop <-chan struct{}) []memSample {
	var out []memSample
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		goBytes, err := r.memory()
		if err == nil {
			at := time.Since(start).Round(time.Second)
			out = append(out, memSample{At: at, GoBytes: goBytes, RSSBytes: r.metric("process_resident_memory_bytes")})
			if r.cfg.HeapProfile != "" {
				r.saveHeap(fmt.Sprintf("%s.%03ds", r.cfg.HeapProfile, int(at.Seconds())))
			}
		}
		select {
		case <-stop:
			return out
		case <-t.C:
		}
	}
}

// saveHeap writes the server's heap profile (what is in use after a
// collection) to path; a server without the load's /loadheap writes none.
func (r *runner) saveHeap(path string) {
	resp, err := r.http.Get(r.url + "/loadheap")
	if err != nil {
		fmt.Fprintln(os.Stderr, "harborload: heap profile:", err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "harborload: heap profile:", err)
		return
	}
	defer f.Close()
	io.Copy(f, resp.Body)
}

// metric reads one gauge of the server's /metrics (0 when absent).
func (r *runner) metric(name string) int64 {
	resp, err := r.http.Get(r.url + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == name {
			var v float64
			fmt.Sscan(f[1], &v)
			return int64(v)
		}
	}
	return 0
}

// lostMoves opens the data file of a killed server, counts the moves
// clients were told of (state frames) that it does not hold, and resumes
// every running game from it, as a restarted server does.
func (r *runner) lostMoves(data string) (lost int, checked int, err error) {
	store, err := sqlite.Open(data)
	if err != nil {
		return 0, 0, err
	}
	defer store.Close()
	for _, t := range r.tables {
		acked := int(t.acked.Load())
		tb, err := store.Table(context.Background(), t.id)
		if err != nil {
			return lost, checked, fmt.Errorf("table %s: %w", t.id, err)
		}
		if tb.Version < acked {
			lost += acked - tb.Version
		}
		checked++
	}
	// The restart: every running game replays from its log.
	registerPile.Do(func() { game.Register(gametest.Definition) })
	playing, err := store.Playing(context.Background())
	if err != nil {
		return lost, checked, err
	}
	tables := table.NewTables(store, table.Options{SweepEvery: -1})
	defer tables.Close()
	resumed, err := tables.Resume(context.Background())
	if err == nil && resumed != len(playing) {
		err = fmt.Errorf("after the restart %d of %d running games resumed", resumed, len(playing))
	}
	return lost, checked, err
}

// abuseReport counts what the abuse client tried and how the server
// answered; Unexpected lists answers that were not the documented refusal.
type abuseReport struct {
	mu         sync.Mutex
	Tries      map[string]int
	Refusals   map[string]int // "what: code" -> count
	Unexpected []string
}

func (a *abuseReport) tried(what string) {
	a.mu.Lock()
	a.Tries[what]++
	a.mu.Unlock()
}

func (a *abuseReport) refused(what, code string) {
	a.mu.Lock()
	a.Refusals[what+": "+code]++
	a.mu.Unlock()
}

func (a *abuseReport) unexpected(format string, args ...any) {
	a.mu.Lock()
	if len(a.Unexpected) < 20 {
		a.Unexpected = append(a.Unexpected, fmt.Sprintf(format, args...))
	}
	a.mu.Unlock()
}

// abuser is one abusive visitor: its own loopback address, cookies it
// keeps itself.
type abuser struct {
	r    *runner
	rep  *abuseReport
	http *http.Client
	ws   string
}

func newAbuser(r *runner, rep *abuseReport, addr net.IP) *abuser {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: addr}}
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	return &abuser{r: r, rep: rep, http: hc, ws: strings.Replace(r.url, "http", "ws", 1)}
}

// call makes an API request with cookie tok ("" for none) and returns the
// error code of the answer ("" for success) and the cookie it set.
func (a *abuser) call(tok, method, path, body string, out any) (code, setCookie string) {
	req, _ := http.NewRequest(method, a.r.url+path, strings.NewReader(body))
	if tok != "" {
		req.Header.Set("Cookie", "harbor_player="+tok)
	}
	resp, err := a.http.Do(req)
	if err != nil {
		return "transport: " + err.Error(), ""
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	for _, c := range resp.Cookies() {
		if c.Name == "harbor_player" {
			setCookie = c.Value
		}
	}
	if resp.StatusCode >= 300 {
		var e struct {
			Error struct{ Code, Message string }
		}
		json.Unmarshal(raw, &e)
		return e.Error.Code, setCookie
	}
	if out != nil {
		json.Unmarshal(raw, out)
	}
	return "", setCookie
}

func (a *abuser) person() string {
	_, tok := a.call("", "POST", "/api/session", "", nil)
	return tok
}

func (a *abuser) dial(tok, query string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h := http.Header{}
	if tok != "" {
		h.Set("Cookie", "harbor_player="+tok)
	}
	c, resp, err := websocket.Dial(ctx, a.ws+"/ws?"+query, &websocket.DialOptions{HTTPClient: a.http, HTTPHeader: h})
	if err != nil && resp != nil && resp.Body != nil {
		var e struct{ Error struct{ Code string } }
		raw, _ := io.ReadAll(resp.Body)
		json.Unmarshal(raw, &e)
		return nil, fmt.Errorf("%s", e.Error.Code)
	}
	if c != nil {
		c.SetReadLimit(1 << 20)
	}
	return c, err
}

const smallPile = `{"game":"pile","name":"Abuser","options":{"size":1000}}`

// abuse runs the abuse client until stop: each kind of abuse from its own
// address (127.0.1.x), so that one kind using up its address's allowance
// does not stop the others.
func abuse(r *runner, rep *abuseReport, stop <-chan struct{}) {
	var wg sync.WaitGroup
	every := func(n byte, pause time.Duration, f func(a *abuser)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := newAbuser(r, rep, net.IPv4(127, 0, 1, n))
			for {
				f(a)
				select {
				case <-stop:
					return
				case <-time.After(pause):
				}
			}
		}()
	}
	var flooder string
	var unwatched []string
	every(1, time.Second, func(a *abuser) {
		if flooder == "" {
			flooder = a.person()
		}
		a.createFlood(flooder)
		a.forgedCookie()
	})
	every(2, 5*time.Second, func(a *abuser) {
		if id := a.unwatchedBots(); id != "" {
			unwatched = append(unwatched, id)
		}
	})
	every(3, time.Second, func(a *abuser) { a.staleAndBurst() })
	every(4, 30*time.Second, func(a *abuser) { a.connectionFlood() })
	wg.Wait()
	newAbuser(r, rep, net.IPv4(127, 0, 1, 2)).checkUnwatched(unwatched)
}

// create opens a table of Pile for tok; a refusal for a limit counts as
// one (this abuser's address may have used up its allowance), any other
// failure as unexpected.
func (a *abuser) create(tok string, l *table.LobbyView, what string) bool {
	code, _ := a.call(tok, "POST", "/api/tables", smallPile, l)
	switch code {
	case "":
		return true
	case "rate_limited", "conflict":
		a.rep.refused(what+" (its table)", code)
	default:
		a.rep.unexpected("%s: opening its table answered %q", what, code)
	}
	return false
}

// createFlood creates tables with one cookie until refused.
func (a *abuser) createFlood(tok string) {
	for range 50 {
		a.rep.tried("create tables")
		code, _ := a.call(tok, "POST", "/api/tables", smallPile, nil)
		switch code {
		case "":
			continue
		case "rate_limited", "conflict":
			a.rep.refused("create tables", code)
		default:
			a.rep.unexpected("create tables answered %q", code)
		}
		return
	}
	a.rep.unexpected("50 tables created by one person in a row")
}

// unwatchedBots starts a table of computer players nobody watches, with a
// fresh person (the host's own are used up), and returns its id.
func (a *abuser) unwatchedBots() string {
	tok := a.person()
	var l table.LobbyView
	a.rep.tried("unwatched computer table")
	if !a.create(tok, &l, "unwatched computer table") {
		return ""
	}
	a.call(tok, "POST", "/api/tables/"+l.ID+"/seat", `{"seat":-1}`, nil)
	a.call(tok, "POST", "/api/tables/"+l.ID+"/bots", `{}`, nil)
	a.call(tok, "POST", "/api/tables/"+l.ID+"/bots", `{}`, nil)
	if code, _ := a.call(tok, "POST", "/api/tables/"+l.ID+"/start", "", nil); code != "" {
		a.rep.unexpected("starting a computer table: %q", code)
		return ""
	}
	return l.ID + " " + tok
}

// checkUnwatched checks that the computer tables nobody watched made no move.
func (a *abuser) checkUnwatched(tables []string) {
	for _, s := range tables {
		id, tok, _ := strings.Cut(s, " ")
		var l table.LobbyView
		if code, _ := a.call(tok, "GET", "/api/tables/"+id, "", &l); code != "" {
			a.rep.unexpected("reading an unwatched computer table: %q", code)
			continue
		}
		if l.Version != 0 {
			a.rep.unexpected("a computer table nobody watched made %d moves", l.Version)
		}
	}
}

// forgedCookie presents cookies the server never issued.
func (a *abuser) forgedCookie() {
	for _, forged := range []string{strings.Repeat("0", 32), strings.Repeat("0", 32) + "." + strings.Repeat("0", 32)} {
		a.rep.tried("forged cookie")
		_, set := a.call(forged, "GET", "/api/session", "", nil)
		if set == "" || set == forged {
			a.rep.unexpected("a forged cookie was kept")
		} else {
			a.rep.refused("forged cookie", "replaced")
		}
	}
}

// staleAndBurst opens a solo table and sends stale moves, malformed,
// case-changed and repeated-key envelopes, an oversized message and a
// burst of pings without reading; the connection must stay open, and the
// state comes at most once per version.
func (a *abuser) staleAndBurst() {
	tok := a.person()
	var l table.LobbyView
	if !a.create(tok, &l, "bad or stale messages") {
		return
	}
	if code, _ := a.call(tok, "POST", "/api/tables/"+l.ID+"/start", "", nil); code != "" {
		a.rep.unexpected("starting a solo table: %q", code)
		return
	}
	c, err := a.dial(tok, "table="+l.ID)
	if err != nil {
		a.rep.unexpected("connecting to a solo table: %v", err)
		return
	}
	defer c.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	msgs := []string{
		`{"T":"move","v":0,"d":{"type":"take","n":1}}`,
		`{"t":"move","v":0,"d":{"TYPE":"take","n":1}}`,
		`{"t":"move","t":"ping","v":0,"d":{"type":"take","n":1}}`,
		`{"t":"move","v":0,"d":{"type":"take","n":1,"n":2}}`,
		`{"t":"move","v":0,"d":{"type":"take","n":1}` + strings.Repeat(" ", 20<<10) + `}`,
	}
	for range 30 {
		msgs = append(msgs, `{"t":"move","v":7,"d":{"type":"take","n":1}}`)
	}
	for range 300 {
		msgs = append(msgs, `{"t":"ping","v":0,"d":{}}`)
	}
	for _, m := range msgs {
		a.rep.tried("bad or stale messages")
		if err := c.Write(ctx, websocket.MessageText, []byte(m)); err != nil {
			a.rep.unexpected("the server cut a connection during a burst: %v", err)
			return
		}
	}
	c.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","v":0,"d":{}}`))
	// Read now; a read whose context ends closes the connection, so one
	// reader goroutine reads until the connection ends.
	frames := make(chan []byte, 1024)
	go func() {
		defer close(frames)
		for {
			_, raw, err := c.Read(ctx)
			if err != nil {
				return
			}
			frames <- raw
		}
	}()
	states := 0
	take := func(raw []byte) {
		var f struct {
			T string
			D struct{ Code string }
		}
		json.Unmarshal(raw, &f)
		switch f.T {
		case "state":
			states++
		case "error":
			a.rep.refused("bad or stale messages", f.D.Code)
		}
	}
quiet:
	for {
		select {
		case raw, ok := <-frames:
			if !ok {
				a.rep.unexpected("the connection closed after a burst")
				return
			}
			take(raw)
		case <-time.After(2 * time.Second):
			break quiet // everything sent is read
		}
	}
	if states > 2 { // on connecting, and after the first stale move
		a.rep.unexpected("%d state frames for one version", states)
	}
	// Still open: a message is answered (pong, or rate_limited).
	c.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","v":0,"d":{}}`))
	select {
	case _, ok := <-frames:
		if !ok {
			a.rep.unexpected("the connection closed after a burst")
		}
	case <-time.After(10 * time.Second):
		a.rep.unexpected("no answer after a burst")
	}
}

// connectionFlood opens connections of one person, then of many people
// from one address, until refused, and closes them.
func (a *abuser) connectionFlood() {
	tok := a.person()
	var l table.LobbyView
	if !a.create(tok, &l, "connection flood") {
		return
	}
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	flood := func(what string, person func() string, most int) {
		for range most {
			a.rep.tried(what)
			p := person()
			c, err := a.dial(p, "table="+l.ID)
			if err != nil {
				if err.Error() == "conflict" {
					a.rep.refused(what, "conflict")
				} else {
					a.rep.unexpected("%s: %v", what, err)
				}
				return
			}
			open = append(open, c)
		}
		a.rep.unexpected("%s: %d connections and no refusal", what, most)
	}
	flood("connections of one person", func() string { return tok }, 100)
	for _, c := range open {
		c.CloseNow()
	}
	open = open[:0]
	time.Sleep(time.Second) // the server notices them gone
	// Many people from this one address, ten connections each.
	guest, n := "", 0
	flood("connections from one address", func() string {
		if n%10 == 0 {
			guest = a.person()
			a.call(guest, "POST", "/api/join", `{"invite":"`+l.Invite+`","name":"Guest"}`, nil)
		}
		n++
		return guest
	}, 600)
}

// killCheck kills the child server with SIGKILL, then counts in its data
// file the moves clients were told of that it lost.
func (r *runner) killCheck(rep *report, kill func() (string, error), logw io.Writer) {
	for _, t := range r.tables {
		rep.Acknowledged += t.acked.Load()
		if t.watchOnly {
			rep.BotMoves += t.acked.Load()
		}
	}
	if kill == nil {
		rep.KillError = "(not checked: the server is not a child of this run)"
		return
	}
	fmt.Fprintf(logw, "kill -9 of the server, then its data file is checked...\n")
	data, err := kill()
	if err == nil {
		rep.Lost, rep.Checked, err = r.lostMoves(data)
	}
	if err != nil {
		rep.KillError = err.Error()
	}
}

// printSoak prints a soak's own figures.
func (r report) printSoak(w io.Writer) {
	if r.BotTables > 0 {
		fmt.Fprintf(w, "computer: %d tables of computer players only, watched: %d moves\n", r.BotTables, r.BotMoves)
	}
	if len(r.Memory) > 0 {
		fmt.Fprintf(w, "memory:   since play started: Go heap+stacks after a collection, process RSS\n")
		for _, m := range r.Memory {
			fmt.Fprintf(w, "          %6v  %7.1f MiB  %7.1f MiB\n", m.At, float64(m.GoBytes)/(1<<20), float64(m.RSSBytes)/(1<<20))
		}
	}
	if r.Disk != nil {
		fmt.Fprintf(w, "disk:     %v\n", *r.Disk)
	}
	if a := r.Abuse; a != nil {
		fmt.Fprintf(w, "abuse:    tries:")
		for _, k := range sortedKeys(a.Tries) {
			fmt.Fprintf(w, " %s %d;", k, a.Tries[k])
		}
		fmt.Fprintf(w, "\n          refusals:")
		for _, k := range sortedKeys(a.Refusals) {
			fmt.Fprintf(w, " %s x%d;", k, a.Refusals[k])
		}
		fmt.Fprintf(w, "\n          unexpected answers: %d\n", len(a.Unexpected))
		for _, u := range a.Unexpected {
			fmt.Fprintf(w, "            %s\n", u)
		}
	}
	switch {
	case r.KillError != "":
		fmt.Fprintf(w, "kill -9:  %s\n", r.KillError)
	case r.Checked > 0:
		fmt.Fprintf(w, "kill -9:  %d tables checked in the data file; %d moves acknowledged to clients, %d of them lost; every running game resumed\n",
			r.Checked, r.Acknowledged, r.Lost)
	}
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// soakFailures lists what a soak's figures fail of what it must show.
func (r report) soakFailures(maxP99 time.Duration) []string {
	var out []string
	if r.Errors > 0 {
		out = append(out, fmt.Sprintf("the honest clients got %d error frames", r.Errors))
	}
	if r.P99 > maxP99 {
		why := ""
		if r.Disk != nil && r.Disk.Over50ms > 0 {
			why = fmt.Sprintf(" (the disk alone took over 50ms for %d of %d fsyncs, up to %v)", r.Disk.Over50ms, r.Disk.Syncs, r.Disk.Max.Round(time.Millisecond))
		}
		out = append(out, fmt.Sprintf("p99 %v is over %v%s", r.P99, maxP99, why))
	}
	if r.Abuse != nil && len(r.Abuse.Unexpected) > 0 {
		out = append(out, fmt.Sprintf("%d unexpected answers to the abuse client", len(r.Abuse.Unexpected)))
	}
	if r.Lost > 0 || r.KillError != "" {
		out = append(out, fmt.Sprintf("kill -9: %d acknowledged moves lost %s", r.Lost, r.KillError))
	}
	return out
}
