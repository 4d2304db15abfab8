package table

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"harbor"
	"harbor/game"
)

// cachedLogs is how many tables' replayed logs the server keeps at once,
// the most recently read ones: a page of an old log, a finished game's log
// or a replay step then costs a look-up and at most markEvery moves of
// replay instead of the whole game's.
const cachedLogs = 16

// markEvery is how many moves apart a cached log keeps a copy of the game,
// to replay a position from.
const markEvery = 32

// tableLog is a table's log replayed once from the store and extended as
// moves are added: every stored move, the events of every version (take
// backs and stand-ins told as such, without hint notes), and copies of the
// game every markEvery moves or so.
type tableLog struct {
	mu    sync.Mutex
	moves []Move
	hist  []HistoryEntry // versions 0 to len(moves)
	marks []mark         // by at, ascending; marks[0] is the setup
	p     game.Replayer  // the game after every move in moves
	last  game.Game      // the game before the last move, for a take-back of it
}

// mark is the game after its first at moves, where the next one is no
// take-back, so a replay can go on from it.
type mark struct {
	at int
	g  game.Game
}

// logCache holds the replayed logs of the tables read last.
type logCache struct {
	mu    sync.Mutex
	logs  map[string]*tableLog
	order []string // least recently used first
}

// get returns table id's cached log, a new empty one when there is none,
// and makes it the most recently used.
func (c *logCache) get(id string) *tableLog {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.logs == nil {
		c.logs = map[string]*tableLog{}
	}
	l := c.logs[id]
	if l == nil {
		l = &tableLog{}
		c.logs[id] = l
		if len(c.order) == cachedLogs {
			delete(c.logs, c.order[0])
			c.order = c.order[1:]
		}
	} else {
		c.order = slices.DeleteFunc(c.order, func(s string) bool { return s == id })
	}
	c.order = append(c.order, id)
	return l
}

// tableLog returns t's log, replayed up to at least its first n moves. It
// holds l.mu when it returns; the caller unlocks it.
func (r *Runner) tableLog(ctx context.Context, t *Table, n int) (*tableLog, error) {
	l := r.tables.logs.get(t.ID)
	l.mu.Lock()
	if err := l.extend(ctx, r.tables, r.def, t, n); err != nil {
		l.mu.Unlock()
		return nil, err
	}
	return l, nil
}

// extend replays the stored moves l lacks, up to at least n in all,
// waiting for its turn among the server's other such replays. It holds
// l.mu.
func (l *tableLog) extend(ctx context.Context, ts *Tables, def game.Definition, t *Table, n int) (err error) {
	if len(l.moves) >= n && l.hist != nil {
		return nil
	}
	defer func() {
		if err != nil { // start afresh next time
			l.moves, l.hist, l.marks, l.p, l.last = nil, nil, nil, game.Replayer{}, nil
		}
	}()
	ts.replays <- struct{}{}
	defer func() { <-ts.replays }()
	more, err := ts.store.Moves(ctx, t.ID, len(l.moves))
	if err != nil {
		return err
	}
	if len(l.moves)+len(more) < n {
		return fmt.Errorf("table %s: %d stored moves, not %d", t.ID, len(l.moves)+len(more), n)
	}
	if l.hist == nil {
		var setup game.Log
		g, err := def.NewLogged(t.Config(), &setup)
		if err != nil {
			return err
		}
		l.hist = []HistoryEntry{{V: 0, Events: setup.Events}}
		l.p = game.Replayer{Game: g}
	}
	start := len(l.moves)
	l.moves = append(l.moves, more...)
	l.p.Records = Records(l.moves)
	if start > 0 && start < len(l.moves) && l.p.Records[start].IsUndo() {
		// The replayer let go of the game before the move this takes
		// back, not knowing what came next: step that move again.
		l.p.Game, l.p.Next = l.last.Clone(), start-1
		if err := l.p.Step(nil); err != nil {
			return err
		}
	}
	for i := start; i < len(l.moves); i++ {
		rec := l.p.Records[i]
		if !rec.IsUndo() && (len(l.marks) == 0 || i-l.marks[len(l.marks)-1].at >= markEvery) {
			l.marks = append(l.marks, mark{at: i, g: l.p.Game.Clone()})
		}
		if i == len(l.moves)-1 {
			l.last = l.p.Game.Clone()
		}
		var log game.Log
		if err := l.p.Step(&log); err != nil {
			return err
		}
		l.hist = append(l.hist, HistoryEntry{V: i + 1, Events: moveEvents(t, l.moves[i], rec, log.Events)})
	}
	return nil
}

// entries returns a copy of the events of versions from to end, with t's
// hint notes. It holds l.mu.
func (l *tableLog) entries(t *Table, from, end int) []HistoryEntry {
	hist := slices.Clone(l.hist[from:end])
	withHints(t, hist)
	return hist
}

// position replays the game from the last mark at or before at and
// describes it after its first at moves, as replayAt does. It holds l.mu.
func (l *tableLog) position(seats []Seat, at int, hands bool) (Position, error) {
	if at < 0 || at > len(l.moves) {
		return Position{}, harbor.Errorf(harbor.EInvalid, "the game has moves 0 to %d, not %d", len(l.moves), at).With(harbor.M("api.noSuchMove", "last", len(l.moves)))
	}
	i, _ := slices.BinarySearchFunc(l.marks, at+1, func(m mark, at int) int { return m.at - at })
	g := l.p.Game.Clone() // the view may share storage with the game
	if at < len(l.moves) {
		m := l.marks[i-1]
		p := game.Replayer{Game: m.g.Clone(), Records: l.p.Records, Next: m.at}
		for p.Next < at {
			if err := p.Step(nil); err != nil {
				return Position{}, err
			}
		}
		g = p.Game
	}
	return describe(g, seats, at, len(l.moves), eventsFor(l.hist[at].Events, game.Public), hands), nil
}
