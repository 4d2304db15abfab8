package table

import (
	"encoding/json"
	"runtime"
	"time"

	"harbor/game"
)

// DefaultHardBudget is the thinking time of one hard computer decision on a
// server that is not busy.
const DefaultHardBudget = 300 * time.Millisecond

// PutBot lets the host put a computer player of level in seat (-1: the
// first free one), or, when seat already holds one, change its level. An
// empty level is the game's default (normal).
func (t *Table) PutBot(key string, seat int, level game.Level) error {
	if level == "" {
		level = game.LevelNormal
	}
	def, err := game.Lookup(t.Game)
	if err != nil {
		return err
	}
	if err := game.CheckLevel(def.Info(), level); err != nil {
		return err
	}
	if seat < 0 || seat >= len(t.Seats) || t.Seats[seat].Kind != Bot {
		if seat == -1 {
			seat = t.firstFreeSeat()
		}
		if err := t.AddBot(key, seat); err != nil {
			return err
		}
	} else if err := t.isHost(key); err != nil {
		return err
	} else if err := t.inLobby(); err != nil {
		return err
	}
	t.Seats[seat].Level = level
	return nil
}

// firstFreeSeat is the first empty seat, or -1 when every seat is taken
// (AddBot then says so).
func (t *Table) firstFreeSeat() int {
	for i, s := range t.Seats {
		if s.Kind == Empty {
			return i
		}
	}
	return -1
}

// levelOf is the level of the computer player that plays seat: its own for
// a computer seat, normal for one that stands in for a person.
func (t *Table) levelOf(seat game.Seat) game.Level {
	if s := t.Seats[seat]; s.Kind == Bot && s.Level != "" {
		return s.Level
	}
	return game.LevelNormal
}

// newComputer returns the computer player for seat at its level. A level
// the game no longer offers falls back to the normal player.
func (r *Runner) newComputer(seat game.Seat) game.Computer {
	seed := game.BotSeed(r.t.Seed, seat)
	c, err := r.def.NewComputer(seat, seed, r.t.levelOf(seat), r.tables.hardBudget)
	if err != nil {
		r.tables.log.Error("computer level refused", "table", r.t.ID, "seat", seat, "err", err)
		return r.def.NewBot(seat, seed)
	}
	return c
}

// think asks seat's computer player for its move, counting it among the
// decisions under way so that hard players share a busy server's cores.
func (r *Runner) think(seat game.Seat) (json.RawMessage, error) {
	r.tables.thinking.Add(1)
	defer r.tables.thinking.Add(-1)
	return r.bots[seat].Move(r.g, seat)
}

// hardBudget is the budget of a hard decision starting now.
func (ts *Tables) hardBudget() game.Budget {
	d := ts.thinkingTime(int(ts.thinking.Load()), runtime.GOMAXPROCS(0))
	start := time.Now()
	return game.Budget{Over: func() bool { return time.Since(start) >= d }}
}

// thinkingTime is the time of one hard decision while n computer decisions
// are under way on cpus cores: the hard budget, shrunk in proportion when
// there are more decisions than cores.
func (ts *Tables) thinkingTime(n, cpus int) time.Duration {
	d := ts.hardTime
	if d <= 0 {
		d = DefaultHardBudget
	}
	if n > cpus {
		d = d * time.Duration(cpus) / time.Duration(n)
	}
	return d
}
