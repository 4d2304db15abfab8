package table

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"sync"
	"time"

	"harbor"
	"harbor/game"
)

// Conn is one connected client of a table, as the runner sees it. Send
// must not block: a connection queues the frame or, when it falls too far
// behind, ends, and gets a whole view when it connects again (patches
// follow on only within one connection). A connection that keeps m past
// Send holds it (m.Hold) and lets it go (m.Done) once written or dropped.
// Close ends the connection with a reason.
type Conn interface {
	Send(m *Msg)
	Close(reason string)
}

// Runner is one live table. It serializes every change of its table, lobby
// changes and moves alike, under one mutex: a move is applied to a clone of
// the game, committed to the store, and only then made live and pushed to
// every subscriber, each with its own view. Computer players and the turn
// timer act through the same path after a pause. The runner owns the
// table, the game and the order of changes, and makes the store calls;
// the seat clock (clock) keeps the seats' time and the fan-out (fan) the
// subscribers, both called with mu held.
type Runner struct {
	tables *Tables
	def    game.Definition
	id     string

	mu     sync.Mutex
	t      *Table
	g      game.Game    // nil in the lobby
	events []game.Event // the events of the last move, unfiltered
	fan    fanout       // the subscribers and what each was sent (fanout.go)
	// view, result and said are the buffers of encodeShared's encodings
	// (the view, the result, the events), reused.
	view, result, said []byte
	// names are the seats' names as state frames send them (seatNames).
	names []string

	bots     [game.MaxSeats]game.Computer
	clock    seatClock // the seats' turn timers, limits, stand-ins and waits (clock.go)
	hist     window    // the events of the last moves, once the game runs
	chatRate map[string]*chatAllowance
	botTimer *time.Timer
	botDue   bool
	turn     *time.Timer // the seat clock's timer: set for what clock.arm says is due next
	closed   bool
	undo     takeBack  // the last move, while it may be taken back
	unloaded bool      // taken out of memory by the sweeper; Tables.Get loads it afresh
	idle     time.Time // when the last connection left (or the table loaded)
	hostLang string    // the language the host reads Harbor in, as the server last told it (SetHostLang)
}

// ID returns the table's id.
func (r *Runner) ID() string { return r.id }

// Table returns a copy of the table as it is now.
func (r *Runner) Table() *Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.t.Clone()
}

// Host returns the key of the table's host.
func (r *Runner) Host() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.t.Host
}

// SetHostLang tells the table the language its host reads Harbor in
// ("": none chosen), for its lobby view (a TV, which has no person of its
// own, shows the table in it); a change is pushed to every subscriber.
// It is kept in memory only: the server tells it again whenever a page
// or TV connects.
func (r *Runner) SetHostLang(lang string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if lang == r.hostLang {
		return
	}
	r.hostLang = lang
	if !r.closed {
		r.broadcastLobby()
	}
}

// Lobby returns the table's lobby view.
func (r *Runner) Lobby() LobbyView {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lobbyView()
}

func (r *Runner) online(key string) bool { return r.fan.online(key) }

