package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// strictDecoder is a JSON decoder that refuses unknown fields, over a
// reader pointed at each input in turn: decoders are pooled, since making
// one costs more than decoding a small move.
type strictDecoder struct {
	rd  bytes.Reader
	dec *json.Decoder
}

var strictDecoders = sync.Pool{New: func() any {
	d := &strictDecoder{}
	d.dec = json.NewDecoder(&d.rd)
	d.dec.DisallowUnknownFields()
	return d
}}

// DecodeStrict decodes raw, which must be exactly one JSON value, into v,
// refusing fields v does not have, field names in another case than v's
// own and keys repeated in one object. It is safe for concurrent use and, after
// warming up, allocates only what v's decoding needs.
func DecodeStrict(raw json.RawMessage, v any) error {
	if !json.Valid(raw) {
		return fmt.Errorf("not one well-formed JSON value")
	}
	if err := checkKeys(raw, reflect.TypeOf(v)); err != nil {
		return err
	}
	d := strictDecoders.Get().(*strictDecoder)
	d.rd.Reset(raw)
	if err := d.dec.Decode(v); err != nil {
		return err // the decoder may be mid-value: it is not reused
	}
	// raw is one valid value, so the decoder has consumed it whole and
	// starts the next input afresh.
	strictDecoders.Put(d)
	return nil
}

// CheckStrict checks raw as DecodeStrict does a value decoded into a
// json.RawMessage: exactly one JSON value with no key repeated in any of
// its objects.
func CheckStrict(raw []byte) error {
	if !json.Valid(raw) {
		return fmt.Errorf("not one well-formed JSON value")
	}
	return checkKeys(raw, nil)
}

// checkKeys reports the first object key of raw (one valid JSON value,
// decoded into a value of type t) that encoding/json would accept but
// Harbor does not: a key repeated in one object, or a key that names a
// struct field in another case than its own. encoding/json matches field
// names regardless of case and lets the last of two equal keys win; the
// protocol is exact.
func checkKeys(raw []byte, t reflect.Type) error {
	s := keyScanner{b: raw}
	return s.value(t)
}

// keyScanner walks a JSON value that json.Valid has accepted.
type keyScanner struct {
	b []byte
	i int
}

func (s *keyScanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// value walks one value; t is the Go type it decodes into, or nil when
// that is not known (an interface, a raw message, a type that decodes
// itself).
func (s *keyScanner) value(t reflect.Type) error {
	t = plainType(t)
	s.space()
	switch s.b[s.i] {
	case '{':
		return s.object(t)
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		s.i++
		s.space()
		if s.b[s.i] == ']' {
			s.i++
			return nil
		}
		for {
			if err := s.value(elem); err != nil {
				return err
			}
			s.space()
			c := s.b[s.i]
			s.i++
			if c == ']' {
				return nil
			}
		}
	case '"':
		s.str()
		return nil
	default:
		for s.i < len(s.b) && !strings.ContainsRune(" \t\n\r,]}", rune(s.b[s.i])) {
			s.i++
		}
		return nil
	}
}

// str skips a string and returns its raw contents (escapes not undone)
// and whether it holds any escape.
func (s *keyScanner) str() (string, bool) {
	s.i++ // the opening quote
	start, escaped := s.i, false
	for s.b[s.i] != '"' {
		if s.b[s.i] == '\\' {
			escaped = true
			s.i++
		}
		s.i++
	}
	out := s.b[start:s.i]
	s.i++
	return string(out), escaped
}

func (s *keyScanner) object(t reflect.Type) error {
	var fields map[string]reflect.Type
	var elem reflect.Type
	if t != nil {
		switch t.Kind() {
		case reflect.Struct:
			fields = structFields(t)
		case reflect.Map:
			elem = t.Elem()
		}
	}
	s.i++
	var seen []string
	for {
		s.space()
		if s.b[s.i] == '}' {
			s.i++
			return nil
		}
		key, escaped := s.str()
		if escaped {
			var k string
			_ = json.Unmarshal([]byte(`"`+key+`"`), &k)
			key = k
		}
		for _, k := range seen {
			if k == key {
				return fmt.Errorf("the key %q appears twice", key)
			}
		}
		seen = append(seen, key)
		vt := elem
		if fields != nil {
			ft, ok := fields[key]
			if !ok {
				return fmt.Errorf("unknown field %q (field names are case-sensitive)", key)
			}
			vt = ft
		}
		s.space()
		s.i++ // the colon
		if err := s.value(vt); err != nil {
			return err
		}
		s.space()
		if s.b[s.i] == ',' {
			s.i++
		}
	}
}

var (
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	fieldCache      sync.Map // reflect.Type -> map[string]reflect.Type
)

// plainType is t without pointers, or nil when its keys cannot be known.
func plainType(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() == reflect.Interface || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	return t
}

// structFields maps the exact JSON names of t's fields (promoted ones of
// embedded structs included) to their types.
func structFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	out := map[string]reflect.Type{}
	addFields(t, out)
	fieldCache.Store(t, out)
	return out
}

func addFields(t reflect.Type, out map[string]reflect.Type) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			addFields(ft, out)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, taken := out[name]; !taken {
			out[name] = f.Type
		}
	}
}
