package gametest

import (
	"strconv"

	"harbor/game"
)

// AppendJSON implements game.JSONAppender: the server encodes every
// viewer's view after every move, and this writes what encoding/json
// would without reflection (TestAppendJSON compares the two).
func (v View) AppendJSON(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = game.AppendJSONString(b, v.Type)
	b = append(b, `,"pile":`...)
	b = strconv.AppendInt(b, int64(v.Pile), 10)
	if v.Bag != 0 {
		b = append(b, `,"bag":`...)
		b = strconv.AppendInt(b, int64(v.Bag), 10)
	}
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, int64(v.Turn), 10)
	b = append(b, `,"taken":`...)
	b = game.AppendJSONInts(b, v.Taken)
	if v.Secret != nil {
		b = append(b, `,"secret":`...)
		b = strconv.AppendInt(b, int64(*v.Secret), 10)
	}
	return append(b, '}')
}

// AppendJSON implements game.JSONAppender for the legal moves of the
// seat on turn, sent with its view.
func (m Move) AppendJSON(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = game.AppendJSONString(b, m.Type)
	if m.N != 0 {
		b = append(b, `,"n":`...)
		b = strconv.AppendInt(b, int64(m.N), 10)
	}
	return append(b, '}')
}
