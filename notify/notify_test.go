package notify_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"harbor"
	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/people"
	"harbor/sqlite"
	"harbor/table"
)

var ctx = context.Background()

func vapidKey() []byte {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return b
}

// testStore is a store's notice settings with its rate-limit buckets.
type testStore struct {
	notify.Store
	people.Spender
}

func newStore(t *testing.T) testStore {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return testStore{s.Notices(), s.People()}
}

var turn = table.Turn{Person: table.KeyOf("ana"), Table: "t123", Game: "neko", GameName: "Neko Harbour", Name: "Ana", Others: []string{"Bo", "Cy"}}

// subscribe stores the push service's subscription for turn's person
// straight in the store (the service is on loopback, which
// CheckSubscription refuses).
func subscribe(t *testing.T, store testStore, push *notifytest.Push) {
	t.Helper()
	sub := people.Subscription{Endpoint: push.Endpoint, P256dh: push.P256dh, Auth: push.Auth, Person: turn.Person, Created: time.Now()}
	if err := store.SaveSubscription(ctx, sub, notify.MaxSubscriptions); err != nil {
		t.Fatal(err)
	}
}

func newNotifier(t *testing.T, cfg notify.Config) *notify.Notifier {
	t.Helper()
	if cfg.VAPIDKey == nil {
		cfg.VAPIDKey = vapidKey()
	}
	n, err := notify.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	return n
}

// TestPushIsEncryptedAndSigned: the push service gets the notice
// encrypted for the subscription's keys (it decrypts it with them) under
// a VAPID token signed with the server's key; a subscription the service
// has forgotten (410) is dropped.
func TestPushIsEncryptedAndSigned(t *testing.T) {
	store := newStore(t)
	key := vapidKey()
	push := notifytest.NewPush(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, VAPIDKey: key, Contact: "ops@example.org", HTTPClient: push.Server.Client()})
	push.Expect(n.PublicKey())
	subscribe(t, store, push)
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	msgs, errs := push.Messages()
	if len(errs) > 0 || len(msgs) != 1 {
		t.Fatalf("messages %q, faults %v", msgs, errs)
	}
	var got notify.Notice
	if err := json.Unmarshal(msgs[0], &got); err != nil {
		t.Fatal(err)
	}
	want := notify.Notice{Title: "Your turn: Neko Harbour", Body: "Ana, it is your turn at the table with Bo and Cy.", URL: "/t/t123", Tag: "turn-t123"}
	if got != want {
		t.Fatalf("notice %+v, want %+v", got, want)
	}
	push.Answer(http.StatusGone)
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if subs, _ := store.Subscriptions(ctx, turn.Person); len(subs) != 0 {
		t.Fatalf("a subscription the push service answered 410 for is kept: %+v", subs)
	}
}

// TestNoticesAreRateLimited: a person gets MaxSends notices in a window,
// then none until the next.
func TestNoticesAreRateLimited(t *testing.T) {
	store := newStore(t)
	key := vapidKey()
	push := notifytest.NewPush(t)
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, VAPIDKey: key, HTTPClient: push.Server.Client(), MaxSends: 2, Window: time.Hour,
		Now: func() time.Time { return now }})
	push.Expect(n.PublicKey())
	subscribe(t, store, push)
	for range 4 {
		if err := n.Deliver(ctx, turn); err != nil {
			t.Fatal(err)
		}
	}
	if msgs, errs := push.Messages(); len(msgs) != 2 || len(errs) != 0 {
		t.Fatalf("%d notices in one window (faults %v), want 2", len(msgs), errs)
	}
	now = now.Add(time.Hour)
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if msgs, _ := push.Messages(); len(msgs) != 3 {
		t.Fatalf("%d notices after the window, want 3", len(msgs))
	}
}

