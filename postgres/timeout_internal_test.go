package postgres

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"harbor/postgres/pgtest"
)

// TestStatementTimeout: a statement that runs past the store's timeout is
// cancelled by the server, which says why, before the client's own bound
// on a silent server drops the connection; a DSN's own statement_timeout
// is kept.
func TestStatementTimeout(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, pgtest.Schema(t), Options{Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = s.pool.Exec(ctx, `SELECT pg_sleep(5)`)
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "57014" {
		t.Fatalf("a statement past the timeout: %v, want the server's cancel (57014)", err)
	}
	var idle string
	if err := s.pool.QueryRow(ctx, `SHOW idle_in_transaction_session_timeout`).Scan(&idle); err != nil || idle != "300ms" {
		t.Fatalf("idle_in_transaction_session_timeout %q (%v), want 300ms", idle, err)
	}

	own, err := Open(ctx, pgtest.WithParam(pgtest.Schema(t), "statement_timeout", "2000"), Options{Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	var st string
	if err := own.pool.QueryRow(ctx, `SHOW statement_timeout`).Scan(&st); err != nil || st != "2s" {
		t.Fatalf("statement_timeout %q (%v), want the DSN's 2s", st, err)
	}
}
