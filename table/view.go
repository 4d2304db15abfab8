package table

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"

	"harbor/game"
)

// LobbyView is a table as every member, spectator and TV sees it: the `d`
// of a `lobby` message and the body of the lobby HTTP answers. It holds no
// token, key or seed. People are named by their public id.
type LobbyView struct {
	ID       string `json:"id"`
	Game     string `json:"game"`
	GameName string `json:"gameName"`
	// MinPlayers and MaxPlayers are how many seats the game starts with at
	// the fewest and most (its Info), so that a lobby can say what stops
	// it from starting before the page has the list of games.
	MinPlayers  int             `json:"minPlayers"`
	MaxPlayers  int             `json:"maxPlayers"`
	Options     json.RawMessage `json:"options"`
	TurnSeconds int             `json:"turnSeconds"`
	// Pace is live or at your own pace, with the turn limit and its rule.
	Pace    Pace         `json:"pace"`
	Hints   bool         `json:"hints"` // "what would the computer do?" is on (Table.HintsOn)
	Status  Status       `json:"status"`
	Invite  string       `json:"invite"`
	Code    string       `json:"code"`
	TV      string       `json:"tv"`
	Host    string       `json:"host"`
	Members []MemberView `json:"members"`
	Seats   []SeatView   `json:"seats"`
	Version int          `json:"version"`
	Result  *game.Result `json:"result,omitempty"`
	// Undo: a person may take back their last move when it revealed nothing.
	Undo bool `json:"undo"`
	// HideHands: the replay of the finished game does not offer every hand.
	HideHands bool `json:"hideHands"`
	// ForkAt, for a table played on from a position of another game, is the
	// number of moves of that game it starts after.
	ForkAt   int    `json:"forkAt,omitempty"`
	HostName string `json:"hostName"`
	// HostLang is the language the host reads Harbor in (omitted when
	// unknown): the TV page, which has no person of its own, speaks it.
	HostLang string `json:"hostLang,omitempty"`
	// AwaySeconds is how long the game waits on a disconnected person
	// before a computer player stands in (0: never).
	AwaySeconds int  `json:"awaySeconds"`
	ChatOff     bool `json:"chatOff,omitempty"`
	// Waiting are the seats the game waits on, during play.
	Waiting []game.Seat `json:"waiting,omitempty"`
	// Deadline, during play, is when the earliest turn limit (own pace) or
	// turn timer (live) of a waited-on person runs out, in Unix
	// milliseconds; 0 (omitted) when none runs.
	Deadline int64 `json:"deadline,omitempty"`
	// Next and NextTV name the table "play again" opened, once it has.
	Next   string `json:"next,omitempty"`
	NextTV string `json:"nextTV,omitempty"`
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
	// turn timer ran out, or they lost their connection); it ends when
	// they are back.
	Away bool `json:"away,omitempty"`
	// Handed is true while a computer player has the seat because the host
	// or the person handed it over; HandedBy is the public id of who did.
	Handed   bool   `json:"handed,omitempty"`
	HandedBy string `json:"handedBy,omitempty"`
	// StandIn, while the game runs and the person of the seat has lost
	// their connection, is when (Unix milliseconds) a computer player
	// stands in for them if the game waits on them then, unless they are
	// back; 0 otherwise.
	StandIn int64 `json:"standIn,omitempty"`
	// Held, at your own pace, is true once a computer player took (or is
	// taking) the person's last HeldAfter turns: from then on the table
	// waits for them with their clock stopped, until their own move.
	Held bool `json:"held,omitempty"`
	// Level is a computer player's level (easy, normal or hard).
	Level game.Level `json:"level,omitempty"`
}

// StateView is the `d` of a `state` message: one viewer's view of the game.
type StateView struct {
	View   any          `json:"view"`
	Legal  []any        `json:"legal"`
	Actors []game.Seat  `json:"actors"`
	Seat   game.Seat    `json:"seat"`
	Result game.Result  `json:"result"`
	Events []game.Event `json:"events"`
	// Names are the seats' names, which an event's message leaves out where
	// it names the event's own seat (game.Event.AppendJSONNamed); the page
	// puts them back. Empty: events are written whole.
	Names []string `json:"names,omitempty"`
	// Deadline is when this viewer's turn timer runs out, in Unix
	// milliseconds; 0 when no timer runs for them.
	Deadline int64 `json:"deadline,omitempty"`
	// TurnDue is when the earliest turn limit or timer of the people the
	// game waits on runs out, for every viewer (the others see until when
	// the person on turn has), in Unix milliseconds; 0 when none runs.
	TurnDue int64 `json:"turnDue,omitempty"`
	// Undo is true when this viewer may take back their last move now (the
	// table allows it, nobody has acted since, and it revealed nothing).
	Undo bool `json:"undo,omitempty"`

	// rawResult, rawEvents and rawView, when set, are Result, Events and
	// View already encoded (once for all the frames of a broadcast).
	rawResult, rawEvents, rawView []byte
}