// TestQuietHours: no notice in a person's quiet hours, in their time zone.
func TestQuietHours(t *testing.T) {
	store := newStore(t)
	key := vapidKey()
	push := notifytest.NewPush(t)
	now := time.Date(2026, 1, 10, 22, 30, 0, 0, time.UTC) // 23:30 in Berlin
	n := newNotifier(t, notify.Config{Store: store, Limits: store, VAPIDKey: key, HTTPClient: push.Server.Client(), Now: func() time.Time { return now }})
	push.Expect(n.PublicKey())
	subscribe(t, store, push)
	if err := store.SavePerson(ctx, people.Person{Key: turn.Person, QuietFrom: 23 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if msgs, _ := push.Messages(); len(msgs) != 0 {
		t.Fatalf("a notice at 23:30 with quiet hours 23-7: %q", msgs)
	}
	now = now.Add(8 * time.Hour) // 07:30
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if msgs, _ := push.Messages(); len(msgs) != 1 {
		t.Fatalf("%d notices after the quiet hours, want 1", len(msgs))
	}
}

// resolver answers for the names of the tests.
type resolver map[string][]netip.Addr

func (r resolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := r[host]; ok {
		return a, nil
	}
	return nil, errors.New("no such host")
}

var names = resolver{
	"push.example":   {netip.MustParseAddr("142.250.185.10"), netip.MustParseAddr("2a00:1450:4001:80b::200a")},
	"shared.example": {netip.MustParseAddr("142.250.185.10"), netip.MustParseAddr("100.64.0.1")},
}

// TestCheckSubscription: a subscription is refused, each with its reason,
// for an endpoint that is too long, not https, or on an address of a
// special-purpose range (given, or what its name resolves to), and for
// keys that are not a point of P-256 and a 16-byte secret.
func TestCheckSubscription(t *testing.T) {
	store := newStore(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, Resolver: names})
	push := notifytest.NewPush(t)
	good := people.Subscription{Endpoint: "https://push.example/send/abc", P256dh: push.P256dh, Auth: push.Auth}
	if err := n.CheckSubscription(ctx, good); err != nil {
		t.Fatal(err)
	}
	// 65 bytes that look like an uncompressed point but are not on the curve.
	notPoint := make([]byte, 65)
	_, _ = rand.Read(notPoint)
	notPoint[0] = 4
	with := func(endpoint, p256dh, auth string) people.Subscription {
		return people.Subscription{Endpoint: endpoint, P256dh: p256dh, Auth: auth}
	}
	for _, tc := range []struct {
		s    people.Subscription
		want string
	}{
		{with("http://push.example/1", push.P256dh, push.Auth), "the push endpoint must be an https address"},
		{with("https://ana:pw@push.example/1", push.P256dh, push.Auth), "the push endpoint must be an https address"},
		{with("https://push.example/"+strings.Repeat("a", 1200), push.P256dh, push.Auth), "push endpoint is longer than 1000 characters"},
		{with(good.Endpoint, push.Auth, push.Auth), "the subscription's p256dh key is not a P-256 public key"},
		{with(good.Endpoint, base64.RawURLEncoding.EncodeToString(notPoint), push.Auth), "the subscription's p256dh key is not a P-256 public key"},
		{with(good.Endpoint, push.P256dh, push.P256dh), "the subscription's auth secret is not 16 bytes"},
		{with("https://100.64.0.1/push", push.P256dh, push.Auth),
			"push endpoint address 100.64.0.1 is in 100.64.0.0/10 (shared address space), which is never dialled"},
		{with("https://shared.example/push", push.P256dh, push.Auth),
			"push endpoint address 100.64.0.1 is in 100.64.0.0/10 (shared address space), which is never dialled"},
		{with("https://[2002:c0a8:1::1]/push", push.P256dh, push.Auth), "whose embedded IPv4 address 192.168.0.1 is in 192.168.0.0/16 (private use)"},
		{with("https://[64:ff9b::10.0.0.1]/push", push.P256dh, push.Auth), "whose embedded IPv4 address 10.0.0.1 is in 10.0.0.0/8 (private use)"},
		{with("https://198.18.0.1/push", push.P256dh, push.Auth), "198.18.0.0/15 (benchmarking)"},
		{with("https://[fe80::1%25eth0]/push", push.P256dh, push.Auth), "fe80::/10 (link local)"},
		{with(push.Endpoint, push.P256dh, push.Auth), "127.0.0.0/8 (loopback)"},
		{with("https://nowhere.example/push", push.P256dh, push.Auth), "push endpoint host nowhere.example does not resolve"},
	} {
		err := n.CheckSubscription(ctx, tc.s)
		if harbor.ErrorCode(err) != harbor.EInvalid || !strings.Contains(harbor.ErrorMessage(err), tc.want) {
			t.Errorf("%.80s: %v, want invalid: %q", tc.s.Endpoint, err, tc.want)
		}
	}
}

// TestSubscribe: a browser that subscribes again replaces its old
// subscription; a person keeps MaxSubscriptions, the newest; an endpoint
// another person holds is refused; a refused subscription changes nothing.
func TestSubscribe(t *testing.T) {
	store := newStore(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, Resolver: names})
	push := notifytest.NewPush(t)
	ana, bo := table.KeyOf("ana"), table.KeyOf("bo")
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	sub := func(person, device string, i int) people.Subscription {
		return people.Subscription{Endpoint: fmt.Sprintf("https://push.example/%d", i), P256dh: push.P256dh, Auth: push.Auth,
			Person: person, Device: device, Created: at.Add(time.Duration(i) * time.Second)}
	}
	endpoints := func(person string) []string {
		t.Helper()
		subs, err := store.Subscriptions(ctx, person)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range subs {
			out = append(out, strings.TrimPrefix(s.Endpoint, "https://push.example/"))
		}
		return out
	}
	for i := range 30 {
		if err := n.Subscribe(ctx, sub(ana, "", i)); err != nil {
			t.Fatal(err)
		}
	}
	if got := endpoints(ana); !slices.Equal(got, []string{"29"}) {
		t.Fatalf("one browser subscribed 30 times; ana has %v", got)
	}
	for i := range 6 {
		if err := n.Subscribe(ctx, sub(ana, fmt.Sprint("d", i), 30+i)); err != nil {
			t.Fatal(err)
		}
	}
	if got := endpoints(ana); !slices.Equal(got, []string{"31", "32", "33", "34", "35"}) {
		t.Fatalf("ana subscribed in seven browsers; she has %v, want the newest %d", got, notify.MaxSubscriptions)
	}
	if err := n.Subscribe(ctx, sub(bo, "", 33)); harbor.ErrorCode(err) != harbor.EConflict ||
		!strings.Contains(harbor.ErrorMessage(err), "registered to someone else") {
		t.Fatalf("bo takes ana's endpoint: %v", err)
	}
	bad := sub(ana, "d4", 40)
	bad.P256dh = push.Auth
	if err := n.Subscribe(ctx, bad); harbor.ErrorCode(err) != harbor.EInvalid {
		t.Fatalf("a bad key: %v", err)
	}
	if got := endpoints(ana); !slices.Equal(got, []string{"31", "32", "33", "34", "35"}) {
		t.Fatalf("after refusals ana has %v", got)
	}
	if got := endpoints(bo); len(got) != 0 {
		t.Fatalf("after refusals bo has %v", got)
	}
}

