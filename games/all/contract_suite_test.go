package all_test

import (
	"testing"

	"harbor/game"
	"harbor/game/contracttest"
)

// TestContractFork: every registered game's fork keeps what was seen,
// leaves the original untouched and draws afresh what nobody has seen
// (contracttest.CheckFork).
func TestContractFork(t *testing.T) {
	for _, d := range game.All() {
		t.Run(d.Info().ID, func(t *testing.T) {
			if err := contracttest.CheckFork(d, contracttest.Configs(d, 1), forkEvery); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestContractReveals: every move a registered game lets be taken back
// revealed nothing (contracttest.CheckReveals).
func TestContractReveals(t *testing.T) {
	for _, d := range game.All() {
		t.Run(d.Info().ID, func(t *testing.T) {
			if err := contracttest.CheckReveals(d, contracttest.Configs(d, 2), revealLimit, revealEndings); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// forkEvery is how often, in moves, CheckFork compares every view of a fork.
const forkEvery = 37

// revealLimit is the most moves of a game CheckReveals plays, and
// revealEndings how many more games it plays for their last move alone.
const (
	revealLimit   = 3000
	revealEndings = 20
)
