package cluster_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"harbor/game"
	"harbor/table"
)

// A history is every operation the clients of a run made, as they saw
// it, per table: what checkHistory compares with the stored logs.

// opKind is what happened to a client's move, or what a client saw.
type opKind string

const (
	opSent    opKind = "sent"    // a move went out at version V (its place in the log if applied)
	opAcked   opKind = "acked"   // the move's connection got version V = the sent version + 1
	opRefused opKind = "refused" // an error frame answered the move, with Code
	opLost    opKind = "lost"    // the connection ended, or gave up, before an answer
	opState   opKind = "state"   // a state of version V, with View, came from Node
)

// op is one entry of a history. A move is named by its table, client and
// the client's count of moves (Send); acked, refused and lost name the
// move they answer.
type op struct {
	At     time.Time       `json:"at"`
	Table  string          `json:"table"`
	Client int             `json:"client"`
	Seat   int             `json:"seat"`
	Kind   opKind          `json:"kind"`
	Send   int             `json:"send,omitempty"`
	V      int             `json:"v"`
	Move   json.RawMessage `json:"move,omitempty"`
	Code   string          `json:"code,omitempty"`
	Node   string          `json:"node,omitempty"`
	View   json.RawMessage `json:"view,omitempty"`
}

// history collects the operations of a run; safe for concurrent use.
type history struct {
	mu  sync.Mutex
	ops []op
}

func (h *history) add(o op) {
	if o.At.IsZero() {
		o.At = time.Now()
	}
	h.mu.Lock()
	h.ops = append(h.ops, o)
	h.mu.Unlock()
}

func (h *history) all() []op {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]op(nil), h.ops...)
}

// count returns how many operations of kind k the history holds.
func (h *history) count(k opKind) int {
	n := 0
	for _, o := range h.all() {
		if o.Kind == k {
			n++
		}
	}
	return n
}

// moveKey names one move of one client.
type moveKey struct {
	table        string
	client, send int
}

