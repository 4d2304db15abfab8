package main

import (
	"strings"
	"testing"
	"time"
)

func TestProbeDiskSyncsUntilStopped(t *testing.T) {
	stop := make(chan struct{})
	go func() { time.Sleep(300 * time.Millisecond); close(stop) }()
	p, err := probeDisk(t.TempDir(), 20*time.Millisecond, stop)
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
