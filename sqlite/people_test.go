package sqlite_test

import (
	"path/filepath"
	"testing"

	"harbor/notify"
	"harbor/sqlite"
	"harbor/storetest"
)

func openSQLite(t *testing.T) *sqlite.Store { return openStore(t, sqlite.Open) }

// openStore opens a store on a new file with open, closed with the test.
func openStore(t *testing.T, open func(path string) (*sqlite.Store, error)) *sqlite.Store {
	t.Helper()
	s, err := open(filepath.Join(t.TempDir(), "harbor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestPeople(t *testing.T) {
	storetest.RunPeople(t, func(t *testing.T) storetest.Side {
		s := openSQLite(t)
		return storetest.Side{Tables: s, People: s.People()}
	})
}

func TestNotices(t *testing.T) {
	storetest.RunNotices(t, func(t *testing.T) notify.Store { return openSQLite(t).Notices() })
}
