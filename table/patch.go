package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
)

// A patch turns one JSON value into another (docs/protocol.md, "Patches").
// It is a JSON object of entries, one for each member of an object (by
// key) or element of an array (by decimal index) that changed:
//
//   - [x]: the member or element becomes x, whatever it was (or is added);
//   - []: the member is removed;
//   - {...}: a patch of the same kind for the member or element, which is
//     an object or an array in both values;
//   - in a patch of an array, "n": the array's new length; the elements
//     past the old length follow as [x] entries.
//
// A patch is made from the two encodings alone, so it can hold nothing that
// the second value does not (besides the names of removed members and the
// old length of an array, which the first value held).

// AppendDiff appends to dst the patch that turns the JSON object a into
// the JSON object b, both as encoding/json writes them (no key twice). It
// works on the bytes: equal parts are found by comparing bytes, and a
// changed object or array is patched member by member, or replaced whole
// when that is shorter.
func AppendDiff(dst, a, b []byte) []byte {
	return appendNode(dst, trimSpace(a), trimSpace(b))
}

// appendNode appends the patch of a into b, two objects or two arrays.
func appendNode(dst, a, b []byte) []byte {
	dst = append(dst, '{')
	first := true
	if b[0] == '[' {
		dst = diffArrays(dst, a, b, &first)
	} else {
		dst = diffObjects(dst, a, b, &first)
	}
	return append(dst, '}')
}

// member is one member of an object or element of an array: its key (with
// its quotes; nil for an element) and its value.
type member struct{ key, val []byte }

// members splits the object or array v into its members.
func members(v []byte, into []member) []member {
	i := skipSpace(v, 1)
	if i < len(v) && (v[i] == '}' || v[i] == ']') {
		return into
	}
	for i < len(v) {
		var m member
		if v[0] == '{' {
			end := skipValue(v, i)
			m.key = v[i:end]
			i = skipSpace(v, end)
			i = skipSpace(v, i+1) // the colon
		}
		end := skipValue(v, i)
		m.val = v[i:end]
		into = append(into, m)
		i = skipSpace(v, end)
		if i >= len(v) || v[i] != ',' {
			break
		}
		i = skipSpace(v, i+1)
	}
	return into
}

func diffObjects(dst, a, b []byte, first *bool) []byte {
	var abuf, bbuf [24]member
	am, bm := members(a, abuf[:0]), members(b, bbuf[:0])
	var seenBuf [24]bool
	seen := seenBuf[:0]
	for range am {
		seen = append(seen, false)
	}
	j := 0
	for _, m := range bm {
		k := -1
		if j < len(am) && bytes.Equal(am[j].key, m.key) {
			k = j
		} else {
			for i := range am {
				if !seen[i] && bytes.Equal(am[i].key, m.key) {
					k = i
					break
				}
			}
		}
		if k < 0 {
			dst = appendSet(dst, first, m.key, m.val)
			continue
		}
		seen[k], j = true, k+1
		dst = appendEntry(dst, first, m.key, am[k].val, m.val)
	}
	for i, m := range am {
		if !seen[i] {
			dst = appendKey(dst, first, m.key)
			dst = append(dst, "[]"...)
		}
	}
	return dst
}

func diffArrays(dst, a, b []byte, first *bool) []byte {
	var abuf, bbuf [24]member
	am, bm := members(a, abuf[:0]), members(b, bbuf[:0])
	var key [24]byte
	for i, m := range bm {
		k := strconv.AppendInt(append(key[:0], '"'), int64(i), 10)
		k = append(k, '"')
		if i < len(am) {
			dst = appendEntry(dst, first, k, am[i].val, m.val)
		} else {
			if i == len(am) {
				dst = appendKey(dst, first, []byte(`"n"`))
				dst = strconv.AppendInt(dst, int64(len(bm)), 10)
			}
			dst = appendSet(dst, first, k, m.val)
		}
	}
	if len(bm) < len(am) {
		dst = appendKey(dst, first, []byte(`"n"`))
		dst = strconv.AppendInt(dst, int64(len(bm)), 10)
	}
	return dst
}

// appendEntry appends the entry that turns a into b under key, or nothing
// when they are equal.
func appendEntry(dst []byte, first *bool, key, a, b []byte) []byte {
	if bytes.Equal(a, b) {
		return dst
	}
	if len(a) > 0 && len(b) > 0 && (a[0] == '{' && b[0] == '{' || a[0] == '[' && b[0] == '[') {
		wasFirst := *first
		start := len(dst)
		dst = appendKey(dst, first, key)
		mark := len(dst)
		dst = appendNode(dst, a, b)
		if len(dst)-mark <= len(b)+2 {
			return dst
		}
		dst, *first = dst[:start], wasFirst
	}
	return appendSet(dst, first, key, b)
}

// appendSet appends the entry key: [v].
func appendSet(dst []byte, first *bool, key, v []byte) []byte {
	dst = appendKey(dst, first, key)
	dst = append(dst, '[')
	dst = append(dst, v...)
	return append(dst, ']')
}

