package main

import (
	"context"
	"flag"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

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
