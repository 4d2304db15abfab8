package game_test

import (
	"testing"

	"harbor/game"
	"harbor/game/contracttest"
)

// TestResultAppendJSON: a result appends the bytes encoding/json writes
// for it, running or over, with and without places, scores and a reason.
func TestResultAppendJSON(t *testing.T) {
	places, winners := game.PlacesByScore([]int{3, 9, 9, -2}, game.Seats(3))
	for _, r := range []game.Result{
		{},
		{Turns: 17},
		{Over: true, Winners: winners, Places: places, Scores: []int{3, 9, 9, -2}, Reason: "ten_points", Turns: 40},
		{Over: true, Winners: game.Seats(0) | game.Seats(63), Places: []int{}, Scores: []int{}, Reason: "<a&b>\"\u2028é", Turns: -1},
		{Winners: ^game.SeatSet(0), Places: []int{1}},
	} {
		if err := contracttest.CheckAppendJSON(r); err != nil {
			t.Fatal(err)
		}
	}
}
