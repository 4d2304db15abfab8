package game

import (
	"bytes"
	"encoding/json"
	"fmt"
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

func decodeStrict(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data after the move")
	}
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
