package table

import (
	"context"
	"encoding/json"
	"time"

	"harbor"
	"harbor/game"
	"harbor/people"
)

// takeBack is what a runner keeps of the last move while it may be taken
// back: the game before it, who made it, and the version it made.
type takeBack struct {
	before  game.Game
	seat    game.Seat
	version int
}

// noteTakeBack remembers the move seat just made (from before to the live
// game, at the table's new version) when the table allows take-backs, the
// person made it themselves and the game says the move revealed nothing. A
// move a computer player made in a person's seat (standIn) is not theirs to
// take back. It holds r.mu.
func (r *Runner) noteTakeBack(before game.Game, seat game.Seat, move json.RawMessage, standIn bool) {
	r.undo = takeBack{}
	if standIn || !r.t.Undo || r.t.Status != Playing || !r.def.Undoable(before, r.g, seat, move) {
		return
	}
	r.undo = takeBack{before: before, seat: seat, version: r.t.Version}
}

// mayTakeBack reports whether seat may take back its last move now.
func (r *Runner) mayTakeBack(seat game.Seat) bool {
	return r.undo.before != nil && r.undo.seat == seat && r.undo.version == r.t.Version && !r.clock.away.Has(seat)
}

// Undo takes back the last move of the person of s, made at version, when
// the table allows it, nobody has acted since and the move revealed
// nothing. The take-back is stored as a move of its own (the log stays
// append-only and replays exactly) and every screen is told who took back
// what. Errors: those of Move for who may act and when, and EConflict when
// the move cannot be taken back.
func (r *Runner) Undo(ctx context.Context, s *Sub, version int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.tv {
		return harbor.Errorf(harbor.EUnauthorized, "the TV screen only watches").With(harbor.M("api.tvWatches"))
	}
	seat := r.viewerOf(s)
	switch {
	case seat < 0:
		return harbor.Errorf(harbor.EForbidden, "you are watching this game, not playing").With(harbor.M("api.watching"))
	case r.closed:
		return harbor.Errorf(harbor.EConflict, "the server is shutting down").With(harbor.M("api.shuttingDown"))
	case r.t.Status != Playing:
		return harbor.Errorf(harbor.EConflict, "only a running game has moves to take back").With(harbor.M("api.takeBackRunning"))
	case !r.t.Undo:
		return harbor.Errorf(harbor.EConflict, "taking back moves is off at this table").With(harbor.M("api.takeBackOff"))
	case version != r.t.Version:
		return harbor.Errorf(harbor.EStale, "the table has moved on since (version %d, not %d)", r.t.Version, version).With(harbor.M("api.stale"))
	case !r.mayTakeBack(seat):
		return harbor.Errorf(harbor.EConflict, "only your own last move can be taken back, before anyone else acts, and only if it showed nothing new (no dice, no card drawn)").With(harbor.M("api.takeBackWhich"))
	}
	before := r.undo.before
	m := Move{N: r.t.Version, Seat: seat, Move: game.UndoMove, At: r.tables.now()}
	live := func(err error) {
		r.tables.committed(r.tables.now().Sub(m.At))
		if err != nil {
			return
		}
		r.g, r.events = before, []game.Event{takeBackEvent(r.t.Seats[seat].Name, seat)}
		r.undo = takeBack{}
		r.t.Version++
		r.remember(r.t.Version, r.events)
		r.clock.deadline[seat] = time.Time{} // their turn timer starts afresh
		r.schedule()
		r.broadcastState()
	}
	if err := r.tables.store.AppendMove(ctx, r.t.ID, m, nil, live); err != nil {
		r.tables.log.Error("commit take-back", "table", r.t.ID, "n", m.N, "err", err)
		return harbor.Errorf(harbor.EInternal, "the take-back could not be saved; try again")
	}
	return nil
}

// takeBackEvent is what the log says of a take-back.
func takeBackEvent(name string, seat game.Seat) game.Event {
	return game.Event{Type: "undo", Seat: seat, Text: name + " took back their last move", Msg: game.M("table.undo", "who", name)}
}

// SetTimeline sets, in the lobby, whether people may take back safe moves
// and whether the replay of the finished game may show every hand. Only
// the host may; every ready mark is cleared, as with the options.
func (t *Table) SetTimeline(key string, undo, hideHands bool) error {
	if err := t.isHost(key); err != nil {
		return err
	}
	if err := t.inLobby(); err != nil {
		return err
	}
	if t.Undo == undo && t.HideHands == hideHands {
		return nil
	}
	t.Undo, t.HideHands = undo, hideHands
	t.unready()
	return nil
}

