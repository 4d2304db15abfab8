package sqlite_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"harbor/sqlite"
	"harbor/storetest"
	"harbor/table"
)

// TestSeatedMigration: a database from before migration 0008 gets the
// seats of its tables listed, each person having seen the moves so far.
func TestSeatedMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tb := storetest.NewTable(t)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	tb.Status = table.Playing
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	for n := range 2 {
		if err := s.AppendMove(ctx, tb.ID, table.Move{N: n, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	// Before 0012 every move was in moves, where 0008 counts them.
	if n, err := s.FoldMoves(ctx, 100); err != nil || n != 2 {
		t.Fatalf("folded %d moves (%v), want 2", n, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Back to the schema before 0008.
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DROP TABLE seated; DELETE FROM schema_migrations WHERE version = 8`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err = sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Seated(ctx, tb.Host, 10)
	if err != nil || len(got) != 1 || got[0].ID != tb.ID || got[0].Seen != 2 || got[0].Status != table.Playing {
		t.Fatalf("the host's tables after the migration: %+v %v", got, err)
	}
}

// TestSeatedDeleted: a table the sweeper deletes leaves its people's
// lists, and no row of it is kept.
func TestSeatedDeleted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tb := storetest.NewTable(t)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Seated(ctx, tb.Host, 10); err != nil || len(got) != 1 {
		t.Fatalf("the host's tables: %+v %v", got, err)
	}
	if err := s.DeleteTable(ctx, tb.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM seated`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d rows of seats left after the table was deleted (%v)", n, err)
	}
}
