package table

import (
	"context"
	"encoding/json"
	"time"

	"harbor"
	"harbor/game"
)

// A table's pace: live, everyone at the table at once (the turn timer and
// the stand-in for a lost connection keep the game going), or at your own
// pace, a game that lasts days: each turn has a long limit, a reminder goes
// out when half of it has passed, and when it runs out the host's rule
// applies. Computer players at such a table move at once, whether anyone
// watches or not.

// PaceMode is live or at your own pace.
type PaceMode string

// The paces.
const (
	PaceLive PaceMode = "live"
	PaceOwn  PaceMode = "own"
)

// LimitRule is what happens when a turn's limit runs out at your own pace.
type LimitRule string

// The rules.
const (
	// RuleComputer: a computer player takes that turn for the person.
	RuleComputer LimitRule = "computer"
	// RuleSkip: the person is skipped. The table passes or ends the turn
	// for them as soon as the game lists such a move; a move the game
	// requires before that (a roll of the dice, a card to pick) is the
	// computer player's choice. A game that never offers one is played
	// by the computer player, as with RuleComputer.
	RuleSkip LimitRule = "skip"
)

// HeldAfter is how many turns in a row a computer player takes for the
// same person, at your own pace under RuleComputer, before the table stops
// that person's clock and waits for them: a solo game, or one whose person
// left, is not played to its end by the computer alone. Their own next move
// starts the count again.
const HeldAfter = 3

// PaceLimits are the turn limits a host may pick at your own pace, in
// seconds: 1 hour, 12 hours, 24 hours, 3 days.
var PaceLimits = []int{3600, 12 * 3600, 24 * 3600, 3 * 24 * 3600}

// Pace is a table's pace. The zero Pace is live.
type Pace struct {
	Mode PaceMode `json:"mode"`
	// Limit is the time each turn has at your own pace, in seconds: one
	// of PaceLimits.
	Limit int `json:"limit,omitempty"`
	// Rule is what happens when Limit runs out.
	Rule LimitRule `json:"rule,omitempty"`
}

// Own reports whether p is at your own pace.
func (p Pace) Own() bool { return p.Mode == PaceOwn }

// View returns p as the lobby shows it: the mode always set.
func (p Pace) View() Pace {
	if p.Mode == "" {
		p.Mode = PaceLive
	}
	return p
}

// Check reports whether p is a pace a host may choose, in words a host
// understands.
func (p Pace) Check() error {
	switch p.Mode {
	case "", PaceLive:
		if p.Limit != 0 || p.Rule != "" {
			return harbor.Errorf(harbor.EInvalid, "a live table has no turn limit and no rule for one; choose the pace \"own\" for them").With(harbor.M("api.paceLiveLimit"))
		}
		return nil
	case PaceOwn:
	default:
		return harbor.Errorf(harbor.EInvalid, "the pace is \"live\" or \"own\" (at your own pace), not %q", p.Mode).With(harbor.M("api.paceMode"))
	}
	ok := false
	for _, l := range PaceLimits {
		ok = ok || p.Limit == l
	}
	if !ok {
		return harbor.Errorf(harbor.EInvalid, "at your own pace a turn's limit is 3600 (1 hour), 43200 (12 hours), 86400 (24 hours) or 259200 (3 days) seconds, not %d", p.Limit).With(harbor.M("api.paceLimit"))
	}
	if p.Rule != RuleComputer && p.Rule != RuleSkip {
		return harbor.Errorf(harbor.EInvalid, "when a turn's limit runs out, a computer player takes the turn (\"computer\") or the person is skipped (\"skip\"), not %q", p.Rule).With(harbor.M("api.paceRule"))
	}
	return nil
}

// SetPace lets the host choose the table's pace in the lobby. At your own
// pace the turn timer is off (each turn has the pace's limit instead).
// Every ready mark is cleared, since people agreed to another pace.
func (t *Table) SetPace(key string, p Pace) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if err := t.inLobby(); err != nil {
		return err
	}
	if err := p.Check(); err != nil {
		return err
	}
	if p.Mode == "" {
		p.Mode = PaceLive
	}
	if p != t.Pace {
		t.unready()
	}
	t.Pace = p
	if p.Own() {
		t.TurnSeconds = 0
	}
	return nil
}

