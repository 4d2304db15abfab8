package holdings

import (
	"fmt"
	"strconv"
	"strings"

	"harbor/game"
)

// Party is one side of a Coin flow: a seat, or the Bank. In JSON the bank is
// "bank" and a seat its number.
type Party int8

// Bank is the party that pays bonuses and sale proceeds and collects prices,
// levies and charges. Its money is unlimited (HH-G20).
const Bank Party = -1

// MarshalJSON encodes the bank as "bank" and a seat as its number.
func (p Party) MarshalJSON() ([]byte, error) {
	if p == Bank {
		return []byte(`"bank"`), nil
	}
	return strconv.AppendInt(nil, int64(p), 10), nil
}

// Flow is the Data of every event that moves Coins: Amount Coins from From
// to To, for Reason ("gate", "buy", "rent", "improve", "levy", "festival",
// "inspection", "dispatch", "sale", "bankruptcy", "trade"). Every Coin that
// enters or leaves play is a flow with the bank as one party, so the sum of
// the flows of a move equals the change in the players' cash.
type Flow struct {
	From   Party  `json:"from"`
	To     Party  `json:"to"`
	Amount int    `json:"amount"`
	Reason string `json:"reason"`
	Space  int    `json:"space,omitempty"` // the space the flow is about, when there is one
}

// Moved is the Data of a "move" event: a token went from From to To.
type Moved struct {
	From int  `json:"from"`
	To   int  `json:"to"`
	Back bool `json:"back,omitempty"`
}

// Owned is the Data of events that change a district's owner ("buy", "sale",
// "trade"): Space now belongs to Owner (-1 for the bank) with Improvements.
type Owned struct {
	Space        int `json:"space"`
	Owner        int `json:"owner"`
	Improvements int `json:"improvements"`
}

// name returns the display name of a party.
func (s *State) name(p Party) string {
	if p == Bank {
		return "the bank"
	}
	return s.Names[p]
}

// transfer moves amount Coins from one party to another and logs the flow.
// It never checks cash: callers do.
func (s *State) transfer(from, to Party, amount int, reason string, space int, log *game.Log) {
	if from != Bank {
		s.Cash[from] -= int32(amount)
	}
	if to != Bank {
		s.Cash[to] += int32(amount)
	}
	if log.On() {
		seat := game.Seat(from)
		if from == Bank {
			seat = game.Seat(to)
		}
		log.Add(game.Event{Type: "coins", Seat: seat, Text: s.flowText(from, to, amount, reason, space),
			Data: Flow{From: from, To: to, Amount: amount, Reason: reason, Space: space}})
	}
}

// flowText is the log line of a Coin flow.
func (s *State) flowText(from, to Party, amount int, reason string, space int) string {
	where := board.spaces[space].Name
	switch reason {
	case "gate":
		if s.Pos[to] == GateSpace {
			return fmt.Sprintf("%s collected %s for landing on Harbor Gate", s.name(to), game.Number(amount))
		}
		return fmt.Sprintf("%s collected %s for passing Harbor Gate", s.name(to), game.Number(amount))
	case "buy":
		return fmt.Sprintf("%s bought %s for %s", s.name(from), where, game.Number(amount))
	case "rent":
		return fmt.Sprintf("%s paid %s rent to %s for %s", s.name(from), game.Number(amount), s.name(to), where)
	case "improve":
		return fmt.Sprintf("%s improved %s for %s", s.name(from), where, game.Number(amount))
	case "levy":
		return fmt.Sprintf("%s paid %s at %s", s.name(from), game.Number(amount), where)
	case "festival":
		return fmt.Sprintf("%s collected %s at %s", s.name(to), game.Number(amount), where)
	case "inspection":
		return fmt.Sprintf("%s paid the %s customs charge", s.name(from), game.Number(amount))
	case "sale":
		return fmt.Sprintf("The bank paid %s %s for %s", s.name(to), game.Number(amount), where)
	case "bankruptcy":
		return fmt.Sprintf("%s handed their last %s to %s", s.name(from), coins(amount), s.name(to))
	case "trade":
		return fmt.Sprintf("%s paid %s to %s in the trade", s.name(from), game.Number(amount), s.name(to))
	case "dispatch":
		if from == Bank {
			return fmt.Sprintf("%s collected %s from the bank for the Dispatch card", s.name(to), game.Number(amount))
		}
		return fmt.Sprintf("%s paid %s to %s for the Dispatch card", s.name(from), game.Number(amount), s.name(to))
	}
	if from == Bank {
		return fmt.Sprintf("%s collected %s (%s)", s.name(to), game.Number(amount), reason)
	}
	return fmt.Sprintf("%s paid %s to %s (%s)", s.name(from), game.Number(amount), s.name(to), reason)
}

// overText is the last line of the log: who won, and why the game ended.
func (s *State) overText() string {
	best, names := -1, []string(nil)
	for p := game.Seat(0); p < game.Seat(s.Players); p++ {
		if s.Out.Has(p) {
			continue
		}
		switch w := s.NetWorth(p); {
		case w > best:
			best, names = w, []string{s.Names[p]}
		case w == best:
			names = append(names, s.Names[p])
		}
	}
	who := names[len(names)-1]
	if len(names) > 1 {
		who = strings.Join(names[:len(names)-1], ", ") + " and " + who
	}
	if s.Reason == "bankruptcy" {
		return fmt.Sprintf("The game is over: %s is the last solvent player and wins", who)
	}
	if len(names) == 1 {
		return fmt.Sprintf("The game is over after %s: %s wins with a net worth of %s", rounds(s.Opts.RoundLimit), who, game.Number(best))
	}
	return fmt.Sprintf("The game is over after %s: %s share the win with a net worth of %s", rounds(s.Opts.RoundLimit), who, game.Number(best))
}

// rounds says "1 round" or "n rounds".
func rounds(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}

// coins says "1 Coin" or "n Coins".
func coins(n int) string {
	if n == 1 {
		return "1 Coin"
	}
	return fmt.Sprintf("%s Coins", game.Number(n))
}

// improvements says "1 improvement" or "n improvements".
func improvements(n int) string {
	if n == 1 {
		return "1 improvement"
	}
	return fmt.Sprintf("%d improvements", n)
}

// note logs an event that moves no Coins. Callers check log.On first, so no
// text is built in simulations.
func note(log *game.Log, typ string, seat game.Seat, data any, text string) {
	log.Add(game.Event{Type: typ, Seat: seat, Text: text, Data: data})
}
