package harborfall

import (
	"errors"
	"strings"
	"testing"
	"unicode"

	"harbor"
	"harbor/game"
	"harbor/game/catalogtest"
)

// refusal applies m for seat, which must be refused, and returns the error.
func refusal(t *testing.T, s *State, seat int8, m Move) *harbor.Error {
	t.Helper()
	var he *harbor.Error
	if err := s.Apply(game.Seat(seat), m, nil); !errors.As(err, &he) {
		t.Fatalf("seat %d %+v: got %v, want a refusal", seat, m, err)
	}
	checkWords(t, he)
	return he
}

// englishCatalog is the game's English catalog, which words the refusals'
// messages on English pages.
func englishCatalog() (map[string]string, error) { return catalogtest.EnglishCatalog("harborfall") }

// checkWords checks that a refusal a person can meet carries a message of
// this game's refusals that the English catalog words, and, when the
// message takes no values, that the catalog says what the English message
// says, as a sentence. A malformed move (invalid) needs no message.
func checkWords(t testing.TB, he *harbor.Error) {
	t.Helper()
	if he.Code != harbor.EIllegal && he.Code != harbor.ENotYourTurn {
		return
	}
	if he.Msg == nil {
		t.Fatalf("refusal %q carries no message", he.Error())
	}
	if err := he.Msg.Check(); err != nil {
		t.Fatalf("refusal %q: %v", he.Error(), err)
	}
	if !strings.HasPrefix(he.Msg.ID, "harborfall.err.") {
		t.Fatalf("refusal %q: message %s is not one of the game's refusals", he.Error(), he.Msg.ID)
	}
	cat, err := englishCatalog()
	if err != nil {
		t.Fatal(err)
	}
	text, ok := cat[he.Msg.ID]
	if !ok {
		t.Fatalf("refusal %q: message %s is not in the English catalog", he.Error(), he.Msg.ID)
	}
	if len(he.Msg.V) == 0 {
		r := []rune(he.Message)
		want := strings.ReplaceAll(string(unicode.ToUpper(r[0]))+string(r[1:])+".", "'", "''")
		if text != want {
			t.Errorf("refusal %q: the English catalog says %q for %s", he.Message, text, he.Msg.ID)
		}
	}
}

// TestRefusalMessages checks that a refused move says in player words what
// is wrong and which rule it breaks.
func TestRefusalMessages(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prepare func(s *State)
		seat    int8
		move    Move
		code    string
		rule    string
		message string
		id      string // the message's id, "" for a malformed move
	}{
		{"HF-45 a missing cost is spelled out", func(s *State) { build(s, 0, 0, false); give(s, 0, hand(0, 0, 0, 2, 2)) }, 0,
			Move{Type: "city", At: 0}, harbor.EIllegal, "HF-45", "you cannot afford a city: it costs 2 grain, 3 ore", "harborfall.err.afford"},
		{"HF-57 the missing card is named", nil, 0,
			Move{Type: "play_roads"}, harbor.EIllegal, "HF-57", "you hold no Free roads card", "harborfall.err.no_card"},
		{"HF-54 the fresh card is named", func(s *State) { holding(s, 0, CardForced, 1); s.Fresh[0][CardForced] = 1 }, 0,
			Move{Type: "play_forced", Res: Ore}, harbor.EIllegal, "HF-54", "your Forced trade card was bought this turn: play it from your next turn on", "harborfall.err.card_fresh"},
		{"HF-41 the rate names its resource", func(s *State) { give(s, 0, hand(3, 0, 0, 0, 0)) }, 0,
			Move{Type: "bank", Give: hand(3, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)}, harbor.EIllegal, "HF-41", "your rate for brick is 4 for 1", "harborfall.err.bank_rate"},
		{"HF-30 one card left to discard", func(s *State) { give(s, 1, hand(2, 0, 0, 0, 0)); s.Phase, s.Owed[1] = phaseDiscard, 1 }, 1,
			Move{Type: "discard", Give: hand(2, 0, 0, 0, 0)}, harbor.EIllegal, "HF-30", "you have only 1 card left to discard", "harborfall.err.discard_too_many"},
		{"HF-75 the refused action is named", func(s *State) { s.Phase, s.Special = phaseSpecial, 1 }, 1,
			Move{Type: "robber", At: 3}, harbor.EIllegal, "HF-75", "on an extra build turn you may only build, buy cards or end; you cannot move the robber", "harborfall.err.extra_turn_only"},
		{"HF-42 negative counts are malformed", func(s *State) { give(s, 0, hand(1, 0, 0, 0, 0)) }, 0,
			Move{Type: "offer", Seat: 1, Give: hand(1, 0, 0, 0, 0), Get: hand(0, -1, 0, 0, 0)}, harbor.EInvalid, "", "card counts cannot be negative", ""},
		{"HF-G13 the active player waits for the answer to an open offer", func(s *State) {
			give(s, 0, hand(8, 0, 0, 0, 0))
			s.Phase, s.Offer = phaseOffer, Offer{From: 0, To: 1, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)}
		}, 0, Move{Type: "offer", Seat: 2, Give: hand(1, 0, 0, 0, 0), Get: hand(0, 0, 1, 0, 0)},
			harbor.ENotYourTurn, "HF-G13", "a trade offer is waiting for an answer", "harborfall.err.offer_waiting"},
		{"HF-30 the active player trades only after the discards", func(s *State) {
			give(s, 0, hand(4, 0, 0, 0, 0))
			give(s, 1, hand(8, 0, 0, 0, 0))
			s.Phase, s.Owed[1] = phaseDiscard, 4
		}, 0, Move{Type: "bank", Give: hand(4, 0, 0, 0, 0), Get: hand(0, 1, 0, 0, 0)},
			harbor.ENotYourTurn, "HF-30", "wait until everyone has discarded", "harborfall.err.wait_discards"},
		{"HF-52 whose turn it is", nil, 2,
			Move{Type: "end"}, harbor.ENotYourTurn, "HF-52", "it is A's turn", "harborfall.err.their_turn"},
		{"HF-73 whose extra build turn it is", func(s *State) { s.Phase, s.Special = phaseSpecial, 1 }, 2,
			Move{Type: "end"}, harbor.ENotYourTurn, "HF-73", "it is B's extra build turn", "harborfall.err.their_extra_turn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := blank(t, 5)
			if tc.prepare != nil {
				tc.prepare(s)
			}
			before := encode(t, s)
			he := refusal(t, s, tc.seat, tc.move)
			if he.Code != tc.code || he.Rule != tc.rule || he.Message != tc.message {
				t.Errorf("got %s %s %q, want %s %s %q", he.Code, he.Rule, he.Message, tc.code, tc.rule, tc.message)
			}
			if id := msgID(he); id != tc.id {
				t.Errorf("message %q, want %q", id, tc.id)
			}
			if encode(t, s) != before {
				t.Error("the refused move changed the state")
			}
		})
	}
}

// msgID is the id of he's message, "" without one.
func msgID(he *harbor.Error) string {
	if he.Msg == nil {
		return ""
	}
	return he.Msg.ID
}
