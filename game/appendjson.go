package game

import (
	"encoding/json"
	"strconv"
)

// JSONAppender is a value that appends its own JSON encoding: exactly the
// bytes encoding/json would write for it, without reflection. A game's view
// may implement it (with a value receiver) to make the frames the server
// sends after every move cheaper to build; a test of the game must then
// compare it with encoding/json over many positions.
type JSONAppender interface {
	AppendJSON(b []byte) []byte
}

// AppendJSONString appends s as encoding/json encodes a string (HTML
// characters escaped, invalid UTF-8 replaced).
func AppendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// AppendJSONInts appends a JSON array of integers.
func AppendJSONInts[T ~int | ~int8 | ~int16 | ~int32 | ~int64](b []byte, vs []T) []byte {
	if vs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, ']')
}

// SharedView is a view that every viewer sees alike: View(viewer) encodes
// to the same bytes for each seat and for the public. The server then
// encodes it once for all the frames of a broadcast, and makes its part of
// the patches once for every connection that holds the same view. A game
// whose view says so is checked by the contract test of every game.
type SharedView interface {
	SameForEveryViewer()
}
