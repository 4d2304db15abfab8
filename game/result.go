package game

// Result is the outcome of a game, or Over=false while it runs.
type Result struct {
	Over bool `json:"over"`
	// Winners holds every seat that shares first place.
	Winners SeatSet `json:"winners"`
	// Places gives each seat's finishing place, 1 for first; tied seats share
	// a place. Nil while the game runs.
	Places []int `json:"places,omitempty"`
	// Scores gives each seat's final score in the game's own unit (net
	// worth, victory points, prestige). Nil while the game runs.
	Scores []int `json:"scores,omitempty"`
	// Reason says how the game ended, as a short stable word the game
	// documents ("bankruptcy", "round_limit", "ten_points", ...).
	Reason string `json:"reason,omitempty"`
	// Turns is the number of player turns taken so far.
	Turns int `json:"turns"`
}

// PlacesByScore ranks scores, highest first, with equal scores sharing a
// place (1, 1, 3). Seats in out are left out and get place 0.
func PlacesByScore(scores []int, out SeatSet) (places []int, winners SeatSet) {
	places = make([]int, len(scores))
	for i, si := range scores {
		if out.Has(Seat(i)) {
			continue
		}
		p := 1
		for j, sj := range scores {
			if !out.Has(Seat(j)) && sj > si {
				p++
			}
		}
		places[i] = p
		if p == 1 {
			winners = winners.With(Seat(i))
		}
	}
	return places, winners
}
