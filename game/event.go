package game

// Event is one thing that happened, for the game log, the TV's animations and
// replays. Text and Data are public. Secrets carry detail that only some
// seats may see ("you stole 1 ore" for thief and victim, while everyone else
// reads "stole a card"); use For to get what one viewer may see.
type Event struct {
	Type string `json:"type"`           // what happened: "roll", "buy", "rent", ...
	Seat Seat   `json:"seat"`           // the seat the event is about, or Public
	Text string `json:"text"`           // public, readable line for the log
	Data any    `json:"data,omitempty"` // public structured detail (dice, amounts, spaces)

	Secrets []Secret `json:"-"` // never encoded: resolved per viewer by For
}

// Secret is the part of an event only the seats in To may see. For them it
// replaces the event's Text, and Data when Data is set.
type Secret struct {
	To   SeatSet
	Text string
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