func (r *Runner) lobbyView() LobbyView {
	t, info := r.t, r.def.Info()
	v := LobbyView{
		ID: t.ID, Game: t.Game, GameName: info.Name, MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers,
		Options: t.Options, TurnSeconds: t.TurnSeconds, Pace: t.Pace.View(), Hints: t.HintsOn(),
		Status: t.Status, Invite: t.Invite, Code: t.Code, TV: t.TV, Host: PublicID(t.Host),
		Members: make([]MemberView, len(t.Members)), Seats: make([]SeatView, len(t.Seats)),
		Version: t.Version, Result: t.Result, Undo: t.Undo, HideHands: t.HideHands,
		AwaySeconds: t.Room.AwaySeconds, ChatOff: t.Room.ChatOff, Next: t.Room.Next, NextTV: t.Room.NextTV,
		HostLang: r.hostLang,
	}
	if t.From != nil {
		v.ForkAt = len(t.From.Moves)
	}
	if i := t.Member(t.Host); i >= 0 {
		v.HostName = t.Members[i].Name
	}
	if r.g != nil && t.Status == Playing {
		v.Waiting = r.g.Actors().List()
	}
	if d := r.nextDeadline(); !d.IsZero() && t.Status == Playing {
		v.Deadline = d.UnixMilli()
	}
	if len(v.Options) == 0 {
		v.Options = json.RawMessage(`{}`)
	}
	for i, m := range t.Members {
		v.Members[i] = MemberView{ID: PublicID(m.Key), Name: m.Name, Seat: t.SeatOf(m.Key), Online: r.online(m.Key)}
	}
	for i, s := range t.Seats {
		v.Seats[i] = SeatView{Kind: s.Kind, Name: s.Name, Color: s.Color, Ready: s.Ready, Away: r.clock.away.Has(game.Seat(i)), Handed: t.Room.Handed.Has(game.Seat(i))}
		if s.Kind == Human {
			v.Seats[i].Player, v.Seats[i].Online = PublicID(s.Key), r.online(s.Key)
			if v.Seats[i].Handed {
				v.Seats[i].HandedBy = PublicID(cmp.Or(s.HandedBy, t.Host))
			}
			if due := r.clock.goneDue(t, game.Seat(i)); t.Status == Playing && !due.IsZero() && !r.computerSeats().Has(game.Seat(i)) {
				v.Seats[i].StandIn = due.UnixMilli()
			}
			v.Seats[i].Held = t.Status == Playing && r.clock.held(t, game.Seat(i))
		} else if s.Kind == Bot {
			v.Seats[i].Level = t.levelOf(game.Seat(i))
		}
	}
	return v
}

// stateView returns what viewer (a seat or game.Public) sees of the game,
// with the parts a broadcast has already encoded for everyone in shared.
func (r *Runner) stateView(viewer game.Seat, shared sharedParts) StateView {
	v := StateView{Legal: []any{}, Actors: shared.actors, Seat: viewer, Names: shared.names,
		rawResult: shared.result, rawView: shared.view}
	if v.Names == nil {
		v.Names = r.seatNames()
	}
	if v.Actors == nil {
		v.Actors = r.g.Actors().List()
	}
	if v.rawResult == nil {
		v.Result = r.g.Result()
	}
	switch {
	case v.rawView != nil:
	case viewer == game.Public && shared.public != nil:
		v.View = shared.public
	default:
		v.View = r.g.View(viewer)
	}
	if shared.events != nil && !shared.secrets.Has(viewer) {
		v.rawEvents = shared.events
	}
	if d := r.nextDeadline(); !d.IsZero() && r.t.Status == Playing {
		v.TurnDue = d.UnixMilli()
	}
	if viewer >= 0 {
		v.Legal = r.g.Legal(viewer)
		if v.Legal == nil {
			v.Legal = []any{}
		}
		if d := r.clock.deadline[viewer]; !d.IsZero() {
			v.Deadline = d.UnixMilli()
		}
		v.Undo = r.mayTakeBack(viewer)
	}
	if v.rawEvents == nil {
		v.Events = eventsFor(r.events, viewer)
	}
	return v
}

// sharedParts are encodings of state-frame fields that are the same for
// every viewer; nil where they are not encoded.
type sharedParts struct {
	events, result []byte
	// view is the game's view, when it is the same for every viewer
	// (game.SharedView); public, when it is not, the public's.
	view   []byte
	public any
	// actors are the seats the game waits on.
	actors []game.Seat
	// names are the seats' names, which the events leave out (seatNames).
	names []string
	// secrets are the seats some event tells a secret: they see other
	// events than these, encoded for each of them.
	secrets game.SeatSet
}

// encodeShared encodes the result and the events of the last move as
// everyone sees them, once for every frame of a broadcast: the events
// serve every viewer but the seats an event tells a secret. A view that is
// the same for every viewer is encoded here too.
func (r *Runner) encodeShared() sharedParts {
	p := sharedParts{actors: r.g.Actors().List(), names: r.seatNames()}
	if v := r.g.View(game.Public); implementsShared(v) {
		p.view = appendView(r.view[:0], v)
		r.view = p.view
	} else {
		p.public = v
	}
	p.result = r.g.Result().AppendJSON(r.result[:0])
	r.result = p.result
	for _, e := range r.events {
		for _, s := range e.Secrets {
			p.secrets |= s.To
		}
	}
	p.events = game.AppendEventsJSON(r.said[:0], r.events, game.Public, p.names)
	r.said = p.events
	return p
}