// checkHistory proves, for each table, against its stored log (logs, read
// after the faults healed):
//   - every acknowledged move is in the log at the version it was
//     acknowledged with (V-1), made by its seat;
//   - every stored move was sent by its seat at exactly its version, so no
//     move is in the log twice (a move sent at version v can only be
//     applied at v) and none came from nowhere;
//   - no version was acknowledged with two different moves;
//   - acknowledgements follow real time: a move sent after another was
//     acknowledged has a later version;
//   - every state a client saw is its seat's view of the stored log at
//     that version (views, when not nil), and two states of one seat at
//     one version are the same: a table applied on two nodes at once
//     shows a game the log does not hold;
//   - a move refused or lost is not in the log unless it could have
//     landed: a move refused is never applied.
//
// It returns what it found, one line per problem, and counts.
func checkHistory(ops []op, logs map[string][]table.Move, views logViews) (problems []string, acked, lostAcked, twice int) {
	sends := map[moveKey]op{}
	byTable := map[string][]op{}
	for _, o := range ops {
		byTable[o.Table] = append(byTable[o.Table], o)
		if o.Kind == opSent {
			sends[moveKey{o.Table, o.Client, o.Send}] = o
		}
	}
	tables := make([]string, 0, len(byTable))
	for id := range byTable {
		tables = append(tables, id)
	}
	sort.Strings(tables)
	for _, id := range tables {
		log := logs[id]
		type ack struct{ sent, got op }
		var acks []ack
		atVersion := map[int]op{}       // the move acknowledged at each version
		refusedStored := map[int]bool{} // versions whose refused move is stored
		// The moves that may be the one stored at a version: those
		// acknowledged there, and those sent there whose answer never came.
		// A refused move alike to one of them (Pile's moves often are:
		// the seat sends the same move again, to the node that runs the
		// table now) is not the one in the log.
		mayBeStored := map[int][]op{}
		for _, o := range byTable[id] {
			if o.Kind == opAcked || o.Kind == opLost {
				if s, ok := sends[moveKey{id, o.Client, o.Send}]; ok {
					mayBeStored[s.V] = append(mayBeStored[s.V], s)
				}
			}
		}
		for _, o := range byTable[id] {
			switch o.Kind {
			case opAcked:
				s, ok := sends[moveKey{id, o.Client, o.Send}]
				if !ok {
					problems = append(problems, fmt.Sprintf("table %s: client %d's move %d was acknowledged but never sent", id, o.Client, o.Send))
					continue
				}
				acked++
				acks = append(acks, ack{s, o})
				if o.V != s.V+1 {
					problems = append(problems, fmt.Sprintf("table %s: client %d's move %d sent at version %d was acknowledged with version %d", id, o.Client, o.Send, s.V, o.V))
				}
				if prev, ok := atVersion[o.V]; ok && !sameMove(prev.Move, s.Move, prev.Seat, s.Seat) {
					problems = append(problems, fmt.Sprintf("table %s: version %d was acknowledged with two moves: seat %d %s and seat %d %s", id, o.V, prev.Seat, prev.Move, s.Seat, s.Move))
				}
				atVersion[o.V] = s
				if s.V >= len(log) || !sameMove(log[s.V].Move, s.Move, int(log[s.V].Seat), s.Seat) {
					lostAcked++
					stored := "nothing"
					if s.V < len(log) {
						stored = fmt.Sprintf("seat %d %s", log[s.V].Seat, log[s.V].Move)
					}
					problems = append(problems, fmt.Sprintf("table %s: client %d's move %d (seat %d %s) was acknowledged with version %d, but the log holds %s at %d: an acknowledged move was lost", id, o.Client, o.Send, s.Seat, s.Move, o.V, stored, s.V))
				}
			case opRefused:
				s := sends[moveKey{id, o.Client, o.Send}]
				explained := slices.ContainsFunc(mayBeStored[s.V], func(other op) bool { return sameMove(other.Move, s.Move, other.Seat, s.Seat) })
				if s.V < len(log) && s.Move != nil && !explained && sameMove(log[s.V].Move, s.Move, int(log[s.V].Seat), s.Seat) && !refusedStored[s.V] {
					refusedStored[s.V] = true // a retry of the same move says nothing new
					problems = append(problems, fmt.Sprintf("table %s: client %d's move %d (seat %d %s at version %d) was refused (%s) but is in the log", id, o.Client, o.Send, s.Seat, s.Move, s.V, o.Code))
				}
			}
		}
		// Every stored move was sent by its seat at its version.
		sentAt := map[int][]op{}
		for _, o := range byTable[id] {
			if o.Kind == opSent {
				sentAt[o.V] = append(sentAt[o.V], o)
			}
		}
		for v, m := range log {
			if m.StandIn {
				continue
			}
			found := false
			for _, s := range sentAt[v] {
				found = found || sameMove(m.Move, s.Move, int(m.Seat), s.Seat)
			}
			if !found {
				twice++
				problems = append(problems, fmt.Sprintf("table %s: the log holds seat %d %s at version %d, which no client sent at that version: a move applied twice, or from nowhere", id, m.Seat, m.Move, v))
			}
		}
		// A move sent after another's acknowledgement comes later.
		sort.Slice(acks, func(i, j int) bool { return acks[i].got.At.Before(acks[j].got.At) })
		for _, b := range acks {
			for _, a := range acks {
				if !a.got.At.Before(b.sent.At) {
					break
				}
				if a.got.V >= b.got.V {
					problems = append(problems, fmt.Sprintf("table %s: version %d was acknowledged at %s, before client %d sent its move that was acknowledged with version %d", id, a.got.V, a.got.At.Format(time.RFC3339Nano), b.sent.Client, b.got.V))
				}
			}
		}
		// One state per seat and version, the stored log's.
		type seatAt struct{ seat, v int }
		states := map[seatAt]op{}
		for _, o := range byTable[id] {
			if o.Kind != opState {
				continue
			}
			if first, ok := states[seatAt{o.Seat, o.V}]; ok && !sameJSONBytes(first.View, o.View) {
				problems = append(problems, fmt.Sprintf("table %s: two states of seat %d at version %d: %s (through %s) and %s (through %s): the table ran on two nodes at once", id, o.Seat, o.V, first.View, first.Node, o.View, o.Node))
				continue
			}
			states[seatAt{o.Seat, o.V}] = o
			if views == nil {
				continue
			}
			if want, ok := views(id, o.V, o.Seat); !ok || !sameJSONBytes(want, o.View) {
				problems = append(problems, fmt.Sprintf("table %s: client %d saw, through %s, a state of seat %d at version %d that the stored log does not make: %s, the log makes %s: the table ran on two nodes at once", id, o.Client, o.Node, o.Seat, o.V, o.View, want))
			}
		}
	}
	return problems, acked, lostAcked, twice
}

