package gallery

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
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
	// away: the clock moves on past the table's wait for a disconnected
	// person, so the people the game waits on who are offline are away.
	away bool
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
// than the capture takes, so the position does not move on. In a scene
// where people are away, each viewer connects to a runner of its own,
// since a person connecting is back and no longer away for the others.
func capture(sc scene) (map[string][]json.RawMessage, map[string]string, error) {
	viewers := map[string][]json.RawMessage{}
	me := map[string]string{}
	var r *table.Runner
	var closers []func()
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	watch := func(seat game.Seat, key string) error {
		if r == nil || sc.away {
			loaded, done, err := load(sc)
			if err != nil {
				return err
			}
			closers = append(closers, done)
			r = loaded
		}
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

// load loads sc into a runner over a store in memory, connects the people
// who are online, and makes the last move; done closes it.
func load(sc scene) (r *table.Runner, done func(), err error) {
	ctx := context.Background()
	store := newMemStore()
	store.put(sc.t, sc.moves, sc.deadlines)
	var later atomic.Bool // the clock has moved on past the wait for the people away
	now := func() time.Time {
		if later.Load() {
			return clock.Add(time.Duration(sc.t.Room.AwaySeconds+1) * time.Second)
		}
		return clock
	}
	ts := table.NewTables(store, table.Options{BotDelay: 24 * time.Hour, Now: now, SweepEvery: -1, IdleAfter: 24 * time.Hour})
	defer func() {
		if err != nil {
			ts.Close()
		}
	}()
	r, err = ts.Get(ctx, sc.t.ID)
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
	if sc.away {
		if err := waitAway(r, sc, &later); err != nil {
			return nil, nil, err
		}
	}
	return r, ts.Close, nil
}

// waitAway moves the clock past the table's wait for a disconnected
// person and lets the runner's timer hand every person the game waits on
// who has no connection to a computer player, as it does at a live table.
// A TV connecting makes the runner look at its timers again; the timer
// then goes off at once, and the people are away once the lobby says so.
func waitAway(r *table.Runner, sc scene, later *atomic.Bool) error {
	later.Store(true)
	if _, err := r.Subscribe(&recorder{}, "", true); err != nil {
		return err
	}
	lobby := r.Lobby()
	var want []game.Seat
	for _, seat := range lobby.Waiting {
		if sc.offline.Has(seat) && !lobby.Seats[seat].Handed {
			want = append(want, seat)
		}
	}
	for range 4000 {
		lobby = r.Lobby()
		if !slices.ContainsFunc(want, func(seat game.Seat) bool { return !lobby.Seats[seat].Away }) {
			return nil
		}
		time.Sleep(5 * time.Millisecond)
	}
	return fmt.Errorf("table %s: seats %v did not become away", sc.t.ID, want)
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
