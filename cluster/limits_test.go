package cluster_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// createOn asks node n, as p, for a new table of Pile and returns the
// answer's status and error code.
func createOn(t *testing.T, p *person, n *node) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", n.url+"/api/tables", strings.NewReader(`{"game":"pile","name":"`+p.name+`"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	json.Unmarshal(raw, &e)
	return resp.StatusCode, e.Error.Code
}

// TestCreateLimitIsShared: the nodes of a cluster count a person's new
// tables together, through the store. With two allowed at once, a person
// who made one on each of two nodes is refused on both, and so is the
// next person from the same address once the address's share is gone.
func TestCreateLimitIsShared(t *testing.T) {
	c := newCluster(t, 2, "-create-rate", "0.001", "-create-burst", "2", "-open-tables", "0", "-address-factor", "2")
	a, b := c.node(0), c.node(1)
	ana := c.person("Ana", 0)
	for _, n := range []*node{a, b} {
		if st, code := createOn(t, ana, n); st != http.StatusCreated {
			t.Fatalf("Ana's table on %s: %d %s", n.name, st, code)
		}
	}
	for _, n := range []*node{a, b} {
		if st, code := createOn(t, ana, n); st != http.StatusTooManyRequests || code != "rate_limited" {
			t.Fatalf("Ana's third table, on %s: %d %s, want 429 rate_limited", n.name, st, code)
		}
	}
	// The address may stand for two people: four tables in all.
	bo := c.person("Bo", 1)
	for _, n := range []*node{b, a} {
		if st, code := createOn(t, bo, n); st != http.StatusCreated {
			t.Fatalf("Bo's table on %s: %d %s", n.name, st, code)
		}
	}
	cy := c.person("Cy", 0)
	for _, n := range []*node{a, b} {
		if st, code := createOn(t, cy, n); st != http.StatusTooManyRequests || code != "rate_limited" {
			t.Fatalf("a fifth table from the address, on %s: %d %s, want 429 rate_limited", n.name, st, code)
		}
	}
}
