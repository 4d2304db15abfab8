package all_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"harbor/game"
	"harbor/game/contracttest"
)

// TestContractFork: every registered game's fork keeps what was seen,
// leaves the original untouched and draws afresh what nobody has seen
// (contracttest.CheckFork).
func TestContractFork(t *testing.T) {
	everyGame(t, func(d game.Definition) error { return contracttest.CheckFork(d, contracttest.Configs(d, 1), forkEvery) })
}

// TestContractReveals: every move a registered game lets be taken back
// revealed nothing (contracttest.CheckReveals).
func TestContractReveals(t *testing.T) {
	everyGame(t, func(d game.Definition) error {
		return contracttest.CheckReveals(d, contracttest.Configs(d, 2), revealLimit, revealEndings)
	})
}

// forkEvery is how often, in moves, CheckFork compares every view of a fork.
const forkEvery = 37

// revealLimit is the most moves of a game CheckReveals plays, and
// revealEndings how many more games it plays for their last move alone.
const (
	revealLimit   = 3000
	revealEndings = 20
)

// blindBudget bounds each decision of a hard computer player in
// CheckBlind: counted play-outs, never time, so the check is exact.
func blindBudget() game.Budget { return game.Budget{Rollouts: 24} }

// blindEvery is how often, in moves, CheckBlind compares the decisions.
const blindEvery = 41

// TestContractComputersDecideFromTheirView: every level of every
// registered game's computer players decides the same in games that differ
// only in what the deciding seat cannot see (contracttest.CheckBlind).
func TestContractComputersDecideFromTheirView(t *testing.T) {
	everyGame(t, func(d game.Definition) error {
		return contracttest.CheckBlind(d, contracttest.Configs(d, 3), blindEvery, blindBudget)
	})
}

// levelGames is how many games each comparison of CheckLevels plays.
const levelGames = 40

// levelPlayers is the table CheckLevels plays at: four seats, or as near
// as the game allows.
func levelPlayers(info game.Info) int { return min(max(4, info.MinPlayers), info.MaxPlayers) }

// TestContractLevelsDifferAndRank: every registered game's easy player
// departs from the normal one and beats random players, and its normal
// player beats easy ones (contracttest.CheckLevels; hard against normal is
// measured by harbor sim, docs/performance.md).
func TestContractLevelsDifferAndRank(t *testing.T) {
	for _, d := range game.All() {
		info := d.Info()
		t.Run(info.ID, func(t *testing.T) {
			if !info.HasLevel(game.LevelEasy) {
				t.Logf("%s offers one computer level (%v): no levels to compare", info.ID, info.Levels)
				return
			}
			if err := contracttest.CheckLevels(d, levelPlayers(info), levelGames, 5); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// everyGame runs check on every registered game, as a subtest each.
func everyGame(t *testing.T, check func(d game.Definition) error) {
	for _, d := range game.All() {
		t.Run(d.Info().ID, func(t *testing.T) {
			if err := check(d); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestContractTakeBack: in every registered game the replay takes back a
// move for the seat that made it, exactly, and for nobody else
// (contracttest.CheckTakeBack).
func TestContractTakeBack(t *testing.T) {
	everyGame(t, func(d game.Definition) error {
		return contracttest.CheckTakeBack(d, contracttest.Configs(d, 4), game.Replay)
	})
}

// TestContractRefusals: every refusal of a move a person can send carries
// a message, and the English catalog (which every other language's must
// match) words it (contracttest.CheckRefusals).
func TestContractRefusals(t *testing.T) {
	catalog := map[string]string{}
	for _, p := range append([]string{"../../web/src/i18n/en.json"}, must(filepath.Glob("../../web/src/games/*/i18n/en.json"))...) {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &catalog); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	everyGame(t, func(d game.Definition) error {
		seen, err := contracttest.CheckRefusals(d, contracttest.Configs(d, 6), refusalLimit)
		if err != nil {
			return err
		}
		for id, n := range seen {
			if _, ok := catalog[id]; !ok {
				return fmt.Errorf("refusal %q (seen %d times) is in no catalog", id, n)
			}
		}
		t.Logf("%d kinds of refusal, %d refusals", len(seen), sum(seen))
		return nil
	})
}

// refusalLimit is the most moves of a game CheckRefusals plays.
const refusalLimit = 400

func sum(m map[string]int) (n int) {
	for _, v := range m {
		n += v
	}
	return n
}
