package main

import (
	"context"
	"flag"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/people"
	"harbor/sqlite"
	"harbor/table"
)

// TestNotifierKeepsItsKey: the VAPID key is made once and kept in the
// store, so a restart signs with the same key (and people's subscriptions
// stay good); mail is on only with -smtp, and a bad -smtp is refused, as
// is -smtp without the -public-url the links in mails are built from.
func TestNotifierKeepsItsKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	publicURL := "https://games.example.org"
	key := func(args ...string) (string, bool, error) {
		store, err := sqlite.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		fl := flag.NewFlagSet("serve", flag.ContinueOnError)
		f := noticeFlagSet(fl)
		if err := fl.Parse(args); err != nil {
			t.Fatal(err)
		}
		n, _, err := f.notifier(context.Background(), store, new(atomic.Pointer[table.Tables]), publicURL, slog.New(slog.DiscardHandler))
		if err != nil {
			return "", false, err
		}
		defer n.Close()
		return n.PublicKey(), n.MailOn(), nil
	}
	first, mail, err := key()
	if err != nil || first == "" || mail {
		t.Fatalf("first start: key %q, mail %v, %v", first, mail, err)
	}
	again, mail, err := key("-smtp", "smtp://mail.example.org:587", "-smtp-from", "Harbor <harbor@example.org>")
	if err != nil || again != first || !mail {
		t.Fatalf("restart: key %q (was %q), mail %v, %v", again, first, mail, err)
	}
	if _, _, err := key("-smtp", "mail.example.org", "-smtp-from", "harbor@example.org"); err == nil {
		t.Fatal("an SMTP server without a scheme was taken")
	}
	if _, _, err := key("-smtp", "smtp://mail.example.org", "-smtp-from", "nobody"); err == nil {
		t.Fatal("a sender that is no address was taken")
	}
	publicURL = ""
	if _, _, err := key("-smtp", "smtp://mail.example.org:587", "-smtp-from", "harbor@example.org"); err == nil || !strings.Contains(err.Error(), "-public-url") {
		t.Fatalf("-smtp without -public-url: %v", err)
	}
}

// TestNoticeAllow: -notice-allow takes CIDR prefixes only, and the
// notifier it builds takes and dials a push endpoint on an allowed
// loopback prefix, while loopback outside it stays refused, both when a
// browser subscribes and at the dial (as when DNS answers otherwise later).
func TestNoticeAllow(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	notifier := func(args ...string) (*notify.Notifier, error) {
		fl := flag.NewFlagSet("serve", flag.ContinueOnError)
		f := noticeFlagSet(fl)
		if err := fl.Parse(args); err != nil {
			t.Fatal(err)
		}
		n, _, err := f.notifier(context.Background(), store, new(atomic.Pointer[table.Tables]), "", slog.New(slog.DiscardHandler))
		return n, err
	}
	for _, bad := range []string{"127.0.0.1", "10.0.0.0/33", "127.0.0.0/8,lan"} {
		if _, err := notifier("-notice-allow", bad); err == nil || !strings.Contains(err.Error(), "-notice-allow") || !strings.Contains(err.Error(), "not a CIDR prefix") {
			t.Errorf("-notice-allow %q: %v", bad, err)
		}
	}
	n, err := notifier("-notice-allow", " 127.0.0.1/32 , fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()

	// Two listeners that count the connections made to them; the server's
	// TLS handshake then fails, which is fine: the dial is what is shown.
	listen := func(addr string) (string, <-chan struct{}) {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ln.Close() })
		dialled := make(chan struct{}, 16)
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				dialled <- struct{}{}
				c.Close()
			}
		}()
		return ln.Addr().String(), dialled
	}
	allowedAddr, allowedDials := listen("127.0.0.1:0")
	refusedAddr, refusedDials := listen("127.0.0.2:0")

	push := notifytest.NewPush(t) // only for a browser's keys
	ana := table.KeyOf("ana")
	sub := func(host string) people.Subscription {
		return people.Subscription{Endpoint: "https://" + host + "/push/1", P256dh: push.P256dh, Auth: push.Auth, Person: ana, Created: time.Now()}
	}
	ctx := context.Background()
	if err := n.Subscribe(ctx, sub(allowedAddr)); err != nil {
		t.Fatalf("an endpoint on the allowed prefix is refused: %v", err)
	}
	for _, host := range []string{refusedAddr, "10.0.0.1", "[::1]:443"} {
		if err := n.Subscribe(ctx, sub(host)); err == nil || !strings.Contains(err.Error(), "never dialled") {
			t.Errorf("subscribing on %s: %v", host, err)
		}
	}
	turn := table.Turn{Person: ana, Table: "t1", Game: "neko", GameName: "Neko Harbour", Name: "Ana"}
	_ = n.Deliver(ctx, turn) // fails at the handshake
	select {
	case <-allowedDials:
	case <-time.After(10 * time.Second):
		t.Fatal("the endpoint on the allowed prefix was never dialled")
	}

	// An endpoint that got into the store past the check, as a name that
	// now resolves elsewhere would: the dial itself is refused.
	if err := n.Store().SaveSubscription(ctx, sub(refusedAddr), notify.MaxSubscriptions); err != nil {
		t.Fatal(err)
	}
	if err := n.Deliver(ctx, turn); err == nil || !strings.Contains(err.Error(), "127.0.0.2 is in 127.0.0.0/8 (loopback)") {
		t.Fatalf("delivering to %s: %v", refusedAddr, err)
	}
	select {
	case <-refusedDials:
		t.Fatal("an endpoint outside the allowed prefixes was dialled")
	default:
	}
}
