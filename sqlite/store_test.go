package sqlite_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"harbor/sqlite"
	"harbor/storetest"
	"harbor/table"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) table.Store {
		s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestReopenKeepsEverything(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tb := storetest.NewTable(t)
	ctx := context.Background()
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	tb.Status = table.Playing
	if err := s.SaveTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendMove(ctx, tb.ID, table.Move{N: 0, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = sqlite.Open(path) // migrations run again and must be a no-op
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Table(ctx, tb.ID)
	if err != nil || got.Version != 1 || got.Status != table.Playing {
		t.Fatalf("reopened table %+v %v", got, err)
	}
	moves, err := s.Moves(ctx, tb.ID, 0)
	if err != nil || len(moves) != 1 {
		t.Fatalf("reopened moves %+v %v", moves, err)
	}
	if err := s.AppendMove(ctx, tb.ID, table.Move{N: 1, Move: json.RawMessage(`{}`), At: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
}

func TestNewFileHasSmallPages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "harbor.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	raw, err := os.ReadFile(path)
	if err != nil || len(raw) < 100 {
		t.Fatalf("database file: %v", err)
	}
	if size := int(raw[16])<<8 | int(raw[17]); size != 1024 {
		t.Fatalf("page size %d, want 1024", size)
	}
}
