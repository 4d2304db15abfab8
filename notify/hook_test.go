package notify_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"harbor"
	"harbor/netguard"
	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/people"
)

var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}

var hookNames = resolver{
	"discord.com":        {netip.MustParseAddr("162.159.128.233")},
	"discordapp.com":     {netip.MustParseAddr("162.159.129.233")},
	"hooks.slack.com":    {netip.MustParseAddr("34.226.36.50")},
	"matrix.example.org": {netip.MustParseAddr("93.184.216.34")},
	"other.example":      {netip.MustParseAddr("93.184.216.35")},
	"lan.example":        {netip.MustParseAddr("10.1.2.3")},
	"relay.test":         {netip.MustParseAddr("127.0.0.1")},
}

// TestCheckHook: each service takes the URLs of its own shape and no
// other, https only; Discord and Slack on their own hosts, or on any host
// whose addresses the operator allowed (the path still checked); Matrix's
// hookshot on any host; every host resolved and its addresses put to the
// same guard as push endpoints, -notice-allow included.
func TestCheckHook(t *testing.T) {
	store := newStore(t)
	open := newNotifier(t, notify.Config{Store: store, Limits: store, Resolver: hookNames})
	allowing := newNotifier(t, notify.Config{Store: store, Limits: store, Resolver: hookNames,
		Guard: netguard.Allowing(loopback, nil), Allowed: loopback})
	for _, tc := range []struct {
		n            *notify.Notifier
		service, url string
		want         string // "" when taken
	}{
		{open, "discord", "https://discord.com/api/webhooks/1234567890/AbC-dEf_123", ""},
		{open, "discord", "https://discordapp.com/api/webhooks/1234567890/AbC", ""},
		{open, "slack", "https://hooks.slack.com/services/T000/B000/XXXX", ""},
		{open, "matrix", "https://matrix.example.org/webhook/6f9c2a1e-1b2c", ""},
		{open, "matrix", "https://matrix.example.org/hookshot/webhook/abc", ""},
		{allowing, "discord", "https://relay.test:8443/api/webhooks/1/tok", ""},
		{allowing, "discord", "https://127.0.0.1:8443/api/webhooks/1/tok", ""},

		{open, "teams", "https://discord.com/api/webhooks/1/tok", "choose the chat service: discord, slack or matrix"},
		{open, "discord", "", "paste the room's webhook URL"},
		{open, "discord", "http://discord.com/api/webhooks/1/tok", "a webhook URL must be an https address"},
		{open, "discord", "https://me:pw@discord.com/api/webhooks/1/tok", "a webhook URL must be an https address"},
		{open, "discord", "https://discord.com/api/webhooks/" + strings.Repeat("1", 1000) + "/tok", "a webhook URL is at most 1000 characters"},
		{open, "discord", "https://discord.com/api/webhooks/abc/tok", "this is not a Discord webhook URL"},
		{open, "discord", "https://discord.com/api/webhooks/1/tok/extra", "this is not a Discord webhook URL"},
		{open, "discord", "https://other.example/api/webhooks/1/tok", "this is not a Discord webhook URL"},
		{open, "discord", "https://hooks.slack.com/services/T000/B000/XXXX", "this is not a Discord webhook URL"},
		{open, "slack", "https://other.example/services/T000/B000/XXXX", "this is not a Slack webhook URL"},
		{open, "slack", "https://hooks.slack.com/workflows/T000/A000/1/x", "this is not a Slack webhook URL"},
		{open, "matrix", "https://matrix.example.org/_matrix/client/v3/rooms", "this is not a Matrix webhook URL"},
		{open, "matrix", "https://lan.example/webhook/abc", "address 10.1.2.3 is in 10.0.0.0/8 (private use), which is never dialled"},
		{open, "discord", "https://127.0.0.1:8443/api/webhooks/1/tok", "127.0.0.0/8 (loopback)"},
		{open, "discord", "https://relay.test/api/webhooks/1/tok", "127.0.0.0/8 (loopback)"},
		{allowing, "matrix", "https://lan.example/webhook/abc", "10.0.0.0/8 (private use)"},
		{allowing, "slack", "https://relay.test/services/T000", "this is not a Slack webhook URL"},
		{open, "matrix", "https://nowhere.example/webhook/abc", "nowhere.example does not resolve"},
	} {
		err := tc.n.CheckHook(ctx, tc.service, tc.url)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s %.60s refused: %v", tc.service, tc.url, err)
		case tc.want != "" && (harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(harbor.ErrorMessage(err), tc.want)):
			t.Errorf("%s %.60s: %v, want invalid: %q", tc.service, tc.url, err, tc.want)
		}
	}
}

