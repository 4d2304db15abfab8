package notify_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"harbor/notify"
	"harbor/notify/notifytest"
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
	*buckets
}

type buckets = sqlite.Store

func newStore(t *testing.T) testStore {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return testStore{s.People(), s}
}

var turn = table.Turn{Person: table.KeyOf("ana"), Table: "t123", Game: "neko", GameName: "Neko Harbour", Name: "Ana", Others: []string{"Bo", "Cy"}}

// subscribe stores the push service's subscription for turn's person.
func subscribe(t *testing.T, store testStore, push *notifytest.Push) {
	t.Helper()
	sub := notify.Subscription{Endpoint: push.Endpoint, P256dh: push.P256dh, Auth: push.Auth, Person: turn.Person, Created: time.Now()}
	if err := notify.CheckSubscription(sub); err != nil {
		t.Fatal(err)
	}
	if err := store.SaveSubscription(ctx, sub); err != nil {
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
	if err := store.SavePerson(ctx, notify.Person{Key: turn.Person, QuietFrom: 23 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin"}); err != nil {
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

func TestQuiet(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 7, 1, h, m, 0, 0, time.UTC) }
	tests := []struct {
		p    notify.Person
		at   time.Time
		want bool
	}{
		{notify.Person{}, at(3, 0), false},
		{notify.Person{QuietFrom: 60, QuietTo: 60}, at(1, 0), false},
		{notify.Person{QuietFrom: 22 * 60, QuietTo: 7 * 60}, at(23, 0), true},
		{notify.Person{QuietFrom: 22 * 60, QuietTo: 7 * 60}, at(6, 59), true},
		{notify.Person{QuietFrom: 22 * 60, QuietTo: 7 * 60}, at(7, 0), false},
		{notify.Person{QuietFrom: 9 * 60, QuietTo: 17 * 60}, at(12, 0), true},
		{notify.Person{QuietFrom: 9 * 60, QuietTo: 17 * 60}, at(8, 59), false},
		{notify.Person{QuietFrom: 9 * 60, QuietTo: 17 * 60, Zone: "America/New_York"}, at(12, 0), false}, // 08:00 there
	}
	for _, tc := range tests {
		if got := tc.p.Quiet(tc.at); got != tc.want {
			t.Errorf("%+v at %s: quiet %v, want %v", tc.p, tc.at.Format("15:04"), got, tc.want)
		}
	}
}

func TestCheckSubscription(t *testing.T) {
	push := notifytest.NewPush(t)
	good := notify.Subscription{Endpoint: push.Endpoint, P256dh: push.P256dh, Auth: push.Auth}
	if err := notify.CheckSubscription(good); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]notify.Subscription{
		"http endpoint": {Endpoint: strings.Replace(push.Endpoint, "https:", "http:", 1), P256dh: push.P256dh, Auth: push.Auth},
		"short key":     {Endpoint: push.Endpoint, P256dh: push.Auth, Auth: push.Auth},
		"long auth":     {Endpoint: push.Endpoint, P256dh: push.P256dh, Auth: push.P256dh},
	} {
		if notify.CheckSubscription(s) == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestDefaultClientRefusesPrivateAddresses: a subscription naming this
// machine gets nothing from a notifier with the default client.
func TestDefaultClientRefusesPrivateAddresses(t *testing.T) {
	store := newStore(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store})
	push := notifytest.NewPush(t)
	push.Expect(n.PublicKey())
	subscribe(t, store, push)
	if err := n.Deliver(ctx, turn); err == nil || !strings.Contains(err.Error(), "private or loopback") {
		t.Fatalf("delivery to a loopback endpoint: %v", err)
	}
	if msgs, errs := push.Messages(); len(msgs)+len(errs) != 0 {
		t.Fatal("the push service on loopback was reached")
	}
}

// TestMail: the confirmation mail and a turn mail reach the SMTP server,
// each with the unsubscribe link in its body and header; nothing is mailed
// to an unconfirmed address.
func TestMail(t *testing.T) {
	store := newStore(t)
	box := notifytest.NewSMTP(t)
	n := newNotifier(t, notify.Config{Store: store, Limits: store, Mail: &notify.MailConfig{URL: "smtp://" + box.Addr, From: "Harbor <harbor@example.org>", Base: "http://harbor.test/"}})
	p := notify.Person{Key: turn.Person, Mail: "ana@example.org", MailToken: "tok"}
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
	if err := n.SendConfirmation(ctx, notify.Person{Key: turn.Person, Mail: "ana@example.org", MailToken: "tok"}, "192.0.2.1"); err != nil {
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
	if err := n.SendConfirmation(ctx, notify.Person{Mail: "a@example.org"}, "192.0.2.1"); err == nil {
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
		got := notify.NoticeOf(r)
		want := notify.Notice{Title: "Still your turn: Neko Harbour", Body: "Ana, it is your turn at the table with Bo and Cy. " + c.says, URL: "/t/t123", Tag: "turn-t123"}
		if got != want {
			t.Errorf("reminder with %v left: %+v, want %+v", c.left, got, want)
		}
	}
}
