package sqlite_test

import (
	"path/filepath"
	"testing"

	"harbor/sqlite"
	"harbor/storetest"
)

func TestPeople(t *testing.T) {
	storetest.RunPeople(t, func(t *testing.T) storetest.People {
		s, err := sqlite.Open(filepath.Join(t.TempDir(), "harbor.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s.People()
	})
}
