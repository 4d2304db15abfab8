package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"harbor"
	"harbor/server"
)

// cookie returns the browser's identity cookie.
func (p *person) cookie() string {
	u, _ := url.Parse(p.e.url)
	for _, c := range p.http.Jar.Cookies(u) {
		if c.Name == "harbor_player" {
			return c.Value
		}
	}
	return ""
}

// TestLinkAnotherDevice: a code from Ana's laptop gives her phone the same
// identity, once: the phone holds her seat and plays it; a second use of
// the code is refused, a try on the laptop itself does not spend it; once Ana unlinks the phone it is a stranger again,
// and what its cookie holds cannot be turned into Ana's.
func TestLinkAnotherDevice(t *testing.T) {
	e := newNoticeEnv(t)
	laptop, phone, other := e.person("Ana"), e.person("Ana's phone"), e.person("Eve")
	lobby := laptop.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": map[string]int{"size": 10}})
	laptop.must("POST", "/api/tables/"+lobby.ID+"/bots", map[string]any{})
	var link server.LinkCode
	if err := laptop.call("POST", "/api/devices/code", map[string]any{"tables": []string{lobby.ID}}, &link); err != nil || len(link.Code) != 8 ||
		link.Link != e.url+"/link/"+link.Code || !strings.HasPrefix(link.QR, "data:image/png;base64,") {
		t.Fatalf("link code %+v %v", link, err)
	}
	// Ana tries the code on the laptop that made it: refused, and the code
	// still works on the phone.
	if err := laptop.call("POST", "/api/devices/link", map[string]string{"code": link.Code}, nil); code(err) != harbor.EConflict ||
		!strings.Contains(err.Error(), "other device") {
		t.Fatalf("the code tried by its maker: %v", err)
	}
	var s server.Linked
	if err := phone.call("POST", "/api/devices/link", map[string]string{"code": strings.ToLower(link.Code)}, &s); err != nil || s.Player != laptop.id() ||
		len(s.Tables) != 1 || s.Tables[0] != lobby.ID {
		t.Fatalf("link: %+v %v, want Ana's id %s and her table", s, err, laptop.id())
	}
	if err := laptop.call("POST", "/api/devices/code", map[string]any{"tables": []string{"../x"}}, nil); code(err) != harbor.EInvalid {
		t.Fatalf("a code with a bad table id: %v", err)
	}
	if phone.id() != laptop.id() {
		t.Fatal("the phone is not Ana")
	}
	if err := other.call("POST", "/api/devices/link", map[string]string{"code": link.Code}, nil); code(err) != harbor.ENotFound {
		t.Fatalf("a code used twice: %v", err)
	}
	if other.id() == laptop.id() {
		t.Fatal("the second use of the code made Eve Ana")
	}

	laptop.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	pw := phone.mustDial("table=" + lobby.ID)
	pw.next("lobby")
	if f := pw.next("state"); f.State.Seat != 0 {
		t.Fatalf("the phone sees the table as seat %v", f.State.Seat)
	}
	pw.send("move", 0, map[string]any{"type": "take", "n": 1})
	if f := pw.next("state"); f.V != 1 {
		t.Fatalf("after the phone's move: version %d", f.V)
	}
	pw.c.CloseNow()

	var ds server.Devices
	if err := laptop.call("GET", "/api/devices", nil, &ds); err != nil || ds.This != "" || len(ds.Devices) != 1 {
		t.Fatalf("the laptop's list %+v %v", ds, err)
	}
	phoneID := ds.Devices[0].ID
	if err := phone.call("GET", "/api/devices", nil, &ds); err != nil || ds.This != phoneID {
		t.Fatalf("the phone's list %+v %v", ds, err)
	}
	held := phone.cookie()
	if err := laptop.call("DELETE", "/api/devices/"+phoneID, nil, &ds); err != nil || len(ds.Devices) != 0 {
		t.Fatalf("unlink: %+v %v", ds, err)
	}
	if err := laptop.call("DELETE", "/api/devices/"+phoneID, nil, nil); code(err) != harbor.ENotFound {
		t.Fatalf("unlinking twice: %v", err)
	}
	if phone.id() == laptop.id() {
		t.Fatal("an unlinked phone is still Ana")
	}
	// The cookie the phone held, with its device part cut out, is no token.
	parts := strings.Split(held, ".")
	for _, forged := range []string{parts[0] + "." + parts[2], held} {
		req, _ := http.NewRequest("GET", e.url+"/api/session", nil)
		req.AddCookie(&http.Cookie{Name: "harbor_player", Value: forged})
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if len(resp.Cookies()) == 0 {
			t.Fatalf("the cookie %q was taken as an identity", forged)
		}
	}
}
