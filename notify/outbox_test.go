package notify_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/people"
	"harbor/table"
)

// clock is a notifier's clock in a test: it moves only by Add.
type clock struct{ ns atomic.Int64 }

func newClock(start time.Time) *clock {
	c := &clock{}
	c.ns.Store(start.UnixNano())
	return c
}

func (c *clock) Now() time.Time { return time.Unix(0, c.ns.Load()).UTC() }

func (c *clock) Add(d time.Duration) { c.ns.Add(int64(d)) }

// outbox is a notifier over store whose sender reports each notice it
// settles on settled.
type outbox struct {
	n       *notify.Notifier
	settled chan notify.Queued
}

func newOutbox(t *testing.T, cfg notify.Config) outbox {
	t.Helper()
	o := outbox{settled: make(chan notify.Queued, 32)}
	notify.OnSettled(&cfg, func(q notify.Queued) { o.settled <- q })
	o.n = newNotifier(t, cfg)
	return o
}

// next returns the next notice the sender settles.
func (o outbox) next(t *testing.T) notify.Queued {
	t.Helper()
	select {
	case q := <-o.settled:
		return q
	case <-time.After(20 * time.Second):
		t.Fatal("no notice was settled")
		return notify.Queued{}
	}
}

func turnAt(id string, version int) table.Turn {
	t := turn
	t.Table, t.Version = id, version
	return t
}

// mailAndPush is a notifier, on a set clock, whose person has a push
// subscription and a confirmed address, and MaxSends 2.
func mailAndPush(t *testing.T) (testStore, *notifytest.SMTP, *notifytest.Push, *clock, outbox) {
	t.Helper()
	store := newStore(t)
	box := notifytest.NewSMTP(t)
	push := notifytest.NewPush(t)
	clk := newClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	o := newOutbox(t, notify.Config{Store: store, Limits: store, HTTPClient: push.Server.Client(), MaxSends: 2, Now: clk.Now,
		Mail: &notify.MailConfig{URL: "smtp://" + box.Addr, From: "Harbor <harbor@example.org>", Base: "http://harbor.test/"}})
	push.Expect(o.n.PublicKey())
	subscribe(t, store, push)
	if err := store.SavePerson(ctx, people.Person{Key: turn.Person, Mail: "ana@example.org", MailToken: "tok", Confirmed: true}); err != nil {
		t.Fatal(err)
	}
	return store, box, push, clk, o
}

// TestRelayDownAndBack: while the mail relay turns mail away, the push
// goes out and the mail waits FirstRetry; once the relay is back the mail
// goes out, the push is not sent again, and the notice counted once.
func TestRelayDownAndBack(t *testing.T) {
	_, box, push, clk, o := mailAndPush(t)
	box.Down(true)
	o.n.Turn(turnAt("t123", 4))
	q := o.next(t)
	if q.Done || q.Attempts != 1 || !slices.Equal(q.Sent, []string{push.Endpoint}) || !q.NotBefore.Equal(clk.Now().Add(notify.FirstRetry)) {
		t.Fatalf("with the relay down: %+v, want the push sent and the mail due again in %v", q, notify.FirstRetry)
	}
	if box.Count() != 0 || len(push.Wait(t, 1)) != 1 {
		t.Fatalf("%d mails with the relay down", box.Count())
	}
	box.Down(false)
	clk.Add(notify.FirstRetry)
	o.n.Wake()
	q = o.next(t)
	if !q.Done || q.Attempts != 1 || len(q.Sent) != 2 {
		t.Fatalf("with the relay back: %+v", q)
	}
	if m := box.Wait(t, 1); m.Msg.Header.Get("Subject") != "Your turn: Neko Harbour" {
		t.Fatalf("mail %q", m.Msg.Header.Get("Subject"))
	}
	if msgs, _ := push.Messages(); len(msgs) != 1 || box.Count() != 1 {
		t.Fatalf("%d pushes and %d mails, want one each", len(msgs), box.Count())
	}
	// Of MaxSends 2, one is left: the notice was counted once.
	if ok, err := o.n.Allow(ctx, turn.Person); err != nil || !ok {
		t.Fatalf("the notice was counted more than once: %v %v", ok, err)
	}
	if ok, err := o.n.Allow(ctx, turn.Person); err != nil || ok {
		t.Fatalf("the notice was not counted: %v %v", ok, err)
	}
}

