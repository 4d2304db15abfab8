package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"harbor"
	"harbor/notify"
	"harbor/people"
	"harbor/table"
)

// Side is a store's people side (people.Store) beside its table store,
// over one database: an open table's hold counts while its table is
// stored and open.
type Side struct {
	Tables table.Store
	People people.Store
}

// RunPeople runs the conformance tests of people.Store against stores
// made by open (each fresh and empty; the caller closes them).
func RunPeople(t *testing.T, open func(t *testing.T) Side) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s Side)
	}{
		{"subscriptions by person and endpoint", func(t *testing.T, s Side) { testSubscriptions(t, s.People) }},
		{"a person keeps their newest subscriptions", func(t *testing.T, s Side) { testSubscriptionsKept(t, s.People) }},
		{"notice settings and mail token", func(t *testing.T, s Side) { testPersonSettings(t, s.People) }},
		{"a person's language", func(t *testing.T, s Side) { testPersonLang(t, s.People) }},
		{"a link code works once and expires", func(t *testing.T, s Side) { testLinkCodes(t, s.People) }},
		{"devices are listed and removed", func(t *testing.T, s Side) { testDevices(t, s.People) }},
		{"rate buckets spend and refill", func(t *testing.T, s Side) { testBucket(t, s.People) }},
		{"rate buckets under racing spends", func(t *testing.T, s Side) { testBucketConcurrent(t, s.People) }},
		{"open tables held and released", testOpenTables},
		{"open tables under racing holds", func(t *testing.T, s Side) { testOpenTablesRacing(t, s.People) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

// RunNotices runs the conformance tests of notify.Store against stores
// made by open (each fresh and empty; the caller closes them).
func RunNotices(t *testing.T, open func(t *testing.T) notify.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s notify.Store)
	}{
		{"a turn's notice is queued once", testOutboxOnce},
		{"notices are claimed when due, by one claimant", testOutboxClaims},
		{"racing claimants claim each notice once", testOutboxConcurrentClaims},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

var at = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func testSubscriptions(t *testing.T, s people.Settings) {
	ana, bo := table.KeyOf("ana"), table.KeyOf("bo")
	subs := []people.Subscription{
		{Endpoint: "https://push.example/1", P256dh: "k1", Auth: "a1", Person: ana, Device: "", Created: at},
		{Endpoint: "https://push.example/2", P256dh: "k2", Auth: "a2", Person: ana, Device: "phone", Created: at.Add(time.Second)},
		{Endpoint: "https://push.example/3", P256dh: "k3", Auth: "a3", Person: bo, Created: at},
	}
	for _, sub := range subs {
		if err := s.SaveSubscription(ctx, sub, 5); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Subscriptions(ctx, ana)
	if err != nil || len(got) != 2 || got[0] != subs[0] || got[1] != subs[1] {
		t.Fatalf("ana's subscriptions %+v %v, want %+v", got, err, subs[:2])
	}
	// Bo names ana's endpoint: refused, and nothing changes.
	taken := people.Subscription{Endpoint: subs[0].Endpoint, P256dh: "k9", Auth: "a9", Person: bo, Created: at.Add(time.Minute)}
	wantCode(t, s.SaveSubscription(ctx, taken, 5), harbor.EConflict)
	if got, _ := s.Subscriptions(ctx, ana); len(got) != 2 || got[0] != subs[0] || got[1] != subs[1] {
		t.Fatalf("after bo named ana's endpoint, ana has %+v", got)
	}
	if got, _ := s.Subscriptions(ctx, bo); len(got) != 1 || got[0] != subs[2] {
		t.Fatalf("after bo named ana's endpoint, bo has %+v", got)
	}
	// Ana's first browser subscribes again with the same endpoint and new
	// keys, then with a new endpoint: each replaces the one before.
	again := subs[0]
	again.P256dh, again.Created = "k5", at.Add(2*time.Second)
	if err := s.SaveSubscription(ctx, again, 5); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Subscriptions(ctx, ana); len(got) != 2 || got[0] != subs[1] || got[1] != again {
		t.Fatalf("after new keys, ana has %+v", got)
	}
	fresh := people.Subscription{Endpoint: "https://push.example/4", P256dh: "k4", Auth: "a4", Person: ana, Created: at.Add(3 * time.Second)}
	if err := s.SaveSubscription(ctx, fresh, 5); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Subscriptions(ctx, ana); len(got) != 2 || got[0] != subs[1] || got[1] != fresh {
		t.Fatalf("after a new endpoint for the same browser, ana has %+v", got)
	}
	// The endpoint the browser left is free: bo may have it.
	taken.Created = at.Add(4 * time.Second)
	if err := s.SaveSubscription(ctx, taken, 5); err != nil {
		t.Fatal(err)
	}
	if err := s.DropSubscription(ctx, subs[2].Endpoint); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Subscriptions(ctx, bo); len(got) != 1 || got[0] != taken {
		t.Fatalf("bo's subscriptions %+v", got)
	}
	if err := s.DropDeviceSubscriptions(ctx, ana, "phone"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Subscriptions(ctx, ana); len(got) != 1 || got[0] != fresh {
		t.Fatalf("ana's phone was dropped, she has %+v", got)
	}
}

// testSubscriptionsKept: a person keeps their newest subscriptions, as many
// as the store is told; the older ones go.
func testSubscriptionsKept(t *testing.T, s people.Settings) {
	ana := table.KeyOf("ana")
	var all []people.Subscription
	for i := range 7 {
		sub := people.Subscription{Endpoint: fmt.Sprintf("https://push.example/%d", i), P256dh: "k", Auth: "a", Person: ana,
			Device: fmt.Sprintf("d%d", i), Created: at.Add(time.Duration(i) * time.Second)}
		if err := s.SaveSubscription(ctx, sub, 3); err != nil {
			t.Fatal(err)
		}
		all = append(all, sub)
	}
	if got, err := s.Subscriptions(ctx, ana); err != nil || !reflect.DeepEqual(got, all[4:]) {
		t.Fatalf("ana keeps %+v %v, want the newest three %+v", got, err, all[4:])
	}
}

func testPersonSettings(t *testing.T, s people.Settings) {
	key := table.KeyOf("ana")
	p, err := s.Person(ctx, key)
	if err != nil || p != (people.Person{Key: key}) {
		t.Fatalf("a person with no settings: %+v %v", p, err)
	}
	want := people.Person{Key: key, Mail: "ana@example.org", MailToken: "tok1", QuietFrom: 22 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin"}
	if err := s.SavePerson(ctx, want); err != nil {
		t.Fatal(err)
	}
	if p, err = s.Person(ctx, key); err != nil || p != want {
		t.Fatalf("saved %+v, read %+v %v", want, p, err)
	}
	if p, err = s.PersonByMailToken(ctx, "tok1"); err != nil || p != want {
		t.Fatalf("by token: %+v %v", p, err)
	}
	want.Confirmed = true
	if err := s.SavePerson(ctx, want); err != nil {
		t.Fatal(err)
	}
	if p, _ = s.Person(ctx, key); !p.Confirmed {
		t.Fatalf("confirmation not kept: %+v", p)
	}
	for _, tok := range []string{"", "tok2"} {
		_, err := s.PersonByMailToken(ctx, tok)
		wantCode(t, err, harbor.ENotFound)
	}
}

// testPersonLang: a person's language is kept on its own: saving their
// notice settings leaves it, and setting it leaves their settings.
func testPersonLang(t *testing.T, s people.Settings) {
	ana, bo := table.KeyOf("ana"), table.KeyOf("bo")
	if err := s.SetLang(ctx, ana, "de"); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Person(ctx, ana); err != nil || p != (people.Person{Key: ana, Lang: "de"}) {
		t.Fatalf("after choosing German: %+v %v", p, err)
	}
	settings := people.Person{Key: ana, Mail: "ana@example.org", MailToken: "tok1", QuietFrom: 60, QuietTo: 120, Zone: "Europe/Berlin"}
	if err := s.SavePerson(ctx, settings); err != nil {
		t.Fatal(err)
	}
	want := settings
	want.Lang = "de"
	if p, err := s.Person(ctx, ana); err != nil || p != want {
		t.Fatalf("after saving her settings: %+v %v, want %+v", p, err, want)
	}
	if err := s.SetLang(ctx, ana, "es"); err != nil {
		t.Fatal(err)
	}
	want.Lang = "es"
	if p, err := s.PersonByMailToken(ctx, "tok1"); err != nil || p != want {
		t.Fatalf("after choosing Spanish: %+v %v, want %+v", p, err, want)
	}
	if p, err := s.Person(ctx, bo); err != nil || p.Lang != "" {
		t.Fatalf("bo, who chose nothing: %+v %v", p, err)
	}
}

func testLinkCodes(t *testing.T, s people.Devices) {
	c := people.LinkCode{Hash: "h1", Identity: "id1", Person: table.KeyOf("ana"), Tables: []string{"t1", "t2"}, Expires: at.Add(10 * time.Minute)}
	if err := s.SaveLinkCode(ctx, c); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.SaveLinkCode(ctx, c), harbor.EConflict)
	old := people.LinkCode{Hash: "h2", Identity: "id2", Person: table.KeyOf("bo"), Expires: at}
	if err := s.SaveLinkCode(ctx, old); err != nil {
		t.Fatal(err)
	}
	_, err := s.TakeLinkCode(ctx, "h1", c.Person, at)
	wantCode(t, err, harbor.EConflict) // its maker cannot take it, nor spend it
	got, err := s.TakeLinkCode(ctx, "h1", table.KeyOf("bo"), at)
	if err != nil || !reflect.DeepEqual(got, c) {
		t.Fatalf("took %+v %v, want %+v", got, err, c)
	}
	_, err = s.TakeLinkCode(ctx, "h1", table.KeyOf("bo"), at)
	wantCode(t, err, harbor.ENotFound) // a code works once
	_, err = s.TakeLinkCode(ctx, "h2", table.KeyOf("bo"), at)
	wantCode(t, err, harbor.ENotFound) // expired at its time
	_, err = s.TakeLinkCode(ctx, "h3", table.KeyOf("bo"), at)
	wantCode(t, err, harbor.ENotFound)
}

func testDevices(t *testing.T, s people.Devices) {
	ana := table.KeyOf("ana")
	phone := people.Device{Person: ana, ID: "d1", Name: "Chrome on Android", Created: at}
	tablet := people.Device{Person: ana, ID: "d2", Name: "Safari on iPad", Created: at.Add(time.Second)}
	for _, d := range []people.Device{tablet, phone} {
		if err := s.AddDevice(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	wantCode(t, s.AddDevice(ctx, phone), harbor.EConflict)
	got, err := s.Devices(ctx, ana)
	if err != nil || len(got) != 2 || got[0] != phone || got[1] != tablet {
		t.Fatalf("devices %+v %v", got, err)
	}
	if has, err := s.HasDevice(ctx, ana, "d1"); !has || err != nil {
		t.Fatalf("has d1: %v %v", has, err)
	}
	if has, _ := s.HasDevice(ctx, table.KeyOf("bo"), "d1"); has {
		t.Fatal("bo has ana's device")
	}
	if err := s.RemoveDevice(ctx, ana, "d1"); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.RemoveDevice(ctx, ana, "d1"), harbor.ENotFound)
	if has, _ := s.HasDevice(ctx, ana, "d1"); has {
		t.Fatal("a removed device is still there")
	}
	if got, _ := s.Devices(ctx, table.KeyOf("bo")); len(got) != 0 {
		t.Fatalf("bo has devices %+v", got)
	}
}
