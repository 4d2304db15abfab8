package harbor

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Msg is a line for people as a message id and its values, never as
// finished words: each reader's page looks the id up in its catalog and words
// it in the reader's language (web/src/i18n). Ids are namespaced by who
// writes them: "<game>.<name>" for a game's lines and refusals,
// "table.<name>" for the table's own, "api.<name>" for the server's.
//
// A value is one of:
//   - a string: a name people chose (a player's name), shown as it is;
//   - an integer: a count or amount, said by the reader's plural rules;
//   - a *Msg: a word the catalogs translate, such as a card or place name
//     (Msg{ID: "holdings.space.boardwalk"}), or a whole nested line;
//   - a []any of strings and *Msg: a list, joined as the reader's language
//     joins lists ("Ana, Bo and Cy").
type Msg struct {
	ID string         `json:"id"`
	V  map[string]any `json:"v,omitempty"`
}

// M builds a message from its id and key, value pairs:
// M("harborfall.rolled", "who", "Ana", "n", 8).
func M(id string, kv ...any) *Msg {
	m := &Msg{ID: id}
	if len(kv) == 0 {
		return m
	}
	if len(kv)%2 != 0 {
		panic(fmt.Sprintf("game.M(%q): %d arguments, want key, value pairs", id, len(kv)))
	}
	m.V = make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		k, ok := kv[i].(string)
		if !ok {
			panic(fmt.Sprintf("game.M(%q): key %v is not a string", id, kv[i]))
		}
		m.V[k] = kv[i+1]
	}
	return m
}

// Word is a message that names one translated word, such as a card or a
// place: Word("holdings.space.boardwalk").
func Word(id string) *Msg { return &Msg{ID: id} }

// List is a list value of a message: its items joined as the reader's
// language joins lists.
func List[T string | *Msg](items []T) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = it
	}
	return out
}

// Check reports the first value of m (or of a message inside it) that is
// none of the kinds a Msg may carry, or an empty id.
func (m *Msg) Check() error {
	if m == nil || m.ID == "" {
		return fmt.Errorf("message without an id")
	}
	for k, v := range m.V {
		if k == "" || k == ShortID {
			return fmt.Errorf("%s: a value named %q (the short form keeps that name for the id)", m.ID, k)
		}
		if err := checkValue(v); err != nil {
			return fmt.Errorf("%s: value %q: %w", m.ID, k, err)
		}
	}
	return nil
}

func checkValue(v any) error {
	switch x := v.(type) {
	case string, int, int8, int16, int32, int64, uint8, uint16, uint32:
		return nil
	case *Msg:
		return x.Check()
	case []any:
		for _, it := range x {
			switch it.(type) {
			case string, *Msg:
				if err := checkValue(it); err != nil {
					return err
				}
			default:
				return fmt.Errorf("a list item of type %T (a list holds strings and messages)", it)
			}
		}
		return nil
	default:
		return fmt.Errorf("type %T (a value is a string, an integer, a message or a list)", v)
	}
}

// AppendJSON appends the message's JSON: its id, and its values by key in
// order, as encoding/json writes a map.
func (m *Msg) AppendJSON(b []byte) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"id":`...)
	b = AppendJSONString(b, m.ID)
	if len(m.V) > 0 {
		var buf [8]string
		keys := sortedKeys(m.V, buf[:])
		b = append(b, `,"v":{`...)
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendJSONString(b, k)
			b = append(b, ':')
			b = AppendJSONValue(b, m.V[k])
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// ShortID is the member of a message's short form that holds its id.
const ShortID = "@"

// AppendShort appends the message in the short form the events of a game
// travel in (docs/protocol.md, "Events: messages, not sentences"): one
// object of its id, under "@", and its values by key in order, where
// AppendJSON nests the values under "v". An id of namespace ns (one of a
// message inside it too) is written from its dot, without ns: the page
// knows its table's game. With ns "" ids are written whole.
//
// Inside it, a word of namespace ns (a message without values) is the
// string of its id from the dot, ".space.boardwalk"; so a name that
// starts with a dot, or with a backslash, is written after a backslash.
func (m *Msg) AppendShort(b []byte, ns string) []byte { return m.AppendShortNamed(b, ns, "") }

// OwnName is the key of a message's value that names the person its line
// is about, the seat of its event. A state frame sends its seats' names
// once and leaves that value out where it is the seat's name (docs/protocol.md,
// "Events: messages, not sentences"): AppendShortNamed.
const OwnName = "who"

// AppendShortNamed is AppendShort for a reader who knows the name of the
// message's seat, own (not ""): an OwnName value that is own is left out,
// for the reader to put back, and a message without one says so with an
// empty one, for the reader to take away. With own "" it is AppendShort.
func (m *Msg) AppendShortNamed(b []byte, ns, own string) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"@":`...)
	b = AppendJSONString(b, relative(m.ID, ns))
	const none = `,"` + OwnName + `":""`
	has := own == "" // with no name to leave out, nothing is marked
	if !has {
		_, has = m.V[OwnName]
	}
	var buf [8]string
	for _, k := range sortedKeys(m.V, buf[:]) {
		if !has && k > OwnName {
			b, has = append(b, none...), true
		}
		if k == OwnName && own != "" {
			if s, ok := m.V[k].(string); ok && s == own {
				continue
			}
		}
		b = append(b, ',')
		b = AppendJSONString(b, k)
		b = append(b, ':')
		b = appendShortValue(b, m.V[k], ns)
	}
	if !has {
		b = append(b, none...)
	}
	return append(b, '}')
}