// Position is a finished game after some of its moves, for its replay.
type Position struct {
	At    int         `json:"at"`    // moves applied (take-backs count as moves)
	Total int         `json:"total"` // moves in the whole game
	View  any         `json:"view"`  // the public view
	Seats []any       `json:"seats"` // every seat's own view, when the hands are shown
	Actor []game.Seat `json:"actors"`
	// Events are what the move that led here did, as the public saw it.
	Events []game.Event `json:"events"`
	Result game.Result  `json:"result"`
}

// ReplayAt returns the finished game as it stood after its first at moves:
// the public view and, when hands is set and the host allowed it, every
// seat's own view. EConflict while the game runs (its replay would tell
// its future), EInvalid for an at out of range.
func (r *Runner) ReplayAt(ctx context.Context, at int, hands bool) (Position, error) {
	r.mu.Lock()
	t := r.t.Clone()
	r.mu.Unlock()
	if t.Status != Finished {
		return Position{}, harbor.Errorf(harbor.EConflict, "the replay opens when the game is over").With(harbor.M("api.replayWhenOver"))
	}
	if hands && t.HideHands {
		return Position{}, harbor.Errorf(harbor.EForbidden, "the host keeps every hand hidden in this game's replay").With(harbor.M("api.handsHidden"))
	}
	l, err := r.tableLog(ctx, t, t.Version)
	if err != nil {
		return Position{}, err
	}
	defer l.mu.Unlock()
	return l.position(t.Seats, at, hands)
}

// replayAt replays records up to at and describes the position there;
// standIn[i] says a computer player made move i in a person's seat (nil:
// none did).
func replayAt(def game.Definition, cfg game.Config, records []game.Record, standIn []bool, seats []Seat, at int, hands bool) (Position, error) {
	if at < 0 || at > len(records) {
		return Position{}, harbor.Errorf(harbor.EInvalid, "the game has moves 0 to %d, not %d", len(records), at).With(harbor.M("api.noSuchMove", "last", len(records)))
	}
	var setup game.Log
	g, err := def.NewLogged(cfg, &setup)
	if err != nil {
		return Position{}, err
	}
	p := game.Replayer{Game: g, Records: records}
	events := eventsFor(setup.Events, game.Public)
	for p.Next < at {
		var log game.Log
		r := records[p.Next]
		if err := p.Step(&log); err != nil {
			return Position{}, err
		}
		events = log.Events
		if r.IsUndo() {
			events = []game.Event{takeBackEvent(seatName(seats, r.Seat), r.Seat)}
		} else if p.Next-1 < len(standIn) && standIn[p.Next-1] {
			events = standInEvents(seats, r.Seat, events)
		}
		events = eventsFor(events, game.Public)
	}
	return describe(p.Game, seats, at, len(records), events, hands), nil
}

// describe is the Position of g after at of total moves, the last of which
// told events.
func describe(g game.Game, seats []Seat, at, total int, events []game.Event, hands bool) Position {
	pos := Position{At: at, Total: total, View: g.View(game.Public), Actor: g.Actors().List(), Events: events, Result: g.Result()}
	if pos.Actor == nil {
		pos.Actor = []game.Seat{}
	}
	if hands {
		for s := range seats {
			pos.Seats = append(pos.Seats, g.View(game.Seat(s)))
		}
	}
	return pos
}

func seatName(seats []Seat, s game.Seat) string {
	if int(s) < len(seats) && seats[s].Name != "" {
		return seats[s].Name
	}
	return "A player"
}

// ReplayExport replays an exported game document up to at, as ReplayAt
// does for a stored one (every hand shown: the file is its owner's). A
// document that does not replay is refused (EInvalid) in words for people;
// the error's text (Error) adds the engine's detail, for the server's log.
func ReplayExport(doc game.Export, at int) (Position, error) {
	def, err := game.Lookup(doc.Game)
	if err != nil {
		return Position{}, err
	}
	if at < 0 || at > len(doc.Moves) {
		return Position{}, harbor.Errorf(harbor.EInvalid, "the game has moves 0 to %d, not %d", len(doc.Moves), at).With(harbor.M("api.noSuchMove", "last", len(doc.Moves)))
	}
	seats := make([]Seat, len(doc.Config.Players))
	for i, p := range doc.Config.Players {
		seats[i] = Seat{Name: p.Name, Kind: Human}
		if p.Bot {
			seats[i].Kind = Bot
		}
	}
	pos, err := replayAt(def, doc.Config, doc.Moves, nil, seats, at, true)
	if err != nil {
		return Position{}, &setupFailure{
			human: harbor.Errorf(harbor.EInvalid, "this game file does not replay: one of its moves is not allowed where it stands, so the file was changed or comes from another version of Harbor").With(harbor.M("api.fileNoReplay")),
			cause: err,
		}
	}
	return pos, nil
}

