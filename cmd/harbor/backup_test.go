package main

import (
	"context"
	"path/filepath"
	"testing"

	"harbor/sqlite"
	"harbor/storetest"
)

func TestBackupCommand(t *testing.T) {
	dir := t.TempDir()
	data, to := filepath.Join(dir, "harbor.db"), filepath.Join(dir, "copy.db")
	s, err := sqlite.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close() // the server keeps running while the copy is taken
	tb := storetest.NewTable(t)
	if err := s.CreateTable(context.Background(), tb); err != nil {
		t.Fatal(err)
	}
	if err := backupCmd([]string{"-data", data}); err == nil {
		t.Fatal("backup without -to ran")
	}
	if err := backupCmd([]string{"-data", data, "-to", to}); err != nil {
		t.Fatal(err)
	}
	c, err := sqlite.Open(to)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Table(context.Background(), tb.ID); err != nil {
		t.Fatalf("the copy lacks the table: %v", err)
	}
}
