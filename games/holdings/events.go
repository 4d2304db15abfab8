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
			Msg:  s.flowMsg(from, to, amount, reason, space),
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

// flowMsg is flowText as a message: the same line, worded by the reader's
// page. Its ids and values follow flowText case by case.
func (s *State) flowMsg(from, to Party, amount int, reason string, space int) *game.Msg {
	where := spaceWord(space)
	switch reason {
	case "gate":
		if s.Pos[to] == GateSpace {
			return game.M("holdings.gateLanded", "who", s.party(to), "n", amount)
		}
		return game.M("holdings.gatePassed", "who", s.party(to), "n", amount)
	case "buy":
		return game.M("holdings.bought", "who", s.party(from), "place", where, "n", amount)
	case "rent":
		return game.M("holdings.rentPaid", "who", s.party(from), "n", amount, "to", s.party(to), "place", where)
	case "improve":
		return game.M("holdings.improvedFor", "who", s.party(from), "place", where, "n", amount)
	case "levy":
		return game.M("holdings.levyPaid", "who", s.party(from), "n", amount, "place", where)
	case "festival":
		return game.M("holdings.festival", "who", s.party(to), "n", amount, "place", where)
	case "inspection":
		return game.M("holdings.customsPaid", "who", s.party(from), "n", amount)
	case "sale":
		return game.M("holdings.salePaid", "who", s.party(to), "n", amount, "place", where)
	case "bankruptcy":
		return game.M("holdings.lastCoins", "who", s.party(from), "n", amount, "to", s.party(to))
	case "trade":
		return game.M("holdings.tradePaid", "who", s.party(from), "n", amount, "to", s.party(to))
	case "dispatch":
		if from == Bank {
			return game.M("holdings.cardCollected", "who", s.party(to), "n", amount)
		}
		return game.M("holdings.cardPaid", "who", s.party(from), "n", amount, "to", s.party(to))
	}
	if from == Bank {
		return game.M("holdings.collectedFor", "who", s.party(to), "n", amount, "why", game.Word(msgID("reason", reason)))
	}
	return game.M("holdings.paidFor", "who", s.party(from), "n", amount, "to", s.party(to), "why", game.Word(msgID("reason", reason)))
}

// overText is the last line of the log: who won, and why the game ended.
func (s *State) overText() string {
	best, names := s.winners()
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

// winners returns the best net worth of the players still in and their
// names, in seat order.
func (s *State) winners() (int, []string) {
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
	return best, names
}

// overMsg is overText as a message.
func (s *State) overMsg() *game.Msg {
	best, names := s.winners()
	// One winner is a name; a shared win a list of them.
	var who any = names[0]
	if len(names) > 1 {
		who = game.List(names)
	}
	if s.Reason == "bankruptcy" {
		return game.M("holdings.overSolvent", "who", who)
	}
	if len(names) == 1 {
		return game.M("holdings.overWin", "rounds", s.Opts.RoundLimit, "who", who, "n", best)
	}
	return game.M("holdings.overShare", "rounds", s.Opts.RoundLimit, "who", who, "n", best)
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

// note logs an event that moves no Coins, with its line as English text and
// as a message. Callers check log.On first, so no text is built in
// simulations.
func note(log *game.Log, typ string, seat game.Seat, data any, text string, msg *game.Msg) {
	log.Add(game.Event{Type: typ, Seat: seat, Text: text, Msg: msg, Data: data})
}

// party is a party as a message value: a seat's name, or the bank as a
// translated word.
func (s *State) party(p Party) any {
	if p == Bank {
		return game.Word("holdings.bank")
	}
	return s.Names[p]
}

// spaceIDs are the message ids of the spaces' names: "holdings.space." and
// the printed name in camel case ("Net Menders Row" is
// "holdings.space.netMendersRow"). The two Dispatch decks share the names
// of their spaces.
var spaceIDs = func() (ids [NumSpaces]string) {
	for i, sp := range board.spaces {
		ids[i] = msgID("space", camel(sp.Name))
	}
	return ids
}()

// msgID is the id "holdings.<kind>.<name>" of a word or line of a kind
// with many names: a space, a card, a reason.
func msgID(kind, name string) string { return "holdings." + kind + "." + name }

// camel joins the words of name in lower camel case.
func camel(name string) string {
	var b strings.Builder
	for i, w := range strings.Fields(name) {
		if i == 0 {
			b.WriteString(strings.ToLower(w[:1]) + w[1:])
		} else {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// spaceWord is the name of space i as a translated word.
func spaceWord(i int) *game.Msg { return game.Word(spaceIDs[i]) }

// deckWord is the name of Dispatch deck d as a translated word.
func deckWord(d int) *game.Msg { return game.Word(msgID("space", camel(decks[d].Name))) }

// cardMsg is the text of a Dispatch card as a message: its id says what
// the card does, its values the amount and place printed on it. A card
// that advances to the last space cannot pass Harbor Gate, so its text
// promises no bonus.
func cardMsg(c *Card) *game.Msg {
	switch c.Kind {
	case "advance":
		switch c.Target {
		case GateSpace:
			return game.M("holdings.card.advanceGate", "n", GateBonus)
		case NumSpaces - 1:
			return game.M("holdings.card.advance", "place", spaceWord(c.Target))
		}
		return game.M("holdings.card.advancePass", "place", spaceWord(c.Target), "n", GateBonus)
	case "nearest":
		return game.Word(msgID("card.nearest", c.To))
	}
	return game.M(msgID("card", c.Kind), "n", c.Amount)
}
