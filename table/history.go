package table

import (
	"context"
	"strconv"
	"time"

	"harbor"
	"harbor/game"
)

// RecentLogMoves is how many versions the log frame a page gets on
// connecting covers: the last moves of the game, which the table keeps in
// memory. It is small so that a table's memory reaches its steady size
// within its first minute of play; a page asks for the part before it
// when it needs it.
const RecentLogMoves = 32

// LogPageMoves is how many versions an answer to a `log` request covers
// at most; a client reads the earlier part of a long game page by page.
// Such pages are replayed from the store, so they are larger than the
// first one: fewer replays for the whole game.
const LogPageMoves = 120

// HistoryEntry is what one move of the running game made: V is the
// table's version after it (0: the setup).
type HistoryEntry struct {
	V      int          `json:"v"`
	Events []game.Event `json:"events"`
}

// LogPage is the `d` of a `log` frame: the events of the versions From
// through To as its viewer may see them, oldest first (a version whose
// move told nothing has no entry). Complete says it reaches back to the
// setup (From is 0).
type LogPage struct {
	Entries  []HistoryEntry `json:"entries"`
	From     int            `json:"from"`
	To       int            `json:"to"`
	Complete bool           `json:"complete"`
}

// AppendJSON appends the page's JSON, as encoding/json would write it,
// without reflection but for the events' data: a page of 200 moves went
// through encoding/json, which checked and compacted each event's bytes
// once more, most of the cost of sending an old page of the log.
func (p LogPage) AppendJSON(b []byte) []byte {
	b = append(b, `{"entries":`...)
	b = game.AppendJSONArray(b, p.Entries, func(b []byte, e HistoryEntry) []byte {
		b = append(b, `{"v":`...)
		b = strconv.AppendInt(b, int64(e.V), 10)
		b = append(b, `,"events":`...)
		// Each event as its MarshalJSON gives it: they are a viewer's already.
		b = game.AppendJSONArray(b, e.Events, func(b []byte, e game.Event) []byte { return e.AppendJSON(b) })
		return append(b, '}')
	})
	b = append(b, `,"from":`...)
	b = strconv.AppendInt(b, int64(p.From), 10)
	b = append(b, `,"to":`...)
	b = strconv.AppendInt(b, int64(p.To), 10)
	b = append(b, `,"complete":`...)
	b = strconv.AppendBool(b, p.Complete)
	return append(b, '}')
}

// historyKeep is how many versions' events a live table keeps in memory:
// the page a connecting page is sent, which therefore comes from memory.
// Earlier parts of the log are replayed from the store when asked for, so
// a table's memory does not grow with the length of its game.
const historyKeep = RecentLogMoves

// window is the events of a run of consecutive versions, in a ring of at
// most historyKeep entries once it is a table's recent moves: entries[head]
// is the oldest.
type window struct {
	entries []HistoryEntry
	head    int
}

// add appends the events of the next version, overwriting the oldest
// entry once the ring is full.
func (w *window) add(e HistoryEntry) {
	if len(w.entries) < historyKeep {
		w.entries = append(w.entries, e)
		return
	}
	w.entries[w.head] = e
	w.head = (w.head + 1) % len(w.entries)
}

// first returns the oldest version w holds (-1: none).
func (w *window) first() int {
	if len(w.entries) == 0 {
		return -1
	}
	return w.entries[w.head].V
}

// at returns the entry of version v, which w holds.
func (w *window) at(v int) HistoryEntry {
	return w.entries[(w.head+v-w.first())%len(w.entries)]
}

// set replaces the entry of version e.V, which w holds.
func (w *window) set(e HistoryEntry) {
	w.entries[(w.head+e.V-w.first())%len(w.entries)] = e
}

// remember adds the events of the move that made version v to the table's
// recent moves. It holds r.mu.
func (r *Runner) remember(v int, events []game.Event) {
	r.hist.add(HistoryEntry{V: v, Events: events})
}

// replayLog replays the stored moves from the setup and returns the game
// after them and the events of versions from on (0: the setup), each take
// back told as such, with the table's hint notes; the moves before from are
// replayed without their events.
func replayLog(def game.Definition, t *Table, moves []Move, from int) (game.Game, []HistoryEntry, error) {
	var setup *game.Log
	if from == 0 {
		setup = &game.Log{}
	}
	g, err := def.NewLogged(t.Config(), setup)
	if err != nil {
		return nil, nil, err
	}
	var hist []HistoryEntry
	if setup != nil {
		hist = append(hist, HistoryEntry{V: 0, Events: setup.Events})
	}
	p := game.Replayer{Game: g, Records: Records(moves)}
	for i, m := range moves {
		if i+1 < from {
			if err := p.Step(nil); err != nil {
				return nil, nil, err
			}
			continue
		}
		var log game.Log
		if err := p.Step(&log); err != nil {
			return nil, nil, err
		}
		hist = append(hist, HistoryEntry{V: i + 1, Events: moveEvents(t, m, p.Records[i], log.Events)})
	}
	withHints(t, hist)
	return p.Game, hist, nil
}

// moveEvents are what stored move m (record rec) told in the log, given
// the events the game logged for it: a take-back and a computer's move in
// a person's seat are told as such.
func moveEvents(t *Table, m Move, rec game.Record, events []game.Event) []game.Event {
	if rec.IsUndo() {
		return []game.Event{takeBackEvent(seatName(t.Seats, m.Seat), m.Seat)}
	}
	if m.StandIn {
		return standInEvents(t.Seats, m.Seat, events)
	}
	return events
}

