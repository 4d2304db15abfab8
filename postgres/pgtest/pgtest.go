// Package pgtest gives tests a PostgreSQL schema of their own: the database
// of HARBOR_TEST_POSTGRES or, when it is unset, the local service. A test
// fails, never skips, when PostgreSQL cannot be reached.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// LocalDSN is the database the project's machines run.
const LocalDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// DSN is the database tests use.
func DSN() string {
	if v := os.Getenv("HARBOR_TEST_POSTGRES"); v != "" {
		return v
	}
	return LocalDSN
}

// Schema creates an empty schema for t, dropped when t ends, and returns a
// connection string whose search_path is that schema.
func Schema(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, DSN())
	if err != nil {
		t.Fatalf("PostgreSQL at %s cannot be reached (set HARBOR_TEST_POSTGRES, or run the tests under .ci/with-services): %v", DSN(), err)
	}
	defer conn.Close(context.Background())
	var b [6]byte
	rand.Read(b[:])
	name := "harbor_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, DSN())
		if err != nil {
			t.Errorf("drop schema %s: %v", name, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(ctx, `DROP SCHEMA `+name+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", name, err)
		}
	})
	return WithSchema(DSN(), name)
}

// WithSchema returns dsn with its search_path set to schema.
func WithSchema(dsn, schema string) string {
	return WithParam(dsn, "search_path", schema)
}

// WithParam returns dsn (a URL or key=value string) with the parameter key
// set to value.
func WithParam(dsn, key, value string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.Scheme == "" {
		return dsn + " " + key + "=" + value
	}
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}
