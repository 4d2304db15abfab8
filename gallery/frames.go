package gallery

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"harbor/game"
	"harbor/table"
)

// clock is the fixed time every gallery table lives at, so deadlines and
// the times of moves and chat lines are the same on every run.
var clock = time.Date(2026, time.June, 1, 19, 30, 0, 0, time.UTC)

// keyOf is the fixed key of person i of a gallery table; its public id is
// what the page of that person learns from /api/session.
func keyOf(i int) string { return table.KeyOf(fmt.Sprintf("gallery-person-%d", i)) }

// recorder is a connection that keeps a copy of every frame it is sent.
type recorder struct {
	mu     sync.Mutex
	frames []json.RawMessage
	// finished, when set, is closed at the first lobby frame of a finished
	// table.
	finished chan struct{}
}

func (c *recorder) Send(m *table.Msg) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := bytes.Clone(m.Bytes())
	c.frames = append(c.frames, b)
	if c.finished != nil && bytes.HasPrefix(b, []byte(`{"t":"lobby"`)) && bytes.Contains(b, []byte(`"status":"finished"`)) {
		close(c.finished)
		c.finished = nil
	}
}

func (c *recorder) Close(string) {}

func (c *recorder) take() []json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.frames
	c.frames = nil
	return out
}

// scene is one position's table as a store holds it: the table, the moves
// stored before the runner loads it, and what happens after.
type scene struct {
	t     *table.Table
	moves []table.Move
	// last, when set, is the position's last move, made through the
	// runner once it is loaded, so the state frames carry its events as
	// they do for a page that connects just after a move.
	last      *table.Move
	deadlines *table.Deadlines
	// offline are the seats whose person has no page of the table open.
	offline game.SeatSet
}

// viewerKey is the key of viewer in Position.Viewers.
func viewerKey(seat game.Seat) string {
	if seat < 0 {
		return "tv"
	}
	return strconv.Itoa(int(seat))
}

// capture loads sc into a runner over a store in memory and returns the
// frames a page of each viewer receives as it connects: the TV's, and
// each person's seat's. The runner's computer players wait far longer
// than the capture takes, so the position does not move on.
func capture(sc scene) (map[string][]json.RawMessage, map[string]string, error) {
	ctx := context.Background()
	store := newMemStore()
	store.put(sc.t, sc.moves, sc.deadlines)
	ts := table.NewTables(store, table.Options{BotDelay: 24 * time.Hour, Now: func() time.Time { return clock },
		SweepEvery: -1, IdleAfter: 24 * time.Hour})
	defer ts.Close()
	r, err := ts.Get(ctx, sc.t.ID)
	if err != nil {
		return nil, nil, err
	}
	subs := map[game.Seat]*table.Sub{}
	for i, s := range sc.t.Seats {
		if s.Kind != table.Human || sc.offline.Has(game.Seat(i)) {
			continue
		}
		sub, err := r.Subscribe(&recorder{}, s.Key, false)
		if err != nil {
			return nil, nil, err
		}
		subs[game.Seat(i)] = sub
	}
	if sc.last != nil {
		sub := subs[sc.last.Seat]
		if sub == nil {
			return nil, nil, fmt.Errorf("the last move's seat %d has no connection", sc.last.Seat)
		}
		if err := r.Move(ctx, sub, r.Version(), sc.last.Move); err != nil {
			return nil, nil, fmt.Errorf("last move: %w", err)
		}
	}
	viewers := map[string][]json.RawMessage{}
	me := map[string]string{}
	watch := func(seat game.Seat, key string) error {
		rec := &recorder{}
		sub, err := r.Subscribe(rec, key, seat < 0)
		if err != nil {
			return err
		}
		r.Unsubscribe(sub)
		viewers[viewerKey(seat)] = rec.take()
		if seat >= 0 {
			me[viewerKey(seat)] = table.PublicID(key)
		}
		return nil
	}
	if err := watch(game.Public, ""); err != nil {
		return nil, nil, err
	}
	for i, s := range sc.t.Seats {
		if s.Kind == table.Human {
			if err := watch(game.Seat(i), s.Key); err != nil {
				return nil, nil, err
			}
		}
	}
	return viewers, me, nil
}

// watchPlay loads sc, a table of computer players at its start, connects
// a TV to it and lets the runner play the game to its end, returning every
// frame the TV received.
func watchPlay(sc scene) ([]json.RawMessage, error) {
	ctx := context.Background()
	store := newMemStore()
	store.put(sc.t, sc.moves, nil)
	ts := table.NewTables(store, table.Options{Now: func() time.Time { return clock }, SweepEvery: -1, IdleAfter: 24 * time.Hour})
	defer ts.Close()
	r, err := ts.Get(ctx, sc.t.ID)
	if err != nil {
		return nil, err
	}
	done := make(chan struct{})
	rec := &recorder{finished: done}
	sub, err := r.Subscribe(rec, "", true)
	if err != nil {
		return nil, err
	}
	defer r.Unsubscribe(sub)
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		return nil, fmt.Errorf("table %s: the computer players did not finish the game", sc.t.ID)
	}
	return rec.take(), nil
}
