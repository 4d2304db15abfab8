package server

import (
	"context"
	"sort"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// The list of a person's tables on their home page, the same on every
// device of theirs: where they hold a seat, whose turn it is, the time
// left, and what happened since they last had the table open.

// Bounds of the list: tables in all, finished games among them, and the
// log lines shown of the moves since the person last looked.
const (
	maxMyTables   = 20
	maxMyFinished = 5
	maxMyLines    = 5
)

// MyTables is the answer of GET /api/me/tables.
type MyTables struct {
	Tables []MyTable `json:"tables"`
}

// MyTable is one table of a person's list.
type MyTable struct {
	ID       string       `json:"id"`
	Game     string       `json:"game"`
	GameName string       `json:"gameName"`
	Status   table.Status `json:"status"`
	Seat     game.Seat    `json:"seat"`    // the person's own seat
	Players  []string     `json:"players"` // the names in the seats, in seat order
	// Turn names the seats the game waits on, while it runs; YourTurn
	// says the person's own seat is among them.
	Turn     []string `json:"turn"`
	YourTurn bool     `json:"yourTurn"`
	// Deadline is when the turn of the running game runs out (Unix
	// milliseconds), when the table has a turn limit; 0 otherwise.
	Deadline int64 `json:"deadline,omitempty"`
	// Active is when something last happened at the table (Unix ms).
	Active  int64 `json:"active"`
	Version int   `json:"version"`
	// MovesSince is how many moves were made since the person last had
	// the table open (on any device); Lines are the log lines of the last
	// of them, oldest first, as the public sees them.
	MovesSince int      `json:"movesSince"`
	Lines      []string `json:"lines"`
}

func (s *Server) homeRoutes() {
	s.mux.HandleFunc("GET /api/me/tables", s.api(s.myTables))
}

func (s *Server) myTables(q *request) (any, error) {
	out := MyTables{Tables: []MyTable{}}
	if s.seats == nil {
		return out, nil
	}
	ctx := q.r.Context()
	list, err := s.seats.Seated(ctx, q.key, maxMyTables+maxMyFinished)
	if err != nil {
		return nil, err
	}
	finished := 0
	for _, st := range list {
		if len(out.Tables) == maxMyTables {
			break
		}
		if st.Status == table.Finished {
			if finished == maxMyFinished {
				continue
			}
			finished++
		}
		t, ok, err := s.myTable(ctx, q.key, st)
		if err != nil {
			s.log.Warn("read a table for a person's list", "table", st.ID, "err", err)
			continue // the others are still worth showing
		}
		if ok {
			out.Tables = append(out.Tables, t)
		}
	}
	sort.SliceStable(out.Tables, func(i, j int) bool {
		a, b := out.Tables[i], out.Tables[j]
		if ra, rb := myRank(a), myRank(b); ra != rb {
			return ra < rb
		}
		if a.YourTurn && b.YourTurn && a.Deadline != b.Deadline {
			return a.Deadline != 0 && (b.Deadline == 0 || a.Deadline < b.Deadline) // the most pressing first
		}
		return false // as the store lists them: the latest active first
	})
	return out, nil
}

// myRank orders a person's tables: their turn, other running games,
// lobbies, finished games.
func myRank(t MyTable) int {
	switch {
	case t.YourTurn:
		return 0
	case t.Status == table.Playing:
		return 1
	case t.Status == table.Lobby:
		return 2
	}
	return 3
}

// myTable returns one table of person's list; false when they no longer
// hold a seat there or it is gone.
func (s *Server) myTable(ctx context.Context, person string, st table.Seated) (MyTable, bool, error) {
	r, err := s.tables.Read(ctx, st.ID)
	if harbor.ErrorCode(err) == harbor.ENotFound {
		return MyTable{}, false, nil
	}
	if err != nil {
		return MyTable{}, false, err
	}
	l := r.Lobby()
	me := table.PublicID(person)
	t := MyTable{ID: l.ID, Game: l.Game, GameName: l.GameName, Status: l.Status, Seat: game.Public, Players: []string{}, Turn: []string{},
		Active: st.Active.UnixMilli(), Version: l.Version, Lines: []string{}}
	for i, seat := range l.Seats {
		if seat.Kind == table.Empty {
			continue
		}
		t.Players = append(t.Players, seat.Name)
		if seat.Kind == table.Human && seat.Player == me {
			t.Seat = game.Seat(i)
		}
	}
	if t.Seat == game.Public {
		return MyTable{}, false, nil
	}
	seen := st.Seen
	for _, m := range l.Members {
		if m.ID == me && m.Online {
			seen = l.Version // they have it open now
		}
	}
	t.MovesSince = max(0, l.Version-seen)
	if l.Status != table.Lobby {
		gl, err := r.Glance(ctx, l.Version-t.MovesSince, maxMyLines)
		if err != nil {
			s.log.Warn("glance at a table", "table", l.ID, "err", err)
		}
		for _, w := range gl.Waiting {
			if int(w) < len(l.Seats) {
				t.Turn = append(t.Turn, l.Seats[w].Name)
			}
			t.YourTurn = t.YourTurn || w == t.Seat
		}
		if gl.Lines != nil {
			t.Lines = gl.Lines
		}
	}
	if l.Status == table.Playing {
		t.Deadline = l.Deadline
	}
	return t, true, nil
}

// sawTable records that person has seen the moves of table r so far.
func (s *Server) sawTable(person string, r *table.Runner) {
	if s.seats == nil || person == "" {
		return
	}
	if err := s.seats.MarkSeen(context.Background(), person, r.ID(), r.Version()); err != nil {
		s.log.Warn("mark a table seen", "table", r.ID(), "err", err)
	}
}
