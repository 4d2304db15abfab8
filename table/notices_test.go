package table_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"harbor/notify"
	"harbor/notify/notifytest"
	"harbor/notify/sqlnotify"
	"harbor/people"
	"harbor/table"
)

// boWaits starts a game of Ana's and Bo's (twoAtPile) and has Ana, whose
// page is open, make the first move, so the game comes to wait on Bo, who
// has none. It returns Bo's key.
func boWaits(t *testing.T, tables *table.Tables) string {
	t.Helper()
	r, anaSub, _, bo := twoAtPile(t, tables)
	if err := r.Move(context.Background(), anaSub, 0, json.RawMessage(`{"type":"take","n":1}`)); err != nil {
		t.Fatal(err)
	}
	return bo
}

// TestNoticeAtStoredBeforeOnTurn: the turn notice a move causes is in
// the store's outbox by the time OnTurn hears of it, stored by the move's
// own commit: the notifier's insert after it finds the row there.
func TestNoticeAtStoredBeforeOnTurn(t *testing.T) {
	store := openStore(t)
	notices := store.Notices()
	var mu sync.Mutex
	var turns []table.Turn
	var stored []bool
	tables := table.NewTables(store, table.Options{OnTurn: func(tu table.Turn) {
		_, ok, err := notices.NextNotice(context.Background())
		if err != nil {
			t.Error(err)
		}
		mu.Lock()
		turns, stored = append(turns, tu), append(stored, ok)
		mu.Unlock()
	}})
	defer tables.Close()
	bo := boWaits(t, tables)
	mu.Lock()
	defer mu.Unlock()
	if len(turns) != 1 || turns[0].Person != bo || turns[0].Version != 1 {
		t.Fatalf("OnTurn heard %+v, want Bo's turn at version 1", turns)
	}
	if !stored[0] {
		t.Fatal("OnTurn heard of Bo's turn before its notice was stored")
	}
	if ok, err := notices.QueueNotice(context.Background(), sqlnotify.NoticeAt(turns[0], time.Now())); err != nil || ok {
		t.Fatalf("queueing Bo's turn again: queued %v, %v; want the move's commit to have stored it", ok, err)
	}
}

// TestNoticeAtOutlastsACrash: a move's notice that no notifier was told
// of (the process stopped right after the commit; here, OnTurn only keeps
// the turn) is sent by the next notifier over the store, exactly once,
// even when that notifier is then told of the same turn.
func TestNoticeAtOutlastsACrash(t *testing.T) {
	store := openStore(t)
	var lost []table.Turn // OnTurn runs while Move waits: no lock needed after it
	tables := table.NewTables(store, table.Options{OnTurn: func(tu table.Turn) { lost = append(lost, tu) }})
	bo := boWaits(t, tables)
	tables.Close()
	if len(lost) != 1 {
		t.Fatalf("OnTurn heard %+v, want Bo's turn", lost)
	}

	push := notifytest.NewPush(t)
	notices := store.Notices()
	if err := notices.SaveSubscription(context.Background(), people.Subscription{Endpoint: push.Endpoint, P256dh: push.P256dh, Auth: push.Auth,
		Person: bo, Created: time.Now()}, notify.MaxSubscriptions); err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	n, err := notify.New(notify.Config{Store: notices, Limits: store.People(), VAPIDKey: key, HTTPClient: push.Server.Client()})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	push.Expect(n.PublicKey())
	push.Wait(t, 1)
	n.Turn(lost[0]) // as the runner tells it after the commit
	n.Close()       // stores what Turn was handed and waits for the sends under way
	if msgs, _ := push.Messages(); len(msgs) != 1 {
		t.Fatalf("%d pushes of Bo's one notice", len(msgs))
	}
}

// TestStartNoticeStoredBeforeOnTurn: the notice of a game's first turn is
// stored with the turn deadlines the start leaves, before OnTurn hears of
// it, and it says the first turn's deadline.
func TestStartNoticeStoredBeforeOnTurn(t *testing.T) {
	store := openStore(t)
	notices := store.Notices()
	var turns []table.Turn // OnTurn runs while Start waits: no lock needed after it
	var stored []bool
	tables := table.NewTables(store, table.Options{OnTurn: func(tu table.Turn) {
		_, ok, err := notices.NextNotice(context.Background())
		if err != nil {
			t.Error(err)
		}
		turns, stored = append(turns, tu), append(stored, ok)
	}})
	defer tables.Close()
	_, ana, _ := pacedPile(t, tables, ownPace, 20)
	if len(turns) != 1 || turns[0].Person != ana || turns[0].Version != 0 || turns[0].Due.IsZero() {
		t.Fatalf("OnTurn heard %+v, want Ana's first turn with its deadline", turns)
	}
	if !stored[0] {
		t.Fatal("OnTurn heard of the first turn before its notice was stored")
	}
	if ok, err := notices.QueueNotice(context.Background(), sqlnotify.NoticeAt(turns[0], time.Now())); err != nil || ok {
		t.Fatalf("queueing the first turn again: queued %v, %v; want the start to have stored it", ok, err)
	}
}
