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
	last := int(d.at[a0])
	first := last
	for first > 0 && d.apairs[2*(first-1)] > a0 {
		first--
	}
	d.bpairs = appendShifted(d.bpairs, d.apairs[2*first:2*last+2], b0-a0)
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
	return appendPatchedOn(dst, base, patch, true)
}

// AppendPatchedOn is AppendPatched for a base already known to be a JSON
// object (checked once, or made by AppendPatched): only the patch is
// checked, so a chain of patches reads each state once, not twice.
func AppendPatchedOn(dst, base, patch []byte) ([]byte, error) {
	return appendPatchedOn(dst, base, patch, false)
}

func appendPatchedOn(dst, base, patch []byte, checkBase bool) ([]byte, error) {
	d := differs.Get().(*differ)
	defer func() {
		d.doc, d.mems = [2][]byte{}, d.mems[:0]
		if cap(d.ends[0])+cap(d.ends[1]) <= 1<<20 {
			differs.Put(d)
		}
	}()
	d.doc = [2][]byte{bytes.TrimSpace(base), bytes.TrimSpace(patch)}
	for k := range d.doc {
		if len(d.doc[k]) == 0 || d.doc[k][0] != '{' || (k == 1 || checkBase) && !json.Valid(d.doc[k]) {
			return dst, fmt.Errorf("a patch and the value it patches are JSON objects")
		}
		d.index(k, false)
	}
	return d.appendPatched(dst, 0, int32(len(d.doc[0])), 0, int32(len(d.doc[1])))
}

// appendPatched appends the object or array doc[0][v0:v1] with the patch
// doc[1][p0:p1] applied.
func (d *differ) appendPatched(dst []byte, v0, v1, p0, p1 int32) ([]byte, error) {
	if d.doc[1][p0] != '{' {
		return dst, fmt.Errorf("a patch of an object or array is an object")
	}
	base := len(d.mems)
	defer func() { d.mems = d.mems[:base] }()
	d.members(0, v0, v1)
	nv := len(d.mems) - base
	d.members(1, p0, p1)
	vm, pm := d.mems[base:base+nv:base+nv], d.mems[base+nv:]
	if d.doc[0][v0] == '[' {
		return d.patchArray(dst, vm, pm)
	}
	dst = append(dst, '{')
	first := true
	for _, m := range vm {
		e := -1
		for j := range pm {
			if pm[j].k1 >= 0 && bytes.Equal(d.key(1, pm[j]), d.key(0, m)) {
				e = j
				break
			}
		}
		if e < 0 {
			dst = appendKey(dst, &first, d.key(0, m))
			dst = append(dst, d.val(0, m)...)
			continue
		}
		var err error
		if dst, err = d.appendPatchedEntry(dst, &first, d.key(0, m), m, pm[e], true); err != nil {
			return dst, err
		}
		pm[e].k1 = -1
	}
	for _, e := range pm {
		if e.k1 < 0 {
			continue
		}
		x, ok := d.setValue(e)
		if !ok {
			return dst, fmt.Errorf("%s: a patch of a member that is not there", d.key(1, e))
		}
		if x != nil {
			dst = appendKey(dst, &first, d.key(1, e))
			dst = append(dst, x...)
		}
	}
	return append(dst, '}'), nil
}

// patchArray appends the array of the elements vm with the entries pm of
// its patch applied.
func (d *differ) patchArray(dst []byte, vm, pm []span) ([]byte, error) {
	n := len(vm)
	for _, e := range pm {
		if string(d.key(1, e)) == `"n"` {
			size, err := strconv.Atoi(string(d.val(1, e)))
			if err != nil || size < 0 {
				return dst, fmt.Errorf("bad length %s", d.val(1, e))
			}
			n = size
		}
	}
	dst = append(dst, '[')
	var key [24]byte
	for i := range n {
		if i > 0 {
			dst = append(dst, ',')
		}
		k := strconv.AppendInt(append(key[:0], '"'), int64(i), 10)
		k = append(k, '"')
		e := -1
		for j := range pm {
			if bytes.Equal(d.key(1, pm[j]), k) {
				e = j
				break
			}
		}
		switch {
		case e >= 0:
			var (
				m   span
				err error
			)
			if i < len(vm) {
				m = vm[i]
			} else {
				m = span{v0: -1}
			}
			first := true
			if dst, err = d.appendPatchedEntry(dst, &first, nil, m, pm[e], false); err != nil {
				return dst, fmt.Errorf("%d: %w", i, err)
			}
		case i < len(vm):
			dst = append(dst, d.val(0, vm[i])...)
		default:
			return dst, fmt.Errorf("element %d of %d is missing", i, n)
		}
	}
	return append(dst, ']'), nil
}

// appendPatchedEntry appends, under key when it is not nil, what the
// entry e makes of the value of m (v0 -1: none), which removes it only in
// an object.
func (d *differ) appendPatchedEntry(dst []byte, first *bool, key []byte, m, e span, removable bool) ([]byte, error) {
	if x, ok := d.setValue(e); ok {
		if x == nil && !removable {
			return dst, fmt.Errorf("an element cannot be removed")
		}
		if x != nil {
			if key != nil {
				dst = appendKey(dst, first, key)
			}
			dst = append(dst, x...)
		}
		return dst, nil
	}
	if m.v0 < 0 || m.v1 <= m.v0 || d.doc[0][m.v0] != '{' && d.doc[0][m.v0] != '[' {
		return dst, fmt.Errorf("a patch of a value that is neither an object nor an array")
	}
	if key != nil {
		dst = appendKey(dst, first, key)
	}
	return d.appendPatched(dst, m.v0, m.v1, e.v0, e.v1)
}

// setValue reads the entry e as [x] (x) or [] (nil); false when it is a
// patch.
func (d *differ) setValue(e span) ([]byte, bool) {
	v := d.doc[1]
	if v[e.v0] != '[' {
		return nil, false
	}
	i := skipSpace(v, e.v0+1)
	if v[i] == ']' {
		return nil, true
	}
	return v[i:d.skip(1, i)], true
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
