package main

import (
	"fmt"
	"os"
	"slices"
	"time"
)

// diskProbe is what a soak saw of the disk under the server's data file: a
// 4 KiB write and fsync to a file of its own beside it, at a steady pace.
// Every move waits for such an fsync (a group commit), so a slow one holds
// back every move of its batch; the probe tells the disk's share of the
// move latency from the server's.
type diskProbe struct {
	Syncs         int
	P50, P99, Max time.Duration
	Over50ms      int
}

// probeDisk writes and syncs a small file in dir every interval until stop.
func probeDisk(dir string, every time.Duration, stop <-chan struct{}) (diskProbe, error) {
	f, err := os.CreateTemp(dir, "harborload-fsync-*")
	if err != nil {
		return diskProbe{}, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	block := make([]byte, 4096)
	var lat []time.Duration
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return summarise(lat), nil
		case <-t.C:
		}
		if _, err := f.WriteAt(block, 0); err != nil {
			return summarise(lat), err
		}
		began := time.Now()
		if err := f.Sync(); err != nil {
			return summarise(lat), err
		}
		lat = append(lat, time.Since(began))
	}
}

// mean is the mean of lat, 0 for none.
func mean(lat []time.Duration) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range lat {
		sum += d
	}
	return sum / time.Duration(len(lat))
}

func summarise(lat []time.Duration) diskProbe {
	p := diskProbe{Syncs: len(lat)}
	if len(lat) == 0 {
		return p
	}
	slices.Sort(lat)
	p.P50, p.P99, p.Max = lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1]
	for _, d := range lat {
		if d > 50*time.Millisecond {
			p.Over50ms++
		}
	}
	return p
}

func (p diskProbe) String() string {
	return fmt.Sprintf("%d fsyncs of 4 KiB beside the data file: p50 %v  p99 %v  max %v  (%d over 50ms)",
		p.Syncs, p.P50.Round(10*time.Microsecond), p.P99.Round(10*time.Microsecond), p.Max.Round(10*time.Microsecond), p.Over50ms)
}