// seatNames returns the seats' names, the same slice from one broadcast
// to the next while none changes; a change makes a new one, never writing
// into a slice a StateView may hold.
func (r *Runner) seatNames() []string {
	same := len(r.names) == len(r.t.Seats)
	for i := 0; same && i < len(r.names); i++ {
		same = r.names[i] == r.t.Seats[i].Name
	}
	if !same {
		r.names = make([]string, len(r.t.Seats))
		for i, s := range r.t.Seats {
			r.names[i] = s.Name
		}
	}
	return r.names
}

// implementsShared reports whether v is a game.SharedView.
func implementsShared(v any) bool {
	_, ok := v.(game.SharedView)
	return ok
}

// eventsFor returns events as viewer may see them (never nil).
func eventsFor(events []game.Event, viewer game.Seat) []game.Event {
	out := make([]game.Event, len(events))
	for i, e := range events {
		out[i] = e.For(viewer)
	}
	return out
}

func (r *Runner) viewerOf(s *Sub) game.Seat {
	if s.tv {
		return game.Public
	}
	return r.t.SeatOf(s.key)
}

// broadcastLobby pushes the lobby view to every subscriber, the TV's
// without what it may not hand out.
func (r *Runner) broadcastLobby() { r.fan.lobby(r.t.Version, r.lobbyView()) }

// IsMember reports whether the person with key has joined the table.
func (r *Runner) IsMember(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.t.Member(key) >= 0
}

// TVLobby returns the lobby view of the TV screen (see tvView).
func (r *Runner) TVLobby() LobbyView {
	r.mu.Lock()
	defer r.mu.Unlock()
	return tvView(r.lobbyView())
}

// tvView is v as the TV code may see it: the invite and the join code,
// which the TV shows to let people in before the start, go once the game
// has started, so a TV code never makes anyone a member.
func tvView(v LobbyView) LobbyView {
	if v.Status != Lobby {
		v.Invite, v.Code = "", ""
	}
	return v
}

// Subscribe connects c to the table: the member with key (a seat or a
// spectator) or, with tv, the read-only TV. It sends c the lobby and, once
// the game has started, c's view. EForbidden if key is not a member.
func (r *Runner) Subscribe(c Conn, key string, tv bool) (*Sub, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, r.closedError()
	}
	if !tv && r.t.Member(key) < 0 {
		return nil, harbor.Errorf(harbor.EForbidden, "join the table first").With(harbor.M("api.joinFirst"))
	}
	if r.g == nil && r.t.Status == Finished {
		if err := r.replay(context.Background()); err != nil {
			r.tables.log.Error("replay finished table", "table", r.id, "err", err)
			return nil, harbor.Errorf(harbor.EInternal, "the game could not be loaded")
		}
	}
	if tv {
		key = ""
	}
	s := &Sub{conn: c, key: key, tv: tv}
	if p, ok := c.(PatchConn); ok {
		s.patches = p.Patches()
	}
	wasOnline := !tv && r.online(key)
	r.fan.add(s)
	seat := r.viewerOf(s)
	if seat >= 0 {
		r.clock.gone[seat] = time.Time{}
		if r.clock.away.Has(seat) {
			r.back(seat)
		} else if r.g != nil {
			r.schedule()
		}
	}
	if tv {
		Send(c, "lobby", r.t.Version, tvView(r.lobbyView()))
	} else if wasOnline {
		Send(c, "lobby", r.t.Version, r.lobbyView())
	} else {
		r.broadcastLobby() // everyone sees them come online
	}
	if r.g != nil {
		r.sendState(s)
		r.sendRecentLog(c, seat)
		r.schedule() // computer players carry on now someone watches
	}
	if len(r.t.Room.Chat) > 0 {
		Send(c, "chat", r.t.Version, ChatFrame{Lines: r.t.Room.Chat, All: true})
	}
	return s, nil
}

