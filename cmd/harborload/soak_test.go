package main

import (
	"testing"
	"time"
)

// TestAbuseClient runs the soak's abuse client for a few seconds against
// a server with its real limits: every abuse is refused as documented.
func TestAbuseClient(t *testing.T) {
	url, stop, err := startServer(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	r := &runner{url: url}
	rep := &abuseReport{Tries: map[string]int{}, Refusals: map[string]int{}}
	stopAbuse, finished := make(chan struct{}), make(chan struct{})
	go func() { abuse(r, rep, stopAbuse); close(finished) }()
	time.Sleep(3 * time.Second)
	close(stopAbuse)
	<-finished
	rep.mu.Lock()
	defer rep.mu.Unlock()
	if len(rep.Unexpected) > 0 {
		t.Fatalf("unexpected answers: %q", rep.Unexpected)
	}
	for _, want := range []string{
		"create tables: rate_limited", "forged cookie: replaced", "bad or stale messages: stale_version",
		"bad or stale messages: invalid", "bad or stale messages: rate_limited", "bad or stale messages: too_large",
		"connections of one person: conflict", "connections from one address: conflict",
	} {
		if rep.Refusals[want] == 0 {
			t.Errorf("no refusal %q in %v", want, rep.Refusals)
		}
	}
}