// TestFailedNoticeIsNotCounted: a notice no channel took spends nothing
// of the person's limit; it is given up on after GiveUp.
func TestFailedNoticeIsNotCounted(t *testing.T) {
	store := newStore(t)
	push := notifytest.NewPush(t)
	clk := newClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	o := newOutbox(t, notify.Config{Store: store, Limits: store, HTTPClient: push.Server.Client(), MaxSends: 1, Now: clk.Now})
	push.Expect(o.n.PublicKey())
	subscribe(t, store, push)
	push.Answer(http.StatusServiceUnavailable)
	o.n.Turn(turnAt("t123", 4))
	for i, wait := range []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute} {
		q := o.next(t)
		if q.Done || q.Attempts != i+1 || len(q.Sent) != 0 || !q.NotBefore.Equal(clk.Now().Add(wait)) {
			t.Fatalf("failure %d: %+v, want it due again in %v", i+1, q, wait)
		}
		clk.Add(wait)
		o.n.Wake()
	}
	if q := o.next(t); q.Done || q.Attempts != 4 {
		t.Fatalf("failure 4: %+v", q)
	}
	clk.Add(notify.GiveUp)
	o.n.Wake()
	if q := o.next(t); !q.Done || q.Attempts != 5 || len(q.Sent) != 0 {
		t.Fatalf("after a day: %+v, want it given up on", q)
	}
	if ok, err := o.n.Allow(ctx, turn.Person); err != nil || !ok {
		t.Fatalf("notices that failed were counted: %v %v", ok, err)
	}
}

// TestRestartSendsPending: notices left in the outbox when a notifier
// closes, one that failed and one handed over just before Close, go out
// from the next notifier on the store.
func TestRestartSendsPending(t *testing.T) {
	store := newStore(t)
	push := notifytest.NewPush(t)
	clk := newClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	cfg := notify.Config{Store: store, Limits: store, VAPIDKey: vapidKey(), HTTPClient: push.Server.Client(), Now: clk.Now}
	first := newOutbox(t, cfg)
	push.Expect(first.n.PublicKey())
	subscribe(t, store, push)
	push.Answer(http.StatusServiceUnavailable)
	first.n.Turn(turnAt("t1", 4))
	if q := first.next(t); q.Done || q.Attempts != 1 {
		t.Fatalf("the refused notice: %+v", q)
	}
	first.n.Turn(turnAt("t2", 9))
	first.n.Close()
	push.Answer(http.StatusCreated)
	clk.Add(notify.FirstRetry)
	before, _ := push.Messages()
	second := newOutbox(t, cfg)
	got := map[string]bool{}
	for range 2 {
		q := second.next(t)
		if !q.Done || len(q.Sent) != 1 {
			t.Fatalf("after the restart: %+v", q)
		}
		got[q.Turn.Table] = true
	}
	if !got["t1"] || !got["t2"] {
		t.Fatalf("sent after the restart: %v", got)
	}
	if msgs, _ := push.Messages(); len(msgs) != len(before)+2 {
		t.Fatalf("%d pushes after the restart, want 2", len(msgs)-len(before))
	}
	// Queued again (a runner resuming the table), the turn is not
	// announced twice.
	if ok, err := store.QueueNotice(ctx, notify.Queued{Turn: turnAt("t2", 9), Created: clk.Now(), NotBefore: clk.Now()}); err != nil || ok {
		t.Fatalf("the same turn queued again: %v %v", ok, err)
	}
}

