package table

import (
	"encoding/json"
	"strconv"

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

// Frame encodes an envelope whose data is d.
func Frame(t string, v int, d any) []byte {
	data, err := json.Marshal(d)
	if err != nil {
		data = []byte(`null`)
	}
	b := make([]byte, 0, len(data)+len(t)+24)
	b = append(b, `{"t":`...)
	b = strconv.AppendQuote(b, t)
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(v), 10)
	b = append(b, `,"d":`...)
	b = append(b, data...)
	return append(b, '}')
}
