package sqlite_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"harbor/sqlite"
	"harbor/table"
)

// TestBackupWhileServing copies the database while moves are committed to
// it, then restores the copy: it opens as a store whose table holds a
// whole prefix of the log, at least every move acknowledged before the
// backup began.
func TestBackupWhileServing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "harbor.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	tb := playing(t, s)
	key, err := s.Secret(ctx, "identity", 32)
	if err != nil {
		t.Fatal(err)
	}
	var acked atomic.Int64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for n := 0; ; n++ {
			select {
			case <-stop:
				return
			default:
			}
			m := table.Move{N: n, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}
			if err := s.AppendMove(ctx, tb.ID, m, nil, nil); err != nil {
				t.Errorf("move %d: %v", n, err)
				return
			}
			acked.Store(int64(n + 1))
		}
	}()
	for acked.Load() < 50 {
		time.Sleep(time.Millisecond)
	}
	before := acked.Load()
	copyPath := filepath.Join(dir, "backup.db")
	if err := sqlite.Backup(ctx, path, copyPath); err != nil {
		t.Fatal(err)
	}
	close(stop)
	<-done
	if err := sqlite.Backup(ctx, path, copyPath); err == nil {
		t.Fatal("a backup overwrote an existing file")
	}

	restored, err := sqlite.Open(copyPath)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	got, err := restored.Table(ctx, tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := restored.Moves(ctx, tb.ID, 0)
	if err != nil || len(moves) != got.Version || int64(got.Version) < before {
		t.Fatalf("the copy has version %d and %d moves; %d were acknowledged before the backup (%v)", got.Version, len(moves), before, err)
	}
	for i, m := range moves {
		if m.N != i {
			t.Fatalf("the copy's log has a gap at %d", i)
		}
	}
	// The restored store takes moves again, and keeps the identity key.
	if err := restored.AppendMove(ctx, tb.ID, table.Move{N: got.Version, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if again, _ := restored.Secret(ctx, "identity", 32); string(again) != string(key) {
		t.Fatal("the copy has another identity key: every player would lose their seats")
	}
}
