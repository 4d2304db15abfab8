package table

import (
	"context"
	"fmt"
	"time"

	"harbor/game"
)

// Seated is a table at which a person holds a seat, as a SeatIndex lists
// it: its status, when something last happened there (its last move, or
// else its last lobby change) and how many of its moves the person has
// seen.
type Seated struct {
	ID     string
	Status Status
	Active time.Time
	Seen   int
}

// SeatIndex is what a store keeps of where people sit, for the list of a
// person's tables (on every device of theirs). A store keeps it with the
// tables themselves: CreateTable and SaveTable record who sits at a table
// (SeatedKeys), in the same commit, and deleting a table forgets it.
type SeatIndex interface {
	// Seated returns at most limit tables at which person holds a seat:
	// running games first, then lobbies, then finished games, each group
	// the latest active first.
	Seated(ctx context.Context, person string, limit int) ([]Seated, error)

	// MarkSeen records that person has seen the first n moves of table id.
	// It never lowers what is recorded, and does nothing where person
	// holds no seat.
	MarkSeen(ctx context.Context, person, id string, n int) error
}

// SeatedKeys returns the keys of the people who sit at t, once each.
func SeatedKeys(t *Table) []string {
	var keys []string
	for _, s := range t.Seats {
		if s.Kind == Human && s.Key != "" && !contains(keys, s.Key) {
			keys = append(keys, s.Key)
		}
	}
	return keys
}

func contains(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// Glance is what a person's list of tables shows of a table: the seats
// the game waits on, and the log lines of the moves after a version as
// the public sees them (nothing hidden), oldest first.
type Glance struct {
	Waiting []game.Seat
	Lines   []string
}

// Glance returns the seats the game waits on and the log lines of the
// moves after version since: the last n lines of at most n moves. A
// table in memory answers from there; another one's stored game is
// replayed (waiting its turn among the server's other replays), and is
// not kept.
func (r *Runner) Glance(ctx context.Context, since, n int) (Glance, error) {
	r.mu.Lock()
	end := r.t.Version + 1
	from := end - n
	if from <= since {
		from = since + 1
	}
	from = clamp(from, 1, end)
	if r.t.Status != Playing && from == end {
		r.mu.Unlock()
		return Glance{}, nil
	}
	var gl Glance
	var hist []HistoryEntry
	if r.g != nil && (from == end || r.inMemory(from)) {
		if r.t.Status == Playing {
			gl.Waiting = r.g.Actors().List()
		}
		for v := from; v < end; v++ {
			hist = append(hist, r.hist.at(v))
		}
		r.mu.Unlock()
	} else {
		t := r.t.Clone()
		r.mu.Unlock()
		g, h, err := r.replayStored(ctx, t, from)
		if err != nil {
			return Glance{}, err
		}
		if t.Status == Playing {
			gl.Waiting = g.Actors().List()
		}
		hist = h
	}
	for _, h := range hist {
		if h.V < from {
			continue
		}
		for _, e := range h.Events {
			if text := e.For(game.Public).Text; text != "" {
				gl.Lines = append(gl.Lines, text)
			}
		}
	}
	if len(gl.Lines) > n {
		gl.Lines = gl.Lines[len(gl.Lines)-n:]
	}
	return gl, nil
}

func clamp(v, lo, hi int) int {
	return min(max(v, lo), hi)
}

// replayStored replays the stored game of t up to its version, with the
// events of the versions from on.
func (r *Runner) replayStored(ctx context.Context, t *Table, from int) (game.Game, []HistoryEntry, error) {
	r.tables.replays <- struct{}{}
	defer func() { <-r.tables.replays }()
	moves, err := r.tables.store.Moves(ctx, t.ID, 0)
	if err != nil {
		return nil, nil, err
	}
	if len(moves) < t.Version {
		return nil, nil, fmt.Errorf("table %s: %d stored moves, not %d", t.ID, len(moves), t.Version)
	}
	return replayLog(r.def, t, moves[:t.Version], from)
}
