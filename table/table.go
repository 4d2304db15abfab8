// Package table is Harbor's table domain: a table of one game with its lobby
// (members, seats, host, ready marks, computer players, codes), the runner
// of a live table, and the Store interface that the storage packages
// (sqlite, postgres) implement. It knows nothing of HTTP, WebSockets or SQL.
//
// A live table is a Runner (runner.go), which orders every move and lobby
// change under one mutex, holds the game and the table, and makes the
// store calls: a change is made on a copy, stored, and only then made live.
// Around it, each part owns its own state: the seat clock (seatClock,
// clock.go) keeps the time of the seats (turn timers and limits, reminders,
// lapses, missed turns and held seats, stand-ins and the wait for a lost
// connection) and tells the runner what is due; the runner arms the timers
// and acts on it. The fan-out (fanout, fanout.go and patch.go) keeps the
// subscribed connections and what each was sent, and sends them the lobby
// and each viewer's state, whole or as a patch, when the runner says.
package table

import (
	"encoding/json"
	"time"

	"harbor/game"
)

// Status is where a table is in its life.
type Status string

// Table statuses.
const (
	Lobby    Status = "lobby"    // seats are being filled; no game yet
	Playing  Status = "playing"  // the game runs
	Finished Status = "finished" // the game is over; the table is read-only
)

// SeatKind says who sits in a seat.
type SeatKind string

// Seat kinds. An empty seat has kind Empty.
const (
	Empty SeatKind = ""
	Human SeatKind = "human"
	Bot   SeatKind = "bot"
)

// Table is one table of one game. In the lobby Seats has one entry per seat
// the game allows (game.Info.MaxPlayers), empty ones included; at the start
// the empty seats are dropped, so during play Seats[i] is game seat i.
type Table struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	// TurnSeconds, when positive, is the turn timer: a person who has not
	// acted that long after the game started waiting on them has a
	// computer player stand in until they act again.
	TurnSeconds int `json:"turnSeconds,omitempty"`
	// Pace is live or at your own pace (pace.go).
	Pace Pace `json:"pace,omitzero"`
	// Deadlines, as the store read them, are the turn limits of a table at
	// your own pace; the runner keeps them from then on (SaveDeadlines).
	Deadlines *Deadlines `json:"-"`
	// Undo lets a person take back their own last move while nobody else
	// has acted and the move revealed nothing (the game decides which).
	Undo bool `json:"undo,omitempty"`
	// HideHands keeps every hand hidden in the replay of the finished game.
	HideHands bool `json:"hideHands,omitempty"`
	// From, for a table played on from a position of another game, is that
	// position; the game starts there with what nobody had seen drawn afresh.
	From    *game.Origin `json:"from,omitempty"`
	Seed    uint64       `json:"seed"`
	Status  Status       `json:"status"`
	Invite  string       `json:"invite"` // long, unguessable: the invite link
	Code    string       `json:"code"`   // short, typed by a person to join
	TV      string       `json:"tv"`     // read-only code for the shared screen
	Host    string       `json:"host"`   // the Key of the host
	Members []Member
	Seats   []Seat
	Banned  []string // Keys the host removed; they cannot join again
	Version int      // moves applied
	Result  *game.Result
	Room    Room
	Created time.Time
	Updated time.Time

	// Hints, when set, turns "what would the computer do?" on or off; unset,
	// it is on exactly when a computer player sits at the table (HintsOn).
	Hints *bool `json:"hints,omitempty"`
}

// Member is a person who joined the table, seated or not. Key is the
// SHA-256 of the person's token (hex), so a stored table never holds a
// token that could act for someone.
type Member struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

// Seat is one place at the table.
type Seat struct {
	Kind  SeatKind `json:"kind,omitempty"`
	Key   string   `json:"key,omitempty"` // the member sitting here (Human only)
	Name  string   `json:"name,omitempty"`
	Color string   `json:"color,omitempty"`
	Ready bool     `json:"ready,omitempty"`
	// Level is a computer player's level; empty means normal.
	Level game.Level `json:"level,omitempty"`
	// HandedBy, while a computer player has a person's seat (Room.Handed),
	// is the key of who handed it over: the host or the person.
	HandedBy string `json:"handedBy,omitempty"`
}

// Colors are the seat colors a person may choose, in the order they are
// handed out.
var Colors = []string{"red", "blue", "green", "yellow", "purple", "orange", "teal", "pink"}

// Clone returns a deep copy of t.
func (t *Table) Clone() *Table {
	c := *t
	c.Options = append(json.RawMessage(nil), t.Options...)
	c.Members = append([]Member(nil), t.Members...)
	c.Seats = append([]Seat(nil), t.Seats...)
	c.Banned = append([]string(nil), t.Banned...)
	if t.Hints != nil {
		on := *t.Hints
		c.Hints = &on
	}
	c.Room.Chat = append([]ChatLine(nil), t.Room.Chat...)
	c.Room.Hints = append([]HintNote(nil), t.Room.Hints...)
	if t.Deadlines != nil {
		d := *t.Deadlines
		d.Seats = append([]Deadline(nil), d.Seats...)
		c.Deadlines = &d
	}
	if t.Result != nil {
		r := *t.Result
		c.Result = &r
	}
	return &c
}

// Member returns the index of the member with key, or -1.
func (t *Table) Member(key string) int {
	for i, m := range t.Members {
		if m.Key == key {
			return i
		}
	}
	return -1
}

// SeatOf returns the seat of the member with key, or game.Public when that
// member sits nowhere.
func (t *Table) SeatOf(key string) game.Seat {
	for i, s := range t.Seats {
		if s.Kind == Human && s.Key == key {
			return game.Seat(i)
		}
	}
	return game.Public
}

// Config is the game setup of a started table.
func (t *Table) Config() game.Config {
	cfg := game.Config{Options: t.Options, Seed: t.Seed, From: t.From}
	for _, s := range t.Seats {
		cfg.Players = append(cfg.Players, game.Player{Name: s.Name, Bot: s.Kind == Bot})
	}
	return cfg
}

// Bots returns the seats computer players sit in.
func (t *Table) Bots() game.SeatSet {
	var set game.SeatSet
	for i, s := range t.Seats {
		if s.Kind == Bot {
			set = set.With(game.Seat(i))
		}
	}
	return set
}

// hasPerson reports whether a person sits in one of t's seats.
func (t *Table) hasPerson() bool {
	for _, s := range t.Seats {
		if s.Kind == Human {
			return true
		}
	}
	return false
}
