package cluster_test

import (
	"testing"
	"time"
)

// TestPaceFailover: a table played at its players' own pace, with nobody
// connected, keeps its turn's deadline when the node running it dies and
// another node takes it over from the store.
func TestPaceFailover(t *testing.T) {
	paceFailover(t, 2, 0)
}

// TestPaceFailoverToASkewedClock: the node that takes such a table over
// runs its clock an hour ahead, or an hour behind: the turn's deadline
// is the stored one, not moved by the skew, and a turn with most of its
// day left does not lapse. (A node judges a deadline by its own clock,
// so a skew longer than what is left of a turn would lapse it early or
// late by the skew.)
func TestPaceFailoverToASkewedClock(t *testing.T) {
	for _, skew := range []time.Duration{time.Hour, -time.Hour} {
		t.Run(skew.String(), func(t *testing.T) { paceFailover(t, 1, skew) })
	}
}

// paceFailover starts a table at its own pace on a cluster of size nodes,
// kills the node running it and starts one whose clock is off by skew.
func paceFailover(t *testing.T, size int, skew time.Duration) {
	c := newCluster(t, size)
	ana, bo := c.person("Ana", 0), c.person("Bo", size-1)
	l := ana.call("POST", "/api/tables", map[string]any{"game": "holdings", "name": "Ana"})
	ana.call("POST", "/api/tables/"+l.ID+"/options", map[string]any{"options": map[string]any{}, "turnSeconds": 0,
		"pace": map[string]any{"mode": "own", "limit": 86400, "rule": "computer"}})
	bo.call("POST", "/api/join", map[string]any{"invite": l.Invite, "name": "Bo"})
	bo.call("POST", "/api/tables/"+l.ID+"/ready", map[string]any{"ready": true})
	ana.call("POST", "/api/tables/"+l.ID+"/start", nil)
	before := bo.call("GET", "/api/tables/"+l.ID, nil)
	if left := time.Until(time.UnixMilli(before.Deadline)); left < 23*time.Hour || left > 24*time.Hour {
		t.Fatalf("the turn's deadline is %d (%v away), want 24 hours after the start", before.Deadline, left)
	}
	owner := c.owner(l.ID)
	if owner == nil {
		t.Fatal("no node runs the table")
	}
	c.kill(owner)
	if skew != 0 {
		c.wire = func(string) (string, string, []string) {
			return c.dsn, c.bus, []string{"HARBOR_TEST_CLOCK_SKEW=" + skew.String()}
		}
	}
	if n := c.start(); skew != 0 && !n.logged("clock is off") {
		t.Fatalf("node %s does not run its clock off by %s", n.name, skew)
	}
	waitFor(t, 30*time.Second, "another node runs the table", func() bool {
		o := c.owner(l.ID)
		return o != nil && o != owner
	})
	after := ana.call("GET", "/api/tables/"+l.ID, nil)
	if after.Deadline != before.Deadline || after.Version != before.Version {
		t.Fatalf("after the takeover: deadline %d at version %d, want %d at %d", after.Deadline, after.Version, before.Deadline, before.Version)
	}
}