// TestRoomMessageFormats: each service gets its own JSON; a player's name
// can neither mention anyone nor format the message in any of them; the
// deadline is told in the notices' words (UTC); the table's link comes
// from the public URL, and there is none without one.
func TestRoomMessageFormats(t *testing.T) {
	now := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	tn := turn
	tn.Name = "*Ana* @everyone <@1> <b>x</b>"
	tn.Others = []string{"_Bo_", "@room"}
	tn.Due = now.Add(3 * time.Hour)
	decode := func(service, base string) map[string]any {
		t.Helper()
		b, err := notify.RoomMessage(service, tn, now, base, "")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	zw := "\u200b"

	d := decode("discord", "https://harbor.example/")
	want := `It is \*Ana\* @` + zw + `everyone \<@` + zw + `1\> \<b\>x\</b\>’s turn at Neko Harbour, with \_Bo\_ and @` + zw + `room.` +
		` They have until 12:00 UTC on Sunday, December 6, about 3 hours from now.` + "\nOpen the table: <https://harbor.example/t/t123>"
	if d["content"] != want {
		t.Errorf("discord content\n%q, want\n%q", d["content"], want)
	}
	if am, _ := json.Marshal(d["allowed_mentions"]); string(am) != `{"parse":[]}` {
		t.Errorf("discord allowed_mentions %s", am)
	}

	s := decode("slack", "https://harbor.example")
	want = `It is ` + zw + `*Ana` + zw + `* @` + zw + `everyone &lt;@` + zw + `1&gt; &lt;b&gt;x&lt;/b&gt;’s turn at Neko Harbour, with ` + zw + `_Bo` + zw + `_ and @` + zw + `room.` +
		` They have until 12:00 UTC on Sunday, December 6, about 3 hours from now.` + "\n<https://harbor.example/t/t123|Open the table>"
	if s["text"] != want || len(s) != 1 {
		t.Errorf("slack %q, want text\n%q", s, want)
	}

	m := decode("matrix", "https://harbor.example")
	if text, _ := m["text"].(string); strings.Contains(text, "@room") || strings.Contains(text, "@everyone") || !strings.HasSuffix(text, "\nOpen the table: https://harbor.example/t/t123") {
		t.Errorf("matrix text %q", text)
	}
	wantHTML := `It is *Ana* @everyone &lt;@1&gt; &lt;b&gt;x&lt;/b&gt;’s turn at Neko Harbour, with _Bo_ and @room.` +
		` They have until 12:00 UTC on Sunday, December 6, about 3 hours from now.<br><a href="https://harbor.example/t/t123">Open the table</a>`
	if m["html"] != wantHTML {
		t.Errorf("matrix html\n%q, want\n%q", m["html"], wantHTML)
	}

	for _, service := range []string{"discord", "slack", "matrix"} {
		b, _ := notify.RoomMessage(service, tn, now, "", "en")
		if strings.Contains(string(b), "/t/t123") || strings.Contains(string(b), "Open the table") {
			t.Errorf("%s without a public URL: %s", service, b)
		}
	}
}

// room is a chat service's webhook on a loopback https server: it keeps
// the bodies posted and answers status.
type room struct {
	srv    *httptest.Server
	status atomic.Int32
	mu     sync.Mutex
	posts  [][]byte
	got    chan struct{}
}

func newRoom(t *testing.T) *room {
	r := &room{got: make(chan struct{}, 32)}
	r.status.Store(http.StatusNoContent)
	r.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		if req.Method != http.MethodPost || req.URL.Path != "/api/webhooks/42/secret-token" || req.Header.Get("Content-Type") != "application/json" {
			b = []byte("unexpected " + req.Method + " " + req.URL.Path)
		}
		r.mu.Lock()
		r.posts = append(r.posts, b)
		r.mu.Unlock()
		w.WriteHeader(int(r.status.Load()))
		r.got <- struct{}{}
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *room) URL() string { return r.srv.URL + "/api/webhooks/42/secret-token" }

func (r *room) Posts() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.posts)
}