// TestNoticeGoesToNewestSubscriptions: of more subscriptions than a
// person may keep (stored before the limit), only the newest
// MaxSubscriptions get a notice.
func TestNoticeGoesToNewestSubscriptions(t *testing.T) {
	store := newStore(t)
	push := notifytest.NewPush(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, HTTPClient: push.Server.Client()})
	push.Expect(n.PublicKey())
	at := time.Now()
	for i := range notify.MaxSubscriptions + 3 {
		sub := people.Subscription{Endpoint: fmt.Sprintf("%s/%d", push.Endpoint, i), P256dh: push.P256dh, Auth: push.Auth,
			Person: turn.Person, Device: fmt.Sprint("d", i), Created: at.Add(time.Duration(i) * time.Second)}
		if err := store.SaveSubscription(ctx, sub, 100); err != nil {
			t.Fatal(err)
		}
	}
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if msgs, errs := push.Messages(); len(msgs) != notify.MaxSubscriptions || len(errs) != 0 {
		t.Fatalf("%d notices (faults %v), want %d", len(msgs), errs, notify.MaxSubscriptions)
	}
}

// TestDefaultClientRefusesSpecialAddresses: the default client dials no
// address of a special-purpose range, whether the endpoint names it or
// its name resolves to it: a subscription stored with one gets nothing.
func TestDefaultClientRefusesSpecialAddresses(t *testing.T) {
	for _, tc := range []struct{ host, want string }{
		{"", "127.0.0.0/8 (loopback)"},
		{"localhost", "(loopback)"},
		{"100.64.0.1:443", "100.64.0.0/10 (shared address space)"},
		{"[2002:7f00:1::1]:443", "2002::/16 (6to4)"},
	} {
		store := newStore(t)
		n := newNotifier(t, notify.Config{Store: store, Limits: store})
		push := notifytest.NewPush(t)
		push.Expect(n.PublicKey())
		if tc.host != "" {
			u, _ := url.Parse(push.Endpoint)
			if tc.host == "localhost" {
				u.Host = "localhost:" + u.Port()
			} else {
				u.Host = tc.host
			}
			push.Endpoint = u.String()
		}
		subscribe(t, store, push)
		if err := n.Deliver(ctx, turn); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "never dialled") {
			t.Errorf("delivery to %s: %v", push.Endpoint, err)
		}
		if msgs, errs := push.Messages(); len(msgs)+len(errs) != 0 {
			t.Errorf("the push service was reached at %s", push.Endpoint)
		}
	}
}

