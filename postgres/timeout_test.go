package postgres_test

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"harbor"
	"harbor/cluster/faultnet"
	"harbor/postgres"
	"harbor/postgres/pgtest"
	"harbor/table"
)

// TestSilentLinkFailsAMove: with the link to PostgreSQL cut both ways (no
// reset, no answer, as in a partition), a move's commit and a lease
// renewal each fail with a timeout within the store's bound instead of
// waiting for the link, the move is neither refused nor made live, and
// the store works again once the link is back.
func TestSilentLinkFailsAMove(t *testing.T) {
	dsn := pgtest.Schema(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	p, err := faultnet.Listen(u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	u.Host = p.Addr()
	const timeout = 500 * time.Millisecond
	s := open(t, u.String(), postgres.Options{Node: "a", LeaseTTL: time.Minute, Timeout: timeout})
	defer s.Close()

	tb := playing(t, s)
	if err := s.AppendMove(ctx, tb.ID, take(0), nil, nil); err != nil {
		t.Fatal(err)
	}

	p.Cut()
	// No deadline of the caller's: the store's own bound ends the wait.
	// The watchdog only keeps a store that hangs from hanging the test.
	within := func(what string, f func() error) error {
		done := make(chan error, 1)
		go func() { done <- f() }()
		select {
		case err := <-done:
			return err
		case <-time.After(time.Minute):
			t.Fatalf("%s waited on a silent link for a minute", what)
			return nil
		}
	}
	var then error
	called := false
	err = within("a move", func() error {
		return s.AppendMove(context.Background(), tb.ID, take(1), nil, func(err error) { then, called = err, true })
	})
	if !pgconn.Timeout(err) {
		t.Fatalf("a move over a silent link: %v, want a timeout", err)
	}
	var refused *harbor.Error
	if errors.As(err, &refused) {
		t.Fatalf("a move over a silent link was refused (%v): its outcome is unknown, not refused", err)
	}
	if called && then == nil {
		t.Fatal("a move over a silent link was made live")
	}
	if err := within("a renewal", func() error { _, err := s.Renew(context.Background()); return err }); !pgconn.Timeout(err) {
		t.Fatalf("a lease renewal over a silent link: %v, want a timeout", err)
	}

	// The statements held in the cut are dropped with their connections
	// (had they been let through, the move could land after the heal:
	// why its outcome is unknown rather than refused).
	p.Drop()
	p.Heal()
	var moves []table.Move
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if moves, err = s.Moves(ctx, tb.ID, 0); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log cannot be read after the heal: %v", err)
		}
	}
	if len(moves) != 1 {
		t.Fatalf("%d moves stored, want 1", len(moves))
	}
	if err := s.AppendMove(ctx, tb.ID, take(1), nil, nil); err != nil {
		t.Fatalf("a move after the heal: %v", err)
	}
}