// markOffline starts the wait for every seated person without a
// connection, when the game starts or is loaded. It holds r.mu.
func (r *Runner) markOffline() {
	now := r.tables.now()
	for i, s := range r.t.Seats {
		if s.Kind == Human && !r.online(s.Key) {
			r.clock.gone[i] = now
		}
	}
}

// Unsubscribe disconnects s.
func (r *Runner) Unsubscribe(s *Sub) {
	r.mu.Lock()
	if r.fan.remove(s) {
		r.idle = r.tables.now()
		if r.botDue && r.t.Pace.Own() && r.botTimer != nil {
			r.botTimer.Reset(0) // nobody watches: no pause to follow the move
		}
	}
	if !s.tv && !r.online(s.key) && !r.closed {
		if r.t.Status == Playing {
			r.markGone(s.key, r.tables.now())
		}
		r.broadcastLobby()
	}
	r.mu.Unlock()
}

// Resend pushes s its current view again (after a refused stale move),
// once per version: a client that keeps sending stale moves gets their
// short refusals only.
func (r *Runner) Resend(s *Sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.resent == r.t.Version+1 {
		return
	}
	s.resent = r.t.Version + 1
	switch {
	case r.g != nil:
		r.sendState(s)
	case s.tv:
		Send(s.conn, "lobby", r.t.Version, tvView(r.lobbyView()))
	default:
		Send(s.conn, "lobby", r.t.Version, r.lobbyView())
	}
}

// Back tells the table that the person of s is back: a computer player that
// stood in for them stops.
func (r *Runner) Back(s *Sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if seat := r.viewerOf(s); seat >= 0 && r.clock.away.Has(seat) {
		r.back(seat)
	}
}

func (r *Runner) back(seat game.Seat) {
	r.clock.back(seat)
	r.schedule()
	r.broadcastLobby()
	r.broadcastState()
}

// Move applies move for the seat of s, made against version. Errors:
// EUnauthorized for the TV, EForbidden for a spectator, EConflict before the
// start or after the end, EStale when version is not the table's, the game's
// own error for a move it refuses, EInternal when the store fails. A refused
// move changes nothing and nobody is told about it.
func (r *Runner) Move(ctx context.Context, s *Sub, version int, move json.RawMessage) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.tv {
		return harbor.Errorf(harbor.EUnauthorized, "the TV screen only watches").With(harbor.M("api.tvWatches"))
	}
	seat := r.viewerOf(s)
	if seat < 0 {
		return harbor.Errorf(harbor.EForbidden, "you are watching this game, not playing").With(harbor.M("api.watching"))
	}
	switch {
	case r.closed:
		return r.closedError()
	case r.t.Status == Lobby:
		return harbor.Errorf(harbor.EConflict, "the game has not started").With(harbor.M("api.notStarted"))
	case r.t.Status == Finished:
		return harbor.Errorf(harbor.EConflict, "the game is over").With(harbor.M("api.over"))
	case version != r.t.Version:
		return harbor.Errorf(harbor.EStale, "the table has moved on since your move (version %d, not %d)", r.t.Version, version).With(harbor.M("api.stale"))
	}
	if r.clock.away.Has(seat) {
		// They are back: the views their move sends already show it (their
		// turn timer runs again, the computer player stops).
		r.clock.away = r.clock.away.Without(seat)
		if err := r.apply(ctx, seat, move, false); err != nil {
			r.clock.away = r.clock.away.With(seat)
			return err
		}
		r.broadcastLobby()
		return nil
	}
	if r.clock.lapsed.Has(seat) {
		// Their limit ran out, yet they play their turn themselves.
		r.clock.lapsed = r.clock.lapsed.Without(seat)
		if err := r.apply(ctx, seat, move, false); err != nil {
			r.clock.lapsed = r.clock.lapsed.With(seat)
			return err
		}
		return nil
	}
	return r.apply(ctx, seat, move, false)
}