func sameMove(a, b json.RawMessage, seatA, seatB int) bool {
	return seatA == seatB && sameJSONBytes(a, b)
}

func sameJSONBytes(a, b json.RawMessage) bool {
	var x any
	if json.Unmarshal(a, &x) != nil {
		return false
	}
	return sameJSON(b, x)
}

// logViews returns a seat's view of a table's stored log at a version,
// and false when the log does not reach it.
type logViews func(table string, v, seat int) (json.RawMessage, bool)

// writeHistory writes the problems, the history and the stored logs to a
// file in HARBOR_HISTORY_DIR (or the system's temporary directory), for a
// person to read, and returns its path.
func writeHistory(name string, problems []string, ops []op, logs map[string][]table.Move) (string, error) {
	dir := os.Getenv("HARBOR_HISTORY_DIR")
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, fmt.Sprintf("harbor-history-%s-*.txt", name))
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d problems\n", name, len(problems))
	for _, p := range problems {
		fmt.Fprintln(&b, " ", p)
	}
	fmt.Fprintln(&b, "\nhistory (one JSON object a line, in the order recorded):")
	for _, o := range ops {
		raw, _ := json.Marshal(o)
		fmt.Fprintln(&b, string(raw))
	}
	fmt.Fprintln(&b, "\nstored logs (table, version, seat, move):")
	ids := make([]string, 0, len(logs))
	for id := range logs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		for _, m := range logs[id] {
			fmt.Fprintf(&b, "%s %d %d %s\n", id, m.N, m.Seat, m.Move)
		}
	}
	if _, err := f.WriteString(b.String()); err != nil {
		return f.Name(), err
	}
	return f.Name(), f.Close()
}

// cleanViews is the views of cleanRun's log.
func cleanViews(id string, v, seat int) (json.RawMessage, bool) {
	return cleanView(v), id == "t" && v <= 6
}

func cleanView(v int) json.RawMessage { return json.RawMessage(fmt.Sprintf(`{"pile":%d}`, 100-v)) }

// cleanRun is a history of two clients taking turns at table "t" for six
// moves, each acknowledged, and the log it leaves.
func cleanRun() ([]op, []table.Move) {
	var ops []op
	var log []table.Move
	at := time.Unix(1000, 0)
	tick := func() time.Time { at = at.Add(time.Millisecond); return at }
	for v := range 6 {
		seat := v % 2
		move := json.RawMessage(fmt.Sprintf(`{"type":"take","n":%d}`, 1+v%3))
		ops = append(ops,
			op{At: tick(), Table: "t", Client: seat, Seat: seat, Kind: opSent, Send: v/2 + 1, V: v, Move: move},
			op{At: tick(), Table: "t", Client: seat, Seat: seat, Kind: opAcked, Send: v/2 + 1, V: v + 1},
			op{At: tick(), Table: "t", Client: 0, Seat: 0, Kind: opState, V: v + 1, View: cleanView(v + 1), Node: "n1"},
			op{At: tick(), Table: "t", Client: 1, Seat: 1, Kind: opState, V: v + 1, View: cleanView(v + 1), Node: "n2"})
		log = append(log, table.Move{N: v, Seat: game.Seat(seat), Move: move})
	}
	return ops, log
}

// TestHistoryCheckerAllowsARefusedMoveSentAgain: a move refused by a node
// that no longer runs the table, sent again to the one that does and
// acknowledged there, is in the log as the acknowledged one, not as the
// refused one, though the two are alike.
func TestHistoryCheckerAllowsARefusedMoveSentAgain(t *testing.T) {
	ops, log := cleanRun()
	first := ops[0]
	refused := first
	refused.Send, refused.Node = 100, "n1"
	answer := op{At: first.At, Table: "t", Client: first.Client, Seat: first.Seat, Kind: opRefused, Send: 100, V: first.V, Code: "internal"}
	ops = append([]op{refused, answer}, ops...)
	if problems, acked, _, _ := checkHistory(ops, map[string][]table.Move{"t": log}, cleanViews); len(problems) != 0 || acked != 6 {
		t.Fatalf("a refused move sent again: %d acknowledged, problems %q", acked, problems)
	}
}

