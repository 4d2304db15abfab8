package table

import (
	"encoding/json"

	"harbor"
	"harbor/game"
)

// storedLobby is the part of a table that stores keep as one JSON document
// beside the columns they index (id, game, status, codes, version, result,
// times). Both stores use EncodeLobby and DecodeLobby, so a field added to
// a table is kept by every store.
type storedLobby struct {
	Options     json.RawMessage `json:"options,omitempty"`
	TurnSeconds int             `json:"turnSeconds,omitempty"`
	Seed        uint64          `json:"seed"`
	Host        string          `json:"host"`
	Members     []Member        `json:"members"`
	Seats       []Seat          `json:"seats"`
	Banned      []string        `json:"banned,omitempty"`
	Undo        bool            `json:"undo,omitempty"`
	HideHands   bool            `json:"hideHands,omitempty"`
	From        *game.Origin    `json:"from,omitempty"`
	Hints       *bool           `json:"hints,omitempty"`
	Room        Room            `json:"room"`
	Pace        Pace            `json:"pace,omitzero"`
}

// EncodeLobby returns the JSON document a store keeps of t.
func EncodeLobby(t *Table) (string, error) {
	b, err := json.Marshal(storedLobby{t.Options, t.TurnSeconds, t.Seed, t.Host, t.Members, t.Seats, t.Banned, t.Undo, t.HideHands, t.From, t.Hints, t.Room, t.Pace})
	return string(b), err
}

// DecodeLobby sets the fields of t that EncodeLobby keeps from data.
func DecodeLobby(t *Table, data string) error {
	var d storedLobby
	if err := json.Unmarshal([]byte(data), &d); err != nil {
		return err
	}
	t.Options, t.TurnSeconds, t.Seed, t.Host, t.Members, t.Seats, t.Banned = d.Options, d.TurnSeconds, d.Seed, d.Host, d.Members, d.Seats, d.Banned
	t.Undo, t.HideHands, t.From, t.Hints, t.Room, t.Pace = d.Undo, d.HideHands, d.From, d.Hints, d.Room, d.Pace
	return nil
}

// CodeColumn is the stored column that holds codes of kind, for the stores'
// look-ups by code.
func CodeColumn(kind CodeKind) (string, error) {
	switch kind {
	case ByInvite:
		return "invite", nil
	case ByCode:
		return "code", nil
	case ByTV:
		return "tv", nil
	}
	return "", harbor.Errorf(harbor.EInvalid, "unknown kind of code %q", kind)
}