// apply applies move for seat on a clone, commits it, then makes the clone
// live and tells everyone. standIn says a computer player made the move in
// a person's seat: it is stored so, and its events say so. It holds r.mu.
func (r *Runner) apply(ctx context.Context, seat game.Seat, move json.RawMessage, standIn bool) error {
	start := time.Now()
	next := r.g.Clone()
	var log game.Log
	if err := next.Apply(seat, move, &log); err != nil {
		return err
	}
	if standIn {
		log.Events = standInEvents(r.t.Seats, seat, log.Events)
	}
	res := next.Result()
	var final *game.Result
	if res.Over {
		final = &res
	}
	m := Move{N: r.t.Version, Seat: seat, Move: move, At: r.tables.now(), StandIn: standIn}
	// At your own pace, the seat clock as the new position will have it,
	// whose deadlines are stored in the move's own commit when they
	// change. A live table stores none, and arms its turn timers once the
	// move is live.
	var clock *seatClock
	if r.t.Pace.Own() {
		c, deadlines, saved := r.nextClock(next, seat, standIn, final != nil, m.At)
		if saved != r.clock.saved {
			m.Deadlines = &DeadlinesAfter{Set: deadlines}
		}
		c.saved, clock = saved, &c
	}
	// The turn notices the move causes go in its commit too, computed on
	// the position and seat clock it leaves.
	if final == nil {
		c := clock
		if c == nil {
			moved := r.clock
			moved.moved(r.t, seat, standIn)
			c = &moved
		}
		m.Notices = r.turnsAt(next.Actors(), r.g.Actors(), r.t.Version+1, c)
	}
	// live runs once the move is stored, while this goroutine still holds
	// r.mu and waits for the store: possibly on the store's goroutine.
	live := func(err error) {
		r.tables.committed(time.Since(m.At))
		if err != nil {
			return
		}
		before := r.g
		r.g, r.events = next, log.Events
		r.t.Version++
		r.remember(r.t.Version, log.Events)
		if final != nil {
			r.t.Status, r.t.Result = Finished, final
		}
		r.noteTakeBack(before, seat, move, standIn)
		if clock != nil {
			r.clock = *clock
		} else {
			r.clock.moved(r.t, seat, standIn)
		}
		r.schedule()
		r.tellTurns(m.Notices)
		r.broadcastState()
		if final != nil {
			r.bots = [game.MaxSeats]game.Computer{} // nothing left for them to play
			r.broadcastLobby()
		}
		r.tables.moved(time.Since(start))
	}
	if err := r.tables.store.AppendMove(ctx, r.t.ID, m, final, live); err != nil {
		r.tables.log.Error("commit move", "table", r.t.ID, "n", m.N, "err", err)
		switch r.afterFailedCommit(ctx, m, err) {
		case commitLanded:
			// The store committed the move but lost its answer (a connection
			// to the database dropped as it committed): it is stored, so it
			// is live and acknowledged like any other.
			live(nil)
			return nil
		case commitUnknown:
			go r.tables.Unload(r.id, "the table is loaded again from the store")
			return harbor.Errorf(harbor.EUnknown, "the server lost touch with its database as your move was saved; the table loads again and shows whether it was made").With(harbor.M("api.outcomeUnknown"))
		}
		return storeFault(err, "the move could not be saved; try again")
	}
	return nil
}

// What the store holds after a commit that failed.
type commitOutcome int

const (
	commitAbsent  commitOutcome = iota // not the move, and the log as the runner has it
	commitLanded                       // the move, committed after all
	commitUnknown                      // unreadable, or a log the runner does not have
)

// afterFailedCommit reads the stored log at m.N after m's commit failed
// with err: a failure can come after the database committed, or while it
// still commits. Only a refusal the store gave itself (a *harbor.Error: the
// log moved on, the lease is lost, the disk is full) says the move is not
// stored; after any other failure (a connection lost), a log without m
// says nothing yet, as the commit may land just after the read. A log that
// moved on without m, one that cannot be read, or such a failure leaves the
// runner unsure of its table, which is then loaded again from the store
// rather than played on a move behind; the move's answer is then EUnknown.
// It holds r.mu.
func (r *Runner) afterFailedCommit(ctx context.Context, m Move, err error) commitOutcome {
	var refused *harbor.Error
	definite := errors.As(err, &refused)
	stored, err := r.tables.store.Moves(ctx, r.id, m.N)
	// A connection that dropped may fail the first read too; a database
	// that is back answers the next.
	for _, wait := range []time.Duration{50 * time.Millisecond, 250 * time.Millisecond} {
		if err == nil || ctx.Err() != nil {
			break
		}
		time.Sleep(wait)
		stored, err = r.tables.store.Moves(ctx, r.id, m.N)
	}
	switch {
	case err != nil:
		r.tables.log.Error("read the log after a failed commit", "table", r.id, "n", m.N, "err", err)
		return commitUnknown
	case len(stored) == 0 && definite:
		return commitAbsent
	case len(stored) == 0:
		return commitUnknown
	case stored[0].Seat == m.Seat && bytes.Equal(stored[0].Move, m.Move) && stored[0].At.UnixMilli() == m.At.UnixMilli():
		return commitLanded
	}
	return commitUnknown
}

