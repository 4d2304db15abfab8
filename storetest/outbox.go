package storetest

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"harbor/notify"
	"harbor/table"
)

// queued returns the notice of person's turn at table id, version v.
func queued(person, id string, v int, notBefore time.Time) notify.Queued {
	return notify.Queued{Turn: table.Turn{Person: person, Table: id, Game: "neko", Name: "Ana", Others: []string{"Bo"}, Seat: 1, Version: v,
		Due: at.Add(24 * time.Hour)}, Created: at, NotBefore: notBefore}
}

func queue(t *testing.T, s notify.Store, q notify.Queued) {
	t.Helper()
	if ok, err := s.QueueNotice(ctx, q); err != nil || !ok {
		t.Fatalf("queue %+v: %v %v", q.Turn, ok, err)
	}
}

func claim(t *testing.T, s notify.Store, claimant string, now time.Time, limit int) []notify.Queued {
	t.Helper()
	got, err := s.ClaimNotices(ctx, claimant, now, time.Minute, limit)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// testOutboxOnce: a turn is queued once, whatever queues it again (a
// reminder of it is another notice), also once it is done; the newest
// notice of a person's table supersedes the ones still waiting.
func testOutboxOnce(t *testing.T, s notify.Store) {
	ana, bo := table.KeyOf("ana"), table.KeyOf("bo")
	q := queued(ana, "t1", 3, at)
	queue(t, s, q)
	if ok, err := s.QueueNotice(ctx, q); err != nil || ok {
		t.Fatalf("the same turn queued twice: %v %v", ok, err)
	}
	queue(t, s, queued(ana, "t1", 2, at)) // an older turn, queued late: superseded below
	queue(t, s, queued(bo, "t1", 3, at))  // another person's: stays
	queue(t, s, queued(ana, "t2", 1, at)) // another table's: stays
	queue(t, s, queued(ana, "t1", 4, at)) // a newer turn: supersedes q
	r := queued(ana, "t1", 4, at)         // its reminder: supersedes that
	r.Turn.Reminder = true
	queue(t, s, r)
	got := claim(t, s, "a", at, 10)
	var left []string
	for _, g := range got {
		who := "Bo"
		if g.Turn.Person == ana {
			who = "Ana"
		}
		left = append(left, fmt.Sprintf("%s/%s/%d/%s", who, g.Turn.Table, g.Turn.Version, g.Kind()))
	}
	slices.Sort(left)
	if want := []string{"Ana/t1/4/reminder", "Ana/t2/1/turn", "Bo/t1/3/turn"}; !reflect.DeepEqual(left, want) {
		t.Fatalf("claimed %v, want %v", left, want)
	}
	for _, g := range got {
		g.Done = true
		if ok, err := s.SettleNotice(ctx, g, "a"); err != nil || !ok {
			t.Fatalf("settle: %v %v", ok, err)
		}
	}
	if ok, err := s.QueueNotice(ctx, q); err != nil || ok {
		t.Fatalf("the turn queued again once sent: %v %v", ok, err)
	}
	if got := claim(t, s, "a", at.Add(time.Hour), 10); len(got) != 0 {
		t.Fatalf("notices done are claimed: %+v", got)
	}
	if _, ok, err := s.NextNotice(ctx); err != nil || ok {
		t.Fatalf("a next notice with all done: %v %v", ok, err)
	}
	// Pruned, the done notices are forgotten.
	if err := s.PruneNotices(ctx, at.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	queue(t, s, q)
}

// testOutboxClaims: only due notices are claimed, the earliest first; a
// claimed one is not claimed again until its claim lapses or it is
// settled, and only its claimant settles it; NextNotice says when the
// next can be claimed.
func testOutboxClaims(t *testing.T, s notify.Store) {
	ana, bo := table.KeyOf("ana"), table.KeyOf("bo")
	later := queued(ana, "t1", 1, at.Add(time.Hour))
	first := queued(bo, "t2", 7, at.Add(-time.Minute))
	second := queued(ana, "t2", 8, at)
	for _, q := range []notify.Queued{later, second, first} {
		queue(t, s, q)
	}
	if next, ok, err := s.NextNotice(ctx); err != nil || !ok || !next.Equal(first.NotBefore) {
		t.Fatalf("next notice %v %v %v, want %v", next, ok, err, first.NotBefore)
	}
	got := claim(t, s, "a", at, 1)
	if len(got) != 1 || !reflect.DeepEqual(got[0].Turn, first.Turn) || got[0].Attempts != 0 || len(got[0].Sent) != 0 ||
		!got[0].NotBefore.Equal(first.NotBefore) || !got[0].Created.Equal(at) {
		t.Fatalf("claimed %+v, want the earliest %+v", got, first)
	}
	a := got[0]
	got = claim(t, s, "b", at, 10)
	if len(got) != 1 || got[0].Turn.Version != second.Turn.Version {
		t.Fatalf("a second claimant claimed %+v, want only the other due notice", got)
	}
	b := got[0]
	if got := claim(t, s, "c", at.Add(30*time.Second), 10); len(got) != 0 {
		t.Fatalf("claimed notices claimed again within their claim: %+v", got)
	}
	if next, ok, err := s.NextNotice(ctx); err != nil || !ok || !next.Equal(at.Add(time.Minute)) {
		t.Fatalf("next notice %v %v %v, want when the claims lapse", next, ok, err)
	}
	// The claimant settles: not sent to mail yet, retry later.
	a.Attempts, a.Sent, a.NotBefore = 1, []string{"https://push.example/1"}, at.Add(2*time.Minute)
	if ok, err := s.SettleNotice(ctx, a, "b"); err != nil || ok {
		t.Fatalf("settled by another than its claimant: %v %v", ok, err)
	}
	if ok, err := s.SettleNotice(ctx, a, "a"); err != nil || !ok {
		t.Fatalf("settled by its claimant: %v %v", ok, err)
	}
	// b's claim lapses: c takes the notice over; b can no longer settle it.
	got = claim(t, s, "c", at.Add(time.Minute), 10)
	if len(got) != 1 || got[0].ID != b.ID {
		t.Fatalf("after b's claim lapsed, c claimed %+v", got)
	}
	if ok, err := s.SettleNotice(ctx, b, "b"); err != nil || ok {
		t.Fatalf("settled after its claim lapsed: %v %v", ok, err)
	}
	b.Done = true
	if ok, err := s.SettleNotice(ctx, b, "c"); err != nil || !ok {
		t.Fatalf("settled by the claimant that took it over: %v %v", ok, err)
	}
	got = claim(t, s, "a", at.Add(2*time.Minute), 10)
	if len(got) != 1 || got[0].ID != a.ID || got[0].Attempts != 1 || !reflect.DeepEqual(got[0].Sent, a.Sent) || !got[0].NotBefore.Equal(a.NotBefore) {
		t.Fatalf("claimed %+v, want the settled %+v", got, a)
	}
}

// testOutboxConcurrentClaims: claimants racing over many due notices
// claim each exactly once.
func testOutboxConcurrentClaims(t *testing.T, s notify.Store) {
	const notices, claimants = 60, 4
	for i := range notices {
		queue(t, s, queued(table.KeyOf(fmt.Sprint("p", i)), "t1", i, at))
	}
	var mu sync.Mutex
	seen := map[int64]string{}
	var wg sync.WaitGroup
	for c := range claimants {
		name := fmt.Sprint("node", c)
		wg.Go(func() {
			for {
				got, err := s.ClaimNotices(ctx, name, at, time.Minute, 3)
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, q := range got {
					if other, ok := seen[q.ID]; ok {
						t.Errorf("notice %d claimed by %s and %s", q.ID, other, name)
					}
					seen[q.ID] = name
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(seen) != notices {
		t.Fatalf("%d notices claimed, want %d", len(seen), notices)
	}
}