// relative is id from its dot when its namespace is ns, else id.
func relative(id, ns string) string {
	if ns != "" && len(id) > len(ns)+1 && id[len(ns)] == '.' && id[:len(ns)] == ns {
		return id[len(ns):]
	}
	return id
}

// appendShortValue is AppendJSONValue with messages in their short form.
func appendShortValue(b []byte, v any, ns string) []byte {
	switch x := v.(type) {
	case string:
		if x != "" && (x[0] == '.' || x[0] == '\\') {
			b = append(b, `"\\`...)
			return append(b, AppendJSONString(nil, x)[1:]...)
		}
	case *Msg:
		// A word whose id holds the count mark keeps the object, so that
		// every string from a dot reads back one way.
		if x != nil {
			if id := relative(x.ID, ns); id != "" && id[0] == '.' && !strings.Contains(id, CountMark) {
				if len(x.V) == 0 {
					return AppendJSONString(b, id)
				}
				if n, ok := countOnly(x); ok {
					// A counted word: ".amount.brick#2", its id and its n.
					b = AppendJSONString(b, id)
					b = append(b[:len(b)-1], CountMark...)
					b = strconv.AppendInt(b, n, 10)
					return append(b, '"')
				}
			}
		}
		return x.AppendShort(b, ns)
	case []any:
		return appendList(b, x, ns, true)
	}
	return AppendJSONValue(b, v)
}

// CountMark joins a counted word's id and its count in the short form: a
// message of the game whose one value is the integer n ("2 brick") is the
// string ".amount.brick#2" inside another message.
const CountMark = "#"

// countOnly is m's n when n is its one value and a whole number: an
// integer, or a float64 of one, as a message read back holds it.
func countOnly(m *Msg) (int64, bool) {
	if len(m.V) != 1 {
		return 0, false
	}
	n, ok := m.V["n"]
	if !ok {
		return 0, false
	}
	switch v := reflect.ValueOf(n); {
	case v.CanInt():
		return v.Int(), true
	case v.CanUint() && v.Uint() < 1<<63:
		return int64(v.Uint()), true
	case v.CanFloat() && v.Float() == math.Trunc(v.Float()) && math.Abs(v.Float()) < 1<<53:
		return int64(v.Float()), true
	}
	return 0, false
}

// UnmarshalJSON reads a message in either form, {"id", "v"} or the short
// one; a message value inside it is read as a *Msg, a list as a []any,
// a number as a float64. An id the short form wrote without its namespace
// keeps its leading dot: Resolve puts the namespace back.
func (m *Msg) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*m = Msg{}
	values, short := raw, false
	if id, ok := raw[ShortID]; ok {
		short = true
		if err := json.Unmarshal(id, &m.ID); err != nil {
			return err
		}
		delete(values, ShortID)
	} else {
		if err := json.Unmarshal(raw["id"], &m.ID); err != nil {
			return fmt.Errorf("a message without an id: %w", err)
		}
		values = nil
		if v, ok := raw["v"]; ok && string(v) != "null" {
			if err := json.Unmarshal(v, &values); err != nil {
				return err
			}
		}
	}
	if len(values) == 0 {
		return nil
	}
	m.V = make(map[string]any, len(values))
	for k, v := range values {
		x, err := unmarshalValue(v, short)
		if err != nil {
			return fmt.Errorf("%s: value %q: %w", m.ID, k, err)
		}
		m.V[k] = x
	}
	return nil
}

