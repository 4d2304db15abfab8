package gallery

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"harbor/game"
	_ "harbor/games/all"
	"harbor/table"
)

// tiny is a gallery small enough for the tests.
func tiny(games ...string) Config {
	return Config{Games: games, PerGame: 6, Search: 3, Seed: 7, Workers: 2}
}

func encodeDoc(t *testing.T, doc *Document) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSameConfigSameDocument: the document depends on the config alone,
// not on the number of workers or the run.
func TestSameConfigSameDocument(t *testing.T) {
	cfg := tiny("holdings")
	cfg.Plays = 1
	a, err := Make(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 1
	b, err := Make(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encodeDoc(t, a), encodeDoc(t, b)) {
		t.Fatal("two runs of the same config wrote different documents")
	}
	cfg.Seed++
	c, err := Make(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(encodeDoc(t, a), encodeDoc(t, c)) {
		t.Fatal("another seed wrote the same document")
	}
}

// TestEveryGameAndSeatCount: every registered game is sampled at every
// seat count its Info allows, every position has a TV and a viewer per
// seat of a person, and ids are unique.
func TestEveryGameAndSeatCount(t *testing.T) {
	cfg := tiny()
	cfg.Search = 0
	doc, err := Make(cfg)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]map[int]bool{}
	ids := map[string]bool{}
	for _, p := range doc.Positions {
		if ids[p.ID] {
			t.Errorf("id %s twice", p.ID)
		}
		ids[p.ID] = true
		if seen[p.Game] == nil {
			seen[p.Game] = map[int]bool{}
		}
		seen[p.Game][p.Seats] = true
		if len(p.Viewers["tv"]) == 0 {
			t.Errorf("%s: no TV frames", p.ID)
		}
		for seat := range p.Seats {
			if len(p.Viewers[strconv.Itoa(seat)]) == 0 || p.Me[strconv.Itoa(seat)] == "" {
				t.Errorf("%s: no frames or id for seat %d", p.ID, seat)
			}
		}
	}
	for _, def := range game.All() {
		info := def.Info()
		for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
			if !seen[info.ID][n] {
				t.Errorf("%s: no position at %d seats", info.ID, n)
			}
		}
	}
}

// envelope is a frame as docs/protocol.md says it is.
type envelope struct {
	T string          `json:"t"`
	V *int            `json:"v"`
	F uint64          `json:"f"`
	D json.RawMessage `json:"d"`
}

func decodeFrame(t *testing.T, raw json.RawMessage) envelope {
	t.Helper()
	var e envelope
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.T == "" || e.V == nil || len(e.D) == 0 {
		t.Fatalf("frame %.200s does not decode as t/v/d: %v", raw, err)
	}
	return e
}

// TestFramesAreWhatAConnectionGets: the frames of each viewer decode as
// the protocol says, a lobby first, then, once the game has started, the
// state of the version the lobby names; made positions say why.
func TestFramesAreWhatAConnectionGets(t *testing.T) {
	doc, err := Make(tiny("neko", "greatharbor"))
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	for _, p := range doc.Positions {
		if p.Source == "made" {
			made++
			if p.Why == "" {
				t.Errorf("%s: made, but no why", p.ID)
			}
		}
		for viewer, frames := range p.Viewers {
			lobby := decodeFrame(t, frames[0])
			if lobby.T != "lobby" {
				t.Fatalf("%s %s: first frame %q", p.ID, viewer, lobby.T)
			}
			var lv table.LobbyView
			if err := json.Unmarshal(lobby.D, &lv); err != nil {
				t.Fatal(err)
			}
			if viewer != "tv" {
				seat, _ := strconv.Atoi(viewer)
				if lv.Seats[seat].Player != p.Me[viewer] {
					t.Errorf("%s: seat %s is %q in the lobby, but its page's id is %q", p.ID, viewer, lv.Seats[seat].Player, p.Me[viewer])
				}
			}
			// Then the game's state and log once it has started, and the
			// chat: a person who was away is back as they connect, which
			// brings a new lobby and state first.
			last, states := lv, 0
			for i, f := range frames[1:] {
				e := decodeFrame(t, f)
				switch e.T {
				case "lobby":
					if err := json.Unmarshal(e.D, &last); err != nil {
						t.Fatal(err)
					}
				case "state":
					states++
					if last.Status == table.Lobby || *e.V != last.Version {
						t.Errorf("%s %s: frame %d is the state of version %d in a lobby of version %d", p.ID, viewer, i+1, *e.V, last.Version)
					}
				case "log", "chat":
				default:
					t.Errorf("%s %s: frame %d is %q", p.ID, viewer, i+1, e.T)
				}
			}
			if (states == 0) != (lv.Status == table.Lobby) {
				t.Errorf("%s %s: %d state frames at a table whose status is %s", p.ID, viewer, states, lv.Status)
			}
		}
	}
	if made == 0 {
		t.Fatal("no made positions")
	}
	if len(doc.Plays) != 0 {
		t.Fatalf("%d plays, none asked for", len(doc.Plays))
	}
}

