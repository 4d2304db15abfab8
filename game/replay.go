package game

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Record is one stored move: who made it and the move as JSON. A record
// whose move is UndoMove takes back the move recorded just before it (a
// table's safe undo): the log stays append-only and replays stay exact.
type Record struct {
	Seat Seat            `json:"seat"`
	Move json.RawMessage `json:"move"`
}

// UndoMove is the recorded move of a take-back. No game has a move of this
// type (games/all's contract test checks).
var UndoMove = json.RawMessage(`{"type":"undo"}`)

// IsUndo reports whether r is a take-back.
func (r Record) IsUndo() bool { return bytes.Equal(r.Move, UndoMove) }

// Replay sets up a game from cfg and applies every record in order, a
// take-back restoring the state before the move it takes back. It fails on
// the first record the game refuses, naming its index.
func Replay(d Definition, cfg Config, records []Record) (Game, error) {
	g, err := d.New(cfg)
	if err != nil {
		return nil, err
	}
	p := Replayer{Game: g, Records: records}
	for p.Next < len(records) {
		if err := p.Step(nil); err != nil {
			return nil, err
		}
	}
	return p.Game, nil
}

// Replayer applies a game's records one at a time, for replays that want
// each record's events.
type Replayer struct {
	Game    Game
	Records []Record
	Next    int  // the index of the record Step applies
	before  Game // the state before Records[Next-1], kept when Records[Next] takes it back
}

// Step applies Records[Next], recording its events in log (which may be
// nil). A take-back restores the state before the move it takes back and
// records no event.
func (p *Replayer) Step(log *Log) error {
	i, r := p.Next, p.Records[p.Next]
	if r.IsUndo() {
		if p.before == nil || p.Records[i-1].Seat != r.Seat {
			return fmt.Errorf("replay: move %d (seat %d) takes back nothing of its own", i, r.Seat)
		}
		p.Game, p.before = p.before, nil
		p.Next++
		return nil
	}
	p.before = nil
	if i+1 < len(p.Records) && p.Records[i+1].IsUndo() {
		p.before = p.Game.Clone()
	}
	if err := p.Game.Apply(r.Seat, r.Move, log); err != nil {
		return fmt.Errorf("replay: move %d (seat %d) refused: %w", i, r.Seat, err)
	}
	p.Next++
	return nil
}

// Export is a whole game as a self-contained document: which game, how it
// was set up, and every move. `harbor replay` reads it and the server
// offers it for finished and running tables.
type Export struct {
	Game   string   `json:"game"`
	Config Config   `json:"config"`
	Moves  []Record `json:"moves"`
}
