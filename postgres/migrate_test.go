package postgres

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"harbor/notify"
	"harbor/postgres/pgtest"
	"harbor/storetest"
	"harbor/table"
)

func appliedVersions(t *testing.T, pool *pgxpool.Pool) []int {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// wantVersions checks that the embedded migrations up to upTo, and no
// others, are applied (their numbers may have gaps).
func wantVersions(t *testing.T, pool *pgxpool.Pool, upTo int) {
	t.Helper()
	got := appliedVersions(t, pool)
	ms, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, m := range ms {
		if m.version <= upTo {
			want = append(want, m.version)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("applied migrations %v, want %v", got, want)
	}
}

// previousVersion is the embedded migration before the newest.
func previousVersion(t *testing.T) int {
	t.Helper()
	ms, err := embedded()
	if err != nil || len(ms) < 2 {
		t.Fatalf("migrations %v %v: the tests expect a previous version to migrate from", ms, err)
	}
	return ms[len(ms)-2].version
}

func TestMigrations(t *testing.T) {
	ctx := context.Background()
	latest := SchemaVersion()
	if latest < 2 {
		t.Fatalf("schema version %d: the tests expect a previous version to migrate from", latest)
	}
	t.Run("from an empty database", func(t *testing.T) {
		dsn := pgtest.Schema(t)
		s, err := Open(ctx, dsn, Options{Node: "a"})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		wantVersions(t, s.pool, latest)
		tb := storetest.NewTable(t)
		if err := s.CreateTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
		if owner, running, err := s.Owner(ctx, tb.ID); err != nil || owner != "a" || !running {
			t.Fatalf("lease of a new table: %q %v %v", owner, running, err)
		}
		if err := migrate(ctx, s.pool, 0); err != nil {
			t.Fatalf("migrating again: %v", err)
		}
		wantVersions(t, s.pool, latest)
	})
	t.Run("from the previous version", func(t *testing.T) {
		dsn := pgtest.Schema(t)
		pool, err := pgxpool.New(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		previous := previousVersion(t)
		if err := migrate(ctx, pool, previous); err != nil {
			t.Fatal(err)
		}
		wantVersions(t, pool, previous)
		// A running table and its move as the previous schema stores them
		// (this code writes the tables and columns the latest one added).
		tb := storetest.NewTable(t)
		tb.Status = table.Playing
		data, err := table.EncodeLobby(tb)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO tables (id, game, status, invite, code, tv, data, created, updated)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			tb.ID, tb.Game, string(tb.Status), tb.Invite, tb.Code, tb.TV, data, tb.Created.UnixMilli(), tb.Updated.UnixMilli()); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO moves (table_id, n, seat, move, at) VALUES ($1, 0, 0, $2, $3)`,
			tb.ID, `{"type":"take","n":2}`, time.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
		if previous >= 8 { // the seat as the code of 0008 on keeps it
			if _, err := pool.Exec(ctx, `INSERT INTO seated (person, table_id, seen) VALUES ($1, $2, 1)`, tb.Host, tb.ID); err != nil {
				t.Fatal(err)
			}
		}
		pool.Close()

		s, err := Open(ctx, dsn, Options{Node: "b"})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		wantVersions(t, s.pool, latest)
		got, err := s.Table(ctx, tb.ID)
		if err != nil || got.Version != 1 || got.Status != table.Playing {
			t.Fatalf("table kept through the migration: %+v %v", got, err)
		}
		if seated, err := s.Seated(ctx, tb.Host, 10); err != nil || len(seated) != 1 || seated[0].ID != tb.ID || seated[0].Seen != 1 {
			t.Fatalf("the host's seat kept through the migration, as having seen the move so far: %+v %v", seated, err)
		}
		// The outbox of notices (0009) takes a turn's notice.
		if ok, err := s.Notices().QueueNotice(ctx, notify.Queued{Turn: table.Turn{Person: tb.Host, Table: tb.ID, Version: 1}, Created: time.Now(), NotBefore: time.Now()}); err != nil || !ok {
			t.Fatalf("queue a notice after the migration: %v %v", ok, err)
		}
		orphans, err := s.Orphans(ctx)
		if err != nil || len(orphans) != 1 || orphans[0] != tb.ID {
			t.Fatalf("a playing table without a lease is an orphan: %v %v", orphans, err)
		}
		if ok, err := s.Claim(ctx, tb.ID); !ok || err != nil {
			t.Fatalf("claim: %v %v", ok, err)
		}
		if err := s.AppendMove(ctx, tb.ID, table.Move{N: 1, Move: json.RawMessage(`{"type":"take","n":1}`), At: time.Now()}, nil, nil); err != nil {
			t.Fatal(err)
		}
	})
}
