package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"harbor"
)

// Event is one thing that happened, for the game log, the TV's animations and
// replays. Msg, Text and Data are public. Secrets carry detail that only some
// seats may see ("you stole 1 ore" for thief and victim, while everyone else
// reads "stole a card"); use For to get what one viewer may see.
//
// Msg is what the wire carries: a message id and its values, which each
// reader's page words in their own language. Text is the same line in
// English, for the server's own use (tests, the operator's logs); it is
// encoded only for an event that has no Msg.
//
// An event travels in a short form (docs/protocol.md, "Events: messages,
// not sentences"): the array [type, seat, msg, data], its message in the
// short form of Msg.AppendShort, with the ids of its game written from
// their dot (its text, a string, in place of a message it has not; no
// data, no fourth item). UnmarshalJSON reads that form and the long one
// the field names below give.
type Event struct {
	Type string `json:"type"`           // what happened: "roll", "buy", "rent", ...
	Seat Seat   `json:"seat"`           // the seat the event is about, or Public
	Text string `json:"text"`           // public, readable English line for the log
	Msg  *Msg   `json:"msg,omitempty"`  // the same line as a message id and values
	Data any    `json:"data,omitempty"` // public structured detail (dice, amounts, spaces)

	Secrets []Secret `json:"-"` // never encoded: resolved per viewer by For
}

// MarshalJSON encodes the event in its short form, with its Msg, and with
// its Text only when it has no Msg: the line is sent once, in the form the
// reader's page words.
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil), nil }

// AppendJSON appends the event's JSON, as MarshalJSON gives it, without
// reflection but for its Data: the server encodes the events of every move.
func (e Event) AppendJSON(b []byte) []byte { return e.AppendJSONNamed(b, nil) }

// AppendJSONNamed is AppendJSON for a reader who knows every seat's name,
// names[seat]: the message of an event of a seat leaves out its "who"
// (OwnName) when that is the seat's name, and has an empty one when it has
// none (Msg.AppendShortNamed); PutOwnName reads it back. A state frame
// sends its seats' names once and its events so (docs/protocol.md).
func (e Event) AppendJSONNamed(b []byte, names []string) []byte {
	b = append(b, '[')
	b = AppendJSONString(b, e.Type)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(e.Seat), 10)
	b = append(b, ',')
	if e.Msg != nil {
		own := ""
		if e.Seat >= 0 && int(e.Seat) < len(names) {
			own = names[e.Seat]
		}
		b = e.Msg.AppendShortNamed(b, gameOf(e.Msg.ID), own)
	} else {
		b = AppendJSONString(b, e.Text)
	}
	if e.Data != nil {
		b = append(b, ',')
		b = harbor.AppendJSONValue(b, e.Data)
	}
	return append(b, ']')
}

// gameOf is the namespace of id when it is a registered game's, the
// namespace the short form writes its ids without; else "".
func gameOf(id string) string {
	ns, _, ok := strings.Cut(id, ".")
	if !ok {
		return ""
	}
	registry.RLock()
	_, known := registry.defs[ns]
	registry.RUnlock()
	if !known {
		return ""
	}
	return ns
}

// UnmarshalJSON reads an event in its short form or its long one. The
// ids its message holds without their namespace keep their leading dot:
// Resolve puts the game's namespace back.
func (e *Event) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(data, &items); err != nil {
			return err
		}
		if len(items) < 3 || len(items) > 4 {
			return fmt.Errorf("an event of %d items, want 3 or 4", len(items))
		}
		*e = Event{}
		if err := json.Unmarshal(items[0], &e.Type); err != nil {
			return err
		}
		if err := json.Unmarshal(items[1], &e.Seat); err != nil {
			return err
		}
		if line := bytes.TrimSpace(items[2]); len(line) > 0 && line[0] == '"' {
			if err := json.Unmarshal(line, &e.Text); err != nil {
				return err
			}
		} else if err := json.Unmarshal(line, &e.Msg); err != nil {
			return err
		}
		if len(items) == 4 {
			return json.Unmarshal(items[3], &e.Data)
		}
		return nil
	}
	type long Event
	var l long
	if err := json.Unmarshal(data, &l); err != nil {
		return err
	}
	*e = Event(l)
	return nil
}

// Resolve gives the ids of the event's message that its short form wrote
// without their namespace the namespace of game back.
func (e *Event) Resolve(game string) { e.Msg.Resolve(game) }

// PutOwnName undoes AppendJSONNamed on an event read back with the same
// names: its message gets its own seat's name as its "who" where it has
// none, and loses an empty one.
func (e *Event) PutOwnName(names []string) {
	if e.Msg == nil || e.Seat < 0 || int(e.Seat) >= len(names) || names[e.Seat] == "" {
		return
	}
	switch who, has := e.Msg.V[OwnName]; {
	case !has:
		if e.Msg.V == nil {
			e.Msg.V = map[string]any{}
		}
		e.Msg.V[OwnName] = names[e.Seat]
	case who == "":
		delete(e.Msg.V, OwnName)
		if len(e.Msg.V) == 0 {
			e.Msg.V = nil
		}
	}
}

// AppendEventsJSON appends the JSON array of events as viewer may see them,
// each written by AppendJSONNamed with names (nil: every "who" written).
func AppendEventsJSON(b []byte, events []Event, viewer Seat, names []string) []byte {
	b = append(b, '[')
	for i, e := range events {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.For(viewer).AppendJSONNamed(b, names)
	}
	return append(b, ']')
}

// Secret is the part of an event only the seats in To may see. For them it
// replaces the event's Text and Msg, and Data when Data is set.
type Secret struct {
	To   SeatSet
	Text string
	Msg  *Msg
	Data any
}

// For returns the event as viewer may see it: with the first secret addressed
// to viewer applied, and every secret stripped.
func (e Event) For(viewer Seat) Event {
	out := e
	out.Secrets = nil
	for _, s := range e.Secrets {
		if s.To.Has(viewer) {
			if s.Text != "" {
				out.Text = s.Text
			}
			if s.Msg != nil {
				out.Msg = s.Msg
			}
			if s.Data != nil {
				out.Data = s.Data
			}
			break
		}
	}
	return out
}

// Log collects the events of one Apply. A nil *Log is valid and discards
// everything: simulations and benchmarks pass nil, and engines check On before
// they format text, so an unlogged move allocates nothing for its events.
type Log struct {
	Events []Event
}

// On reports whether events are being recorded.
func (l *Log) On() bool { return l != nil }

// Add records e; on a nil Log it does nothing.
func (l *Log) Add(e Event) {
	if l != nil {
		l.Events = append(l.Events, e)
	}
}

// Reset empties the log, keeping its storage.
func (l *Log) Reset() {
	if l != nil {
		clear(l.Events)
		l.Events = l.Events[:0]
	}
}