// client dials through the guard, which lets loopback through, and
// trusts the room's certificate.
func (r *room) client() *http.Client {
	tr := r.srv.Client().Transport.(*http.Transport).Clone()
	d := &net.Dialer{Control: netguard.Control(netguard.Allowing(loopback, nil))}
	tr.DialContext = d.DialContext
	return &http.Client{Transport: tr}
}

// roomOutbox is an outbox, on a set clock, whose table t123 posts to a
// room on loopback, set by its host through SetHook; the person has no
// channel of their own.
func roomOutbox(t *testing.T, maxSends int) (testStore, *room, *clock, outbox) {
	t.Helper()
	store := newStore(t)
	r := newRoom(t)
	clk := newClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	o := newOutbox(t, notify.Config{Store: store, Limits: store, HTTPClient: r.client(), MaxSends: maxSends, Window: time.Hour, Now: clk.Now,
		Guard: netguard.Allowing(loopback, nil), Allowed: loopback, PublicURL: "https://harbor.example"})
	if err := o.n.SetHook(ctx, notify.Hook{Table: "t123", Service: "discord", URL: r.URL(), SetBy: "host", Created: clk.Now()}); err != nil {
		t.Fatal(err)
	}
	return store, r, clk, o
}

// TestRoomPostedOnce: the turn of a person with no channel of their own
// is posted to the table's room once, in Discord's format with the
// table's link; a failed post is tried again after FirstRetry, and a
// notice whose room took it is never posted again while the person's
// push is retried.
func TestRoomPostedOnce(t *testing.T) {
	store, r, clk, o := roomOutbox(t, 5)
	r.status.Store(http.StatusInternalServerError)
	o.n.Turn(turnAt("t123", 4))
	if q := o.next(t); q.Done || q.Attempts != 1 || len(q.Sent) != 0 || !q.NotBefore.Equal(clk.Now().Add(notify.FirstRetry)) {
		t.Fatalf("with the room failing: %+v, want it tried again in %v", q, notify.FirstRetry)
	}
	r.status.Store(http.StatusNoContent)
	clk.Add(notify.FirstRetry)
	o.n.Wake()
	if q := o.next(t); !q.Done || !slices.Equal(q.Sent, []string{notify.RoomChannel}) {
		t.Fatalf("with the room back: %+v", q)
	}
	posts := r.Posts()
	if len(posts) != 2 {
		t.Fatalf("%d posts, want the failed one and the one taken", len(posts))
	}
	var got struct {
		Content         string         `json:"content"`
		AllowedMentions map[string]any `json:"allowed_mentions"`
	}
	if err := json.Unmarshal(posts[1], &got); err != nil {
		t.Fatalf("%v: %s", err, posts[1])
	}
	if !strings.HasPrefix(got.Content, "It is Ana’s turn at Neko Harbour, with Bo and Cy.") ||
		!strings.HasSuffix(got.Content, "<https://harbor.example/t/t123>") || got.AllowedMentions == nil {
		t.Fatalf("post %s", posts[1])
	}

	// Now the person has a push subscription that fails: the room has
	// this turn already and is not posted again while the push is retried.
	push := notifytest.NewPush(t)
	subscribe(t, store, push)
	push.Answer(http.StatusInternalServerError)
	o.n.Turn(turnAt("t123", 5))
	if q := o.next(t); q.Done || !slices.Equal(q.Sent, []string{notify.RoomChannel}) || q.Attempts != 1 {
		t.Fatalf("with the push failing: %+v", q)
	}
	clk.Add(notify.FirstRetry)
	o.n.Wake()
	if q := o.next(t); q.Done || !slices.Equal(q.Sent, []string{notify.RoomChannel}) || q.Attempts != 2 {
		t.Fatalf("with the push failing again: %+v", q)
	}
	if n := len(r.Posts()); n != 3 {
		t.Fatalf("%d posts, want one more for the second turn only", n)
	}
}

