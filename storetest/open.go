package storetest

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"harbor/people"
	"harbor/table"
)

// holdAt holds table id for owners at now and returns the full owner's
// index, or -1.
func holdAt(t *testing.T, s people.Quotas, id string, now time.Time, owners ...people.Owner) int {
	t.Helper()
	full, err := s.HoldOpen(ctx, id, owners, now)
	if err != nil {
		t.Fatal(err)
	}
	return full
}

// testOpenTables: holds count against every owner up to its most, all or
// none; a release frees a place; a stored lobby keeps counting, while a
// hold of a table never stored stops counting after people.HoldGrace.
func testOpenTables(t *testing.T, side Side) {
	s := side.People
	t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	person := people.Owner{ID: "p:ana", Max: 2}
	address := people.Owner{ID: "a:192.0.2.7", Max: 3}
	lobbies := []*table.Table{create(t, side.Tables), create(t, side.Tables), create(t, side.Tables), create(t, side.Tables)}
	for i := range 2 {
		if full := holdAt(t, s, lobbies[i].ID, t0, person, address); full != -1 {
			t.Fatalf("hold %d of a person allowed two: full %d", i+1, full)
		}
	}
	if full := holdAt(t, s, lobbies[2].ID, t0, person, address); full != 0 {
		t.Fatalf("a third hold of the person: full %d, want 0 (the person)", full)
	}
	// The refused hold held nothing: the address has one place left.
	if full := holdAt(t, s, lobbies[2].ID, t0, address); full != -1 {
		t.Fatalf("the address's third hold: full %d", full)
	}
	if full := holdAt(t, s, lobbies[3].ID, t0, address); full != 0 {
		t.Fatalf("the address's fourth hold: full %d, want 0", full)
	}
	if err := s.ReleaseOpen(ctx, lobbies[0].ID); err != nil {
		t.Fatal(err)
	}
	if full := holdAt(t, s, lobbies[3].ID, t0, person, address); full != -1 {
		t.Fatalf("a hold after a release: full %d", full)
	}
	// Stored lobbies count for as long as they are open.
	if full := holdAt(t, s, "neverstored1", t0.Add(48*time.Hour), person); full != 0 {
		t.Fatalf("a hold two days on, the lobbies still open: full %d, want 0", full)
	}
	// A hold whose table was never stored counts for HoldGrace only.
	ghost := people.Owner{ID: "p:ghost", Max: 1}
	if full := holdAt(t, s, "neverstored2", t0, ghost); full != -1 {
		t.Fatalf("the first hold: full %d", full)
	}
	if full := holdAt(t, s, "neverstored3", t0.Add(people.HoldGrace/2), ghost); full != 0 {
		t.Fatalf("within the grace a table not stored yet still counts: full %d", full)
	}
	if full := holdAt(t, s, "neverstored3", t0.Add(2*people.HoldGrace), ghost); full != -1 {
		t.Fatalf("after the grace a table never stored counts no more: full %d", full)
	}
}

// testOpenTablesRacing: holds racing for one owner's places take exactly
// its most.
func testOpenTablesRacing(t *testing.T, s people.Quotas) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	owner := people.Owner{ID: "p:racer", Max: 3}
	var wg sync.WaitGroup
	var held atomic.Int32
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			full, err := s.HoldOpen(ctx, fmt.Sprintf("race%d", i), []people.Owner{owner}, now)
			if err != nil {
				t.Error(err)
			}
			if err == nil && full < 0 {
				held.Add(1)
			}
		}()
	}
	wg.Wait()
	if held.Load() != 3 {
		t.Fatalf("12 racing holds of an owner allowed 3 took %d", held.Load())
	}
}