// Deadlines are the turn limits of a table at your own pace, as stored:
// they outlast a restart and move with the table to another node. They
// hold for the game at Version only; older ones (a take-back stores none)
// are replaced by fresh limits. A move stores those it leaves in its own
// commit (Move.Deadlines); SaveDeadlines stores those of other changes.
type Deadlines struct {
	Version int        `json:"v"`
	Seats   []Deadline `json:"seats,omitempty"`
	// Missed, by seat, counts the turns in a row whose limit ran out and
	// that a computer player took for the person under RuleComputer; a
	// seat at HeldAfter has no clock until its person moves. Unlike the
	// limits it outlasts a store that missed the last moves' deadlines:
	// those moves, read from the log, say whether the person moved since.
	Missed []int `json:"missed,omitempty"`
}

// Deadline is the limit of one waited-on seat.
type Deadline struct {
	Seat game.Seat `json:"seat"`
	Due  int64     `json:"due"` // Unix milliseconds
	// Reminded: the reminder went out.
	Reminded bool `json:"reminded,omitempty"`
	// Lapsed: the limit ran out and the table's rule plays the turn.
	Lapsed bool `json:"lapsed,omitempty"`
}

// paceDeadlines returns the deadlines to store for the game as it is now;
// nil when there are none.
func (r *Runner) paceDeadlines() *Deadlines {
	if r.t.Status != Playing || r.g == nil {
		return nil
	}
	return r.clock.deadlines(r.t, r.t.Version)
}

// saveDeadlines stores the table's deadlines when they changed since they
// were last stored, after a change that is not a move (a move stores them
// in its own commit), with the notices the change causes (reminders), and
// then tells OnTurn of those. A failure is logged: the limits in memory
// still run, a table loaded without them gives every waited-on person a
// fresh limit, and OnTurn is told of the notices all the same. It holds
// r.mu and must not run inside a store's callback.
func (r *Runner) saveDeadlines(ctx context.Context, notices ...Turn) {
	defer r.tellTurns(notices)
	d := r.paceDeadlines()
	text, changed := r.clock.unsaved(d)
	if !changed && len(notices) == 0 {
		return
	}
	if err := r.tables.store.SaveDeadlines(ctx, r.id, d, notices, r.tables.now()); err != nil {
		r.tables.log.Error("save turn deadlines", "table", r.id, "err", err)
		return
	}
	r.clock.saved = text
}

// restoreDeadlines takes the stored deadlines of a table just loaded
// (seatClock.restore), reading the moves stored after them when the store
// missed the deadlines of the game's last moves. It holds r.mu.
func (r *Runner) restoreDeadlines(ctx context.Context) {
	d := r.t.Deadlines
	if d == nil || !r.t.Pace.Own() || r.g == nil {
		return
	}
	var since []Move
	if d.Version < r.t.Version {
		moves, err := r.tables.store.Moves(ctx, r.id, d.Version)
		if err != nil {
			r.tables.log.Error("read the moves after the stored turn deadlines", "table", r.id, "err", err)
		}
		since = moves
	}
	r.clock.restore(r.t, r.g.Actors(), d, since)
}

// reminders returns the notices of the reminders due: each person still
// has their turn to play, with its time left to go, unless they have a
// page of the table open.
func (r *Runner) reminders(due []reminder) []Turn {
	var out []Turn
	for _, d := range due {
		s := r.t.Seats[d.seat]
		if s.Kind != Human || r.online(s.Key) {
			continue
		}
		t := r.turnOf(d.seat)
		t.Reminder, t.Left = true, d.left
		out = append(out, t)
	}
	return out
}

// skipMove is the move that skips seat's turn now, when the game lists
// one: a pass or the end of the turn.
func (r *Runner) skipMove(seat game.Seat) (json.RawMessage, bool) {
	for _, m := range r.g.Legal(seat) {
		raw, err := json.Marshal(m)
		if err != nil {
			continue
		}
		var kind struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(raw, &kind) == nil && (kind.Type == "pass" || kind.Type == "end" || kind.Type == "decline") {
			return raw, true
		}
	}
	return nil, false
}

// nextDeadline returns the earliest moment a turn limit or turn timer of a
// waited-on person runs out; zero when none runs.
func (r *Runner) nextDeadline() time.Time { return r.clock.next(r.t, r.g != nil) }
