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
	st, code, _ := createdOn(t, p, n)
	return st, code
}

// createdOn is createOn that also returns the new table's id.
func createdOn(t *testing.T, p *person, n *node) (int, string, string) {
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
		ID    string                `json:"id"`
		Error struct{ Code string } `json:"error"`
	}
	json.Unmarshal(raw, &e)
	return resp.StatusCode, e.Error.Code, e.ID
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

// TestOpenTablesLimitIsShared: the nodes of a cluster count a person's
// open tables together, through the store: with one allowed, a lobby opened
// on one node stops a second on the other, until the first starts.
func TestOpenTablesLimitIsShared(t *testing.T) {
	c := newCluster(t, 2, "-create-rate", "0", "-open-tables", "1")
	a, b := c.node(0), c.node(1)
	ana := c.person("Ana", 0)
	st, code, id := createdOn(t, ana, a)
	if st != http.StatusCreated {
		t.Fatalf("Ana's lobby on %s: %d %s", a.name, st, code)
	}
	if st, code := createOn(t, ana, b); st != http.StatusConflict || code != "conflict" {
		t.Fatalf("Ana's second lobby, on %s: %d %s, want 409 conflict", b.name, st, code)
	}
	if st, code := createOn(t, c.person("Bo", 1), b); st != http.StatusCreated {
		t.Fatalf("someone else's lobby on %s: %d %s", b.name, st, code)
	}
	// A game with a person playing is no longer open.
	ana.call("POST", "/api/tables/"+id+"/start", nil)
	if st, code := createOn(t, ana, b); st != http.StatusCreated {
		t.Fatalf("Ana's lobby on %s once her first game started: %d %s", b.name, st, code)
	}
}
