package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"harbor"
	"harbor/server"
	"harbor/table"
)

// status makes a raw API request and returns its HTTP status and, for an
// error answer, its error.
func (p *person) status(method, path, body string) (int, *harbor.Error) {
	p.e.t.Helper()
	req, _ := http.NewRequest(method, p.e.url+path, strings.NewReader(body))
	resp, err := p.http.Do(req)
	if err != nil {
		p.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct{ Error *harbor.Error }
	if resp.StatusCode >= 300 {
		if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || e.Error == nil {
			p.e.t.Fatalf("%s %s: status %d without an error body", method, path, resp.StatusCode)
		}
	}
	return resp.StatusCode, e.Error
}

// TestBotSeatMustExist: a computer player asked for in a seat that is not
// one of the table's is refused, naming the seat, and seats nobody.
func TestBotSeatMustExist(t *testing.T) {
	e := newEnv(t, server.Limits{})
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", pileTable)
	for _, seat := range []string{"-7", "-1", "6", "99"} {
		st, err := ana.status("POST", "/api/tables/"+l.ID+"/bots", `{"seat":`+seat+`}`)
		if st != http.StatusBadRequest || err == nil || err.Code != harbor.EInvalid || err.Message != "there is no seat "+seat {
			t.Errorf("a bot in seat %s: %d %v, want 400 \"there is no seat %s\"", seat, st, err, seat)
		}
	}
	for _, s := range ana.must("GET", "/api/tables/"+l.ID, nil).Seats {
		if s.Kind == table.Bot {
			t.Fatalf("a refused request seated a computer player: %+v", s)
		}
	}
	// Without a seat, the first free one.
	if s := ana.must("POST", "/api/tables/"+l.ID+"/bots", map[string]any{}).Seats; s[1].Kind != table.Bot {
		t.Fatalf("seats %+v", s)
	}
}

// TestCreateNeedsAGame: an empty body, or one naming no game, is invalid
// (400), not an unknown game.
func TestCreateNeedsAGame(t *testing.T) {
	e := newEnv(t, server.Limits{})
	ana := e.person("Ana")
	for _, body := range []string{"", " ", "{}", `{"name":"Ana"}`} {
		if st, err := ana.status("POST", "/api/tables", body); st != http.StatusBadRequest || err == nil || err.Code != harbor.EInvalid {
			t.Errorf("create with body %q: %d %v, want 400 invalid", body, st, err)
		}
	}
	if st, err := ana.status("POST", "/api/tables", `{"game":"chess","name":"Ana"}`); st != http.StatusNotFound || err == nil {
		t.Errorf("an unknown game: %d %v, want 404", st, err)
	}
}

// TestOptionsAreStrict: rules options are matched exactly, at creation and
// when the host changes them; a key in another case, a key given twice or
// a key the game does not have is refused with a message naming it, and
// the lobby keeps what it had.
func TestOptionsAreStrict(t *testing.T) {
	e := newEnv(t, server.Limits{})
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", map[string]any{"game": "holdings", "name": "Ana", "options": map[string]int{"roundLimit": 5}})
	for _, c := range []struct{ options, names string }{
		{`{"ROUNDLIMIT":3}`, `"ROUNDLIMIT"`},
		{`{"roundlimit":3,"roundLimit":4}`, `"roundlimit"`},
		{`{"roundLimit":3,"roundLimit":4}`, `"roundLimit" appears twice`},
		{`{"roundLimit":3,"rounds":4}`, `"rounds"`},
		{`{"roundLimit":0}`, `"roundLimit"`},
	} {
		create := `{"game":"holdings","name":"Ana","options":` + c.options + `}`
		if st, err := ana.status("POST", "/api/tables", create); st != http.StatusBadRequest || err == nil || !strings.Contains(err.Message, c.names) {
			t.Errorf("create with options %s: %d %v, want 400 naming %s", c.options, st, err, c.names)
		}
		change := `{"options":` + c.options + `,"turnSeconds":0}`
		if st, err := ana.status("POST", "/api/tables/"+l.ID+"/options", change); st != http.StatusBadRequest || err == nil || !strings.Contains(err.Message, c.names) {
			t.Errorf("options %s for the lobby: %d %v, want 400 naming %s", c.options, st, err, c.names)
		}
	}
	if got := ana.must("GET", "/api/tables/"+l.ID, nil); string(got.Options) != `{"roundLimit":5}` {
		t.Fatalf("the lobby's options became %s", got.Options)
	}
}

// TestLimitsChargeValidRequestsOnly: requests refused for their body (bad
// options, no game, an unknown game) spend nothing of the create limit.
func TestLimitsChargeValidRequestsOnly(t *testing.T) {
	limits := server.DefaultLimits
	limits.CreateRate, limits.CreateBurst, limits.OpenTables = 0.001, 2, 0
	e := newEnv(t, limits)
	ana := e.person("Ana")
	for range 5 {
		for _, body := range []string{
			`{"game":"pile","name":"Ana","options":{"SIZE":3}}`,
			`{"game":"pile","name":"Ana","options":{"size":3,"size":4}}`,
			`{"game":"pile","name":"Ana","options":{"size":0}}`,
			`{"game":"pile","name":"Ana","turnSeconds":-1}`,
			``,
			`{"game":"chess","name":"Ana"}`,
		} {
			if err := ana.callRaw("POST", "/api/tables", body); code(err) == harbor.ERateLimited || err == nil {
				t.Fatalf("create with %q: %v, want refused for its body", body, err)
			}
		}
	}
	ana.must("POST", "/api/tables", pileTable)
	ana.must("POST", "/api/tables", pileTable)
	refused(t, e, ana.call("POST", "/api/tables", pileTable, nil), harbor.ERateLimited, "a minute per person", 2)
}

// TestForkChargedWhenValid: asking to play on from a moment the finished
// game does not have, or under a name that is not one, costs nothing of the
// create limit.
func TestForkChargedWhenValid(t *testing.T) {
	limits := server.DefaultLimits
	limits.CreateRate, limits.CreateBurst, limits.OpenTables = 0.001, 2, 0
	e := newEnv(t, limits)
	ana := e.person("Ana")
	l := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 2}})
	ana.must("POST", "/api/tables/"+l.ID+"/start", nil)
	w := ana.mustDial("table=" + l.ID)
	w.next("state")
	w.send("move", 0, map[string]any{"type": "take", "n": 2})
	if f := w.next("state"); !f.State.Result.Over {
		t.Fatal("taking the whole pile did not end the game")
	}
	for range 5 {
		for _, at := range []int{-1, 1, 7} {
			if err := ana.call("POST", "/api/tables/"+l.ID+"/fork", map[string]any{"at": at}, nil); code(err) != harbor.EInvalid {
				t.Fatalf("a fork at move %d of a one-move game: %v, want invalid", at, err)
			}
		}
		for _, name := range []string{strings.Repeat("x", 500), "   ", "a\x00b"} {
			if err := ana.call("POST", "/api/tables/"+l.ID+"/fork", map[string]any{"at": 0, "name": name}, nil); code(err) != harbor.EInvalid {
				t.Fatalf("a fork under the name %q: %v, want invalid", name, err)
			}
		}
	}
	ana.must("POST", "/api/tables/"+l.ID+"/fork", map[string]any{"at": 0})
	refused(t, e, ana.call("POST", "/api/tables", pileTable, nil), harbor.ERateLimited, "a minute per person", 2)
}