// logRange returns the versions, from (inclusive) to end (exclusive), of
// the log page of at most n versions before version before (0: up to now).
func (r *Runner) logRange(before, n int) (from, end int) {
	end = r.t.Version + 1
	if before > 0 && before < end {
		end = before
	}
	return max(0, end-n), end
}

// inMemory reports whether the window of recent moves holds versions from
// on. It holds r.mu.
func (r *Runner) inMemory(from int) bool {
	first := r.hist.first()
	return first >= 0 && first <= from
}

// logPage returns the log page of versions from to end as viewer sees
// them, from w, which holds them all.
func logPage(w *window, from, end int, viewer game.Seat) LogPage {
	p := LogPage{Entries: []HistoryEntry{}, From: from, To: end - 1, Complete: from == 0}
	for v := from; v < end; v++ {
		if h := w.at(v); len(h.Events) > 0 {
			p.Entries = append(p.Entries, HistoryEntry{V: v, Events: eventsFor(h.Events, viewer)})
		}
	}
	return p
}

// storedLog returns versions from to end of the game's log, from the
// server's cache of replayed logs, which first replays from the store the
// moves made since it last did (waiting for its turn among the server's
// other such replays).
func (r *Runner) storedLog(ctx context.Context, t *Table, from, end int) ([]HistoryEntry, error) {
	l, err := r.tableLog(ctx, t, t.Version)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	return l.entries(t, from, end), nil
}

// sendRecentLog sends c, when there is something in it, the log frame of
// the last moves, which the window of recent moves holds. It holds r.mu.
func (r *Runner) sendRecentLog(c Conn, viewer game.Seat) {
	from, end := r.logRange(0, RecentLogMoves)
	if p := logPage(&r.hist, from, end, viewer); len(p.Entries) > 0 {
		Send(c, "log", r.t.Version, p)
	}
}

// EarlierLog sends s the part of the game's log before version before:
// from memory when the window of recent moves holds it, or else replayed
// from the store without holding up the table.
func (r *Runner) EarlierLog(s *Sub, before int) error {
	r.mu.Lock()
	if r.g == nil {
		r.mu.Unlock()
		return harbor.Errorf(harbor.EConflict, "the game has not started").With(harbor.M("api.notStarted"))
	}
	viewer := r.viewerOf(s)
	from, end := r.logRange(before, LogPageMoves)
	if r.inMemory(from) {
		Send(s.conn, "log", r.t.Version, logPage(&r.hist, from, end, viewer))
		r.mu.Unlock()
		return nil
	}
	t := r.t.Clone()
	r.mu.Unlock()
	hist, err := r.storedLog(context.Background(), t, from, end)
	if err != nil {
		r.tables.log.Error("load earlier log", "table", t.ID, "err", err)
		return harbor.Errorf(harbor.EInternal, "the earlier moves could not be loaded; try again")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	Send(s.conn, "log", r.t.Version, logPage(&window{entries: hist}, from, end, viewer))
	return nil
}

// ChatFrame is the `d` of a `chat` frame: new lines, or with All every line
// the table keeps (sent on connecting, when there are any).
type ChatFrame struct {
	Lines []ChatLine `json:"lines"`
	All   bool       `json:"all,omitempty"`
}

// Say adds a chat line (text, or a reaction as emoji) from the person of s,
// stores it and shows it to everyone at the table. Errors: EUnauthorized
// for the TV, ERateLimited when they say too much too fast, and Table.Say's.
func (r *Runner) Say(ctx context.Context, s *Sub, text, emoji string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.tv {
		return harbor.Errorf(harbor.EUnauthorized, "the TV screen only watches").With(harbor.M("api.tvWatches"))
	}
	if r.closed {
		return harbor.Errorf(harbor.EConflict, "the server is shutting down").With(harbor.M("api.shuttingDown"))
	}
	now := r.tables.now()
	next := r.t.Clone()
	line, err := next.Say(s.key, text, emoji, now)
	if err != nil {
		return err
	}
	if r.chatRate == nil {
		r.chatRate = map[string]*chatAllowance{}
	}
	a := r.chatRate[s.key]
	if a == nil {
		a = &chatAllowance{}
		r.chatRate[s.key] = a
	}
	if !a.take(now) {
		return harbor.Errorf(harbor.ERateLimited, "slow down: at most %d messages at once, then one every %v", chatBurst, chatEvery).With(harbor.M("api.chatTooFast"))
	}
	next.Updated = now
	if err := r.tables.store.SaveTable(ctx, next); err != nil {
		r.tables.log.Error("save chat", "table", r.t.ID, "err", err)
		return harbor.Errorf(harbor.EInternal, "the message could not be saved; try again")
	}
	r.t = next
	m := NewMsg("chat", r.t.Version, ChatFrame{Lines: []ChatLine{line}})
	r.fan.send(m)
	return nil
}

// markGone notes when the person with key lost their last connection to a
// running game, so a computer player can stand in after the table's wait.
// It holds r.mu.
func (r *Runner) markGone(key string, at time.Time) {
	if seat := r.t.SeatOf(key); seat >= 0 && r.g != nil {
		r.clock.gone[seat] = at
		r.schedule()
	}
}
