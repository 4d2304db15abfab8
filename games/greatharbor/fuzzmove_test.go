package greatharbor

import (
	"encoding/json"
	"errors"
	"testing"

	"harbor"
	"harbor/game"
)

// FuzzDecodedMove plays a random game to a fuzzed point, then feeds an
// arbitrary JSON move through game.DecodeMove and Apply for a fuzzed seat.
// A refused move must be a *harbor.Error with a known code and leave the
// state byte-for-byte unchanged; an accepted one must keep every invariant
// and leave a game that can still be played to its end. Seat bit 2 sends
// the move from seat>>2 instead of the actor. With an odd seat,
// the fuzzed JSON object is laid over one of the actor's legal moves, so
// most inputs are near-legal moves that probe each check. The seed corpus
// runs as a normal test.
func FuzzDecodedMove(f *testing.F) {
	for _, c := range []struct {
		seed  uint64
		steps uint16
		seat  int8
		raw   string
	}{
		{1, 0, 0, `{"type":"draft","die":-1}`},
		{2, 40, 0, `{"type":"place","die":3,"slot":4,"first":-3,"second":9}`},
		{3, 60, 1, `{"type":"place","die":0,"slot":24,"first":1}`},
		{4, 120, 0, `{"type":"activate","person":5,"die":19,"choice":9}`},
		{5, 300, 2, `{"type":"employ","card":19,"dock":2,"stat":3}`},
		{6, 500, 0, `{"type":"convert_card","card":5,"n":-4,"lux":9}`},
		{7, 900, 0, `{"type":"trade","deliver":true,"lux":-1,"res":7}`},
		{8, 2000, 1, `{"type":"end"}`},
		{9, 5000, 0, `{"type":"fight","dock":127}`},
		{10, 70, 3, `{"type":"shop","site":35,"res":3}`},
		{11, 10, 0, `{"type":"place","die":1,"slot":0,"waive":3}`},
		{12, 80, 0, `{"type":"crane","slot":-1,"to":24}`},
		{13, 30, 0, `{"type":"draft","die":2,"bogus":1}`},
		{14, 30, 0, `[1,2,3]`},
		{15, 200, 0, `{"type":"play_person","card":23,"column":-1}`},
		{16, 45, 1, `{"first":9}`},
		{17, 45, 1, `{"waive":3}`},
		{18, 300, 1, `{"die":19}`},
		{19, 700, 1, `{"dock":2,"stat":2}`},
		{20, 90, 1, `{"n":-1,"lux":3}`},
		{21, 1200, 1, `{"type":"trade","deliver":true}`},
		{22, 150, 1, `{"card":22,"column":2}`},
		{23, 60, 1, `{"slot":24,"first":0}`},
		{24, 400, 1, `{"structure":5,"colonist":true}`},
		{25, 250, 1, `{"person":5,"choice":3}`},
	} {
		f.Add(c.seed, c.steps, c.seat, []byte(c.raw))
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, seat int8, raw []byte) {
		n := int(seed%4) + 1
		s := newGame(t, n, seed, optionsFor(n, seed))
		r := game.NewRand(seed ^ 0x5eed)
		var legal []Move
		for i := 0; i < int(steps%6000) && s.Phase != phaseOver; i++ {
			legal = s.Legal(s.Actors().First(), legal[:0])
			if err := s.Apply(s.Actors().First(), legal[r.Intn(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
		if seat&1 == 1 && s.Phase != phaseOver {
			raw = overLegal(s.Legal(s.Actors().First(), legal[:0]), int(steps), raw)
		}
		m, err := game.DecodeMove[Move](json.RawMessage(raw))
		if err != nil {
			if harbor.ErrorCode(err) != harbor.EInvalid {
				t.Fatalf("decoding %q: %v is not an invalid-move error", raw, err)
			}
			return
		}
		who := s.Actors().First() // mostly the seat the game waits on
		if seat&2 != 0 {
			who = game.Seat(seat >> 2) // any seat, in range or not
		}
		before := mustJSON(t, s)
		probe := s.Clone()
		var log game.Log
		if err := probe.Apply(who, m, &log); err != nil {
			var he *harbor.Error
			if !errors.As(err, &he) {
				t.Fatalf("move %s: error %T is not a *harbor.Error", raw, err)
			}
			switch he.Code {
			case harbor.EIllegal, harbor.EInvalid, harbor.ENotYourTurn:
			default:
				t.Fatalf("move %s: unexpected code %s", raw, he.Code)
			}
			if he.Message == "" {
				t.Fatalf("move %s: refused without a message", raw)
			}
			if mustJSON(t, probe) != before {
				t.Fatalf("refused move %s (%v) changed the state", raw, err)
			}
			return
		}
		if err := checkInvariants(probe); err != nil {
			t.Fatalf("accepted move %s broke an invariant: %v", raw, err)
		}
		for i := 0; probe.Phase != phaseOver; i++ {
			if i > 20000 {
				t.Fatalf("after move %s the game does not end", raw)
			}
			legal = probe.Legal(probe.Actors().First(), legal[:0])
			if len(legal) == 0 {
				t.Fatalf("after move %s seat %d has no legal move", raw, probe.Actors().First())
			}
			if err := probe.Apply(probe.Actors().First(), legal[r.Intn(len(legal))], nil); err != nil {
				t.Fatalf("after move %s a legal move is refused: %v", raw, err)
			}
			if i < 50 { // the accepted move's consequences show early; keep executions fast
				if err := checkInvariants(probe); err != nil {
					t.Fatalf("after move %s: %v", raw, err)
				}
			}
		}
		if err := checkInvariants(probe); err != nil {
			t.Fatalf("after move %s, at the end: %v", raw, err)
		}
	})
}

// overLegal lays the fields of the JSON object raw over legal move i (mod
// the count); raw that is not an object comes back unchanged.
func overLegal(legal []Move, i int, raw []byte) []byte {
	var over map[string]json.RawMessage
	if len(legal) == 0 || json.Unmarshal(raw, &over) != nil {
		return raw
	}
	var obj map[string]json.RawMessage
	b, _ := json.Marshal(legal[i%len(legal)])
	if json.Unmarshal(b, &obj) != nil {
		return raw
	}
	for k, v := range over {
		obj[k] = v
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return raw
	}
	return out
}