func appendKey(dst []byte, first *bool, key []byte) []byte {
	if !*first {
		dst = append(dst, ',')
	}
	*first = false
	dst = append(dst, key...)
	return append(dst, ':')
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(v []byte, i int) int {
	for i < len(v) && isSpace(v[i]) {
		i++
	}
	return i
}

func trimSpace(v []byte) []byte { return bytes.TrimSpace(v) }

// skipValue returns the index just past the JSON value that starts at i.
func skipValue(v []byte, i int) int {
	if i >= len(v) {
		return i
	}
	switch v[i] {
	case '"':
		return stringEnd(v, i)
	case '{', '[':
		depth := 0
		for ; i < len(v); i++ {
			switch v[i] {
			case '"':
				i = stringEnd(v, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return i
	default:
		for i < len(v) && v[i] != ',' && v[i] != '}' && v[i] != ']' && !isSpace(v[i]) {
			i++
		}
		return i
	}
}

// stringEnd returns the index just past the string that starts at i.
func stringEnd(v []byte, i int) int {
	for i++; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// ApplyPatch returns the JSON value a with patch applied: what a client
// does with a patch frame (the browser's own is web/src/patch.ts). Errors
// when the patch does not fit a (it was made from another value).
func ApplyPatch(a, patch []byte) ([]byte, error) {
	var doc, p any
	if err := decodeNumbers(a, &doc); err != nil {
		return nil, err
	}
	if err := decodeNumbers(patch, &p); err != nil {
		return nil, err
	}
	out, err := applyNode(doc, p)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

func decodeNumbers(raw []byte, into *any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	return d.Decode(into)
}

func applyNode(v, patch any) (any, error) {
	p, ok := patch.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a patch is an object, not %T", patch)
	}
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v)+len(p))
		for k, x := range v {
			out[k] = x
		}
		for k, e := range p {
			x, keep, err := applyEntry(out[k], e)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
			if keep {
				out[k] = x
			} else {
				delete(out, k)
			}
		}
		return out, nil
	case []any:
		out := append([]any(nil), v...)
		if n, ok := p["n"].(json.Number); ok {
			size, err := strconv.Atoi(string(n))
			if err != nil || size < 0 {
				return nil, fmt.Errorf("bad length %s", n)
			}
			out = append(out[:min(size, len(out))], make([]any, max(0, size-len(out)))...)
		}
		for k, e := range p {
			if k == "n" {
				continue
			}
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(out) {
				return nil, fmt.Errorf("no element %q in an array of %d", k, len(out))
			}
			x, keep, err := applyEntry(out[i], e)
			if err == nil && !keep {
				err = fmt.Errorf("an element cannot be removed, only the length changed")
			}
			if err != nil {
				return nil, fmt.Errorf("%d: %w", i, err)
			}
			out[i] = x
		}
		return out, nil
	}
	return nil, fmt.Errorf("a patch of an object or array applied to %T", v)
}

// applyEntry returns what the entry e makes of the value x; keep is false
// when it removes it.
func applyEntry(x, e any) (_ any, keep bool, err error) {
	if set, ok := e.([]any); ok {
		switch len(set) {
		case 0:
			return nil, false, nil
		case 1:
			return set[0], true, nil
		}
		return nil, false, fmt.Errorf("an entry of %d values", len(set))
	}
	x, err = applyNode(x, e)
	return x, true, err
}

// PatchWithin checks that patch reveals nothing beyond next, the value it
// makes: every value it sets is next's at the same place, every member it
// removes is absent from next, every length it gives is next's. Only the
// names of removed members come from elsewhere (the value before).
func PatchWithin(patch, next []byte) error {
	var p, v any
	if err := decodeNumbers(patch, &p); err != nil {
		return err
	}
	if err := decodeNumbers(next, &v); err != nil {
		return err
	}
	return within(p, v, "")
}

func within(patch, v any, at string) error {
	p, ok := patch.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: a patch that is not an object", at)
	}
	for k, e := range p {
		var (
			x       any
			present bool
		)
		switch v := v.(type) {
		case map[string]any:
			x, present = v[k]
		case []any:
			if k == "n" {
				if n, ok := e.(json.Number); !ok || string(n) != strconv.Itoa(len(v)) {
					return fmt.Errorf("%s: length %v, not the array's %d", at, e, len(v))
				}
				continue
			}
			i, err := strconv.Atoi(k)
			present = err == nil && i >= 0 && i < len(v)
			if present {
				x = v[i]
			}
		default:
			return fmt.Errorf("%s: a patch of a %T", at, v)
		}
		switch e := e.(type) {
		case []any:
			if len(e) == 0 && present {
				return fmt.Errorf("%s/%s: removed but still there", at, k)
			}
			if len(e) == 1 && (!present || !reflect.DeepEqual(e[0], x)) {
				return fmt.Errorf("%s/%s: set to a value that is not there", at, k)
			}
			if len(e) > 1 {
				return fmt.Errorf("%s/%s: an entry of %d values", at, k, len(e))
			}
		default:
			if !present {
				return fmt.Errorf("%s/%s: patched but not there", at, k)
			}
			if err := within(e, x, at+"/"+k); err != nil {
				return err
			}
		}
	}
	return nil
}
