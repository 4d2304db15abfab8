package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// Record is one stored move: who made it and the move as JSON.
type Record struct {
	Seat Seat            `json:"seat"`
	Move json.RawMessage `json:"move"`
}

// Replay sets up a game from cfg and applies every record in order. It fails
// on the first record the game refuses, naming its index.
func Replay(d Definition, cfg Config, records []Record) (Game, error) {
	g, err := d.New(cfg)
	if err != nil {
		return nil, err
	}
	for i, r := range records {
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
// refusing fields v does not have, field names in another case than v's
// own and keys repeated in one object. It is safe for concurrent use and, after
// warming up, allocates only what v's decoding needs.
func DecodeStrict(raw json.RawMessage, v any) error {
	if !json.Valid(raw) {
		return fmt.Errorf("not one well-formed JSON value")
	}
	if err := checkKeys(raw, reflect.TypeOf(v)); err != nil {
		return err
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