func unmarshalValue(v json.RawMessage, short bool) (any, error) {
	for _, c := range v {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '{':
			m := new(Msg)
			return m, m.UnmarshalJSON(v)
		case '[':
			var items []json.RawMessage
			if err := json.Unmarshal(v, &items); err != nil {
				return nil, err
			}
			out := make([]any, len(items))
			for i, it := range items {
				x, err := unmarshalValue(it, short)
				if err != nil {
					return nil, err
				}
				out[i] = x
			}
			return out, nil
		}
		break
	}
	var x any
	if err := json.Unmarshal(v, &x); err != nil {
		return nil, err
	}
	if s, ok := x.(string); ok && short && s != "" {
		switch s[0] {
		case '.':
			if i := strings.LastIndex(s, CountMark); i > 0 {
				if n, err := strconv.ParseInt(s[i+len(CountMark):], 10, 64); err == nil {
					return &Msg{ID: s[:i], V: map[string]any{"n": float64(n)}}, nil // a counted word
				}
			}
			return &Msg{ID: s}, nil // a word of the short form
		case '\\':
			return s[1:], nil
		}
	}
	return x, nil
}

// Resolve gives the ids of m (and of the messages inside it) that the
// short form wrote from their dot the namespace ns back.
func (m *Msg) Resolve(ns string) {
	if m == nil {
		return
	}
	if len(m.ID) > 1 && m.ID[0] == '.' {
		m.ID = ns + m.ID
	}
	for _, v := range m.V {
		resolveValue(v, ns)
	}
}

func resolveValue(v any, ns string) {
	switch x := v.(type) {
	case *Msg:
		x.Resolve(ns)
	case []any:
		for _, it := range x {
			resolveValue(it, ns)
		}
	}
}

// appendList appends a list value, its items in the short form when short.
func appendList(b []byte, x []any, ns string, short bool) []byte {
	if x == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, it := range x {
		if i > 0 {
			b = append(b, ',')
		}
		if short {
			b = appendShortValue(b, it, ns)
		} else {
			b = AppendJSONValue(b, it)
		}
	}
	return append(b, ']')
}

// sortedKeys are the keys of v in order, in buf when they fit.
func sortedKeys(v map[string]any, buf []string) []string {
	keys := buf[:0]
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// AppendJSONValue appends a value as encoding/json writes it: a message's
// kinds of values without reflection, anything else through encoding/json.
func AppendJSONValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		return AppendJSONString(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case *Msg:
		return x.AppendJSON(b)
	case []any:
		return appendList(b, x, "", false)
	case JSONAppender:
		return x.AppendJSON(b)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		// A value encoding/json refuses would fail the whole frame there; here it says so in place.
		return AppendJSONString(b, "unencodable: "+err.Error())
	}
	return append(b, raw...)
}

// JSONAppender is a value that appends its own JSON encoding: exactly the
// bytes encoding/json would write for it, without reflection. A game's view
// may implement it (with a value receiver) to make the frames the server
// sends after every move cheaper to build; a test of the game must then
// compare it with encoding/json over many positions.
type JSONAppender interface {
	AppendJSON(b []byte) []byte
}

// AppendJSONString appends s as encoding/json encodes a string (HTML
// characters escaped, invalid UTF-8 replaced). A string that needs no
// escape, which names, ids and words almost always are in any language, is
// copied as it is; any other goes through encoding/json.
func AppendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if !jsonPlain[c] {
				return appendJSONQuoted(b, s)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return appendJSONQuoted(b, s)
		}
		i += size
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendJSONQuoted appends s as encoding/json writes it.
func appendJSONQuoted(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}

// jsonPlain marks the ASCII bytes that a JSON string holds as they are:
// the printable ones but for the quote and backslash, and for the three
// that encoding/json escapes for HTML.
var jsonPlain = func() (t [utf8.RuneSelf]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = true
	}
	for _, c := range `"\<>&` {
		t[c] = false
	}
	return t
}()
