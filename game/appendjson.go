package game

import (
	"strconv"

	"harbor"
)

// JSONAppender is a value that appends its own JSON encoding (harbor.JSONAppender).
type JSONAppender = harbor.JSONAppender

// AppendJSONString appends s as encoding/json encodes a string.
func AppendJSONString(b []byte, s string) []byte { return harbor.AppendJSONString(b, s) }

// AppendJSONInts appends a JSON array of integers. Views are mostly small
// numbers (a board's owners and levels, dice, counts, -1 for none), so a
// single digit and -1 are written directly rather than through strconv.
func AppendJSONInts[T ~int | ~int8 | ~int16 | ~int32 | ~int64](b []byte, vs []T) []byte {
	return AppendJSONArray(b, vs, func(b []byte, v T) []byte {
		switch {
		case 0 <= v && v <= 9:
			return append(b, '0'+byte(v))
		case v == -1:
			return append(b, "-1"...)
		}
		return strconv.AppendInt(b, int64(v), 10)
	})
}

// AppendJSONArray appends vs as a JSON array, each item written by each,
// and null for a nil slice, as encoding/json writes a slice.
func AppendJSONArray[T any](b []byte, vs []T, each func(b []byte, v T) []byte) []byte {
	if vs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, v)
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

// AppendJSON implements JSONAppender: every state frame holds the result,
// encoded after every move (TestResultAppendJSON compares it with
// encoding/json).
func (r Result) AppendJSON(b []byte) []byte {
	b = append(b, `{"over":`...)
	b = strconv.AppendBool(b, r.Over)
	b = append(b, `,"winners":`...)
	b = strconv.AppendUint(b, uint64(r.Winners), 10)
	if len(r.Places) > 0 {
		b = append(b, `,"places":`...)
		b = AppendJSONInts(b, r.Places)
	}
	if len(r.Scores) > 0 {
		b = append(b, `,"scores":`...)
		b = AppendJSONInts(b, r.Scores)
	}
	if r.Reason != "" {
		b = append(b, `,"reason":`...)
		b = AppendJSONString(b, r.Reason)
	}
	b = append(b, `,"turns":`...)
	b = strconv.AppendInt(b, int64(r.Turns), 10)
	return append(b, '}')
}
