package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// What the play phase cost the machine, read from /proc (Linux) as it
// starts and ends: how busy the cores were, and the CPU time of each part
// sharing them, so a run says whether the cores were the limit and what
// used them; and each part's system calls that read and write (sockets
// and files alike) and the bytes it had written to disk, which is where
// most of a move's CPU goes in the kernel.

// clockTicks is the unit of /proc's CPU times (USER_HZ, 100 on Linux).
const clockTicks = 100

// cpuPart is one part of what runs on the machine.
type cpuPart struct {
	name  string
	pids  []int  // these processes, or
	comm  string // every process of this command name
	ticks float64
	io    procIO
}

// procIO is what /proc/PID/io counts of a process: its system calls that
// read (read, pread, recv...) and write (write, pwrite, send...), and the
// bytes it caused to be written to disk.
type procIO struct {
	reads, writes, disk float64
}

func (a procIO) plus(b procIO) procIO {
	return procIO{a.reads + b.reads, a.writes + b.writes, a.disk + b.disk}
}

func (a procIO) minus(b procIO) procIO {
	return procIO{max(a.reads-b.reads, 0), max(a.writes-b.writes, 0), max(a.disk-b.disk, 0)}
}

// cpuSnapshot is the machine's and each part's CPU time at one moment.
type cpuSnapshot struct {
	busy, idle float64 // the machine's, in ticks
	parts      []cpuPart
}

// cpuReport is the difference of two snapshots.
type cpuReport struct {
	Cores int
	Busy  float64   // share of the machine's time its cores were busy
	Parts []cpuPart // each part's ticks over the phase
	Other float64   // ticks of everything else
	Moves int       // the moves played meanwhile
}

// newCPUParts lists the parts a run reports: the server processes given,
// PostgreSQL and the NATS server (by name, when they run) and harborload.
func newCPUParts(serverPids []int) []cpuPart {
	parts := []cpuPart{}
	if len(serverPids) > 0 {
		parts = append(parts, cpuPart{name: "Harbor", pids: serverPids})
	}
	return append(parts,
		cpuPart{name: "PostgreSQL", comm: "postgres"},
		cpuPart{name: "NATS server", comm: "nats-server"},
		cpuPart{name: "harborload", pids: []int{os.Getpid()}})
}

// takeCPU reads a snapshot; ok is false where /proc cannot be read.
func takeCPU(parts []cpuPart) (s cpuSnapshot, ok bool) {
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return s, false
	}
	line, _, _ := bytes.Cut(stat, []byte("\n"))
	f := strings.Fields(string(line))
	if len(f) < 9 || f[0] != "cpu" {
		return s, false
	}
	v := make([]float64, len(f))
	for i := 1; i < len(f); i++ {
		v[i], _ = strconv.ParseFloat(f[i], 64)
	}
	// user nice system idle iowait irq softirq steal
	s.busy = v[1] + v[2] + v[3] + v[6] + v[7] + v[8]
	s.idle = v[4] + v[5]
	byComm := map[string][]int{}
	for _, p := range parts {
		if p.comm != "" {
			byComm[p.comm] = nil
		}
	}
	if len(byComm) > 0 {
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			comm, err := os.ReadFile(d + "/comm")
			if err != nil {
				continue
			}
			name := strings.TrimSpace(string(comm))
			if _, want := byComm[name]; want {
				pid, _ := strconv.Atoi(filepath.Base(d))
				byComm[name] = append(byComm[name], pid)
			}
		}
	}
	for _, p := range parts {
		pids := p.pids
		if p.comm != "" {
			pids = byComm[p.comm]
		}
		p.ticks, p.io = 0, procIO{}
		for _, pid := range pids {
			p.ticks += processTicks(pid)
			p.io = p.io.plus(processIO(pid))
		}
		s.parts = append(s.parts, p)
	}
	return s, true
}

// processTicks is a process's user and system CPU time, 0 when it is gone.
func processTicks(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name, in parentheses, may hold spaces: fields count
	// from the last parenthesis (utime and stime are fields 14 and 15).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseFloat(f[11], 64)
	k, _ := strconv.ParseFloat(f[12], 64)
	return u + k
}

// processIO is a process's counts from /proc/PID/io, zero when it is gone
// or they cannot be read (another user's process).
func processIO(pid int) (io procIO) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
	if err != nil {
		return io
	}
	for line := range strings.Lines(string(b)) {
		name, v, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok {
			continue
		}
		n, _ := strconv.ParseFloat(v, 64)
		switch name {
		case "syscr":
			io.reads = n
		case "syscw":
			io.writes = n
		case "write_bytes":
			io.disk = n
		}
	}
	return io
}

// since is what the machine and each part spent from s0 to s.
func (s cpuSnapshot) since(s0 cpuSnapshot, moves int) *cpuReport {
	r := &cpuReport{Cores: runtime.NumCPU(), Moves: moves}
	if total := (s.busy - s0.busy) + (s.idle - s0.idle); total > 0 {
		r.Busy = (s.busy - s0.busy) / total
	}
	r.Other = s.busy - s0.busy
	for i, p := range s.parts {
		p.ticks -= s0.parts[i].ticks
		// A process that ended meanwhile leaves its share in "other".
		p.ticks = max(p.ticks, 0)
		p.io = p.io.minus(s0.parts[i].io)
		r.Other -= p.ticks
		r.Parts = append(r.Parts, p)
	}
	r.Other = max(r.Other, 0)
	return r
}

func (r *cpuReport) print(w io.Writer) {
	if r == nil {
		return
	}
	fmt.Fprintf(w, "cpu:      the machine's %d cores were %.0f%% busy while playing; CPU a move:", r.Cores, 100*r.Busy)
	perMove := func(ticks float64) string {
		if r.Moves == 0 {
			return "-"
		}
		return fmt.Sprintf("%.3f ms", ticks/clockTicks*1000/float64(r.Moves))
	}
	for _, p := range r.Parts {
		fmt.Fprintf(w, " %s %s,", p.name, perMove(p.ticks))
	}
	fmt.Fprintf(w, " everything else %s\n", perMove(r.Other))
	if r.Moves == 0 {
		return
	}
	n := float64(r.Moves)
	line := "syscalls: a move, those that read / write, and bytes to disk:"
	some := false
	for _, p := range r.Parts {
		if p.io == (procIO{}) {
			continue
		}
		line += fmt.Sprintf(" %s %.2f / %.2f, %.0f B;", p.name, p.io.reads/n, p.io.writes/n, p.io.disk/n)
		some = true
	}
	if some {
		fmt.Fprintln(w, strings.TrimSuffix(line, ";"))
	}
}