// TestSeatsSeeOnlyTheirOwn: at positions of every game, each seat's
// state frame holds exactly the engine's View of that seat and legal moves
// of its own, and the TV's the public view and none; no seat's frames
// hold the view of another seat that sees something else.
func TestSeatsSeeOnlyTheirOwn(t *testing.T) {
	for _, def := range game.All() {
		sets := setups(def)
		s := fullest(sets)
		p, err := play(def, s, 11, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range []int{len(p.moves) / 3, len(p.moves) * 2 / 3} {
			pos, err := positionOf(def, p, at, "t", nil)
			if err != nil {
				t.Fatal(err)
			}
			g, hist := replayWithEvents(t, def, newTable(def, "", s, p.seed).Config(), p.moves[:at])
			views := map[string][]byte{"tv": canonical(t, encode(g.View(game.Public)))}
			for seat := range s.seats {
				views[strconv.Itoa(seat)] = canonical(t, encode(g.View(game.Seat(seat))))
			}
			for viewer, frames := range pos.Viewers {
				var st struct {
					View   json.RawMessage `json:"view"`
					Legal  []any           `json:"legal"`
					Seat   game.Seat       `json:"seat"`
					Events []game.Event    `json:"events"`
					Names  []string        `json:"names"`
				}
				if err := json.Unmarshal(decodeFrame(t, frames[1]).D, &st); err != nil {
					t.Fatal(err)
				}
				for i := range st.Events {
					st.Events[i].PutOwnName(st.Names) // as the page reads them
				}
				events, _ := json.Marshal(st.Events)
				if !bytes.Equal(canonical(t, st.View), views[viewer]) {
					t.Errorf("%s %s: the state frame's view is not the engine's view of that viewer", pos.ID, viewer)
				}
				seat := game.Public
				if viewer != "tv" {
					seat = seatOf(viewer)
				}
				if !bytes.Equal(canonical(t, events), eventsJSON(t, hist[at], seat)) {
					t.Errorf("%s %s: the state frame's events are not the last move's as that viewer sees them", pos.ID, viewer)
				}
				var page table.LogPage
				if err := json.Unmarshal(decodeFrame(t, frames[2]).D, &page); err != nil {
					t.Fatal(err)
				}
				for _, e := range page.Entries {
					b, _ := json.Marshal(e.Events)
					if !bytes.Equal(canonical(t, b), eventsJSON(t, hist[e.V], seat)) {
						t.Errorf("%s %s: the log's events of version %d are not as that viewer sees them", pos.ID, viewer, e.V)
					}
				}
				if viewer == "tv" && (st.Seat != game.Public || len(st.Legal) > 0) {
					t.Errorf("%s: the TV is seat %d with %d legal moves", pos.ID, st.Seat, len(st.Legal))
				}
				if viewer != "tv" && strconv.Itoa(int(st.Seat)) != viewer {
					t.Errorf("%s %s: state frame of seat %d", pos.ID, viewer, st.Seat)
				}
				var all []byte
				for _, f := range frames {
					all = append(all, f...)
				}
				for other, v := range views {
					if other != viewer && other != "tv" && !bytes.Equal(v, views[viewer]) && bytes.Contains(all, encode(g.View(seatOf(other)))) {
						t.Errorf("%s: the frames of %s hold the view of seat %s", pos.ID, viewer, other)
					}
				}
			}
		}
	}
}

// replayWithEvents replays moves from cfg and returns the game after them
// and the events of every version (0: the setup).
func replayWithEvents(t *testing.T, def game.Definition, cfg game.Config, moves []table.Move) (game.Game, [][]game.Event) {
	t.Helper()
	var setup game.Log
	g, err := def.NewLogged(cfg, &setup)
	if err != nil {
		t.Fatal(err)
	}
	hist := [][]game.Event{setup.Events}
	for _, m := range moves {
		var log game.Log
		if err := g.Apply(m.Seat, m.Move, &log); err != nil {
			t.Fatal(err)
		}
		hist = append(hist, log.Events)
	}
	return g, hist
}

// eventsJSON is events as viewer sees them, canonical.
func eventsJSON(t *testing.T, events []game.Event, viewer game.Seat) []byte {
	t.Helper()
	out := make([]game.Event, len(events))
	for i, e := range events {
		out[i] = e.For(viewer)
	}
	b, _ := json.Marshal(out)
	return canonical(t, b)
}

func seatOf(viewer string) game.Seat {
	n, _ := strconv.Atoi(viewer)
	return game.Seat(n)
}

// canonical is the JSON b decoded and encoded again, for comparing.
func canonical(t *testing.T, b []byte) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v)
	return out
}

