package table

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"

	"harbor/game"
)

// LobbyView is a table as every member, spectator and TV sees it: the `d`
// of a `lobby` message and the body of the lobby HTTP answers. It holds no
// token, key or seed. People are named by their public id.
type LobbyView struct {
	ID          string          `json:"id"`
	Game        string          `json:"game"`
	GameName    string          `json:"gameName"`
	Options     json.RawMessage `json:"options"`
	TurnSeconds int             `json:"turnSeconds"`
	Status      Status          `json:"status"`
	Invite      string          `json:"invite"`
	Code        string          `json:"code"`
	TV          string          `json:"tv"`
	Host        string          `json:"host"`
	Members     []MemberView    `json:"members"`
	Seats       []SeatView      `json:"seats"`
	Version     int             `json:"version"`
	Result      *game.Result    `json:"result,omitempty"`
}

// MemberView is one person at the table.
type MemberView struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	Seat   game.Seat `json:"seat"` // -1: watching
	Online bool      `json:"online"`
}

// SeatView is one seat.
type SeatView struct {
	Kind   SeatKind `json:"kind"` // "", "human" or "bot"
	Player string   `json:"player,omitempty"`
	Name   string   `json:"name,omitempty"`
	Color  string   `json:"color,omitempty"`
	Ready  bool     `json:"ready"`
	Online bool     `json:"online"`
	// Away is true while a computer player stands in for the person (the
	// turn timer ran out); it ends when they act again.
	Away bool `json:"away,omitempty"`
}

// StateView is the `d` of a `state` message: one viewer's view of the game.
type StateView struct {
	View   any          `json:"view"`
	Legal  []any        `json:"legal"`
	Actors []game.Seat  `json:"actors"`
	Seat   game.Seat    `json:"seat"`
	Result game.Result  `json:"result"`
	Events []game.Event `json:"events"`
	// Deadline is when this viewer's turn timer runs out, in Unix
	// milliseconds; 0 when no timer runs for them.
	Deadline int64 `json:"deadline,omitempty"`
}

// Envelope is a WebSocket message in either direction (docs/protocol.md):
// type, table version, data.
type Envelope struct {
	T string          `json:"t"`
	V int             `json:"v"`
	D json.RawMessage `json:"d,omitempty"`
}

// frameEncoder is a reusable buffer and JSON encoder for Frame.
type frameEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var frameEncoders = sync.Pool{New: func() any {
	e := &frameEncoder{}
	e.enc = json.NewEncoder(&e.buf)
	return e
}}

// maxPooledFrame bounds the encoding buffer kept for reuse.
const maxPooledFrame = 64 << 10

// Frame encodes an envelope whose data is d. The frame is encoded into a
// reused buffer and copied out once, at its exact size.
func Frame(t string, v int, d any) []byte {
	e := frameEncoders.Get().(*frameEncoder)
	b := e.buf.AvailableBuffer()
	b = append(b, `{"t":`...)
	b = strconv.AppendQuote(b, t)
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(v), 10)
	b = append(b, `,"d":`...)
	e.buf.Write(b)
	if err := e.enc.Encode(d); err != nil {
		e.buf.Truncate(len(b))
		e.buf.WriteString("null\n")
	}
	out := make([]byte, e.buf.Len())
	copy(out, e.buf.Bytes())
	out[len(out)-1] = '}' // over the newline Encode ends with
	if e.buf.Cap() <= maxPooledFrame {
		e.buf.Reset()
		frameEncoders.Put(e)
	}
	return out
}