// nextClock returns the seat clock of a table at your own pace as it will
// be once seat's move, which leaves the game next (over when final), is
// live at now, with the deadlines to store then (nil once the game is
// over) and their encoding. It holds r.mu.
func (r *Runner) nextClock(next game.Game, seat game.Seat, standIn, final bool, now time.Time) (seatClock, *Deadlines, string) {
	c := r.clock
	c.moved(r.t, seat, standIn)
	var d *Deadlines
	if !final {
		c.arm(r.t, next.Actors(), now)
		d = c.deadlines(r.t, r.t.Version+1)
	}
	text, _ := c.unsaved(d)
	return c, d, text
}

// Change applies a lobby operation (see lobby.go) made by key: op runs on a
// clone of the table, which is stored and only then made live and shown to
// every subscriber.
func (r *Runner) Change(ctx context.Context, op func(t *Table) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.change(ctx, op, nil)
}

// Start starts the game for the host with key.
func (r *Runner) Start(ctx context.Context, key string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var (
		g      game.Game
		events []game.Event
	)
	err := r.change(ctx, func(t *Table) (err error) {
		g, events, err = t.Start(key, r.def)
		return err
	}, func() []Turn {
		r.g, r.events = g, events
		if r.t.hasPerson() {
			r.tables.quotas.release(r.id) // only games of computer players stay counted
		}
		r.hist = window{entries: []HistoryEntry{{V: 0, Events: events}}}
		r.markOffline()
		r.schedule() // the first turns' limits, which their notices tell
		return r.turnsAt(r.g.Actors(), 0, r.t.Version, &r.clock)
	})
	var setup *setupFailure
	if errors.As(err, &setup) {
		r.tables.log.Error("start: the game could not be set up", "table", r.id, "err", setup.cause)
	}
	return err
}

// change stores op's change of the table and makes it live; then, unless
// nil, runs once it is, and the turn notices it returns are stored with
// the turn deadlines the change leaves (one transaction), then told to
// Options.OnTurn.
func (r *Runner) change(ctx context.Context, op func(t *Table) error, then func() []Turn) error {
	if r.closed {
		return r.closedError()
	}
	next := r.t.Clone()
	if err := op(next); err != nil {
		return err
	}
	next.Updated = r.tables.now()
	if !r.fan.watched() {
		r.idle = next.Updated // in use over HTTP alone: not idle
	}
	if err := r.tables.store.SaveTable(ctx, next); err != nil {
		r.tables.log.Error("save table", "table", r.t.ID, "err", err)
		return storeFault(err, "the change could not be saved; try again")
	}
	old := r.t
	r.t = next
	var notices []Turn
	if then != nil {
		notices = then()
	}
	for _, m := range old.Members {
		if r.t.Member(m.Key) < 0 {
			r.drop(m.Key)
		}
	}
	r.broadcastLobby()
	if r.g != nil {
		r.schedule()
		r.saveDeadlines(ctx, notices...)
		r.broadcastState()
	}
	return nil
}

// drop closes every connection of a member who was removed.
func (r *Runner) drop(key string) {
	r.fan.drop(key, r.t.Version, harbor.Errorf(harbor.EForbidden, "the host removed you from this table").With(harbor.M("api.removed")), "removed by the host")
}