// TestPlaysRunToTheEnd: a whole game as the TV receives it starts with
// the frames of a connection at move 0, then a whole state frame for
// every move, and ends with the lobby of the finished table.
func TestPlaysRunToTheEnd(t *testing.T) {
	for _, def := range game.All() {
		plays, err := wholeGames(def, Config{Plays: 1}, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range plays {
			first, last := decodeFrame(t, p.Frames[0]), decodeFrame(t, p.Frames[len(p.Frames)-1])
			var lv table.LobbyView
			_ = json.Unmarshal(last.D, &lv)
			if first.T != "lobby" || *first.V != 0 || last.T != "lobby" || lv.Status != table.Finished {
				t.Fatalf("%s: frames from %s v%d to %s %s", p.ID, first.T, *first.V, last.T, lv.Status)
			}
			want := 0
			for _, f := range p.Frames {
				e := decodeFrame(t, f)
				if e.T != "state" {
					continue
				}
				if *e.V != want {
					t.Fatalf("%s: state of version %d where %d was due", p.ID, *e.V, want)
				}
				want++
			}
			if want-1 != lv.Version {
				t.Fatalf("%s: states up to version %d of %d", p.ID, want-1, lv.Version)
			}
		}
	}
}

// TestLongNamesFitTheLobby: the names of the made positions are names
// the lobby takes, at its longest.
func TestLongNamesFitTheLobby(t *testing.T) {
	for _, n := range longNames {
		if c, err := table.CleanName(n); err != nil || c != n || len([]rune(n)) != table.MaxNameLen {
			t.Errorf("%q: %v (%d characters)", n, err, len([]rune(n)))
		}
	}
}

func TestLargestArrays(t *testing.T) {
	got := arrays([]byte(`{"a":[1,2,3],"b":{"c":[[],["x]","y"],[{"d":[true]}]]},"e":[]}`))
	want := map[string]int{".a[]": 3, ".b.c[]": 3, ".b.c[][]": 2, ".b.c[][].d[]": 1}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("arrays: %v, want %v", got, want)
	}
}
