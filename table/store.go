package table

import (
	"context"
	"encoding/json"
	"time"

	"harbor/game"
)

// CodeKind names one of a table's codes.
type CodeKind string

// The codes a table can be found by.
const (
	ByInvite CodeKind = "invite"
	ByCode   CodeKind = "code"
	ByTV     CodeKind = "tv"
)

// Move is one stored move of a table: the N-th move (from 0), by Seat.
// StandIn says a computer player made it in a person's seat (the person
// was away, or the seat was handed over), which the log tells.
type Move struct {
	N       int             `json:"n"`
	Seat    game.Seat       `json:"seat"`
	Move    json.RawMessage `json:"move"`
	At      time.Time       `json:"at"`
	StandIn bool            `json:"standIn,omitempty"`
	// Deadlines, unless nil, are the table's turn deadlines as the move
	// leaves them: AppendMove stores them in the commit that holds the
	// move, as SaveDeadlines would, and neither when it refuses the move.
	// Nil leaves the stored deadlines as they are. They are not part of
	// the log: Moves never reads them back.
	Deadlines *DeadlinesAfter `json:"-"`
	// Notices are the turn notices the move causes (the people the game
	// comes to wait on who have no page of the table open). A store that
	// keeps notices queues them in the commit that holds the move, so a
	// crash after the commit cannot lose them, and none when it refuses
	// the move. Like Deadlines they are not part of the log.
	Notices []Turn `json:"-"`
}

// DeadlinesAfter are the turn deadlines a move leaves: Set replaces the
// stored ones, and a nil Set clears them (the game is over, or no clock
// runs any more).
type DeadlinesAfter struct {
	Set *Deadlines
}

// Text is the stored encoding of a's deadlines; false for none.
func (a *DeadlinesAfter) Text() (string, bool, error) {
	if a.Set == nil {
		return "", false, nil
	}
	b, err := json.Marshal(a.Set)
	return string(b), true, err
}

// Store keeps tables and their move logs. Every method is safe for
// concurrent use. Errors are *harbor.Error where the caller can act on them
// (ENotFound, EConflict); anything else is a storage fault.
//
// A store is the single source of truth for recovery: a move that
// AppendMove acknowledged survives a crash of the process.
type Store interface {
	// CreateTable stores a new table (status, seats, codes, everything but
	// moves). EConflict if its id or one of its codes is taken.
	CreateTable(ctx context.Context, t *Table) error

	// Table returns the table with id, with Version, Status and Result as
	// stored. ENotFound if there is none.
	Table(ctx context.Context, id string) (*Table, error)

	// TableByCode returns the table whose code of kind equals code.
	// ENotFound if there is none.
	TableByCode(ctx context.Context, kind CodeKind, code string) (*Table, error)

	// SaveTable stores t's lobby (options, members, seats, host, banned,
	// status). It never changes Version or the move log. ENotFound if t was
	// never created.
	SaveTable(ctx context.Context, t *Table) error

	// AppendMove durably appends m to the log of table id. m.N must equal
	// the table's stored Version (else EConflict, and nothing changes); the
	// Version becomes m.N+1. When result is non-nil and over, the table is
	// finished with that result in the same commit.
	//
	// then, unless nil, runs once the transaction holding the move has
	// committed (err nil) or failed, before AppendMove returns, possibly on
	// a goroutine of the store's; it does not run when the store refuses
	// the move without trying (closed, or ctx done). The runner makes the
	// move live and tells its connections there, so a store that commits
	// many moves together can make them live together, in order, instead of
	// each waiting for its caller's goroutine to be scheduled again. then
	// must not call the store.
	AppendMove(ctx context.Context, id string, m Move, result *game.Result, then func(error)) error

	// SaveDeadlines stores the turn deadlines of table id (a table at your
	// own pace), replacing the ones stored before; nil clears them. A move
	// carries its own (Move.Deadlines) instead. Table
	// and TableByCode read them back into Table.Deadlines. A node's store
	// refuses it, like SaveTable, for a table whose lease it does not hold.
	// notices are the turn notices (reminders) that the change of the
	// deadlines causes at at: a store that keeps notices queues them in
	// the same transaction, as it does a move's (Move.Notices).
	SaveDeadlines(ctx context.Context, id string, d *Deadlines, notices []Turn, at time.Time) error

	// Moves returns the moves of table id from index from on, in order.
	Moves(ctx context.Context, id string, from int) ([]Move, error)

	// Playing returns the ids of every table whose game is running, for
	// recovery at start.
	Playing(ctx context.Context) ([]string, error)

	// Close releases the store. Calls after Close fail.
	Close() error
}

// Records converts stored moves to the game's replay records.
func Records(moves []Move) []game.Record {
	out := make([]game.Record, len(moves))
	for i, m := range moves {
		out[i] = game.Record{Seat: m.Seat, Move: m.Move}
	}
	return out
}
