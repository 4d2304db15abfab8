package storetest

import (
	"testing"
	"time"

	"harbor"
	"harbor/game/gametest"
	"harbor/notify"
	"harbor/notify/sqlnotify"
	"harbor/table"
)

// testNoticeAts checks that the turn notices a move carries are queued
// in the move's commit, that a refused move queues none, that a notice
// queued again (the notifier's own insert, after the move) is still one
// row, and that a move's notice supersedes the person's older one still
// waiting, as QueueNotice's would; and likewise for the reminders saved
// with turn deadlines.
func testNoticeAts(t *testing.T, s table.Store) {
	st, ok := s.(interface{ Notices() sqlnotify.Store })
	if !ok {
		t.Skip("the store keeps no notices")
	}
	notices := st.Notices()
	tb := create(t, s)
	g := start(t, s, tb)
	turn := func(person string, v int) table.Turn {
		return table.Turn{Person: person, Table: tb.ID, Game: tb.Game, Name: person, Others: []string{"Bot"}, Seat: 0, Version: v}
	}
	move := func(n int, notices ...table.Turn) table.Move {
		seat := g.Actors().First()
		raw, err := gametest.Definition.NewBot(seat, 1).Move(g, seat)
		if err != nil {
			t.Fatal(err)
		}
		return table.Move{N: n, Seat: seat, Move: raw, At: time.Now().UTC().Truncate(time.Millisecond), Notices: notices}
	}
	store := func(m table.Move) {
		t.Helper()
		if err := g.Apply(m.Seat, m.Move, nil); err != nil {
			t.Fatal(err)
		}
		res := g.Result()
		if err := s.AppendMove(ctx, tb.ID, m, &res, nil); err != nil {
			t.Fatal(err)
		}
		tb.Version++
	}

	store(move(0, turn("ana", 1)))
	refused := move(5, turn("bo", 6))
	res := g.Result()
	wantCode(t, s.AppendMove(ctx, tb.ID, refused, &res, nil), harbor.EConflict)
	store(move(1, turn("ana", 2)))
	if ok, err := notices.QueueNotice(ctx, sqlnotify.NoticeAt(turn("ana", 2), time.Now())); err != nil || ok {
		t.Fatalf("queueing the move's notice again: queued %v, %v; want it found stored", ok, err)
	}

	reminder := turn("ana", 2)
	reminder.Reminder, reminder.Left = true, time.Hour
	wantCode(t, s.SaveDeadlines(ctx, "nosuchtable", nil, []table.Turn{{Person: "bo", Table: "nosuchtable", Version: 1}}, time.Now()), harbor.ENotFound)
	if err := s.SaveDeadlines(ctx, tb.ID, &table.Deadlines{Version: 2}, []table.Turn{reminder}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if ok, err := notices.QueueNotice(ctx, sqlnotify.NoticeAt(reminder, time.Now())); err != nil || ok {
		t.Fatalf("queueing the reminder again: queued %v, %v; want it found stored", ok, err)
	}

	later := time.Now().Add(time.Hour) // every notice is due
	got, err := notices.ClaimNotices(ctx, "test", later, time.Minute, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Turn.Person != "ana" || got[0].Turn.Version != 2 || got[0].Turn.Table != tb.ID || got[0].Kind() != "reminder" {
		t.Fatalf("notices due %+v, want only ana's reminder at version 2 (the turns before superseded, the refused move's and the unknown table's never stored)", got)
	}
	var none []notify.Queued
	if none, err = notices.ClaimNotices(ctx, "other", later, time.Minute, 10); err != nil || len(none) != 0 {
		t.Fatalf("a second claim found %+v, %v; want nothing else due", none, err)
	}
}
