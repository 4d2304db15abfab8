package game_test

import (
	"encoding/json"
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

// TestAppendJSONInts: an array of integers of each kind is written as
// encoding/json writes it, around the numbers written directly (one digit,
// and -1) and at the ends of each kind's range.
func TestAppendJSONInts(t *testing.T) {
	checkInts(t, []int8{-128, -10, -2, -1, 0, 1, 9, 10, 99, 127})
	checkInts(t, []int16{-32768, -9, -1, 0, 5, 9, 10, 32767})
	checkInts(t, []int32{-2147483648, -1, 0, 9, 10, 100, 2147483647})
	checkInts(t, []int64{-9223372036854775808, 0, 9, 10, 9223372036854775807})
	checkInts(t, []int{})
	checkInts(t, []int(nil))
	checkInts(t, []int{7})
}

func checkInts[T ~int | ~int8 | ~int16 | ~int32 | ~int64](t *testing.T, vs []T) {
	t.Helper()
	want, err := json.Marshal(vs)
	if err != nil {
		t.Fatal(err)
	}
	if got := game.AppendJSONInts([]byte("x"), vs); string(got) != "x"+string(want) {
		t.Errorf("AppendJSONInts(%v) = %s, encoding/json writes %s", vs, got[1:], want)
	}
}
