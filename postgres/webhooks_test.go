package postgres_test

import (
	"testing"
	"time"

	"harbor/notify"
	"harbor/postgres"
	"harbor/postgres/pgtest"
)

// TestTableHook: a table's chat room is stored, replaced by the next one
// set, and dropped.
func TestTableHook(t *testing.T) {
	s := open(t, pgtest.Schema(t), postgres.Options{})
	t.Cleanup(func() { s.Close() })
	notices := s.Notices()
	at := time.UnixMilli(1_700_000_000_000).UTC()
	for _, h := range []notify.Hook{
		{Table: "t1", Service: notify.Slack, URL: "https://hooks.slack.com/services/T/B/x", SetBy: "host", Created: at},
		{Table: "t1", Service: notify.Discord, URL: "https://discord.com/api/webhooks/1/tok", SetBy: "host", Created: at.Add(time.Second)},
	} {
		if err := notices.SaveHook(ctx, h); err != nil {
			t.Fatal(err)
		}
		if got, ok, err := notices.Hook(ctx, "t1"); err != nil || !ok || got != h {
			t.Fatalf("stored %+v, read %+v %v %v", h, got, ok, err)
		}
	}
	if _, ok, err := notices.Hook(ctx, "t2"); err != nil || ok {
		t.Fatalf("a table with no room: %v %v", ok, err)
	}
	if err := notices.DropHook(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := notices.Hook(ctx, "t1"); err != nil || ok {
		t.Fatalf("a dropped room is kept: %v %v", ok, err)
	}
}
