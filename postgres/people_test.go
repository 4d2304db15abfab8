package postgres_test

import (
	"testing"

	"harbor/notify"
	"harbor/postgres"
	"harbor/postgres/pgtest"
	"harbor/storetest"
)

func openPostgres(t *testing.T) *postgres.Store {
	s := open(t, pgtest.Schema(t), postgres.Options{})
	t.Cleanup(func() { s.Close() })
	return s
}

func TestPeople(t *testing.T) {
	storetest.RunPeople(t, func(t *testing.T) storetest.Side {
		s := openPostgres(t)
		return storetest.Side{Tables: s, People: s.People()}
	})
}

func TestNotices(t *testing.T) {
	storetest.RunNotices(t, func(t *testing.T) notify.Store { return openPostgres(t).Notices() })
}
