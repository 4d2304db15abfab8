package main

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSmallLoad runs the load tool briefly against a server in this
// process: a few tables of four WebSocket clients each, then idle
// connections.
func TestSmallLoad(t *testing.T) {
	var log bytes.Buffer
	rep, err := run(config{Game: "pile", Options: defaultOptions["pile"], Tables: 4, Seats: 4, Duration: 2 * time.Second, MaxMoves: 400, Idle: 40, InProcess: true}, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	var out bytes.Buffer
	rep.print(&out)
	t.Log("\n" + out.String())
	if rep.Moves < 100 || rep.Errors != 0 || rep.Gaps != 0 || rep.P50 <= 0 || rep.P99 < rep.P50 || rep.Max < rep.P99 || rep.Mean <= 0 || rep.Mean > rep.Max {
		t.Fatalf("implausible report %+v", rep)
	}
	if rep.Idle != 40 || rep.IdleError != "" {
		t.Fatalf("opened %d of 40 idle connections: %s", rep.Idle, rep.IdleError)
	}
	if !strings.Contains(out.String(), "moves/s") {
		t.Fatalf("report without a rate:\n%s", out.String())
	}
	checkSyscalls(t, rep)
}

// checkSyscalls checks the system calls a report counts for this process,
// where Linux counts them: here the server and its clients share it, so
// each move is at least its message written by a client and read by the
// server, and its four frames written by the server.
func checkSyscalls(t *testing.T, rep report) {
	t.Helper()
	if _, err := os.Stat("/proc/self/io"); err != nil {
		return
	}
	if rep.CPU == nil {
		t.Fatal("no CPU report where /proc can be read")
	}
	i := slices.IndexFunc(rep.CPU.Parts, func(p cpuPart) bool { return p.name == "harborload" })
	if i < 0 {
		t.Fatalf("no part for this process in %+v", rep.CPU.Parts)
	}
	io, n := rep.CPU.Parts[i].io, float64(rep.Moves)
	if io.reads/n < 2 || io.writes/n < 5 {
		t.Fatalf("%.2f reads and %.2f writes a move, want at least 2 and 5", io.reads/n, io.writes/n)
	}
}

// TestSmallHoldingsLoad plays a few real Harbor Holdings tables.
func TestSmallHoldingsLoad(t *testing.T) {
	var log bytes.Buffer
	rep, err := run(config{Game: "holdings", Options: defaultOptions["holdings"], Tables: 3, Seats: 4, Duration: 2 * time.Second, MaxMoves: 300, InProcess: true}, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if rep.Moves < 100 || rep.Errors != 0 || rep.Gaps != 0 || rep.Game != "holdings" {
		t.Fatalf("implausible report %+v\n%s", rep, log.String())
	}
}

func TestRefusesOtherHosts(t *testing.T) {
	for _, url := range []string{"http://192.168.1.10:8080", "http://example.com", "http://10.0.0.1"} {
		if _, err := run(config{Tables: 1, Seats: 1, Duration: time.Second, Server: url}, &bytes.Buffer{}); err == nil ||
			!strings.Contains(err.Error(), "loopback") {
			t.Errorf("%s: got %v, want a refusal", url, err)
		}
	}
}

func TestLegalMoves(t *testing.T) {
	tests := []struct {
		frame, want string
		ok          bool
	}{
		{`{"t":"state","v":3,"d":{"view":{"legal":[9],"s":"a\"]}{,\"legal\":[8]"},"legal":[{"type":"take","n":1},{"type":"say","text":"[\"]"}],"actors":[0]}}`,
			`[{"type":"take","n":1},{"type":"say","text":"[\"]"}]`, true},
		{`{"t":"state","v":0,"d":{"view":{"x":"legal"},"legal":[],"seat":1}}`, `[]`, true},
		{`{"t":"state","v":0,"d":{"view":{"legal":[1]}}}`, ``, false},
		{`{"t":"state","v":0,"d":{"legal":[1,`, ``, false},
	}
	for _, tt := range tests {
		got, ok := legalMoves([]byte(tt.frame))
		if string(got) != tt.want || ok != tt.ok {
			t.Errorf("legalMoves(%s) = %s, %v; want %s, %v", tt.frame, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSplitArray(t *testing.T) {
	tests := []struct {
		array string
		want  []string
		ok    bool
	}{
		{`[{"type":"take","n":1},{"type":"say","text":"[\",]"},[1,2],3]`, []string{`{"type":"take","n":1}`, `{"type":"say","text":"[\",]"}`, `[1,2]`, `3`}, true},
		{`[]`, nil, true},
		{`["a"]`, []string{`"a"`}, true},
		{`[{"a":1]`, []string{`{"a":1]`}, false},
		{`{}`, nil, false},
	}
	for _, tt := range tests {
		got, ok := splitArray([]byte(tt.array), nil)
		var strs []string
		for _, g := range got {
			strs = append(strs, string(g))
		}
		if ok != tt.ok || ok && !slices.Equal(strs, tt.want) {
			t.Errorf("splitArray(%s) = %q, %v; want %q, %v", tt.array, strs, ok, tt.want, tt.ok)
		}
	}
}