// MarshalJSON encodes the state as its frame does (Msg.state), its events
// without the names Names gives.
func (v StateView) MarshalJSON() ([]byte, error) {
	var m Msg
	m.enc = json.NewEncoder(&m.buf)
	err := m.state(&v)
	return m.buf.Bytes(), err
}

// UnmarshalJSON reads a state as the page does: its events' messages get
// the names Names leaves out back (game.Event.PutOwnName).
func (v *StateView) UnmarshalJSON(data []byte) error {
	type plain StateView
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*v = StateView(p)
	for i := range v.Events {
		v.Events[i].PutOwnName(v.Names)
	}
	return nil
}

// Envelope is a WebSocket message in either direction (docs/protocol.md):
// type, table version, data.
type Envelope struct {
	T string `json:"t"`
	V int    `json:"v"`
	// F, on a state or patch frame, is the frame's id: the base a patch
	// names is the F of the frame it applies to.
	F uint64          `json:"f,omitempty"`
	D json.RawMessage `json:"d,omitempty"`
}

// Msg is one encoded frame on its way to the connections it is sent to.
// Its buffer is pooled, for a server sends thousands of frames a second and
// would otherwise allocate each one afresh: whoever makes a Msg holds it
// once, a connection that keeps it past Send holds it again (Hold), and
// each holder lets it go once (Done) when written or dropped. The last
// Done returns the buffer to the pool, so Bytes must not be used after the
// holder's own Done.
type Msg struct {
	buf  bytes.Buffer
	enc  *json.Encoder
	refs atomic.Int32
	// base, for a state frame, is its state as the base of patches
	// (viewFrame.state), which holds the frame while connections hold it:
	// a frame back in the pool is nobody's base, and the next state made
	// in it reuses the room of the pairs.
	base indexed
}

var msgs = sync.Pool{New: func() any {
	m := &Msg{}
	m.enc = json.NewEncoder(&m.buf)
	return m
}}

// maxPooledFrame bounds the buffers kept for reuse.
const maxPooledFrame = 64 << 10

// Bytes returns the frame.
func (m *Msg) Bytes() []byte { return m.buf.Bytes() }

// Hold takes one more hold on m.
func (m *Msg) Hold() { m.refs.Add(1) }

// Done lets go of one hold on m.
func (m *Msg) Done() {
	switch n := m.refs.Add(-1); {
	case n == 0 && m.buf.Cap() <= maxPooledFrame:
		m.buf.Reset()
		msgs.Put(m)
	case n < 0:
		panic("table: Msg.Done without a hold")
	}
}

// NewMsg encodes an envelope whose data is d into a pooled buffer, held
// once by the caller.
func NewMsg(t string, v int, d any) *Msg {
	return newFrame(t, v, 0, d)
}

// newFrame is NewMsg with the envelope's frame id f, when f is not 0 (the
// state and patch frames of a connection, see fanout.go).
func newFrame(t string, v int, f uint64, d any) *Msg {
	m := msgs.Get().(*Msg)
	m.refs.Store(1)
	b := m.buf.AvailableBuffer()
	b = append(b, `{"t":`...)
	b = appendType(b, t)
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(v), 10)
	if f != 0 {
		b = append(b, `,"f":`...)
		b = strconv.AppendUint(b, f, 10)
	}
	b = append(b, `,"d":`...)
	m.buf.Write(b)
	var err error
	if sv, ok := d.(*StateView); ok {
		err = m.state(sv)
	} else {
		err = m.value(d)
	}
	if err != nil {
		m.buf.Truncate(len(b))
		m.buf.WriteString("null")
	}
	m.buf.WriteByte('}')
	return m
}