// TestRoomLimit: a table's room gets MaxSends posts in a window, a bucket
// of its own: the next waits, and the person's own limit is untouched.
func TestRoomLimit(t *testing.T) {
	_, r, clk, o := roomOutbox(t, 1)
	o.n.Turn(turnAt("t123", 4))
	if q := o.next(t); !q.Done {
		t.Fatalf("the first post: %+v", q)
	}
	o.n.Turn(turnAt("t123", 5))
	if q := o.next(t); q.Done || q.Attempts != 0 || len(q.Sent) != 0 || !q.NotBefore.Equal(clk.Now().Add(time.Hour)) {
		t.Fatalf("over the table's limit: %+v, want it held an hour", q)
	}
	if n := len(r.Posts()); n != 1 {
		t.Fatalf("%d posts over the limit, want 1", n)
	}
	if ok, err := o.n.Allow(ctx, turn.Person); err != nil || !ok {
		t.Fatalf("the room's posts were counted against the person: %v %v", ok, err)
	}
	clk.Add(time.Hour)
	o.n.Wake()
	if q := o.next(t); !q.Done || !slices.Equal(q.Sent, []string{notify.RoomChannel}) {
		t.Fatalf("with the limit back: %+v", q)
	}
	if n := len(r.Posts()); n != 2 {
		t.Fatalf("%d posts, want 2", n)
	}
}

// TestQuietHoursHoldNotTheRoom: a person's quiet hours hold back their own
// notice but not the table's room, which is posted at once; a reminder is
// the person's alone.
func TestQuietHoursHoldNotTheRoom(t *testing.T) {
	store, r, clk, o := roomOutbox(t, 5)
	push := notifytest.NewPush(t)
	push.Expect(o.n.PublicKey())
	subscribe(t, store, push)
	clk.Add(-12 * time.Hour) // 00:00 UTC, 01:00 in Berlin
	if err := store.SavePerson(ctx, people.Person{Key: turn.Person, QuietFrom: 23 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	o.n.Turn(turnAt("t123", 4))
	end := time.Date(2026, 5, 1, 5, 0, 0, 0, time.UTC) // 07:00 in Berlin
	if q := o.next(t); q.Done || !slices.Equal(q.Sent, []string{notify.RoomChannel}) || !q.NotBefore.Equal(end) {
		t.Fatalf("in quiet hours: %+v, want the room posted and the push held until %v", q, end)
	}
	if msgs, _ := push.Messages(); len(msgs) != 0 || len(r.Posts()) != 1 {
		t.Fatalf("%d pushes and %d posts in quiet hours", len(msgs), len(r.Posts()))
	}
	clk.Add(end.Sub(clk.Now()))
	o.n.Wake()
	if q := o.next(t); !q.Done || len(q.Sent) != 2 {
		t.Fatalf("after the quiet hours: %+v", q)
	}
	push.Wait(t, 1)
	reminder := turnAt("t123", 4)
	reminder.Reminder = true
	o.n.Turn(reminder)
	if q := o.next(t); !q.Done || slices.Contains(q.Sent, notify.RoomChannel) {
		t.Fatalf("the reminder: %+v", q)
	}
	if n := len(r.Posts()); n != 1 {
		t.Fatalf("%d posts, want the turn's only", n)
	}
}

func newLog(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }

// TestRoomGuardOnDial: a room whose host passed the check when it was set
// but is refused now (here stored straight, on loopback, with no prefix
// allowed) is never dialled by the default client, and the error in the
// log names the host, never the URL with its token.
func TestRoomGuardOnDial(t *testing.T) {
	store := newStore(t)
	r := newRoom(t)
	var logged strings.Builder
	o := newOutbox(t, notify.Config{Store: store, Limits: store, Log: newLog(&logged)})
	if err := store.SaveHook(ctx, notify.Hook{Table: "t123", Service: "discord", URL: r.URL(), Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	o.n.Turn(turnAt("t123", 4))
	if q := o.next(t); q.Done || q.Attempts != 1 || len(q.Sent) != 0 {
		t.Fatalf("with the room refused: %+v", q)
	}
	if n := len(r.Posts()); n != 0 {
		t.Fatalf("the room on loopback was reached")
	}
	if log := logged.String(); !strings.Contains(log, "never dialled") || strings.Contains(log, "secret-token") {
		t.Fatalf("log %s", log)
	}
}
