package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
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
// works on the bytes: one pass over each finds where every object and array
// ends, equal parts are found by comparing bytes, and a changed object or
// array is patched member by member, or replaced whole when that is
// shorter.
func AppendDiff(dst, a, b []byte) []byte {
	return appendDiff(dst, &indexed{json: bytes.TrimSpace(a)}, &indexed{json: bytes.TrimSpace(b)}, false)
}

// indexed is a JSON object as encoding/json writes it, with, once known,
// where each of its objects and arrays ends: the (start, end) pairs of
// them all, each after those of the objects and arrays it holds. A state
// that is the base of the next patch keeps them, so a patch reads the
// base's bytes only where the new state differs from it.
type indexed struct {
	json  []byte
	pairs []int32
	// frame, when json is a state frame's, is held while holders (the
	// connections that hold this as their base) is above 0.
	frame   *Msg
	holders int
	// room is the array of pairs kept before, reused for new ones.
	room []int32
	// view, when not 0, numbers the view this state's "view" holds: one
	// that every state numbered the same holds in the same bytes (a view
	// shared by every viewer, encoded once a broadcast).
	view uint64
}

// appendDiff is AppendDiff over indexed values: a's pairs are used when
// known (and found when not), and b's are kept when keep is true.
//
// Only a is indexed: b is read along with it, and an object or array of b
// whose bytes are those of its counterpart in a is passed over with one
// comparison, its pairs copied from a's. So a patch reads little more of
// b than the parts that changed, and finds b's pairs on the way.
func appendDiff(dst []byte, a, b *indexed, keep bool) []byte {
	return appendDiffShared(dst, a, b, keep, nil)
}

// appendDiffShared is appendDiff that takes the entry of a member of the
// object from memo when the member's bytes in a and in b are those memo
// holds for its key, and else makes it and keeps it there (memberMemo).
func appendDiffShared(dst []byte, a, b *indexed, keep bool, memo *memberMemo) []byte {
	d := differs.Get().(*differ)
	d.memo = memo
	d.doc = [2][]byte{a.json, b.json}
	d.views = [2]uint64{a.view, b.view}
	pairs := a.pairs
	if pairs == nil {
		d.index(0, true)
		pairs = d.pairs
	}
	d.useBase(pairs)
	d.record = keep
	d.bpairs = d.bpairs[:0]
	dst, _ = d.node(dst, 0, int32(len(d.doc[0])), 0)
	if keep {
		b.pairs = append(b.room[:0], d.bpairs...)
		b.room = b.pairs
	}
	d.doc, d.apairs, d.memo = [2][]byte{}, nil, nil
	if cap(d.ends[0])+cap(d.ends[1])+cap(d.at) <= 1<<20 {
		differs.Put(d)
	}
	return dst
}

// differ is the scratch space of AppendDiff, reused.
type differ struct {
	doc   [2][]byte  // a and b
	ends  [2][]int32 // at each '{' or '[' of doc[k], the index just past its end
	stack []int32
	pairs []int32 // the pairs an index pass finds
	mems  []span  // the members of the containers being compared, a stack

	// When diffing: apairs are a's pairs, at[i] the number of the pair of
	// the object or array that starts at a's byte i; bpairs are b's pairs
	// found so far, when record.
	apairs []int32
	at     []int32
	bpairs []int32
	record bool
	memo   *memberMemo // nil: none
	views  [2]uint64   // a's and b's view numbers (indexed.view)
}

// memberMemo holds, for members of an object (a state's "view", "events",
// "result"), the patch entry last made for each between two values of it,
// for the next patch whose values there are the same bytes: a view that is
// the same for every viewer, and the events all of them see, are patched
// once for all the viewers whose bases held the same, though the rest of
// their states differ.
//
// A view that differs from viewer to viewer is left out (ownView): its
// entry would serve no other viewer.
type memberMemo struct {
	entries []memoEntry
	ownView bool
}

// takes reports whether the memo keeps the entry of the member key.
func (m *memberMemo) takes(key []byte) bool {
	return m != nil && !(m.ownView && string(key) == `"view"`)
}

type memoEntry struct {
	key    []byte
	a, b   []byte  // the member's value in the base and in the new value (not copied)
	entry  []byte  // the entry made, without the comma before it
	pairs  []int32 // b's pairs found making it, from where b's value starts
	record bool    // pairs were recorded
	views  [2]uint64
}

// clear forgets the values, and keeps the buffers for reuse.
func (m *memberMemo) clear() {
	for i, e := range m.entries {
		m.entries[i] = memoEntry{entry: e.entry[:0], pairs: e.pairs[:0]}
	}
	m.entries = m.entries[:0]
}

// find returns the entry kept for key, or a new one.
func (m *memberMemo) find(key []byte) *memoEntry {
	for i := range m.entries {
		if bytes.Equal(m.entries[i].key, key) {
			return &m.entries[i]
		}
	}
	if len(m.entries) < cap(m.entries) {
		m.entries = m.entries[:len(m.entries)+1]
	} else {
		m.entries = append(m.entries, memoEntry{})
	}
	return &m.entries[len(m.entries)-1]
}

