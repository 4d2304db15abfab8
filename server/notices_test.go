package server_test

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"harbor"
	"harbor/netguard"
	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/server"
	"harbor/table"
)

// noticeEnv is a server that sends notices to a local push service and a
// local SMTP server.
type noticeEnv struct {
	*env
	push *notifytest.Push
	box  *notifytest.SMTP
}

func newNoticeEnv(t *testing.T) *noticeEnv {
	t.Helper()
	store := openStore(t)
	push, box := notifytest.NewPush(t), notifytest.NewSMTP(t)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	// The push service listens on loopback, which is allowed here only.
	guard := func(a netip.Addr) error {
		if a.IsLoopback() {
			return nil
		}
		return netguard.Check(a)
	}
	n, err := notify.New(notify.Config{Store: store.Notices(), Limits: store.People(), VAPIDKey: key, HTTPClient: push.Server.Client(), Guard: guard,
		Mail: &notify.MailConfig{URL: "smtp://" + box.Addr, From: "harbor@example.org", Base: mailBase}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	push.Expect(n.PublicKey())
	e := serveOpts(t, store, server.Config{Limits: server.DefaultLimits, Notices: n, Devices: store.People(),
		LAN: func() []netip.Addr { return nil }}, table.Options{OnTurn: n.Turn})
	return &noticeEnv{env: e, push: push, box: box}
}

// mailBase is the public URL the notice servers of the tests mail links
// of; local turns such a link into one of the test's server.
const mailBase = "http://harbor.test"

func (e *env) local(link string) string {
	e.t.Helper()
	if !strings.HasPrefix(link, mailBase+"/") {
		e.t.Fatalf("the link %q is not one of %s", link, mailBase)
	}
	return e.url + strings.TrimPrefix(link, mailBase)
}

// open opens a link of a mail as chromium does: GET shows the button, the
// button POSTs the same address, with Origin null since the page is
// served with Referrer-Policy no-referrer.
func (p *person) open(link string, wantText string) {
	p.e.t.Helper()
	link = p.e.local(link)
	for _, method := range []string{"GET", "POST"} {
		req, _ := http.NewRequest(method, link, nil)
		if method == "POST" {
			req.Header.Set("Origin", "null")
		}
		resp, err := p.http.Do(req)
		if err != nil {
			p.e.t.Fatal(err)
		}
		body := new(strings.Builder)
		_, _ = io.Copy(body, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			p.e.t.Fatalf("%s %s: %d %s", method, link, resp.StatusCode, body)
		}
		if method == "POST" && !strings.Contains(body.String(), wantText) {
			p.e.t.Fatalf("%s %s says %s, want %q", method, link, body, wantText)
		}
	}
}

// TestTurnNoticesByPushAndMail: Bo turns push notices on and confirms his
// address by the link mailed to him; when his turn comes while he has no
// page of the table open, the push service gets the notice encrypted for
// his subscription and signed with the server's key, and a mail comes
// with the table's link and an unsubscribe link that works.
func TestTurnNoticesByPushAndMail(t *testing.T) {
	e := newNoticeEnv(t)
	ana, bo := e.person("Ana"), e.person("Bo")
	var settings server.NoticeSettings
	if err := bo.call("GET", "/api/notices", nil, &settings); err != nil || settings.PushKey == "" || !settings.MailOn {
		t.Fatalf("settings %+v %v", settings, err)
	}
	if err := bo.call("POST", "/api/notices/push", map[string]any{"endpoint": e.push.Endpoint,
		"keys": map[string]string{"p256dh": e.push.P256dh, "auth": e.push.Auth}}, &settings); err != nil || len(settings.Endpoints) != 1 {
		t.Fatalf("push on: %+v %v", settings, err)
	}
	if err := bo.call("POST", "/api/notices/mail", map[string]string{"address": "bo@example.org"}, &settings); err != nil ||
		settings.Mail != "bo@example.org" || settings.Confirmed {
		t.Fatalf("mail: %+v %v", settings, err)
	}
	confirm := e.box.Wait(t, 1)
	if confirm.To[0] != "bo@example.org" || len(confirm.Links()) != 2 || !strings.HasPrefix(confirm.Links()[0], mailBase+notify.ConfirmPath) {
		t.Fatalf("confirmation mail to %v with links %v", confirm.To, confirm.Links())
	}
	e.person("Scanner").open(confirm.Links()[0], "turn notices go to bo@example.org")
	if err := bo.call("GET", "/api/notices", nil, &settings); err != nil || !settings.Confirmed {
		t.Fatalf("after the link: %+v %v", settings, err)
	}

	lobby := ana.must("POST", "/api/tables", map[string]any{"game": "pile", "name": "Ana", "options": json.RawMessage(`{"size":10}`)})
	bo.must("POST", "/api/join", map[string]any{"invite": lobby.Invite, "name": "Bo"})
	bo.must("POST", "/api/tables/"+lobby.ID+"/ready", map[string]any{"ready": true})
	aw := ana.mustDial("table=" + lobby.ID)
	ana.must("POST", "/api/tables/"+lobby.ID+"/start", nil)
	aw.send("move", 0, map[string]any{"type": "take", "n": 1})
	aw.next("state")

	var got notify.Notice
	if err := json.Unmarshal(e.push.Wait(t, 1)[0], &got); err != nil {
		t.Fatal(err)
	}
	want := notify.Notice{Title: "Your turn: Pile", Body: "Bo, it is your turn at the table with Ana.", URL: "/t/" + lobby.ID, Tag: "turn-" + lobby.ID}
	if got != want {
		t.Fatalf("push notice %+v, want %+v", got, want)
	}
	m := e.box.Wait(t, 2)
	if m.Msg.Header.Get("Subject") != want.Title || !strings.Contains(m.Body, want.Body) || m.Links()[0] != mailBase+want.URL {
		t.Fatalf("turn mail %q: %s", m.Msg.Header.Get("Subject"), m.Body)
	}
	stop := m.Links()[1]
	if !strings.HasPrefix(stop, mailBase+notify.StopPath) || m.Msg.Header.Get("List-Unsubscribe") != "<"+stop+">" {
		t.Fatalf("unsubscribe link %q, header %q", stop, m.Msg.Header.Get("List-Unsubscribe"))
	}
	// A mail program unsubscribes in one click (RFC 8058): a POST of the
	// link with no cookie and no Origin.
	resp, err := http.Post(e.local(stop), "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("one-click unsubscribe: %v %v", resp, err)
	}
	resp.Body.Close()
	settings = server.NoticeSettings{}
	if err := bo.call("GET", "/api/notices", nil, &settings); err != nil || settings.Mail != "" {
		t.Fatalf("after unsubscribing: %+v %v", settings, err)
	}
	settings = server.NoticeSettings{}
	if err := ana.call("GET", "/api/notices", nil, &settings); err != nil || settings.Mail != "" || len(settings.Endpoints) != 0 {
		t.Fatalf("Ana sees %+v", settings)
	}
	// A used unsubscribe link finds nothing.
	req, _ := http.NewRequest("GET", e.local(stop), nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Fatalf("a used link: %v %v", resp, err)
	}
}

func TestNoticeSettingsRefuseBadInput(t *testing.T) {
	e := newNoticeEnv(t)
	p := e.person("Ana")
	for _, tc := range []struct {
		path string
		body any
	}{
		{"/api/notices/push", map[string]any{"endpoint": "http://push.example/1", "keys": map[string]string{"p256dh": e.push.P256dh, "auth": e.push.Auth}}},
		{"/api/notices/push", map[string]any{"endpoint": e.push.Endpoint, "keys": map[string]string{"p256dh": "x", "auth": e.push.Auth}}},
		{"/api/notices/mail", map[string]string{"address": "not an address"}},
		{"/api/notices/mail", map[string]string{"address": "Bo <bo@example.org>"}},
		{"/api/notices/quiet", map[string]any{"from": -1, "to": 60, "zone": "UTC"}},
		{"/api/notices/quiet", map[string]any{"from": 0, "to": 1440, "zone": "UTC"}},
		{"/api/notices/quiet", map[string]any{"from": 0, "to": 60, "zone": "Mars/Olympus"}},
	} {
		if err := p.call("POST", tc.path, tc.body, nil); code(err) != harbor.EInvalid {
			t.Errorf("%s %v: %v, want invalid", tc.path, tc.body, err)
		}
	}
	var s server.NoticeSettings
	if err := p.call("POST", "/api/notices/quiet", map[string]any{"from": 22 * 60, "to": 7 * 60, "zone": "Europe/Berlin"}, &s); err != nil ||
		s.QuietFrom != 22*60 || s.QuietTo != 7*60 || s.Zone != "Europe/Berlin" || s.Mail != "" || len(s.Endpoints) != 0 {
		t.Fatalf("quiet hours: %+v %v", s, err)
	}
	if e.box.Count() != 0 {
		t.Fatal("a refused address was mailed")
	}
}

// TestPushSubscriptions: a push endpoint is refused with its reason when
// it is too long or on an address of a special-purpose range, and so are
// keys that are not a P-256 point; a browser that subscribes again
// replaces its old subscription; another person cannot take an endpoint;
// a browser linked to another person leaves its endpoint free for them.
// A refusal changes nothing.
func TestPushSubscriptions(t *testing.T) {
	e := newNoticeEnv(t)
	ana, bo, phone := e.person("Ana"), e.person("Bo"), e.person("Phone")
	keys := map[string]string{"p256dh": e.push.P256dh, "auth": e.push.Auth}
	on := func(p *person, endpoint string, keys map[string]string) (server.NoticeSettings, error) {
		var s server.NoticeSettings
		err := p.call("POST", "/api/notices/push", map[string]any{"endpoint": endpoint, "keys": keys}, &s)
		return s, err
	}
	if s, err := on(ana, e.push.Endpoint+"/old", keys); err != nil || !slices.Equal(s.Endpoints, []string{e.push.Endpoint + "/old"}) {
		t.Fatalf("push on: %+v %v", s, err)
	}
	if s, err := on(ana, e.push.Endpoint, keys); err != nil || !slices.Equal(s.Endpoints, []string{e.push.Endpoint}) {
		t.Fatalf("the browser subscribed again: %+v %v", s, err)
	}
	notPoint := make([]byte, 65)
	_, _ = rand.Read(notPoint)
	notPoint[0] = 4
	for _, tc := range []struct {
		endpoint string
		keys     map[string]string
		code     string
		want     string
	}{
		{"https://100.64.0.1/push/1", keys, harbor.EInvalid,
			"push endpoint address 100.64.0.1 is in 100.64.0.0/10 (shared address space), which is never dialled"},
		{"https://[2002:c0a8:101::1]/push/1", keys, harbor.EInvalid, "2002::/16 (6to4), whose embedded IPv4 address 192.168.1.1"},
		{"https://push.example/" + strings.Repeat("x", 1200), keys, harbor.EInvalid, "push endpoint is longer than 1000 characters"},
		{e.push.Endpoint + "/2", map[string]string{"p256dh": base64.RawURLEncoding.EncodeToString(notPoint), "auth": e.push.Auth}, harbor.EInvalid,
			"the subscription's p256dh key is not a P-256 public key"},
	} {
		if _, err := on(ana, tc.endpoint, tc.keys); code(err) != tc.code || !strings.Contains(harbor.ErrorMessage(err), tc.want) {
			t.Errorf("%.60s: %v, want %s %q", tc.endpoint, err, tc.code, tc.want)
		}
	}
	if _, err := on(bo, e.push.Endpoint, keys); code(err) != harbor.EConflict || !strings.Contains(harbor.ErrorMessage(err), "registered to someone else") {
		t.Fatalf("Bo names Ana's endpoint: %v", err)
	}
	var s server.NoticeSettings
	if err := ana.call("GET", "/api/notices", nil, &s); err != nil || !slices.Equal(s.Endpoints, []string{e.push.Endpoint}) {
		t.Fatalf("after the refusals Ana has %+v %v", s, err)
	}
	if err := bo.call("GET", "/api/notices", nil, &s); err != nil || len(s.Endpoints) != 0 {
		t.Fatalf("after the refusals Bo has %+v %v", s, err)
	}

	// A browser that had notices as a stranger becomes Bo's linked device:
	// its endpoint is Bo's to take.
	if _, err := on(phone, e.push.Endpoint+"/phone", keys); err != nil {
		t.Fatal(err)
	}
	var link server.LinkCode
	if err := bo.call("POST", "/api/devices/code", map[string]any{}, &link); err != nil {
		t.Fatal(err)
	}
	if err := phone.call("POST", "/api/devices/link", map[string]string{"code": link.Code}, nil); err != nil {
		t.Fatal(err)
	}
	if s, err := on(phone, e.push.Endpoint+"/phone", keys); err != nil || !slices.Equal(s.Endpoints, []string{e.push.Endpoint + "/phone"}) {
		t.Fatalf("the linked phone subscribes for Bo: %+v %v", s, err)
	}
}

// TestNoMailWithoutSMTP: on a server without an SMTP server the settings
// say so and an address is refused; nothing is stored.
func TestNoMailWithoutSMTP(t *testing.T) {
	store := openStore(t)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	n, err := notify.New(notify.Config{Store: store.Notices(), Limits: store.People(), VAPIDKey: key})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	e := serveWith(t, store, server.Config{Limits: server.DefaultLimits, Notices: n, Devices: store.People()})
	p := e.person("Ana")
	var s server.NoticeSettings
	if err := p.call("GET", "/api/notices", nil, &s); err != nil || s.MailOn {
		t.Fatalf("settings %+v %v", s, err)
	}
	if err := p.call("POST", "/api/notices/mail", map[string]string{"address": "ana@example.org"}, nil); code(err) != harbor.EConflict {
		t.Fatalf("an address without SMTP: %v", err)
	}
	s = server.NoticeSettings{}
	if err := p.call("GET", "/api/notices", nil, &s); err != nil || s.Mail != "" {
		t.Fatalf("after the refusal: %+v %v", s, err)
	}
}

// setMailAs saves an address for p as a request with the given Host and
// Origin headers ("": none).
func (p *person) setMailAs(address, host, origin string) error {
	p.e.t.Helper()
	b, _ := json.Marshal(server.MailRequest{Address: address})
	req, _ := http.NewRequest("POST", p.e.url+"/api/notices/mail", strings.NewReader(string(b)))
	if host != "" {
		// The client's jar would pick cookies by the Host named.
		req.Host = host
		req.Header.Set("Cookie", "harbor_player="+p.cookie())
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := p.http.Do(req)
	if err != nil {
		p.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		return nil
	}
	var e struct{ Error *harbor.Error }
	if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || e.Error == nil {
		p.e.t.Fatalf("saving an address: status %d without an error body", resp.StatusCode)
	}
	return e.Error
}

// mailOf returns the address p's settings hold.
func (p *person) mailOf() string {
	p.e.t.Helper()
	var s server.NoticeSettings
	if err := p.call("GET", "/api/notices", nil, &s); err != nil {
		p.e.t.Fatal(err)
	}
	return s.Mail
}

// TestMailLinksIgnoreHost: the links of a mail come from the configured
// public URL, whatever Host the request that gave the address named; the
// API itself still refuses a page of no origin (Origin null).
func TestMailLinksIgnoreHost(t *testing.T) {
	e := newNoticeEnv(t)
	bo := e.person("Bo")
	bo.mailOf() // the cookie, before a request that names another host
	if err := bo.setMailAs("bo@example.org", "evil.example", ""); err != nil {
		t.Fatal(err)
	}
	m := e.box.Wait(t, 1)
	for _, l := range m.Links() {
		if !strings.HasPrefix(l, mailBase+"/") {
			t.Fatalf("a link of the mail is %s", l)
		}
	}
	if h := m.Msg.Header.Get("List-Unsubscribe"); strings.Contains(h, "evil") {
		t.Fatalf("List-Unsubscribe %s", h)
	}
	if err := bo.setMailAs("bo2@example.org", "", "null"); code(err) != harbor.EForbidden || bo.mailOf() != "bo@example.org" {
		t.Fatalf("an address saved with Origin null: %v, now %q", err, bo.mailOf())
	}
}

// TestConfirmationLimits: one address gets ConfirmsPerRecipient
// confirmation mails however many people (fresh cookies) ask, and one
// client address asks for ConfirmsPerClient; a refused request stores
// nothing.
func TestConfirmationLimits(t *testing.T) {
	// flood has limit+1 people (each a fresh cookie from the same client
	// address) save address(i): the last is refused and stores nothing.
	flood := func(what string, limit int, address func(i int) string) {
		e := newNoticeEnv(t)
		for i := range limit + 1 {
			p := e.person("Eve")
			err := p.setMailAs(address(i), "", "")
			if i < limit && err != nil {
				t.Fatalf("%s: confirmation %d: %v", what, i+1, err)
			}
			if i == limit && (code(err) != harbor.ERateLimited || p.mailOf() != "") {
				t.Fatalf("%s: confirmation %d: %v, stored %q", what, i+1, err, p.mailOf())
			}
		}
		if n := e.box.Count(); n != limit {
			t.Fatalf("%s: %d mails", what, n)
		}
	}
	flood("one address", notify.ConfirmsPerRecipient, func(i int) string { return []string{"victim@example.org", "Victim@example.org"}[i%2] })
	flood("one client address", notify.ConfirmsPerClient, func(i int) string { return fmt.Sprintf("victim%d@example.org", i) })
}

// TestRefusedAddress: an address the SMTP server refuses is answered
// invalid, leaves the settings as they were and counts towards no limit.
func TestRefusedAddress(t *testing.T) {
	e := newNoticeEnv(t)
	e.box.Refuse("nobody@example.org")
	bo := e.person("Bo")
	if err := bo.setMailAs("bo@example.org", "", ""); err != nil {
		t.Fatal(err)
	}
	e.person("Bo's mail").open(e.box.Wait(t, 1).Links()[0], "turn notices go to bo@example.org")
	for range notify.DefaultMaxSends + notify.ConfirmsPerClient {
		err := bo.setMailAs("nobody@example.org", "", "")
		if code(err) != harbor.EInvalid || !strings.Contains(err.Error(), "refused nobody@example.org") {
			t.Fatalf("a refused address: %v", err)
		}
	}
	var s server.NoticeSettings
	if err := bo.call("GET", "/api/notices", nil, &s); err != nil || s.Mail != "bo@example.org" || !s.Confirmed {
		t.Fatalf("after the refusals: %+v %v", s, err)
	}
	if err := bo.setMailAs("bo2@example.org", "", ""); err != nil {
		t.Fatalf("an address after the refusals: %v", err)
	}
	if n := e.box.Count(); n != 2 {
		t.Fatalf("%d mails, want 2", n)
	}
}
