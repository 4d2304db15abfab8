package all_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"harbor/game"
)

var update = flag.Bool("update", false, "rewrite web/test/messages/<game>.json from random games")

// sample is one line of a game's log as the wire carries it (its message)
// beside the English the engine wrote for it. The front end's test words
// each message in every language and checks the English against the text.
type sample struct {
	Msg  *game.Msg `json:"msg"`
	Text string    `json:"text"`
}

// TestEveryMessageHasASample plays random games of every game and keeps the
// first line it meets of each message id, as every viewer reads it (the
// public line and each seat's secret one), in web/test/messages/<game>.json
// (-update rewrites it). A game that sends messages sends one for every
// line: an event or a secret with a text and no message fails, and so does
// a message whose id is not the game's or whose values are of a kind the
// pages cannot word.
func TestEveryMessageHasASample(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			got := map[string]sample{}
			var mute []string // lines without a message
			speaks := false
			for _, n := range []int{info.MinPlayers, info.MaxPlayers} {
				for seed := uint64(1); seed <= 6; seed++ {
					for _, e := range randomEvents(t, d, n, seed) {
						for v := game.Public; v < game.Seat(n); v++ {
							seen := e.For(v)
							if seen.Msg != nil {
								speaks = true
							}
							if seen.Msg == nil && seen.Text != "" {
								mute = append(mute, fmt.Sprintf("%q (event %q)", seen.Text, seen.Type))
								continue
							}
							keepSample(t, info.ID, seen, got)
						}
					}
				}
			}
			if !speaks {
				t.Skipf("%s writes its log as English text only", info.ID)
			}
			if len(mute) > 0 {
				slices.Sort(mute)
				mute = slices.Compact(mute)
				t.Fatalf("%d lines have no message, such as %s", len(mute), strings.Join(mute[:min(len(mute), 5)], "; "))
			}
			ids := make([]string, 0, len(got))
			for id := range got {
				ids = append(ids, id)
			}
			slices.Sort(ids)
			list := make([]sample, len(ids))
			for i, id := range ids {
				list[i] = got[id]
			}
			want, err := json.MarshalIndent(list, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, '\n')
			path := filepath.Join("..", "..", "web", "test", "messages", info.ID+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			have, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(have, want) {
				t.Fatalf("%s is not what random games say today (%v); run go test ./games/all -run TestEveryMessageHasASample -update", path, err)
			}
		})
	}
}

// keepSample checks one event as a viewer reads it and keeps it when its
// message id is new.
func keepSample(t *testing.T, id string, e game.Event, got map[string]sample) {
	t.Helper()
	if e.Msg == nil {
		return
	}
	if err := e.Msg.Check(); err != nil {
		t.Errorf("%s: %q: %v", id, e.Text, err)
	}
	if !strings.HasPrefix(e.Msg.ID, id+".") {
		t.Errorf("%s: the message id %q of %q is not the game's (%s.…)", id, e.Msg.ID, e.Text, id)
	}
	if _, ok := got[e.Msg.ID]; !ok {
		got[e.Msg.ID] = sample{e.Msg, e.Text}
	}
}

// randomEvents plays a random game of d with n players to its end and
// returns every event it logged, its setup's first. Names, when given,
// are the first players' names.
func randomEvents(t *testing.T, d game.Definition, n int, seed uint64, names ...string) []game.Event {
	t.Helper()
	cfg, records := randomRecords(t, d, n, seed, 5000)
	for i, name := range names[:min(n, len(names))] {
		cfg.Players[i].Name = name
	}
	g, err := d.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var log game.Log
	for _, r := range records {
		if err := g.Apply(r.Seat, r.Move, &log); err != nil {
			t.Fatal(fmt.Errorf("replaying %s: %w", r.Move, err))
		}
	}
	return log.Events
}

