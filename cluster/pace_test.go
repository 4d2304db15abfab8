package cluster_test

import (
	"testing"
	"time"
)

// TestPaceFailover: a table played at its players' own pace, with nobody
// connected, keeps its turn's deadline when the node running it dies and
// another node takes it over from the store.
func TestPaceFailover(t *testing.T) {
	c := newCluster(t, 2)
	ana, bo := c.person("Ana", 0), c.person("Bo", 1)
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
	c.start()
	waitFor(t, 30*time.Second, "another node runs the table", func() bool {
		o := c.owner(l.ID)
		return o != nil && o != owner
	})
	after := ana.call("GET", "/api/tables/"+l.ID, nil)
	if after.Deadline != before.Deadline || after.Version != before.Version {
		t.Fatalf("after the takeover: deadline %d at version %d, want %d at %d", after.Deadline, after.Version, before.Deadline, before.Version)
	}
}
