package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
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
	var before Game // the state before records[i-1], kept when records[i] takes it back
	for i, r := range records {
		if r.IsUndo() {
			if before == nil || records[i-1].Seat != r.Seat {
				return nil, fmt.Errorf("replay: move %d (seat %d) takes back nothing of its own", i, r.Seat)
			}
			g, before = before, nil
			continue
		}
		before = nil
		if i+1 < len(records) && records[i+1].IsUndo() {
			before = g.Clone()
		}
		if err := g.Apply(r.Seat, r.Move, nil); err != nil {
			return nil, fmt.Errorf("replay: move %d (seat %d) refused: %w", i, r.Seat, err)
		}
	}
	return g, nil
}

// strictDecoder is a JSON decoder that refuses unknown fields, over a
// reader pointed at each input in turn: decoders are pooled, since making
// one costs more than decoding a small move.
type strictDecoder struct {
	rd  bytes.Reader
	dec *json.Decoder
}

var strictDecoders = sync.Pool{New: func() any {
	d := &strictDecoder{}
	d.dec = json.NewDecoder(&d.rd)
	d.dec.DisallowUnknownFields()
	return d
}}

// DecodeStrict decodes raw, which must be exactly one JSON value, into v,
// refusing fields v does not have. It is safe for concurrent use and, after
// warming up, allocates only what v's decoding needs.
func DecodeStrict(raw json.RawMessage, v any) error {
	if !json.Valid(raw) {
		return fmt.Errorf("not one well-formed JSON value")
	}
	d := strictDecoders.Get().(*strictDecoder)
	d.rd.Reset(raw)
	if err := d.dec.Decode(v); err != nil {
		return err // the decoder may be mid-value: it is not reused
	}
	// raw is one valid value, so the decoder has consumed it whole and
	// starts the next input afresh.
	strictDecoders.Put(d)
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
