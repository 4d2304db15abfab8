package harborfall

import (
	"testing"

	"harbor/game"
)

// playMany plays games with the given policies and returns how many seat 0
// won and the mean number of turns.
func playMany(t *testing.T, games int, policies []game.Policy) (wins int, meanTurns float64) {
	t.Helper()
	turns := 0
	for i := range games {
		cfg := config(len(policies), uint64(i)*7919+3)
		out, err := game.Play(Rules, cfg, policies, 200000)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if out.Result.Winners.Has(0) {
			wins++
		}
		turns += out.Result.Turns
	}
	return wins, float64(turns) / float64(games)
}

// TestHFG25_BotBeatsRandomPlayers: the computer player wins at least 95% of
// 4-player games against three random players.
func TestHFG25_BotBeatsRandomPlayers(t *testing.T) {
	const games = 200
	wins, _ := playMany(t, games, []game.Policy{game.PolicyBot, game.PolicyRandom, game.PolicyRandom, game.PolicyRandom})
	if rate := float64(wins) / games; rate < 0.95 {
		t.Errorf("bot won %d of %d (%.1f%%), want at least 95%%", wins, games, 100*rate)
	}
}

// TestHFG25_BotGamesAreShort: four computer players finish in under 90
// player turns on average.
func TestHFG25_BotGamesAreShort(t *testing.T) {
	_, mean := playMany(t, 200, []game.Policy{game.PolicyBot, game.PolicyBot, game.PolicyBot, game.PolicyBot})
	t.Logf("mean turns %.1f", mean)
	if mean >= 90 {
		t.Errorf("mean game length %.1f turns, want under 90", mean)
	}
}

// TestHFG25_BotIsDeterministic: two bots for the same seat, given the same
// views and legal moves, choose the same moves through a whole game, and
// every choice is legal or a well-formed offer the game accepts.
func TestHFG25_BotIsDeterministic(t *testing.T) {
	s := newGame(t, 5, 99)
	bots := [2][]*Bot{}
	for i := range bots {
		for seat := range 5 {
			bots[i] = append(bots[i], NewBot(game.Seat(seat), 1))
		}
	}
	var legal []Move
	for step := 0; s.Phase != phaseOver; step++ {
		if step > 20000 {
			t.Fatal("bot game did not end")
		}
		seat := s.Actors().First()
		legal = s.Legal(seat, legal[:0])
		a := bots[0][seat].Choose(s.View(seat), legal)
		b := bots[1][seat].Choose(s.View(seat), legal)
		if a != b {
			t.Fatalf("step %d: %+v and %+v", step, a, b)
		}
		if a.Type != "offer" && a.Type != "counter" && !hasMove(legal, a) {
			t.Fatalf("step %d: bot chose %+v, not in its legal moves", step, a)
		}
		mustApply(t, s, int8(seat), a)
	}
}

// TestHFG25_BotAnswersOffersToEveryone: a bot accepts an offer to everyone
// that brings what it needs for cards it can spare, and, as the offerer,
// picks the player who accepted.
func TestHFG25_BotAnswersOffersToEveryone(t *testing.T) {
	s := newGame(t, 4, 7)
	for s.Phase != phaseMain {
		seat := s.Actors().First()
		mustApply(t, s, int8(seat), NewBot(seat, 1).Choose(s.View(seat), s.Legal(seat, nil)))
	}
	p := s.Active
	for q := range s.Players {
		s.Supply.add(s.Hands[q])
		s.Hands[q] = Hand{}
	}
	q, r := (p+1)%4, (p+2)%4
	give(s, p, hand(0, 0, 0, 0, 3))
	give(s, q, hand(0, 0, 5, 0, 0)) // nothing its next build needs but wool to spare
	give(s, r, hand(0, 0, 0, 0, 0))
	bq := NewBot(game.Seat(q), 1)
	need := bq.need(ptr(s.View(game.Seat(q))))
	want := -1
	for res := range NumResources {
		if need[res] > 0 && res != Wool {
			want = res
			break
		}
	}
	if want < 0 {
		t.Fatalf("seat %d needs only wool: choose another seed", q)
	}
	var get Hand
	get[Wool] = 1
	var offered Hand
	offered[want] = 1
	s.Hands[p] = offered
	mustApply(t, s, p, Move{Type: "offer", Seat: Everyone, Give: offered, Get: get})
	m := bq.Choose(s.View(game.Seat(q)), s.Legal(game.Seat(q), nil))
	if m.Type != "accept" {
		t.Fatalf("seat with wool to spare answered %+v to an offer of a needed card for wool", m)
	}
	mustApply(t, s, q, m)
	for s.Actors() != game.Seats(game.Seat(p)) {
		o := s.Actors().First()
		mustApply(t, s, int8(o), NewBot(o, 1).Choose(s.View(o), s.Legal(o, nil)))
	}
	pick := NewBot(game.Seat(p), 1).Choose(s.View(game.Seat(p)), s.Legal(game.Seat(p), nil))
	if pick != (Move{Type: "pick", Seat: q}) {
		t.Fatalf("the offerer chose %+v, want to pick seat %d", pick, q)
	}
}

func ptr[T any](v T) *T { return &v }