// slowPush is a push service that answers only when release is closed
// (or after a minute).
func slowPush(t *testing.T, release <-chan struct{}) (endpoint string, answered func() bool) {
	var mu sync.Mutex
	var released bool
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // then a closed connection ends r's context
		select {
		case <-release:
			mu.Lock()
			released = true
			mu.Unlock()
		case <-r.Context().Done():
			// The sender gave up: no answer at all, so that no success can
			// reach a client that timed out as the connection closed.
			panic(http.ErrAbortHandler)
		case <-time.After(time.Minute):
		}
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/slow", func() bool { mu.Lock(); defer mu.Unlock(); return released }
}

// slowSetup is a notifier with two push services: one that answers at
// once and a slow one (slowPush).
type slowSetup struct {
	store    testStore
	push     *notifytest.Push
	n        *notify.Notifier
	slow     string
	answered func() bool
}

// newSlowSetup fills in cfg's store, limits and client.
func newSlowSetup(t *testing.T, cfg notify.Config, release <-chan struct{}) slowSetup {
	st := slowSetup{store: newStore(t), push: notifytest.NewPush(t)}
	cfg.Store, cfg.Limits, cfg.HTTPClient = st.store, st.store, st.push.Server.Client()
	st.n = newNotifier(t, cfg)
	st.push.Expect(st.n.PublicKey())
	st.slow, st.answered = slowPush(t, release)
	return st
}

// subscribeSlow stores the slow service's subscription for person, older
// than any other: it would go first.
func (st slowSetup) subscribeSlow(t *testing.T, person string) {
	t.Helper()
	if err := st.store.SaveSubscription(ctx, people.Subscription{Endpoint: st.slow, P256dh: st.push.P256dh, Auth: st.push.Auth, Person: person,
		Device: "old", Created: time.Now().Add(-time.Hour)}, notify.MaxSubscriptions); err != nil {
		t.Fatal(err)
	}
}

// TestPushesGoSideBySide: a slow push service holds up no other
// subscription of the person: the others get the notice while it waits.
func TestPushesGoSideBySide(t *testing.T) {
	release := make(chan struct{})
	st := newSlowSetup(t, notify.Config{}, release)
	st.subscribeSlow(t, turn.Person)
	subscribe(t, st.store, st.push)
	go func() {
		defer close(release)
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if msgs, _ := st.push.Messages(); len(msgs) > 0 {
				return
			}
		}
	}()
	if err := st.n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if !st.answered() {
		t.Fatal("the slow push service answered before the other got the notice")
	}
}

// TestSlowPersonHoldsUpNoOne: while one person's push service keeps a
// notice waiting, the next person's notice goes out.
func TestSlowPersonHoldsUpNoOne(t *testing.T) {
	release := make(chan struct{})
	st := newSlowSetup(t, notify.Config{}, release)
	cy := turn
	cy.Person, cy.Name = table.KeyOf("cy"), "Cy"
	st.subscribeSlow(t, cy.Person)
	subscribe(t, st.store, st.push)
	st.n.Turn(cy)
	st.n.Turn(turn)
	st.push.Wait(t, 1)
	close(release)
	st.n.Close()
	if !st.answered() {
		t.Fatal("Cy's slow push service answered before Ana got her notice")
	}
}