// TestQuietHoursDelayNotice: a notice due in quiet hours waits for their
// end, in the person's time zone, and then goes out.
func TestQuietHoursDelayNotice(t *testing.T) {
	store := newStore(t)
	push := notifytest.NewPush(t)
	clk := newClock(time.Date(2026, 1, 10, 22, 30, 0, 0, time.UTC)) // 23:30 in Berlin
	o := newOutbox(t, notify.Config{Store: store, Limits: store, HTTPClient: push.Server.Client(), Now: clk.Now})
	push.Expect(o.n.PublicKey())
	subscribe(t, store, push)
	if err := store.SavePerson(ctx, people.Person{Key: turn.Person, QuietFrom: 23 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	o.n.Turn(turnAt("t123", 4))
	end := time.Date(2026, 1, 11, 6, 0, 0, 0, time.UTC) // 07:00 in Berlin
	if q := o.next(t); q.Done || q.Attempts != 0 || !q.NotBefore.Equal(end) {
		t.Fatalf("in quiet hours: %+v, want it held until %v", q, end)
	}
	if msgs, _ := push.Messages(); len(msgs) != 0 {
		t.Fatalf("a notice in quiet hours: %q", msgs)
	}
	clk.Add(end.Sub(clk.Now()))
	o.n.Wake()
	if q := o.next(t); !q.Done {
		t.Fatalf("at the end of the quiet hours: %+v", q)
	}
	if msgs := push.Wait(t, 1); len(msgs) != 1 {
		t.Fatalf("%d notices after the quiet hours, want 1", len(msgs))
	}
}

// TestStaleNoticeDropped: a notice whose turn is over by the time it
// would go out is dropped unsent.
func TestStaleNoticeDropped(t *testing.T) {
	store := newStore(t)
	push := notifytest.NewPush(t)
	current := map[string]int{"t-old": 5, "t123": 4}
	o := newOutbox(t, notify.Config{Store: store, Limits: store, HTTPClient: push.Server.Client(),
		Still: func(_ context.Context, t table.Turn) (bool, error) { return current[t.Table] == t.Version, nil }})
	push.Expect(o.n.PublicKey())
	subscribe(t, store, push)
	o.n.Turn(turnAt("t-old", 4))
	o.n.Turn(turnAt("t123", 4))
	for range 2 {
		if q := o.next(t); !q.Done || (q.Turn.Table == "t-old") != (len(q.Sent) == 0) {
			t.Fatalf("settled %+v", q)
		}
	}
	msgs, _ := push.Messages()
	var got notify.Notice
	if len(msgs) != 1 || json.Unmarshal(msgs[0], &got) != nil || got.URL != "/t/t123" {
		t.Fatalf("pushes %q, want only the notice of the turn still to play", msgs)
	}
}

// TestLimitHoldsNotice: a notice over the person's limit waits until the
// limit has one again, rather than being dropped.
func TestLimitHoldsNotice(t *testing.T) {
	store := newStore(t)
	push := notifytest.NewPush(t)
	clk := newClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	o := newOutbox(t, notify.Config{Store: store, Limits: store, HTTPClient: push.Server.Client(), MaxSends: 1, Window: time.Hour, Now: clk.Now})
	push.Expect(o.n.PublicKey())
	subscribe(t, store, push)
	o.n.Turn(turnAt("t1", 4))
	if q := o.next(t); !q.Done {
		t.Fatalf("the first notice: %+v", q)
	}
	o.n.Turn(turnAt("t2", 4))
	if q := o.next(t); q.Done || q.Attempts != 0 || !q.NotBefore.Equal(clk.Now().Add(time.Hour)) {
		t.Fatalf("over the limit: %+v, want it held an hour", q)
	}
	clk.Add(time.Hour)
	o.n.Wake()
	if q := o.next(t); !q.Done || len(q.Sent) != 1 {
		t.Fatalf("with the limit back: %+v", q)
	}
	if msgs := push.Wait(t, 2); len(msgs) != 2 {
		t.Fatalf("%d notices, want 2", len(msgs))
	}
}

// TestGoneSubscriptionIsNotDelivery: a subscription its push service no
// longer knows is dropped and never tried again, but does not count as
// the notice delivered: the mail that goes out later is what counts.
func TestGoneSubscriptionIsNotDelivery(t *testing.T) {
	store, box, push, clk, o := mailAndPush(t)
	push.Answer(http.StatusGone)
	box.Down(true)
	o.n.Turn(turnAt("t123", 4))
	if q := o.next(t); q.Done || q.Attempts != 1 || len(q.Sent) != 0 {
		t.Fatalf("with the subscription gone and the relay down: %+v", q)
	}
	if subs, _ := store.Subscriptions(ctx, turn.Person); len(subs) != 0 {
		t.Fatalf("the gone subscription is kept: %+v", subs)
	}
	box.Down(false)
	clk.Add(notify.FirstRetry)
	o.n.Wake()
	if q := o.next(t); !q.Done || !slices.Equal(q.Sent, []string{notify.MailChannel}) {
		t.Fatalf("with the relay back: %+v", q)
	}
	box.Wait(t, 1)
	if msgs, _ := push.Messages(); len(msgs) != 1 {
		t.Fatalf("%d pushes, want the one the service answered 410 for", len(msgs))
	}
	for i, want := range []bool{true, false} { // one of MaxSends 2 was spent
		if ok, err := o.n.Allow(ctx, turn.Person); err != nil || ok != want {
			t.Fatalf("Allow %d after the mail: %v %v, want %v", i+1, ok, err, want)
		}
	}
}