// sharedEntry is entry for a member of b's top object that a holds too,
// whose value in b is an object or an array, through d.memo.
func (d *differ) sharedEntry(dst []byte, first *bool, key []byte, a span, b0 int32) ([]byte, int32) {
	m, av, v := d.memo.find(key), d.val(0, a), d.doc[1]
	if m.key != nil && m.record == d.record && (m.sameViews(d.views, key) || bytes.Equal(m.a, av) && bytes.HasPrefix(v[b0:], m.b)) {
		// m.b is an object or array: the same bytes from the same bracket
		// are the same value.
		if len(m.entry) > 0 {
			if !*first {
				dst = append(dst, ',')
			}
			*first = false
			dst = append(dst, m.entry...)
		}
		if d.record {
			d.bpairs = appendShifted(d.bpairs, m.pairs, b0)
		}
		return dst, b0 + int32(len(m.b))
	}
	wasFirst, start, pstart := *first, len(dst), len(d.bpairs)
	dst, end := d.entry(dst, first, key, a, b0)
	m.key, m.a, m.b, m.record, m.views = key, av, v[b0:end], d.record, d.views
	if !wasFirst && len(dst) > start {
		start++ // the comma
	}
	m.entry = append(m.entry[:0], dst[start:]...)
	m.pairs = appendShifted(m.pairs[:0], d.bpairs[pstart:], -b0)
	return dst, end
}

// appendShifted appends to dst each of xs plus shift: the pairs of an
// object or array moved to where it stands elsewhere. It grows dst once,
// and copies xs as they are when they stand at the same place.
func appendShifted(dst, xs []int32, shift int32) []int32 {
	n := len(dst)
	dst = slices.Grow(dst, len(xs))[:n+len(xs)]
	out := dst[n:]
	if shift == 0 {
		copy(out, xs)
		return dst
	}
	for i, x := range xs {
		out[i] = x + shift
	}
	return dst
}

// sameViews reports whether the entry is the view's between two states
// numbered as those of views: the same bytes, known without comparing
// them (indexed.view).
func (m *memoEntry) sameViews(views [2]uint64, key []byte) bool {
	return views[0] != 0 && views[1] != 0 && m.views == views && string(key) == `"view"`
}

var differs = sync.Pool{New: func() any { return new(differ) }}

// span is one member of an object (key and value) or element of an array
// (k0 == k1: no key), as indexes into its document.
type span struct{ k0, k1, v0, v1 int32 }

// useBase sets the ends of a's objects and arrays, and where each one's
// pair is, from a's pairs.
func (d *differ) useBase(pairs []int32) {
	ends := d.grow(0)
	if cap(d.at) < len(ends) {
		d.at = make([]int32, len(ends)+len(ends)/4)
	}
	d.at = d.at[:len(ends)]
	for i := 0; i+1 < len(pairs); i += 2 {
		ends[pairs[i]] = pairs[i+1]
		d.at[pairs[i]] = int32(i / 2)
	}
	d.apairs = pairs
}

// pair records the pair of b's object or array at [s, e).
func (d *differ) pair(s, e int32) {
	if d.record {
		d.bpairs = append(d.bpairs, s, e)
	}
}

// copyPairs records the pairs of b's object or array at b0, the same bytes
// as a's at a0, and of all it holds: a's, moved by b0-a0. They come just
// before a0's own pair in a's pairs, each starting after a0.
func (d *differ) copyPairs(a0, b0 int32) {
	if !d.record {
		return
	}
	d.copyRange(a0, a0, b0-a0) // the pairs starting at a0 or after: a0's and those it holds
}

// copyRange records the pairs of b's objects and arrays that are a's
// from a's byte s, where a member or element starts, up to the one at last
// and all it holds, moved by shift.
func (d *differ) copyRange(s, last, shift int32) {
	l := int(d.at[last])
	first := l
	for first > 0 && d.apairs[2*(first-1)] >= s {
		first--
	}
	d.bpairs = appendShifted(d.bpairs, d.apairs[2*first:2*l+2], shift)
}

// index finds the end of every object and array of doc[k].
// It returns, when pairs, the (start, end) pairs it found, in d.pairs.
func (d *differ) index(k int, pairs bool) []int32 {
	v := d.doc[k]
	ends := d.grow(k)
	st := d.stack[:0]
	found := d.pairs[:0]
	for i := nextBracket(v, 0); i < len(v); i = nextBracket(v, i+1) {
		if v[i] == '{' || v[i] == '[' {
			st = append(st, int32(i))
		} else if n := len(st) - 1; n >= 0 {
			ends[st[n]] = int32(i + 1)
			if pairs {
				found = append(found, st[n], int32(i+1))
			}
			st = st[:n]
		}
	}
	d.stack, d.pairs = st, found
	if !pairs {
		return nil
	}
	return found
}

// grow makes d.ends[k] as long as doc[k].
func (d *differ) grow(k int) []int32 {
	n := len(d.doc[k])
	if cap(d.ends[k]) < n {
		d.ends[k] = make([]int32, n+n/4)
	}
	d.ends[k] = d.ends[k][:n]
	return d.ends[k]
}