// appendType appends the frame type t quoted, as strconv.AppendQuote
// would: a type of lower-case letters (every one Harbor sends) between
// quotes as it is, without the checks of its runes for each frame.
func appendType(b []byte, t string) []byte {
	for i := range len(t) {
		if t[i] < 'a' || t[i] > 'z' {
			return strconv.AppendQuote(b, t)
		}
	}
	b = append(b, '"')
	b = append(b, t...)
	return append(b, '"')
}

// state encodes a state view as encoding/json would, letting a view that
// is a game.JSONAppender write itself.
func (m *Msg) state(v *StateView) error {
	m.buf.WriteString(`{"view":`)
	if v.rawView != nil {
		m.buf.Write(v.rawView)
	} else if a, ok := v.View.(game.JSONAppender); ok {
		m.buf.Write(a.AppendJSON(m.buf.AvailableBuffer()))
	} else if err := m.value(v.View); err != nil {
		return err
	}
	m.buf.WriteString(`,"legal":`)
	if v.Legal != nil && len(v.Legal) == 0 {
		m.buf.WriteString(`[]`) // every seat but those to move
	} else if b, ok := appendAppenders(m.buf.AvailableBuffer(), v.Legal); ok {
		m.buf.Write(b)
	} else if err := m.value(v.Legal); err != nil {
		return err
	}
	m.buf.WriteString(`,"actors":`)
	m.buf.Write(game.AppendJSONInts(m.buf.AvailableBuffer(), v.Actors))
	m.buf.WriteString(`,"seat":`)
	m.buf.Write(strconv.AppendInt(m.buf.AvailableBuffer(), int64(v.Seat), 10))
	m.buf.WriteString(`,"result":`)
	if v.rawResult != nil {
		m.buf.Write(v.rawResult)
	} else {
		m.buf.Write(v.Result.AppendJSON(m.buf.AvailableBuffer()))
	}
	m.buf.WriteString(`,"events":`)
	if v.rawEvents != nil {
		m.buf.Write(v.rawEvents)
	} else if v.Events != nil {
		// The bytes encoding/json writes (TestEventsEncodeAsEncodingJSONWould);
		// Events are the viewer's already, which For leaves as they are.
		m.buf.Write(game.AppendEventsJSON(m.buf.AvailableBuffer(), v.Events, v.Seat, v.Names))
	} else if err := m.value(v.Events); err != nil {
		return err
	}
	if len(v.Names) > 0 {
		m.buf.WriteString(`,"names":`)
		m.buf.Write(game.AppendJSONArray(m.buf.AvailableBuffer(), v.Names, game.AppendJSONString))
	}
	if v.Deadline != 0 {
		m.buf.WriteString(`,"deadline":`)
		m.buf.Write(strconv.AppendInt(m.buf.AvailableBuffer(), v.Deadline, 10))
	}
	if v.TurnDue != 0 {
		m.buf.WriteString(`,"turnDue":`)
		m.buf.Write(strconv.AppendInt(m.buf.AvailableBuffer(), v.TurnDue, 10))
	}
	if v.Undo {
		m.buf.WriteString(`,"undo":true`)
	}
	m.buf.WriteByte('}')
	return nil
}

// appendAppenders appends the JSON array of vs when every one of them is
// a game.JSONAppender (a game's moves may be), as encoding/json would
// write it; false, with b as it was, when one is not or vs is nil.
func appendAppenders(b []byte, vs []any) ([]byte, bool) {
	if vs == nil {
		return b, false
	}
	for _, x := range vs {
		if _, ok := x.(game.JSONAppender); !ok {
			return b, false
		}
	}
	return game.AppendJSONArray(b, vs, func(b []byte, x any) []byte { return x.(game.JSONAppender).AppendJSON(b) }), true
}

// value encodes one value without the newline Encode ends with.
func (m *Msg) value(d any) error {
	if a, ok := d.(game.JSONAppender); ok {
		m.buf.Write(a.AppendJSON(m.buf.AvailableBuffer()))
		return nil
	}
	if err := m.enc.Encode(d); err != nil {
		return err
	}
	m.buf.Truncate(m.buf.Len() - 1)
	return nil
}

// Send sends c one frame, encoded once for it.
func Send(c Conn, t string, v int, d any) {
	m := NewMsg(t, v, d)
	c.Send(m)
	m.Done()
}

// appendView appends the JSON of a game's view, as a state frame holds it.
func appendView(b []byte, v any) []byte {
	if a, ok := v.(game.JSONAppender); ok {
		return a.AppendJSON(b)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, raw...)
}