// Log returns the stored moves with the events each made, as viewer may see
// them. Only for finished tables, whose whole log is public.
func (r *Runner) Log(ctx context.Context) (GameLog, error) {
	r.mu.Lock()
	t := r.t.Clone()
	r.mu.Unlock()
	if t.Status != Finished {
		return GameLog{}, harbor.Errorf(harbor.EConflict, "the log opens when the game is over").With(harbor.M("api.logWhenOver"))
	}
	l, err := r.tableLog(ctx, t, t.Version)
	if err != nil {
		return GameLog{}, err
	}
	defer l.mu.Unlock()
	moves := l.moves
	hist := l.entries(t, 0, len(moves)+1)
	out := GameLog{Setup: eventsFor(hist[0].Events, game.Public), Moves: make([]LogEntry, len(moves))}
	for i, m := range moves {
		out.Moves[i] = LogEntry{Move: m, Events: eventsFor(hist[i+1].Events, game.Public)}
	}
	return out, nil
}

// GameLog is a finished game's log: what its setup did and every move.
type GameLog struct {
	Setup []game.Event `json:"setup"`
	Moves []LogEntry   `json:"moves"`
}

// Export returns a finished game as a self-contained document (its setup,
// seed included, and every move) that `harbor replay` reads. Only for
// finished tables: the seed of a running game would tell its future dice.
func (r *Runner) Export(ctx context.Context) (game.Export, error) {
	r.mu.Lock()
	t := r.t.Clone()
	r.mu.Unlock()
	if t.Status != Finished {
		return game.Export{}, harbor.Errorf(harbor.EConflict, "the game can be exported when it is over").With(harbor.M("api.exportWhenOver"))
	}
	moves, err := r.tables.store.Moves(ctx, t.ID, 0)
	if err != nil {
		return game.Export{}, err
	}
	return game.Export{Game: t.Game, Config: t.Config(), Moves: Records(moves)}, nil
}

// LogEntry is one move of a finished game with the events it made.
type LogEntry struct {
	Move
	Events []game.Event `json:"events"`
}

// storeFault is the answer to a write the store failed: the store's own
// internal error when it wrote one for people (a full disk), or else an
// internal error with message.
func storeFault(err error, message string) error {
	var e *harbor.Error
	if errors.As(err, &e) && e.Code == harbor.EInternal {
		return e
	}
	return harbor.Errorf(harbor.EInternal, "%s", message)
}

// replay rebuilds the game from the stored log, and the window of its
// recent moves' events. It holds r.mu.
func (r *Runner) replay(ctx context.Context) error {
	moves, err := r.tables.store.Moves(ctx, r.id, 0)
	if err != nil {
		return err
	}
	if len(moves) != r.t.Version {
		return fmt.Errorf("table %s: version %d but %d stored moves", r.id, r.t.Version, len(moves))
	}
	g, hist, err := replayLog(r.def, r.t, moves, max(0, len(moves)+1-historyKeep))
	if err != nil {
		return fmt.Errorf("table %s: %w", r.id, err)
	}
	r.g, r.hist = g, window{entries: hist}
	return nil
}

// unload takes the table out of service as the sweeper drops it from
// memory. It holds r.mu.
func (r *Runner) unload() {
	r.closed, r.unloaded = true, true
	r.stopTimers()
}

// closedError is the answer to a request that reaches a closed runner.
func (r *Runner) closedError() error {
	if r.unloaded {
		return harbor.Errorf(harbor.EConflict, "the table was just put away to save memory; try again").With(harbor.M("api.unloaded"))
	}
	return harbor.Errorf(harbor.EConflict, "the server is shutting down").With(harbor.M("api.shuttingDown"))
}

// close stops the table's timers; the runner refuses changes afterwards.
func (r *Runner) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	if r.botTimer != nil {
		r.botTimer.Stop()
	}
	if r.turn != nil {
		r.turn.Stop()
	}
}

// Version returns the table's version: the moves applied so far.
func (r *Runner) Version() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.t.Version
}

// StateFor returns the state frame's data that viewer (a seat or
// game.Public) would be sent now; false before the game starts.
func (r *Runner) StateFor(viewer game.Seat) (StateView, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.g == nil {
		return StateView{}, false
	}
	return r.stateView(viewer, sharedParts{}), true
}