// TestPushTimeout: a push service that does not answer within PushTimeout
// is given up on; the others get the notice.
func TestPushTimeout(t *testing.T) {
	st := newSlowSetup(t, notify.Config{PushTimeout: 2 * time.Second}, nil)
	st.subscribeSlow(t, turn.Person)
	subscribe(t, st.store, st.push)
	start := time.Now()
	err := st.n.Deliver(ctx, turn)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 15*time.Second {
		t.Fatalf("delivery with a push service that never answers: %v after %v", err, time.Since(start))
	}
	if msgs, _ := st.push.Messages(); len(msgs) != 1 {
		t.Fatalf("%d notices to the other subscription, want 1", len(msgs))
	}
}

// TestMail: the confirmation mail and a turn mail reach the SMTP server,
// each with the unsubscribe link in its body and header; nothing is mailed
// to an unconfirmed address.
func TestMail(t *testing.T) {
	store := newStore(t)
	box := notifytest.NewSMTP(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, Mail: &notify.MailConfig{URL: "smtp://" + box.Addr, From: "Harbor <harbor@example.org>", Base: "http://harbor.test/"}})
	p := people.Person{Key: turn.Person, Mail: "ana@example.org", MailToken: "tok"}
	if err := store.SavePerson(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	if err := n.SendConfirmation(ctx, p, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	m := box.Wait(t, 1)
	stop := "http://harbor.test/notices/mail/stop?token=tok"
	if m.To[0] != "ana@example.org" || m.Links()[0] != "http://harbor.test/notices/mail/confirm?token=tok" || m.Links()[1] != stop ||
		m.Msg.Header.Get("List-Unsubscribe") != "<"+stop+">" {
		t.Fatalf("confirmation mail to %v, links %v, header %q", m.To, m.Links(), m.Msg.Header.Get("List-Unsubscribe"))
	}
	p.Confirmed = true
	if err := store.SavePerson(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := n.Deliver(ctx, turn); err != nil {
		t.Fatal(err)
	}
	m = box.Wait(t, 2)
	if m.Msg.Header.Get("Subject") != "Your turn: Neko Harbour" || !strings.Contains(m.Body, "Ana, it is your turn at the table with Bo and Cy.") ||
		m.Links()[0] != "http://harbor.test/t/t123" || m.Links()[1] != stop {
		t.Fatalf("turn mail %q: %s", m.Msg.Header.Get("Subject"), m.Body)
	}
	if box.Count() != 2 {
		t.Fatalf("%d mails, want the confirmation and one turn", box.Count())
	}
}

// TestOneClickUnsubscribe: with an https public URL a mail says it can
// be unsubscribed from by one POST to the https link (RFC 8058).
func TestOneClickUnsubscribe(t *testing.T) {
	store := newStore(t)
	box := notifytest.NewSMTP(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, Mail: &notify.MailConfig{URL: "smtp://" + box.Addr, From: "harbor@example.org", Base: "https://games.example.org/harbor"}})
	if err := n.SendConfirmation(ctx, people.Person{Key: turn.Person, Mail: "ana@example.org", MailToken: "tok"}, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	h := box.Wait(t, 1).Msg.Header
	if h.Get("List-Unsubscribe") != "<https://games.example.org/harbor/notices/mail/stop?token=tok>" || h.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("List-Unsubscribe %q, List-Unsubscribe-Post %q", h.Get("List-Unsubscribe"), h.Get("List-Unsubscribe-Post"))
	}
}

// TestMailNeedsPublicURL: an SMTP server without the public URL the links
// are built from is refused at the start.
func TestMailNeedsPublicURL(t *testing.T) {
	store := newStore(t)
	for _, base := range []string{"", "harbor.example.org", "ftp://harbor.example.org", "https://harbor.example.org/?x=1"} {
		_, err := notify.New(notify.Config{Store: store, Limits: store, VAPIDKey: vapidKey(), Mail: &notify.MailConfig{URL: "smtp://127.0.0.1:25", From: "harbor@example.org", Base: base}})
		if err == nil || !strings.Contains(err.Error(), "public URL") {
			t.Errorf("public URL %q: %v", base, err)
		}
	}
}

// TestNoMailWithoutServer: without an SMTP server nothing is mailed, and
// asking for a confirmation says so.
func TestNoMailWithoutServer(t *testing.T) {
	n := newNotifier(t, notify.Config{Store: newStore(t), Limits: newStore(t)})
	if n.MailOn() {
		t.Fatal("mail on without a server")
	}
	if err := n.SendConfirmation(ctx, people.Person{Mail: "a@example.org"}, "192.0.2.1"); err == nil {
		t.Fatal("a confirmation without an SMTP server")
	}
}

// TestReminderNotice: at your own pace the reminder halfway through a
// turn's limit says whose turn, which table and game, and the time left,
// and nothing else.
func TestReminderNotice(t *testing.T) {
	for _, c := range []struct {
		left time.Duration
		says string
	}{
		{6 * time.Hour, "About 6 hours left to play it."},
		{36 * time.Hour, "About 36 hours left to play it."},
		{50 * time.Minute, "About an hour left to play it."},
		{30 * time.Minute, "About 30 minutes left to play it."},
	} {
		r := turn
		r.Reminder, r.Left = true, c.left
		got := notify.NoticeOf(r, time.Now(), time.UTC, "")
		want := notify.Notice{Title: "Still your turn: Neko Harbour", Body: "Ana, it is your turn at the table with Bo and Cy. " + c.says, URL: "/t/t123", Tag: "turn-t123"}
		if got != want {
			t.Errorf("reminder with %v left: %+v, want %+v", c.left, got, want)
		}
	}
}

// TestDeadlineNotice: at your own pace every notice says until when the
// person has (in their time zone) and what the table's rule does then,
// and after a computer player took their last turns, or the table began
// to wait for them, it says so.
func TestDeadlineNotice(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 5, 8, 40, 0, 0, time.UTC)
	due := now.Add(24 * time.Hour)
	head := "Ana, it is your turn at the table with Bo and Cy. "
	for _, c := range []struct {
		name  string
		edit  func(*table.Turn)
		title string
		body  string
	}{
		{"computer", func(r *table.Turn) { r.Rule = table.RuleComputer }, "Your turn: Neko Harbour",
			head + "You have until 09:40 CET on Sunday, December 6, about 24 hours from now. If you have not moved by then, the computer plays this turn for you."},
		{"skip", func(r *table.Turn) { r.Rule = table.RuleSkip }, "Your turn: Neko Harbour",
			head + "You have until 09:40 CET on Sunday, December 6, about 24 hours from now. If you have not moved by then, your turn is skipped."},
		{"missed", func(r *table.Turn) { r.Rule, r.Missed = table.RuleComputer, 2 }, "Your turn: Neko Harbour",
			head + "The computer played your last 2 turns. You have until 09:40 CET on Sunday, December 6, about 24 hours from now. If you have not moved by then, the computer plays this turn for you and the table then waits for you."},
		{"missed one", func(r *table.Turn) { r.Rule, r.Missed = table.RuleComputer, 1 }, "Your turn: Neko Harbour",
			head + "The computer played your last turn. You have until 09:40 CET on Sunday, December 6, about 24 hours from now. If you have not moved by then, the computer plays this turn for you."},
		{"reminder", func(r *table.Turn) {
			r.Rule, r.Reminder, r.Left, r.Due = table.RuleSkip, true, 6*time.Hour, now.Add(6*time.Hour)
		}, "Still your turn: Neko Harbour",
			head + "You have until 15:40 CET on Saturday, December 5, about 6 hours from now. If you have not moved by then, your turn is skipped."},
		{"held", func(r *table.Turn) { r.Rule, r.Missed, r.Held, r.Due = table.RuleComputer, 3, true, time.Time{} }, "The table waits for you: Neko Harbour",
			head + "The computer played your last 3 turns, so the table waits for you: no clock runs until you move."},
	} {
		r := turn
		r.Due = due
		c.edit(&r)
		got := notify.NoticeOf(r, now, berlin, "en")
		want := notify.Notice{Title: c.title, Body: c.body, URL: "/t/t123", Tag: "turn-t123"}
		if got != want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, want)
		}
	}
}
