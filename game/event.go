package game

import (
	"strconv"

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
type Event struct {
	Type string `json:"type"`           // what happened: "roll", "buy", "rent", ...
	Seat Seat   `json:"seat"`           // the seat the event is about, or Public
	Text string `json:"text"`           // public, readable English line for the log
	Msg  *Msg   `json:"msg,omitempty"`  // the same line as a message id and values
	Data any    `json:"data,omitempty"` // public structured detail (dice, amounts, spaces)

	Secrets []Secret `json:"-"` // never encoded: resolved per viewer by For
}

// MarshalJSON encodes the event with its Msg, and with its Text only when
// it has no Msg: the line is sent once, in the form the reader's page words.
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil), nil }

// AppendJSON appends the event's JSON, as MarshalJSON gives it, without
// reflection but for its Data: the server encodes the events of every move.
func (e Event) AppendJSON(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = AppendJSONString(b, e.Type)
	b = append(b, `,"seat":`...)
	b = strconv.AppendInt(b, int64(e.Seat), 10)
	if e.Msg != nil {
		b = append(b, `,"msg":`...)
		b = e.Msg.AppendJSON(b)
	} else {
		b = append(b, `,"text":`...)
		b = AppendJSONString(b, e.Text)
	}
	if e.Data != nil {
		b = append(b, `,"data":`...)
		b = harbor.AppendJSONValue(b, e.Data)
	}
	return append(b, '}')
}

// AppendEventsJSON appends the JSON array of events as viewer may see them.
func AppendEventsJSON(b []byte, events []Event, viewer Seat) []byte {
	b = append(b, '[')
	for i, e := range events {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.For(viewer).AppendJSON(b)
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
