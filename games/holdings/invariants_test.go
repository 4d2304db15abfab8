package holdings

import (
	"fmt"

	"harbor/game"
)

// checkFlows checks Coin conservation over one move: each seat's cash
// changed by exactly the flows to it minus the flows from it, so every Coin
// that entered or left play is a flow with the bank.
func checkFlows(before [MaxPlayers]int32, s *State, events []game.Event) error {
	var delta [MaxPlayers]int
	bank := 0
	for _, e := range events {
		f, ok := e.Data.(Flow)
		if !ok {
			continue
		}
		if f.Amount <= 0 {
			return fmt.Errorf("flow of %d Coins: %+v", f.Amount, f)
		}
		if f.From == f.To {
			return fmt.Errorf("flow to itself: %+v", f)
		}
		if f.From == Bank {
			bank += f.Amount
		} else {
			delta[f.From] -= f.Amount
		}
		if f.To == Bank {
			bank -= f.Amount
		} else {
			delta[f.To] += f.Amount
		}
	}
	total := 0
	for p := 0; p < int(s.Players); p++ {
		got := int(s.Cash[p] - before[p])
		if got != delta[p] {
			return fmt.Errorf("seat %d cash changed by %d but its flows add up to %d", p, got, delta[p])
		}
		total += got
	}
	if total != bank {
		return fmt.Errorf("players' cash changed by %d in total but the bank flows add up to %d", total, bank)
	}
	return nil
}

// checkInvariants checks the state's standing invariants: every district
// has at most one owner who is still in the game, improvements are 0-5 and
// only on streets, cash is never negative, bankrupt players hold nothing,
// and the seat on turn is still in the game.
func checkInvariants(s *State) error {
	for i := 0; i < NumSpaces; i++ {
		o, lvl := s.Owner[i], s.Level[i]
		if o >= 0 && (!board.ownable.Has(i) || int(o) >= int(s.Players) || s.Out.Has(game.Seat(o))) {
			return fmt.Errorf("space %d owned by %d", i, o)
		}
		if lvl < 0 || lvl > MaxImprovements {
			return fmt.Errorf("space %d has %d improvements", i, lvl)
		}
		if lvl > 0 && (board.kind[i] != kStreet || o < 0) {
			return fmt.Errorf("space %d (%s, owner %d) has %d improvements", i, board.spaces[i].Kind, o, lvl)
		}
	}
	for p := 0; p < int(s.Players); p++ {
		if s.Cash[p] < 0 {
			return fmt.Errorf("seat %d has %d Coins", p, s.Cash[p])
		}
		if s.Out.Has(game.Seat(p)) && s.Cash[p] != 0 {
			return fmt.Errorf("bankrupt seat %d still holds %d Coins", p, s.Cash[p])
		}
		if s.Pos[p] < 0 || s.Pos[p] >= NumSpaces {
			return fmt.Errorf("seat %d at space %d", p, s.Pos[p])
		}
	}
	if !s.Over && s.Out.Has(s.Seat()) {
		return fmt.Errorf("bankrupt seat %d is on turn", s.Seat())
	}
	if s.Trade.Open && (!s.Active(s.Trade.From) || !s.Active(s.Trade.To) || s.Trade.From == s.Trade.To) {
		return fmt.Errorf("open trade between %d and %d", s.Trade.From, s.Trade.To)
	}
	if s.Over != (s.Phase == PhaseOver) || s.Over && s.Actors() != 0 {
		return fmt.Errorf("over %v but phase %v, actors %v", s.Over, s.Phase, s.Actors())
	}
	if s.Phase == PhaseBuy && (s.Landed < 0 || s.Owner[s.Landed] >= 0 || s.Pos[s.Seat()] != s.Landed) {
		return fmt.Errorf("offer of space %d in phase buy", s.Landed)
	}
	return nil
}
