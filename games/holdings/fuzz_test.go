package holdings

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"harbor"
	"harbor/game"
)

// jsonMoveCorpus are malformed, out-of-range and badly timed moves as a
// client could send them; FuzzMovesAsJSON starts from them.
var jsonMoveCorpus = []string{
	`{"type":"roll"}`,
	`{"type":"end"}`,
	`{"type":"buy"}`,
	`{"type":"buy","space":-1}`,
	`{"type":"buy","space":40}`,
	`{"type":"buy","space":9223372036854775807}`,
	`{"type":"pass"}`,
	`{"type":"improve","space":-5}`,
	`{"type":"improve","space":64}`,
	`{"type":"improve","space":1e30}`,
	`{"type":"improve","space":5}`,
	`{"type":"propose","to":1,"give":{"coins":10},"get":{"coins":5}}`,
	`{"type":"propose","to":0,"give":{"coins":10},"get":{"coins":5}}`,
	`{"type":"propose","to":-1,"give":{"coins":10},"get":{"coins":5}}`,
	`{"type":"propose","to":7,"give":{"coins":10},"get":{"coins":5}}`,
	`{"type":"propose","to":1,"give":{"coins":9007199254740993},"get":{"coins":5}}`,
	`{"type":"propose","to":1,"give":{"coins":-1},"get":{"coins":5}}`,
	`{"type":"propose","to":1,"give":{"properties":[1,1]},"get":{"coins":5}}`,
	`{"type":"propose","to":1,"give":{"properties":[0,10,20]},"get":{"coins":5}}`,
	`{"type":"propose","to":1,"give":{"properties":[41]},"get":{"coins":5}}`,
	`{"type":"propose","to":1,"give":{"properties":null},"get":{"properties":[39]}}`,
	`{"type":"propose","to":1,"give":{},"get":{}}`,
	`{"type":"counter","give":{"coins":1},"get":{"coins":2}}`,
	`{"type":"accept"}`,
	`{"type":"decline"}`,
	`{"type":"cancel"}`,
	`{"type":"steal"}`,
	`{"type":"roll","extra":1}`,
	`{"type":"roll"} {"type":"end"}`,
	`[]`,
	`null`,
	``,
}

// FuzzMovesAsJSON plays a random game to a random point and then sends
// arbitrary JSON moves from an arbitrary seat through game.DecodeMove and
// Apply, as the server does: a move that does not decode is refused as
// invalid; a decoded move is either applied (and the invariants hold) or
// refused with a *harbor.Error that leaves the state byte-for-byte as it
// was. The game is then played to its end and must replay to the same
// state. As a plain test it runs over its seed corpus.
func FuzzMovesAsJSON(f *testing.F) {
	for i, raw := range jsonMoveCorpus {
		f.Add(uint64(i), uint8(i), uint16(i*37), int8(i%4), []byte(raw))
		f.Add(uint64(i), uint8(128+i), uint16(i*11), int8(i%3-1), []byte(raw+"\n"+jsonMoveCorpus[(i+1)%len(jsonMoveCorpus)]))
	}
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, at uint16, seat int8, raw []byte) {
		r := newRandomPlay(t, seed, 2+int(players%5))
		if players >= 128 {
			r = newPoorPlay(t, seed, 2+int(players%5), int32(100+seed%400))
		}
		for k := 0; k < int(at%400) && !r.s.Over; k++ {
			if err := r.step(); err != nil {
				t.Fatal(err)
			}
		}
		for _, line := range bytes.SplitN(raw, []byte("\n"), 8) {
			m, err := game.DecodeMove[Move](line)
			if err != nil {
				var he *harbor.Error
				if !errors.As(err, &he) || he.Code != harbor.EInvalid {
					t.Fatalf("undecodable move %q: %v, want an invalid harbor error", line, err)
				}
				continue
			}
			if err := r.try(game.Seat(seat%8), m); err != nil {
				t.Fatalf("move %q by seat %d: %v", line, seat%8, err)
			}
			if !r.s.Over {
				if err := r.step(); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := r.run(); err != nil {
			t.Fatal(err)
		}
	})
}

// checkRefusal checks that a refused move's error is one a player can act
// on: a *harbor.Error with a message, and an illegal move names its rule.
func checkRefusal(m Move, err error) error {
	var he *harbor.Error
	if !errors.As(err, &he) {
		return fmt.Errorf("refusal of %+v is not a harbor error: %v", m, err)
	}
	if he.Message == "" {
		return fmt.Errorf("refusal of %+v has no message", m)
	}
	if he.Code == harbor.EIllegal || he.Code == harbor.ENotYourTurn {
		if he.Msg.Check() != nil {
			return fmt.Errorf("refusal of %+v carries no message a page can word: %v", m, err)
		}
		if err := saysRefusal(he); err != nil {
			return fmt.Errorf("refusal of %+v: %w", m, err)
		}
	}
	if he.Code == harbor.EIllegal && he.Rule == "" {
		return fmt.Errorf("illegal move %+v refused without naming its rule: %v", m, err)
	}
	return nil
}