// CheckForkAt refuses, with Fork's errors, a moment at of r's game that
// Fork would refuse before replaying anything: while the game runs, or a
// move the game does not have. The server checks it before charging the
// limit on new tables.
func (r *Runner) CheckForkAt(at int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return checkForkAt(r.t.Status, r.t.Version, at)
}

// checkForkAt is CheckForkAt for a table of status with n moves.
func checkForkAt(status Status, n, at int) error {
	if status != Finished {
		return harbor.Errorf(harbor.EConflict, "a game can be played on from a moment of its replay once it is over").With(harbor.M("api.forkWhenOver"))
	}
	if at < 0 || at >= n {
		return harbor.Errorf(harbor.EInvalid, "choose a moment from move 0 to %d (the last one ends the game)", n-1).With(harbor.M("api.forkAt", "last", n-1))
	}
	return nil
}

// Fork opens a new table in the lobby that plays on from the finished
// table src after its first at moves, and takes everyone along, as Again
// does: the same game, options and settings, every person of src a member
// of the new table in their old seat and color, computer players where
// there were computer players, and the person with key (who must have been
// at src) as host. src's lobby then names the new table (Room.Next), so
// every page and the TV of src follow. What nobody had seen at that moment
// is drawn afresh when the game starts. EConflict while src runs, EInvalid
// for at out of range or at the end of the game; a position that does not
// replay is logged and refused in words for people.
func (ts *Tables) Fork(ctx context.Context, src *Runner, key, name string, at int, owners ...people.Owner) (*Runner, error) {
	src.mu.Lock()
	s := src.t.Clone()
	src.mu.Unlock()
	me := s.Member(key)
	if me < 0 {
		return nil, harbor.Errorf(harbor.EForbidden, "only someone who was at this table can play on from it").With(harbor.M("api.forkWho"))
	}
	if name == "" {
		name = s.Members[me].Name
	}
	moves, err := ts.store.Moves(ctx, s.ID, 0)
	if err != nil {
		return nil, err
	}
	if err := checkForkAt(s.Status, len(moves), at); err != nil {
		return nil, err
	}
	from := &game.Origin{Seed: s.Seed, From: s.From, Moves: Records(moves[:at])}
	// The position must replay and still be running.
	cfg := s.Config()
	cfg.From, cfg.Seed = from, 1
	if _, err := src.def.New(cfg); err != nil {
		ts.log.Error("play on: the position does not replay", "table", s.ID, "at", at, "err", err)
		return nil, harbor.Errorf(harbor.EInvalid, "the game cannot be played on from move %d; try another moment", at).With(harbor.M("api.forkMove", "at", at))
	}
	t, err := New(src.def, key, name, s.Options, s.TurnSeconds, ts.now())
	if err != nil {
		return nil, err
	}
	t.Undo, t.HideHands, t.Hints, t.From = s.Undo, s.HideHands, s.Hints, from
	t.Room.AwaySeconds, t.Room.ChatOff = s.Room.AwaySeconds, s.Room.ChatOff
	t.Members = append([]Member(nil), s.Members...)
	t.Members[me].Name = name
	t.Seats = make([]Seat, len(s.Seats))
	for i, old := range s.Seats {
		switch {
		case old.Kind == Bot:
			t.Seats[i] = Seat{Kind: Bot, Name: old.Name, Color: old.Color, Ready: true, Level: old.Level}
		case old.Kind == Human && s.Member(old.Key) >= 0:
			t.Seats[i] = Seat{Kind: Human, Key: old.Key, Name: s.Members[s.Member(old.Key)].Name, Color: old.Color}
		}
	}
	if mine := t.SeatOf(key); mine >= 0 {
		t.Seats[mine].Name = name
	} else {
		// A spectator of the old game hosts the new one from a free seat.
		for i := range t.Seats {
			if t.Seats[i].Kind == Empty {
				t.Seats[i] = Seat{Kind: Human, Key: key, Name: name, Color: s.Seats[i].Color}
				break
			}
		}
	}
	next, err := ts.createTable(ctx, src.def, t, owners...)
	if err != nil {
		return nil, err
	}
	err = src.Change(ctx, func(o *Table) error {
		o.Room.Next, o.Room.NextTV = t.ID, t.TV
		return nil
	})
	if err != nil {
		return nil, err
	}
	return next, nil
}
