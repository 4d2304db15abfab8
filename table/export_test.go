package table

import (
	"encoding/json"
	"fmt"
	"slices"

	"harbor/game"
)

// HistoryLen returns how many moves' events r keeps in memory.
func (r *Runner) HistoryLen() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.hist.entries)
}

// TimeUp runs what the table's timer runs when it goes off, so a test that
// moved its clock on need not wait for the real timer.
func (r *Runner) TimeUp() { r.timeUp() }

// BotStep makes the computer move the table's timer would make.
func (r *Runner) BotStep() { r.botStep() }

// LegalNow returns the moves the live game lists for seat, encoded.
func (r *Runner) LegalNow(seat game.Seat) []json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []json.RawMessage
	for _, m := range r.g.Legal(seat) {
		b, _ := json.Marshal(m)
		out = append(out, b)
	}
	return out
}

// ActorsNow returns the seats the live game waits on.
func (r *Runner) ActorsNow() game.SeatSet {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.g.Actors()
}

// MoveOnQuietly moves the table's version on without a move, as a change
// that does not go through a move would, leaving the noted move alone.
func (r *Runner) MoveOnQuietly() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.t.Version++
}

// PatchChain makes the patches of a chain of states as the fan-out does
// for a connection: each state keeps the pairs its patch found, and is the
// indexed base of the next patch.
type PatchChain struct{ last *indexed }

// Next returns the patch from the last state to next (nil for the first),
// and an error when the pairs kept for next are not those an index pass
// over its bytes finds.
func (c *PatchChain) Next(next []byte) ([]byte, error) {
	cur := &indexed{json: next}
	var patch []byte
	if c.last != nil {
		patch = appendDiff(nil, c.last, cur, true)
	} else {
		cur.pairs = indexPairs(next)
	}
	c.last = cur
	if want := indexPairs(next); !slices.Equal(cur.pairs, want) {
		return patch, fmt.Errorf("kept pairs %v, an index pass finds %v", cur.pairs, want)
	}
	return patch, nil
}

// indexPairs is what an index pass finds in doc.
func indexPairs(doc []byte) []int32 {
	d := new(differ)
	d.doc[0] = doc
	return d.index(0, true)
}

// Indexed is a state with its pairs, the base of a patch.
type Indexed = indexed

// NewIndexed indexes doc.
func NewIndexed(doc []byte) *Indexed {
	return &indexed{json: doc, pairs: slices.Clone(indexPairs(doc))}
}

// DiffKept appends the fan-out's patch from a to b, whose pairs it keeps.
func DiffKept(dst []byte, a *Indexed, b []byte) []byte {
	return appendDiff(dst, a, &indexed{json: b}, true)
}

// MemberMemo holds the patch entries a broadcast's frames share.
type MemberMemo = memberMemo

// Clear empties m for the next broadcast.
func (m *MemberMemo) Clear() { m.clear() }

// DiffShared is DiffKept with the entries of the members memo holds.
func DiffShared(dst []byte, a *Indexed, b []byte, memo *MemberMemo) []byte {
	return appendDiffShared(dst, a, &indexed{json: b}, true, memo)
}

// FanoutBench is a live table without a store, each of its seats
// connected once and a TV, whose broadcasts a benchmark makes.
type FanoutBench struct{ r *Runner }

// NewFanoutBench seats players people at a table of d, each connected
// through c, and a TV, connected through c too.
func NewFanoutBench(d game.Definition, players int, c Conn) *FanoutBench {
	r := &Runner{def: d, t: &Table{Status: Playing}}
	patches := false
	if p, ok := c.(PatchConn); ok {
		patches = p.Patches()
	}
	for i := range players {
		key := fmt.Sprint("key", i)
		r.t.Seats = append(r.t.Seats, Seat{Kind: Human, Key: key})
		r.fan.add(&Sub{conn: c, key: key, patches: patches})
	}
	r.fan.add(&Sub{conn: c, tv: true, patches: patches})
	return &FanoutBench{r}
}

// Broadcast makes g, reached by the move that logged events, the table's
// game at its next version, and pushes every connection its view.
func (f *FanoutBench) Broadcast(g game.Game, events []game.Event) {
	f.r.g, f.r.events = g, events
	f.r.t.Version++
	f.r.broadcastState()
}
