package game

import "harbor"

// Msg is a line for people as a message id and its values (harbor.Msg): the
// games' events and refusals carry it, and each reader's page words it.
type Msg = harbor.Msg

// M builds a message from its id and key, value pairs:
// M("harborfall.rolled", "who", "Ana", "n", 8).
func M(id string, kv ...any) *Msg { return harbor.M(id, kv...) }

// OwnName is the key of a message's value naming the person its line is
// about, which a state frame leaves out where it is the event's own seat's
// name (Event.AppendJSONNamed).
const OwnName = harbor.OwnName

// Word is a message that names one translated word, such as a card or a
// place: Word("holdings.space.boardwalk").
func Word(id string) *Msg { return harbor.Word(id) }

// List is a list value of a message: its items joined as the reader's
// language joins lists.
func List[T string | *Msg](items []T) []any { return harbor.List(items) }
