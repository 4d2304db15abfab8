package postgres_test

import (
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/people"
	"harbor/postgres"
	"harbor/postgres/pgtest"
	"harbor/table"
)

// TestTwoSendersSendEachNoticeOnce: two nodes' notifiers over one
// database, started on an outbox full of notices, push each exactly once
// between them and leave none behind.
func TestTwoSendersSendEachNoticeOnce(t *testing.T) {
	const notices = 24
	dsn := pgtest.Schema(t)
	push := notifytest.NewPush(t)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	person := table.KeyOf("ana")
	var stores []*postgres.Store
	for _, node := range []string{"a", "b"} {
		s := open(t, dsn, postgres.Options{Node: node})
		t.Cleanup(func() { s.Close() })
		stores = append(stores, s)
	}
	outbox := stores[0].Notices()
	if err := outbox.SaveSubscription(ctx, people.Subscription{Endpoint: push.Endpoint, P256dh: push.P256dh, Auth: push.Auth, Person: person,
		Created: time.Now()}, notify.MaxSubscriptions); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for i := range notices {
		q := notify.Queued{Turn: table.Turn{Person: person, Table: fmt.Sprint("t", i), GameName: "Neko Harbour", Name: "Ana", Version: 3},
			Created: now, NotBefore: now}
		if ok, err := outbox.QueueNotice(ctx, q); err != nil || !ok {
			t.Fatalf("queue: %v %v", ok, err)
		}
	}
	var senders []*notify.Notifier
	for _, s := range stores {
		n, err := notify.New(notify.Config{Store: s.Notices(), Limits: s.People(), VAPIDKey: key, HTTPClient: push.Server.Client(), MaxSends: 1000})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(n.Close)
		push.Expect(n.PublicKey())
		senders = append(senders, n)
	}
	push.Wait(t, notices)
	for _, n := range senders {
		n.Close() // waits for the sends under way
	}
	if msgs, _ := push.Messages(); len(msgs) != notices {
		t.Fatalf("%d pushes of %d notices", len(msgs), notices)
	}
	if next, ok, err := outbox.NextNotice(ctx); err != nil || ok {
		t.Fatalf("a notice left in the outbox, due %v (%v)", next, err)
	}
}
