package harborfall

import (
	"errors"
	"testing"

	"harbor"
	"harbor/game"
)

// canonical keeps only the fields move type m.Type uses, so an accepted
// move can be compared with the moves Legal lists.
func canonical(m Move) Move {
	c := Move{Type: m.Type}
	switch m.Type {
	case "settlement", "road", "city", "robber":
		c.At = m.At
	case "steal", "pick":
		c.Seat = m.Seat
	case "bank", "offer":
		c.Seat, c.Give, c.Get = m.Seat, m.Give, m.Get
		if m.Type == "bank" {
			c.Seat = 0
		}
	case "discard":
		c.Give = m.Give
	case "play_harvest":
		c.Get = m.Get
	case "play_forced":
		c.Res = m.Res
	}
	return c
}

// FuzzApplyJSONMove plays a random game of 3 to 6 players for some steps,
// then feeds an arbitrary JSON move for an arbitrary seat through
// game.DecodeMove and Apply. A refused move must come back as a
// *harbor.Error with a known code (a rule id for illegal moves) and leave
// the state byte-for-byte unchanged; an accepted one must be a legal move
// (offers and several-card discards are free-form and need not be listed)
// and keep every invariant. Its seed corpus runs as a normal test.
func FuzzApplyJSONMove(f *testing.F) {
	seeds := []struct {
		steps uint16
		seat  int8
		raw   string
	}{
		{0, 0, `{"type":"settlement","at":12}`},
		{0, 0, `{"type":"settlement","at":-1}`},
		{1, 0, `{"type":"road","at":500}`},
		{30, 1, `{"type":"roll"}`},
		{40, -1, `{"type":"end"}`},
		{40, 7, `{"type":"end"}`},
		{60, 0, `{"type":"bank","give":[4,0,0,0,0],"get":[0,1,0,0,0]}`},
		{60, 0, `{"type":"bank","give":[-4,0,0,0,0],"get":[0,1,0,0,0]}`},
		{60, 2, `{"type":"offer","seat":2,"give":[1],"get":[0,1]}`},
		{60, 2, `{"type":"offer","seat":-1,"give":[1],"get":[0,1]}`},
		{60, 1, `{"type":"counter","give":[0,1],"get":[1]}`},
		{60, 1, `{"type":"pick","seat":1}`},
		{60, 1, `{"type":"offer","seat":9,"give":[1],"get":[0,1]}`},
		{60, 1, `{"type":"offer","seat":0,"give":[0,0,0,0,-1],"get":[0,1]}`},
		{80, 0, `{"type":"discard","give":[1,1,1,1,1]}`},
		{80, 3, `{"type":"discard","give":[0,-2,0,0,0]}`},
		{90, 0, `{"type":"robber","at":31}`},
		{90, 0, `{"type":"steal","seat":-3}`},
		{120, 0, `{"type":"play_forced","res":9}`},
		{120, 0, `{"type":"play_harvest","get":[2,0,0,0,-1]}`},
		{200, 0, `{"type":"accept"}`},
		{300, 0, `{"type":"city","at":79}`},
		{65535, 0, `{"type":"roll"}`},
		{10, 0, `{"type":"fly"}`},
		{10, 0, `{"type":"road","at":1e9}`},
		{10, 0, `{"type":"road","bogus":1}`},
		{10, 0, `[1,2]`},
	}
	for i, sd := range seeds {
		f.Add(uint64(i), uint8(i), sd.steps, sd.seat, []byte(sd.raw))
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8, steps uint16, seatRaw int8, raw []byte) {
		s := newGame(t, 3+int(n%4), seed)
		rng := game.NewRand(seed ^ 0xf022)
		var legal []Move
		for range steps {
			if s.Phase == phaseOver {
				break
			}
			actors := s.Actors()
			seat := actors.Nth(rng.Intn(actors.Len()))
			legal = s.Legal(seat, legal[:0])
			if err := s.Apply(seat, legal[rng.Intn(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
		m, err := game.DecodeMove[Move](raw)
		if err != nil {
			var he *harbor.Error
			if !errors.As(err, &he) || he.Code != harbor.EInvalid {
				t.Fatalf("decoding %q: %v is not an invalid-move error", raw, err)
			}
			return
		}
		seat := game.Seat(seatRaw % 8)
		legal = s.Legal(seat, legal[:0])
		before := encode(t, s)
		log := &game.Log{}
		err = s.Apply(seat, m, log)
		if err != nil {
			var he *harbor.Error
			if !errors.As(err, &he) {
				t.Fatalf("%+v: %v is not a *harbor.Error", m, err)
			}
			switch {
			case he.Code == harbor.EIllegal && he.Rule == "":
				t.Fatalf("%+v: illegal move refused without a rule: %v", m, err)
			case he.Code != harbor.EIllegal && he.Code != harbor.ENotYourTurn && he.Code != harbor.EInvalid:
				t.Fatalf("%+v: unexpected code %q", m, he.Code)
			case he.Message == "":
				t.Fatalf("%+v: refused without a message", m)
			}
			checkWords(t, he)
			if after := encode(t, s); after != before {
				t.Fatalf("refused %+v by seat %d changed the state", m, seat)
			}
			return
		}
		free := m.Type == "offer" || m.Type == "counter" || m.Type == "discard"
		if !free && !hasMove(legal, canonical(m)) {
			t.Fatalf("seat %d: %+v was accepted but is not among the legal moves %v", seat, m, legal)
		}
		if err := checkInvariants(s); err != nil {
			t.Fatalf("after %+v by seat %d: %v", m, seat, err)
		}
		for _, e := range log.Events {
			if e.Text == "" {
				t.Fatalf("event %q without text", e.Type)
			}
		}
	})
}