// TestHistoryCheckerCatchesFaults plants each fault the checker is for in
// a clean history or log and checks that it is named, and that the clean
// one passes.
func TestHistoryCheckerCatchesFaults(t *testing.T) {
	ops, log := cleanRun()
	if problems, acked, _, _ := checkHistory(ops, map[string][]table.Move{"t": log}, cleanViews); len(problems) != 0 || acked != 6 {
		t.Fatalf("a clean run: %d acknowledged, problems %q", acked, problems)
	}
	cases := []struct {
		name  string
		plant func(ops []op, log []table.Move) ([]op, []table.Move)
		want  string
	}{
		{"a lost acknowledged move", func(ops []op, log []table.Move) ([]op, []table.Move) {
			return ops, log[:5]
		}, "an acknowledged move was lost"},
		{"an acknowledged move replaced by another", func(ops []op, log []table.Move) ([]op, []table.Move) {
			log[3].Move = json.RawMessage(`{"type":"take","n":3}`)
			return ops, log
		}, "an acknowledged move was lost"},
		{"a move applied twice", func(ops []op, log []table.Move) ([]op, []table.Move) {
			return ops, append(log, table.Move{N: 6, Seat: log[4].Seat, Move: log[4].Move})
		}, "applied twice"},
		{"two moves at one version", func(ops []op, log []table.Move) ([]op, []table.Move) {
			// Client 1 sends at version 2 too and hears it acknowledged.
			return append(ops,
				op{At: ops[8].At, Table: "t", Client: 1, Seat: 1, Kind: opSent, Send: 9, V: 2, Move: json.RawMessage(`{"type":"take","n":2}`)},
				op{At: ops[9].At, Table: "t", Client: 1, Seat: 1, Kind: opAcked, Send: 9, V: 3}), log
		}, "acknowledged with two moves"},
		{"a state the log does not make", func(ops []op, log []table.Move) ([]op, []table.Move) {
			ops[7].View = json.RawMessage(`{"pile":1}`)
			return ops, log
		}, "that the stored log does not make"},
		{"two states of a seat at one version", func(ops []op, log []table.Move) ([]op, []table.Move) {
			other := ops[7]
			other.View, other.Node = json.RawMessage(`{"pile":1}`), "n3"
			return append(ops, other), log
		}, "two states of seat 1 at version 2"},
		{"a refused move in the log", func(ops []op, log []table.Move) ([]op, []table.Move) {
			ops[1].Kind, ops[1].Code = opRefused, "internal"
			return ops, log
		}, "was refused (internal) but is in the log"},
		{"an acknowledgement going back", func(ops []op, log []table.Move) ([]op, []table.Move) {
			// Move 4's acknowledgement comes before move 2 is sent.
			ops[17].At = ops[8].At.Add(-time.Microsecond)
			return ops, log
		}, "before client"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ops, log := cleanRun()
			ops, log = c.plant(ops, log)
			problems, _, _, _ := checkHistory(ops, map[string][]table.Move{"t": log}, cleanViews)
			if len(problems) == 0 {
				t.Fatal("the checker found nothing")
			}
			if !strings.Contains(strings.Join(problems, "\n"), c.want) {
				t.Fatalf("the checker found %q, none naming %q", problems, c.want)
			}
		})
	}
}

// TestHistoryFileOnFailure: a failing history is written to a file a
// person can read: the problems first, then every operation and the logs.
func TestHistoryFileOnFailure(t *testing.T) {
	t.Setenv("HARBOR_HISTORY_DIR", t.TempDir())
	ops, log := cleanRun()
	logs := map[string][]table.Move{"t": log[:4]}
	problems, _, lost, _ := checkHistory(ops, logs, nil)
	if lost != 2 {
		t.Fatalf("%d acknowledged moves lost, want 2: %q", lost, problems)
	}
	path, err := writeHistory("planted", problems, ops, logs)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"planted: 2 problems", "an acknowledged move was lost", `"kind":"acked"`, `t 3 1 {"type":"take","n":1}`} {
		if !strings.Contains(string(raw), want) {
			t.Fatalf("the file lacks %q:\n%s", want, raw)
		}
	}
}
