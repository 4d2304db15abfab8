package postgres_test

import (
	"testing"

	"harbor/postgres"
	"harbor/postgres/pgtest"
	"harbor/storetest"
)

func TestPeople(t *testing.T) {
	storetest.RunPeople(t, func(t *testing.T) storetest.People {
		s := open(t, pgtest.Schema(t), postgres.Options{})
		t.Cleanup(func() { s.Close() })
		return s.People()
	})
}
