package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"harbor/notify"
	"harbor/sqlite"
	"harbor/storetest"
)

// TestTableHook: a table's chat room is stored, replaced by the next one
// set, and dropped; a table the sweeper deletes takes its room's URL, a
// credential, with it.
func TestTableHook(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	tb := storetest.NewTable(t)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	notices := s.Notices()
	at := time.UnixMilli(1_700_000_000_000).UTC()
	for _, h := range []notify.Hook{
		{Table: tb.ID, Service: notify.Slack, URL: "https://hooks.slack.com/services/T/B/x", SetBy: tb.Host, Created: at},
		{Table: tb.ID, Service: notify.Discord, URL: "https://discord.com/api/webhooks/1/tok", SetBy: tb.Host, Created: at.Add(time.Second)},
	} {
		if err := notices.SaveHook(ctx, h); err != nil {
			t.Fatal(err)
		}
		if got, ok, err := notices.Hook(ctx, tb.ID); err != nil || !ok || got != h {
			t.Fatalf("stored %+v, read %+v %v %v", h, got, ok, err)
		}
	}
	if err := notices.DropHook(ctx, tb.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := notices.Hook(ctx, tb.ID); err != nil || ok {
		t.Fatalf("a dropped room is kept: %v %v", ok, err)
	}
	if err := notices.SaveHook(ctx, notify.Hook{Table: tb.ID, Service: notify.Matrix, URL: "https://m.example/webhook/x", Created: at}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteTable(ctx, tb.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := notices.Hook(ctx, tb.ID); err != nil || ok {
		t.Fatalf("a deleted table's room is kept: %v %v", ok, err)
	}
}