// structural marks the bytes that index stops at; inString those that end
// or escape within a string; scalarEnd those that end a number, true,
// false or null.
var structural, inString, scalarEnd = func() (s, q, e [256]bool) {
	for _, c := range `"{}[]` {
		s[c] = true
	}
	q['"'], q['\\'] = true, true
	for _, c := range ",}] \t\n\r" {
		e[c] = true
	}
	return
}()

// skip returns the index just past the value of doc[k] that starts at i.
func (d *differ) skip(k int, i int32) int32 {
	v := d.doc[k]
	if int(i) >= len(v) {
		return i
	}
	switch v[i] {
	case '"':
		return int32(stringEnd(v, int(i)))
	case '{', '[':
		return d.ends[k][i]
	}
	for int(i) < len(v) && !scalarEnd[v[i]] {
		i++
	}
	return i
}

// members pushes the members of the object or array doc[k][v0:v1] on
// d.mems.
func (d *differ) members(k int, v0, v1 int32) {
	v := d.doc[k][:v1]
	obj := v[v0] == '{'
	i := skipSpace(v, v0+1)
	for int(i) < len(v)-1 {
		var m span
		if obj {
			m.k0 = i
			m.k1 = int32(stringEnd(v, int(i)))
			i = skipSpace(v, skipSpace(v, m.k1)+1) // past the colon
		}
		m.v0 = i
		m.v1 = d.skip(k, i)
		d.mems = append(d.mems, m)
		i = skipSpace(v, m.v1)
		if int(i) >= len(v) || v[i] != ',' {
			break
		}
		i = skipSpace(v, i+1)
	}
}

func (d *differ) key(k int, m span) []byte { return d.doc[k][m.k0:m.k1] }
func (d *differ) val(k int, m span) []byte { return d.doc[k][m.v0:m.v1] }

// node appends the patch of a into b: a's doc[0][a0:a1] into b's object
// or array of the same kind that starts at doc[1][b0]. It returns the
// index just past b's, and records the pairs of b's objects and arrays.
func (d *differ) node(dst []byte, a0, a1, b0 int32) ([]byte, int32) {
	base := len(d.mems)
	d.members(0, a0, a1)
	am := d.mems[base:len(d.mems):len(d.mems)]
	dst = append(dst, '{')
	first := true
	var end int32
	if d.doc[1][b0] == '[' {
		dst, end = d.diffArray(dst, am, b0, &first)
	} else {
		dst, end = d.diffObject(dst, am, b0, &first)
	}
	d.mems = d.mems[:base]
	d.pair(b0, end)
	return append(dst, '}'), end
}

// minRun is the fewest members of an object or array in which runs of
// unchanged members are looked for (sameRun).
const minRun = 8