// TestEventsEncodeAsEncodingJSONWould encodes every event of random games,
// as every viewer sees it, with the server's appender and with
// encoding/json's reflection of the short form (docs/protocol.md, "Events:
// messages, not sentences"), and wants the same bytes; read back and
// resolved, each is the event it was, message and data. Encoded for a
// reader who knows the seats' names, a "who" that names the event's own
// seat is left out and a message without one has an empty one; read back
// with the names, each is again the event it was.
func TestEventsEncodeAsEncodingJSONWould(t *testing.T) {
	// short is a message's short form as encoding/json writes a map: its id
	// under "@" and its values beside it, the game's ids from their dot, its
	// words strings, a word with one integer n its id and n after a "#", a
	// name from a dot or a backslash after a backslash.
	var short func(m *game.Msg, ns string, inside bool) any
	short = func(m *game.Msg, ns string, inside bool) any {
		id := m.ID
		if strings.HasPrefix(id, ns+".") {
			id = id[len(ns):]
		}
		if inside && len(m.V) == 0 && id[0] == '.' && !strings.Contains(id, "#") {
			return id
		}
		if n, ok := m.V["n"]; inside && ok && len(m.V) == 1 && id[0] == '.' && !strings.Contains(id, "#") {
			if v := reflect.ValueOf(n); v.CanInt() || v.CanUint() {
				return fmt.Sprintf("%s#%d", id, n) // a counted word
			}
		}
		out := map[string]any{"@": id}
		var value func(v any) any
		value = func(v any) any {
			switch x := v.(type) {
			case string:
				if strings.HasPrefix(x, ".") || strings.HasPrefix(x, `\`) {
					return `\` + x
				}
			case *game.Msg:
				return short(x, ns, true)
			case []any:
				items := make([]any, len(x))
				for i, it := range x {
					items[i] = value(it)
				}
				return items
			}
			return v
		}
		for k, v := range m.V {
			out[k] = value(v)
		}
		return out
	}
	for _, d := range game.All() {
		info := d.Info()
		n, left := 0, 0
		for _, players := range []int{info.MinPlayers, info.MaxPlayers} {
			for seed := uint64(1); seed <= 3; seed++ {
				// Two players named from a dot and a backslash, which the short form escapes.
				names := []string{".Ana", `\Bo`}
				for len(names) < players {
					names = append(names, string(rune('A'+len(names))))
				}
				events := randomEvents(t, d, players, seed, names...)
				for v := game.Public; v < game.Seat(players); v++ {
					for _, e := range events {
						e = e.For(v)
						// Without the seats' names, and with them: then a "who"
						// that is the event's own seat's name is left out.
						for _, named := range [][]string{nil, names} {
							ref := []any{e.Type, e.Seat, e.Text}
							if e.Msg != nil {
								m := short(e.Msg, info.ID, false).(map[string]any)
								if named != nil && e.Seat >= 0 {
									who, has := e.Msg.V["who"]
									switch {
									case !has:
										m["who"] = "" // it has none
									case who == named[e.Seat]:
										delete(m, "who")
										left++
									}
								}
								ref[2] = m
							}
							if e.Data != nil {
								ref = append(ref, e.Data)
							}
							want, err := json.Marshal(ref)
							if err != nil {
								t.Fatal(err)
							}
							got := e.AppendJSONNamed(nil, named)
							if named == nil && !bytes.Equal(e.AppendJSON(nil), got) {
								t.Fatalf("%s: AppendJSON and AppendJSONNamed without names differ for %s", info.ID, got)
							}
							if !bytes.Equal(got, want) {
								t.Fatalf("%s: the event encodes as\n%s\nencoding/json writes\n%s", info.ID, got, want)
							}
							var back game.Event
							if err := json.Unmarshal(got, &back); err != nil {
								t.Fatalf("%s: %s does not read back: %v", info.ID, got, err)
							}
							back.Resolve(info.ID)
							back.PutOwnName(named)
							if !sameJSON(t, back.Msg, e.Msg) || !sameJSON(t, back.Data, e.Data) || back.Type != e.Type || back.Seat != e.Seat {
								t.Fatalf("%s: %s reads back as %+v %s", info.ID, got, back, mustMarshal(t, back.Msg))
							}
						}
						n++
					}
					all, _ := json.Marshal(eventsOf(events, v))
					if got := game.AppendEventsJSON(nil, events, v, nil); !bytes.Equal(got, all) {
						t.Fatalf("%s: the events of a game encode as\n%.300s\nwant\n%.300s", info.ID, got, all)
					}
				}
			}
		}
		if n == 0 || left == 0 {
			t.Errorf("%s: random games logged %d events, %d of them naming their own seat", info.ID, n, left)
		}
	}
}

func eventsOf(events []game.Event, v game.Seat) []game.Event {
	out := make([]game.Event, len(events))
	for i, e := range events {
		out[i] = e.For(v)
	}
	return out
}

// sameJSON reports whether a and b are the same JSON value (a message in
// its long form; a message read back holds float64 numbers where the one
// sent held ints, and data read back is a map where a struct was sent).
func sameJSON(t *testing.T, a, b any) bool {
	norm := func(v any) []byte {
		var x any
		if err := json.Unmarshal(mustMarshal(t, v), &x); err != nil {
			t.Fatal(err)
		}
		return mustMarshal(t, x)
	}
	return bytes.Equal(norm(a), norm(b))
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
