package table

import (
	"context"
	"time"

	"harbor"
	"harbor/game"
)

// LogPageMoves is how many moves one log frame carries at most; a client
// asks for the earlier part of a long game page by page.
const LogPageMoves = 120

// HistoryEntry is what one move of the running game made: V is the
// table's version after it (0: the setup).
type HistoryEntry struct {
	V      int          `json:"v"`
	Events []game.Event `json:"events"`
}

// LogPage is the `d` of a `log` frame: the events of a run of moves as its
// viewer may see them, oldest first. Complete says it reaches back to the
// setup.
type LogPage struct {
	Entries  []HistoryEntry `json:"entries"`
	Complete bool           `json:"complete"`
}

// loadHistory rebuilds the events of every move so far by replaying the
// stored log, for a runner that was loaded from the store. It holds r.mu.
func (r *Runner) loadHistory(ctx context.Context) error {
	if r.histOK || r.g == nil {
		return nil
	}
	moves, err := r.tables.store.Moves(ctx, r.t.ID, 0)
	if err != nil {
		return err
	}
	var setup game.Log
	g, err := r.def.NewLogged(r.t.Config(), &setup)
	if err != nil {
		return err
	}
	hist := []HistoryEntry{{V: 0, Events: setup.Events}}
	p := game.Replayer{Game: g, Records: Records(moves)}
	for i, m := range moves {
		var log game.Log
		if err := p.Step(&log); err != nil {
			return err
		}
		events := log.Events
		if p.Records[i].IsUndo() {
			events = []game.Event{takeBackEvent(seatName(r.t.Seats, m.Seat), m.Seat)}
		}
		hist = append(hist, HistoryEntry{V: i + 1, Events: events})
	}
	r.hist, r.histOK = hist, true
	return nil
}

// logPage returns the moves before version before (0: up to now) as viewer
// sees them, the last LogPageMoves of them. It holds r.mu.
func (r *Runner) logPage(viewer game.Seat, before int) LogPage {
	end := len(r.hist)
	if before > 0 {
		for end > 0 && r.hist[end-1].V >= before {
			end--
		}
	}
	start := max(0, end-LogPageMoves)
	p := LogPage{Entries: make([]HistoryEntry, 0, end-start), Complete: start == 0}
	for _, h := range r.hist[start:end] {
		if len(h.Events) > 0 {
			p.Entries = append(p.Entries, HistoryEntry{V: h.V, Events: eventsFor(h.Events, viewer)})
		}
	}
	return p
}

// sendLog sends c a log frame of the moves before version before; with
// always false, only when there is something in it.
func (r *Runner) sendLog(c Conn, viewer game.Seat, before int, always bool) {
	if err := r.loadHistory(context.Background()); err != nil {
		r.tables.log.Error("load history", "table", r.t.ID, "err", err)
		return
	}
	if p := r.logPage(viewer, before); always || len(p.Entries) > 0 {
		Send(c, "log", r.t.Version, p)
	}
}

// EarlierLog sends s the part of the game's log before version before.
func (r *Runner) EarlierLog(s *Sub, before int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.g == nil {
		return harbor.Errorf(harbor.EConflict, "the game has not started")
	}
	r.sendLog(s.conn, r.viewerOf(s), before, true)
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
		return harbor.Errorf(harbor.EUnauthorized, "the TV screen only watches")
	}
	if r.closed {
		return harbor.Errorf(harbor.EConflict, "the server is shutting down")
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
		return harbor.Errorf(harbor.ERateLimited, "slow down: at most %d messages at once, then one every %v", chatBurst, chatEvery)
	}
	next.Updated = now
	if err := r.tables.store.SaveTable(ctx, next); err != nil {
		r.tables.log.Error("save chat", "table", r.t.ID, "err", err)
		return harbor.Errorf(harbor.EInternal, "the message could not be saved; try again")
	}
	r.t = next
	m := NewMsg("chat", r.t.Version, ChatFrame{Lines: []ChatLine{line}})
	for _, x := range r.subs {
		x.conn.Send(m)
	}
	m.Done()
	return nil
}

// markGone notes when the person with key lost their last connection to a
// running game, so a computer player can stand in after the table's wait.
// It holds r.mu.
func (r *Runner) markGone(key string, at time.Time) {
	if seat := r.t.SeatOf(key); seat >= 0 && r.g != nil {
		r.gone[seat] = at
		r.schedule()
	}
}