// sameRun returns how many of the first members am of a's object or
// array, a's bytes from s on, b holds as they are from b0 on, found with
// comparisons of doubling spans of bytes rather than member by member,
// each span from where the last one known the same ends, and records
// their pairs. A member's span ends one byte past its value, so that a
// number is not taken for the start of a longer one.
func (d *differ) sameRun(am []span, s, b0 int32) int {
	a, b := d.doc[0], d.doc[1]
	// same reports whether the members from the first lo to the first n
	// are the same, the first lo being so.
	same := func(lo, n int) bool {
		f, e := s, am[n-1].v1+1
		if lo > 0 {
			f = am[lo-1].v1 + 1
		}
		return int(e) <= len(a) && int(b0+e-s) <= len(b) && bytes.Equal(a[f:e], b[b0+f-s:b0+e-s])
	}
	lo, hi := 0, len(am)+1 // the first lo members are the same, the first hi not
	for n := 1; n < hi; n *= 2 {
		if !same(lo, n) {
			hi = n
			break
		}
		lo = n
	}
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if same(lo, mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if d.record {
		for n := lo - 1; n >= 0; n-- {
			if c := a[am[n].v0]; c == '{' || c == '[' {
				d.copyRange(s, am[n].v0, b0-s)
				break
			}
		}
	}
	return lo
}

// next returns where b's next member or element starts after a value
// ending at i, and false at the end of its object or array, where i then
// is the closing bracket.
func (d *differ) next(i int32) (int32, bool) {
	v := d.doc[1]
	i = skipSpace(v, i)
	if int(i) >= len(v) || v[i] != ',' {
		return i, false
	}
	return skipSpace(v, i+1), true
}

// closed returns the index just past the closing bracket at i.
func (d *differ) closed(i int32) int32 { return min(i+1, int32(len(d.doc[1]))) }

// diffObject appends the entries of b's object at b0 against a's members
// am. Where b's members come as a's do, a run of them b holds as they are
// is passed over at once (sameRun), but for the top object's members the
// memo takes, which go through it.
func (d *differ) diffObject(dst []byte, am []span, b0 int32, first *bool) ([]byte, int32) {
	// A member of a found in b is marked by its k1 set to -1.
	v := d.doc[1]
	i := skipSpace(v, b0+1)
	more := int(i) < len(v) && v[i] != '}'
	j := 0
	// A run is looked for first, and then after each member that did not
	// change: not after one that did, which is likely one of many. Nor in
	// an object of few members, where it would save little.
	runs, try := len(am) >= minRun && (b0 > 0 || d.memo == nil), true
	for more {
		if try && runs && j < len(am) && am[j].k1 >= 0 {
			if n := d.sameRun(am[j:], am[j].k0, i); n > 0 {
				for x := j; x < j+n; x++ {
					am[x].k1 = -1
				}
				i, more = d.next(am[j+n-1].v1 + i - am[j].k0)
				j += n
				continue
			}
		}
		k1 := int32(stringEnd(v, int(i)))
		key := v[i:k1]
		i = skipSpace(v, skipSpace(v, k1)+1) // past the colon
		k := -1
		if j < len(am) && am[j].k1 >= 0 && bytes.Equal(d.key(0, am[j]), key) {
			k = j
		} else {
			for x := range am {
				if am[x].k1 >= 0 && bytes.Equal(d.key(0, am[x]), key) {
					k = x
					break
				}
			}
		}
		var v1 int32
		before := len(dst)
		if k < 0 {
			v1 = d.scan(i)
			dst = appendSet(dst, first, key, v[i:v1])
		} else if b0 == 0 && (v[i] == '{' || v[i] == '[') && d.memo.takes(key) {
			dst, v1 = d.sharedEntry(dst, first, key, am[k], i)
			am[k].k1, j = -1, k+1
		} else {
			dst, v1 = d.entry(dst, first, key, am[k], i)
			am[k].k1, j = -1, k+1
		}
		try = len(dst) == before
		i, more = d.next(v1)
	}
	for _, m := range am {
		if m.k1 >= 0 {
			dst = appendKey(dst, first, d.key(0, m))
			dst = append(dst, "[]"...)
		}
	}
	return dst, d.closed(i)
}

// diffArray appends the entries of b's array at b0 against a's elements
// am, passing over at once a run of them b holds as they are (sameRun).
func (d *differ) diffArray(dst []byte, am []span, b0 int32, first *bool) ([]byte, int32) {
	var key [24]byte
	v := d.doc[1]
	i := skipSpace(v, b0+1)
	more := int(i) < len(v) && v[i] != ']'
	n := 0
	runs := len(am) >= minRun // as in diffObject
	try := runs
	for ; more && n < len(am); n++ {
		if try {
			if c := d.sameRun(am[n:], am[n].v0, i); c > 0 {
				i, more = d.next(am[n+c-1].v1 + i - am[n].v0)
				n += c - 1
				continue
			}
		}
		k := indexKey(key[:0], n)
		var v1 int32
		before := len(dst)
		dst, v1 = d.entry(dst, first, k, am[n], i)
		try = runs && len(dst) == before
		i, more = d.next(v1)
	}
	// The elements past a's length: read them all first, for their
	// number comes before them.
	base := len(d.mems)
	for more {
		v1 := d.scan(i)
		d.mems = append(d.mems, span{v0: i, v1: v1})
		i, more = d.next(v1)
	}
	added := d.mems[base:]
	if total := n + len(added); len(added) > 0 || total < len(am) {
		dst = appendKey(dst, first, []byte(`"n"`))
		dst = strconv.AppendInt(dst, int64(total), 10)
	}
	for x, m := range added {
		dst = appendSet(dst, first, indexKey(key[:0], n+x), v[m.v0:m.v1])
	}
	d.mems = d.mems[:base]
	return dst, d.closed(i)
}

// indexKeys are the keys of the first elements of an array in a patch,
// "0" to "63", made once.
var indexKeys = func() (keys [64][]byte) {
	for n := range keys {
		keys[n] = []byte(`"` + strconv.Itoa(n) + `"`)
	}
	return
}()

// indexKey returns the key of element n in a patch, in buf unless n is
// one of the first.
func indexKey(buf []byte, n int) []byte {
	if n < len(indexKeys) {
		return indexKeys[n]
	}
	buf = strconv.AppendInt(append(buf, '"'), int64(n), 10)
	return append(buf, '"')
}

// entry appends the entry under key that turns the value of a into b's
// value at doc[1][b0], or nothing when they are equal, and returns the
// index just past b's value.
func (d *differ) entry(dst []byte, first *bool, key []byte, a span, b0 int32) ([]byte, int32) {
	av, v := d.val(0, a), d.doc[1]
	if len(av) > 0 && (av[0] == '{' || av[0] == '[') && int(b0) < len(v) {
		if bytes.HasPrefix(v[b0:], av) {
			// The same bytes from the same bracket: the same value.
			d.copyPairs(a.v0, b0)
			return dst, b0 + int32(len(av))
		}
		if v[b0] == av[0] {
			wasFirst := *first
			start := len(dst)
			dst = appendKey(dst, first, key)
			mark := len(dst)
			var end int32
			dst, end = d.node(dst, a.v0, a.v1, b0)
			if len(dst)-mark <= int(end-b0)+2 {
				return dst, end
			}
			dst, *first = dst[:start], wasFirst
			return appendSet(dst, first, key, v[b0:end]), end
		}
	}
	end := d.scan(b0)
	if bv := v[b0:end]; !bytes.Equal(av, bv) {
		dst = appendSet(dst, first, key, bv)
	}
	return dst, end
}

// scan returns the index just past b's value that starts at i, recording
// the pairs of the objects and arrays it is or holds.
func (d *differ) scan(i int32) int32 {
	v := d.doc[1]
	if int(i) >= len(v) || v[i] != '{' && v[i] != '[' {
		return d.skip(1, i)
	}
	st := d.stack[:0]
	for j := int(i); j < len(v); j = nextBracket(v, j+1) {
		if v[j] == '{' || v[j] == '[' {
			st = append(st, int32(j))
			continue
		}
		n := len(st) - 1
		d.pair(st[n], int32(j+1))
		if st = st[:n]; n == 0 {
			d.stack = st
			return int32(j + 1)
		}
	}
	d.stack = st
	return int32(len(v))
}

// nextBracket returns the index of the first '{', '[', '}' or ']' of v
// from i on outside strings, or len(v).
func nextBracket(v []byte, i int) int {
	for ; i < len(v); i++ {
		for i < len(v) && !structural[v[i]] {
			i++
		}
		if i == len(v) || v[i] != '"' {
			return i
		}
		i = stringEnd(v, i) - 1
	}
	return len(v)
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

func isSpace(c byte) bool { return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r') }

func skipSpace(v []byte, i int32) int32 {
	for int(i) < len(v) && isSpace(v[i]) {
		i++
	}
	return i
}

// stringEnd returns the index just past the string that starts at i.
func stringEnd(v []byte, i int) int {
	for i++; i < len(v); i++ {
		if !inString[v[i]] {
			continue
		}
		if v[i] == '"' {
			return i + 1
		}
		i++ // the escaped byte
	}
	return i
}

// AppendPatched appends to dst the JSON object base with patch applied,
// working on the bytes as AppendDiff does (after checking that both are
// JSON): what a Go client that holds many connections (cmd/harborload)
// does with a patch frame. The members
// a patch adds to an object come after the others. Errors when the patch
// does not fit base.
func AppendPatched(dst, base, patch []byte) ([]byte, error) {
	dst, _, err := appendPatchedOn(dst, base, nil, patch, true, nil)
	return dst, err
}

// AppendPatchedOn is AppendPatched for a base already known to be a JSON
// object (checked once, or made by AppendPatched): only the patch is
// checked, so a chain of patches reads each state once, not twice.
func AppendPatchedOn(dst, base, patch []byte) ([]byte, error) {
	dst, _, err := appendPatchedOn(dst, base, nil, patch, false, nil)
	return dst, err
}

// PatchedState is a JSON object that patches are applied to in turn, as a
// client holds its state, with where each of its objects and arrays ends
// (its pairs, as the server keeps a base's): applying a patch reads the
// state only where the patch changes it, and finds the pairs of the new
// state on the way. The zero value holds no state.
//
// The state is checked once, by Set; each patch is checked as it is
// applied (as json.Valid would, and found its ends in the same pass). The
// result is then JSON with no further check: it is made of whole values
// and keys of the state and of the patch, and the brackets, commas and
// colons written between them (TestPatchedStateGames).
type PatchedState struct {
	json, spare       []byte
	pairs, sparePairs []int32
}

// Set makes a copy of state the state, after checking that it is a JSON
// object; when it is not, s holds no state.
func (s *PatchedState) Set(state []byte) error {
	p := getPatching()
	defer p.put()
	p.doc[0] = bytes.TrimSpace(state)
	if len(p.doc[0]) == 0 || p.doc[0][0] != '{' || !p.checkIndex(0) {
		s.json, s.pairs = s.json[:0], s.pairs[:0]
		return fmt.Errorf("a state is a JSON object")
	}
	s.json = append(s.json[:0], p.doc[0]...)
	s.pairs = append(s.pairs[:0], p.known[0]...)
	return nil
}

// Apply applies patch to the state. When the patch does not fit, it
// errors and leaves the state as it was.
func (s *PatchedState) Apply(patch []byte) error {
	if len(s.json) == 0 {
		return fmt.Errorf("no state to patch")
	}
	room := s.sparePairs[:0]
	if room == nil {
		room = make([]int32, 0, len(s.pairs)+16) // not nil: the pairs are kept
	}
	next, pairs, err := appendPatchedOn(s.spare[:0], s.json, s.pairs, patch, false, room)
	if err != nil {
		return err
	}
	s.json, s.spare = next, s.json
	s.pairs, s.sparePairs = pairs, s.pairs
	return nil
}

// JSON returns the state (nil when there is none), good until the next
// Set or Apply.
func (s *PatchedState) JSON() []byte {
	if len(s.json) == 0 {
		return nil
	}
	return s.json
}

// patching is the scratch space of applying a patch: a differ's, with the
// base in doc[0] and the patch in doc[1].
type patching struct {
	*differ
	// known[k] are the pairs of doc[k], when known: the base's kept
	// pairs, or those checkIndex found, in found[k].
	known, found [2][]int32
	// keep: out records the pairs of the result, as offsets from start,
	// where the result begins in dst.
	keep  bool
	out   []int32
	start int
	idx   []int // the elements the entries of the array patches being applied set, a stack
}

var patchings = sync.Pool{New: func() any { return &patching{differ: new(differ)} }}

func getPatching() *patching { return patchings.Get().(*patching) }

// put returns p to the pool, unless it grew large.
func (p *patching) put() {
	p.doc, p.mems, p.idx = [2][]byte{}, p.mems[:0], p.idx[:0]
	p.known, p.out = [2][]int32{}, nil
	if cap(p.ends[0])+cap(p.ends[1]) <= 1<<20 {
		patchings.Put(p)
	}
}

// appendPatchedOn appends base with patch applied. pairs, when not nil,
// are base's (which is then not checked); out, when not nil, receives the
// pairs of the result, as offsets from where it starts in dst.
func appendPatchedOn(dst, base []byte, pairs []int32, patch []byte, checkBase bool, out []int32) ([]byte, []int32, error) {
	p := getPatching()
	defer p.put()
	p.doc = [2][]byte{bytes.TrimSpace(base), bytes.TrimSpace(patch)}
	for k := range p.doc {
		if len(p.doc[k]) == 0 || p.doc[k][0] != '{' {
			return dst, out, fmt.Errorf("a patch and the value it patches are JSON objects")
		}
	}
	switch {
	case checkBase:
		if !p.checkIndex(0) {
			return dst, out, fmt.Errorf("a patch and the value it patches are JSON objects")
		}
	case pairs != nil:
		p.known[0] = pairs
		ends := p.grow(0)
		for i := 0; i+1 < len(pairs); i += 2 {
			ends[pairs[i]] = pairs[i+1]
		}
	default:
		p.index(0, false)
	}
	if !p.checkIndex(1) {
		return dst, out, fmt.Errorf("a patch is a JSON object")
	}
	p.keep, p.out, p.start = out != nil, out, len(dst)
	dst, err := p.appendPatched(dst, 0, int32(len(p.doc[0])), 0, int32(len(p.doc[1])))
	return dst, p.out, err
}

// maxDepth is how deeply json.Valid lets objects and arrays nest.
const maxDepth = 10000

// checkIndex reports whether doc[k] is JSON, as json.Valid does, and finds
// the end of each of its objects and arrays in the same pass, and their
// pairs, in found[k].
func (p *patching) checkIndex(k int) bool {
	v := p.doc[k]
	ends := p.grow(k)
	st := p.stack[:0]
	found := p.found[k][:0]
	defer func() { p.stack, p.found[k], p.known[k] = st, found, found }()
	n := int32(len(v))
	i := skipSpace(v, 0)
	for {
		// A value starts at i.
		if i >= n {
			return false
		}
		switch c := v[i]; c {
		case '{', '[':
			if len(st) >= maxDepth {
				return false
			}
			st = append(st, i)
			i = skipSpace(v, i+1)
			if i < n && v[i] == c+2 { // '}' or ']'
				break
			}
			if c == '[' {
				continue
			}
			var ok bool
			if i, ok = checkKey(v, i); !ok {
				return false
			}
			continue
		case '"':
			var ok bool
			if i, ok = checkString(v, i); !ok {
				return false
			}
		case 't', 'f', 'n':
			w := literal(c)
			if !bytes.HasPrefix(v[i:], w) {
				return false
			}
			i += int32(len(w))
		default:
			var ok bool
			if i, ok = checkNumber(v, i); !ok {
				return false
			}
		}
		// After a value (or an empty object or array's opening): a comma,
		// a closing bracket, or the end.
		for {
			i = skipSpace(v, i)
			top := len(st) - 1
			if top < 0 {
				return i == n
			}
			if i >= n {
				return false
			}
			open := v[st[top]]
			if v[i] == open+2 {
				ends[st[top]] = i + 1
				found = append(found, st[top], i+1)
				st, i = st[:top], i+1
				continue
			}
			if v[i] != ',' {
				return false
			}
			i = skipSpace(v, i+1)
			if open == '{' {
				var ok bool
				if i, ok = checkKey(v, i); !ok {
					return false
				}
			}
			break
		}
	}
}

var trueFalseNull = [3][]byte{[]byte("true"), []byte("false"), []byte("null")}

// literal returns the literal that starts with c: t, f or n.
func literal(c byte) []byte {
	switch c {
	case 't':
		return trueFalseNull[0]
	case 'f':
		return trueFalseNull[1]
	}
	return trueFalseNull[2]
}

// checkKey checks the key and colon of an object's member at i, and
// returns where its value may start.
func checkKey(v []byte, i int32) (int32, bool) {
	if int(i) >= len(v) || v[i] != '"' {
		return i, false
	}
	i, ok := checkString(v, i)
	if i = skipSpace(v, i); !ok || int(i) >= len(v) || v[i] != ':' {
		return i, false
	}
	return skipSpace(v, i+1), true
}

// checkString checks the string at i as json.Valid does (a control
// character or a bad escape is refused; other bytes are taken as they
// are), and returns the index just past it.
func checkString(v []byte, i int32) (int32, bool) {
	n := int32(len(v))
	for i++; i < n; i++ {
		c := v[i]
		switch {
		case c == '"':
			return i + 1, true
		case c < ' ':
			return i, false
		case c == '\\':
			if i++; i >= n {
				return i, false
			}
			switch v[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= n {
					return i, false
				}
				for _, h := range v[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return i, false
					}
				}
				i += 4
			default:
				return i, false
			}
		}
	}
	return i, false
}

// checkNumber checks the number at i, -?(0|[1-9][0-9]*)(.[0-9]+)?
// ([eE][+-]?[0-9]+)?, and returns the index just past it.
func checkNumber(v []byte, i int32) (int32, bool) {
	n := int32(len(v))
	digits := func(i int32) (int32, bool) {
		s := i
		for i < n && '0' <= v[i] && v[i] <= '9' {
			i++
		}
		return i, i > s
	}
	if i < n && v[i] == '-' {
		i++
	}
	if i >= n {
		return i, false
	}
	if v[i] == '0' {
		i++
	} else if v[i] < '1' || v[i] > '9' {
		return i, false
	} else {
		i, _ = digits(i)
	}
	var ok bool
	if i < n && v[i] == '.' {
		if i, ok = digits(i + 1); !ok {
			return i, false
		}
	}
	if i < n && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < n && (v[i] == '+' || v[i] == '-') {
			i++
		}
		if i, ok = digits(i); !ok {
			return i, false
		}
	}
	return i, true
}

// appendPatched appends the object or array doc[0][v0:v1] with the patch
// doc[1][p0:p1] applied.
func (p *patching) appendPatched(dst []byte, v0, v1, p0, p1 int32) ([]byte, error) {
	if p.doc[1][p0] != '{' {
		return dst, fmt.Errorf("a patch of an object or array is an object")
	}
	base := len(p.mems)
	defer func() { p.mems = p.mems[:base] }()
	p.members(0, v0, v1)
	nv := len(p.mems) - base
	p.members(1, p0, p1)
	vm, pm := p.mems[base:base+nv:base+nv], p.mems[base+nv:]
	if p.doc[0][v0] == '[' {
		return p.patchArray(dst, vm, pm)
	}
	open := len(dst)
	dst = append(dst, '{')
	first := true
	// The members the patch leaves alone, written as they are: a run of
	// them written without spaces is one copy.
	var r run
	for _, m := range vm {
		e := -1
		for j := range pm {
			if pm[j].k1 >= 0 && bytes.Equal(p.key(1, pm[j]), p.key(0, m)) {
				e = j
				break
			}
		}
		if e < 0 && m.v0 == m.k1+1 && r.v1 > 0 && m.k0 == r.v1+1 {
			r.v1 = m.v1
			continue
		}
		dst = p.flush(dst, &first, &r)
		if e < 0 {
			if m.v0 == m.k1+1 {
				r = run{m.k0, m.v1}
				continue
			}
			dst = appendKey(dst, &first, p.key(0, m))
			dst = p.appendValue(dst, 0, m.v0, m.v1)
			continue
		}
		var err error
		if dst, err = p.appendPatchedEntry(dst, &first, p.key(0, m), m, pm[e], true); err != nil {
			return dst, err
		}
		pm[e].k1 = -1
	}
	dst = p.flush(dst, &first, &r)
	for _, e := range pm {
		if e.k1 < 0 {
			continue
		}
		x0, x1, ok := p.setValue(e)
		if !ok {
			return dst, fmt.Errorf("%s: a patch of a member that is not there", p.key(1, e))
		}
		if x1 > x0 {
			dst = appendKey(dst, &first, p.key(1, e))
			dst = p.appendValue(dst, 1, x0, x1)
		}
	}
	dst = append(dst, '}')
	p.pair(open, len(dst))
	return dst, nil
}

// pair records the pair of the result's object or array at dst[s:e].
func (p *patching) pair(s, e int) {
	if p.keep {
		p.out = append(p.out, int32(s-p.start), int32(e-p.start))
	}
}

// run is bytes of the base to be written as they are, doc[0][v0:v1]
// (v1 0: none).
type run struct{ v0, v1 int32 }

// flush writes the run r, after a comma unless it comes first, and
// empties it.
func (p *patching) flush(dst []byte, first *bool, r *run) []byte {
	if r.v1 == 0 {
		return dst
	}
	if !*first {
		dst = append(dst, ',')
	}
	*first = false
	dst = p.appendValue(dst, 0, r.v0, r.v1)
	*r = run{}
	return dst
}

// appendValue appends doc[k][v0:v1], values (and keys) that it holds
// whole, and records the pairs of the objects and arrays there: those of
// doc[k], moved.
func (p *patching) appendValue(dst []byte, k int, v0, v1 int32) []byte {
	if p.keep {
		// known[k] is in the order of the ends: the pairs within [v0, v1)
		// are those that end in (v0, v1], one after the other.
		pairs := p.known[k]
		first, last := endAfter(pairs, v0), endAfter(pairs, v1)
		p.out = appendShifted(p.out, pairs[2*first:2*last], int32(len(dst)-p.start)-v0)
	}
	return append(dst, p.doc[k][v0:v1]...)
}

// endAfter returns the number of the first of pairs that ends after x.
func endAfter(pairs []int32, x int32) int {
	lo, hi := 0, len(pairs)/2
	for lo < hi {
		if mid := int(uint(lo+hi) >> 1); pairs[2*mid+1] <= x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// patchArray appends the array of the elements vm with the entries pm of
// its patch applied.
func (p *patching) patchArray(dst []byte, vm, pm []span) ([]byte, error) {
	n := len(vm)
	base := len(p.idx)
	defer func() { p.idx = p.idx[:base] }()
	for _, e := range pm {
		key := p.key(1, e)
		if string(key) == `"n"` {
			size, err := strconv.Atoi(string(p.val(1, e)))
			if err != nil || size < 0 {
				return dst, fmt.Errorf("bad length %s", p.val(1, e))
			}
			n = size
		}
		p.idx = append(p.idx, elementKey(key))
	}
	idx := p.idx[base:]
	open := len(dst)
	dst = append(dst, '[')
	// The elements the patch leaves alone, written as they are: a run of
	// them written without spaces is one copy.
	var r run
	first := true
	for i := range n {
		e := -1
		for j, x := range idx {
			if x == i {
				e = j
				break
			}
		}
		if e < 0 && i < len(vm) {
			if r.v1 > 0 && vm[i].v0 == r.v1+1 {
				r.v1 = vm[i].v1
			} else {
				dst = p.flush(dst, &first, &r)
				r = run{vm[i].v0, vm[i].v1}
			}
			continue
		}
		dst = p.flush(dst, &first, &r)
		if !first {
			dst = append(dst, ',')
		}
		first = false
		if e < 0 {
			return dst, fmt.Errorf("element %d of %d is missing", i, n)
		}
		m := span{v0: -1}
		if i < len(vm) {
			m = vm[i]
		}
		var err error
		if dst, err = p.appendPatchedEntry(dst, &first, nil, m, pm[e], false); err != nil {
			return dst, fmt.Errorf("%d: %w", i, err)
		}
	}
	dst = p.flush(dst, &first, &r)
	dst = append(dst, ']')
	p.pair(open, len(dst))
	return dst, nil
}

// elementKey returns the element that the key of an entry of an array's
// patch names, written as strconv writes it ("0", "12"), or -1.
func elementKey(key []byte) int {
	digits := key[1 : len(key)-1]
	if len(digits) == 0 || len(digits) > 18 || len(digits) > 1 && digits[0] == '0' {
		return -1
	}
	n := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return -1
		}
		n = 10*n + int(c-'0')
	}
	return n
}

// appendPatchedEntry appends, under key when it is not nil, what the
// entry e makes of the value of m (v0 -1: none), which removes it only in
// an object.
func (p *patching) appendPatchedEntry(dst []byte, first *bool, key []byte, m, e span, removable bool) ([]byte, error) {
	if x0, x1, ok := p.setValue(e); ok {
		if x1 == x0 && !removable {
			return dst, fmt.Errorf("an element cannot be removed")
		}
		if x1 > x0 {
			if key != nil {
				dst = appendKey(dst, first, key)
			}
			dst = p.appendValue(dst, 1, x0, x1)
		}
		return dst, nil
	}
	if m.v0 < 0 || m.v1 <= m.v0 || p.doc[0][m.v0] != '{' && p.doc[0][m.v0] != '[' {
		return dst, fmt.Errorf("a patch of a value that is neither an object nor an array")
	}
	if key != nil {
		dst = appendKey(dst, first, key)
	}
	return p.appendPatched(dst, m.v0, m.v1, e.v0, e.v1)
}

// setValue reads the entry e as [x] (doc[1][x0:x1]) or [] (x0 == x1);
// false when it is a patch.
func (p *patching) setValue(e span) (x0, x1 int32, ok bool) {
	v := p.doc[1]
	if v[e.v0] != '[' {
		return 0, 0, false
	}
	i := skipSpace(v, e.v0+1)
	if v[i] == ']' {
		return i, i, true
	}
	return i, p.skip(1, i), true
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
		if n, ok := p["n"]; ok {
			size, err := strconv.Atoi(fmt.Sprint(n))
			if _, num := n.(json.Number); !num || err != nil || size < 0 {
				return nil, fmt.Errorf("bad length %v", n)
			}
			out = append(out[:min(size, len(out))], make([]any, max(0, size-len(out)))...)
			for i := len(v); i < size; i++ {
				if _, ok := p[strconv.Itoa(i)]; !ok {
					return nil, fmt.Errorf("element %d of %d is missing", i, size)
				}
			}
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
