package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProbeDiskSyncsUntilStopped: the probe writes and syncs its file at
// every tick until it is stopped. It is stopped once its file has been
// written a fourth time (each write, before its sync, moves the file's
// modification time on), so three syncs have ended however slow the disk.
func TestProbeDiskSyncsUntilStopped(t *testing.T) {
	dir := t.TempDir()
	stop := make(chan struct{})
	go func() {
		defer close(stop)
		times := map[int64]bool{} // the file's modification times: its creation's, then each write's
		for deadline := time.Now().Add(30 * time.Second); len(times) < 5 && time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
			if files, _ := filepath.Glob(filepath.Join(dir, "harborload-fsync-*")); len(files) == 1 {
				if fi, err := os.Stat(files[0]); err == nil {
					times[fi.ModTime().UnixNano()] = true
				}
			}
		}
	}()
	p, err := probeDisk(dir, 20*time.Millisecond, stop)
	if err != nil {
		t.Fatal(err)
	}
	if p.Syncs < 3 || p.Max < p.P99 || p.P99 < p.P50 || p.P50 <= 0 {
		t.Fatalf("probe %+v: want several syncs with ordered, positive quantiles", p)
	}
}

func TestSummariseCountsSlowSyncs(t *testing.T) {
	var lat []time.Duration
	for i := range 200 {
		lat = append(lat, time.Duration(i+1)*time.Millisecond/2) // 0.5 ms to 100 ms
	}
	p := summarise(lat)
	if p.Syncs != 200 || p.P50 != 50500*time.Microsecond || p.Max != 100*time.Millisecond || p.Over50ms != 100 {
		t.Fatalf("summary %+v", p)
	}
}

func TestSoakFailureNamesTheDisk(t *testing.T) {
	r := report{P99: 120 * time.Millisecond, Disk: &diskProbe{Syncs: 5000, Over50ms: 12, Max: 640 * time.Millisecond}}
	got := strings.Join(r.soakFailures(50*time.Millisecond), "; ")
	if !strings.Contains(got, "p99 120ms is over 50ms") || !strings.Contains(got, "12 of 5000 fsyncs, up to 640ms") {
		t.Fatalf("failures %q", got)
	}
	r.Disk.Over50ms = 0
	if got := strings.Join(r.soakFailures(50*time.Millisecond), "; "); strings.Contains(got, "disk") {
		t.Fatalf("a quick disk is blamed: %q", got)
	}
}

// TestMean averages latencies, and gives 0 for none.
func TestMean(t *testing.T) {
	if m := mean([]time.Duration{time.Millisecond, 2 * time.Millisecond, 6 * time.Millisecond}); m != 3*time.Millisecond {
		t.Fatalf("mean of 1, 2 and 6 ms: %v", m)
	}
	if m := mean(nil); m != 0 {
		t.Fatalf("mean of none: %v", m)
	}
}
