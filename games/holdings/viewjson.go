package holdings

import (
	"strconv"

	"harbor/game"
)

// AppendJSON implements game.JSONAppender: the server sends every seat its
// view after every move, and this writes what encoding/json would, several
// times faster (TestViewAppendJSON compares the two).
func (v View) AppendJSON(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = game.AppendJSONString(b, v.Type)
	b = appendInt(b, `,"players":`, int64(v.Players))
	b = append(b, `,"names":[`...)
	for i, n := range v.Names {
		if i > 0 {
			b = append(b, ',')
		}
		b = game.AppendJSONString(b, n)
	}
	b = append(b, `],"order":`...)
	b = game.AppendJSONInts(b, v.Order[:])
	b = append(b, `,"cash":`...)
	b = game.AppendJSONInts(b, v.Cash[:])
	b = append(b, `,"positions":`...)
	b = game.AppendJSONInts(b, v.Pos[:])
	b = append(b, `,"netWorth":`...)
	b = game.AppendJSONInts(b, v.Worth[:])
	b = append(b, `,"bankrupt":[`...)
	for i, o := range v.Out {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendBool(b, o)
	}
	b = append(b, `],"owner":`...)
	b = game.AppendJSONInts(b, v.Owner[:])
	b = append(b, `,"improvements":`...)
	b = game.AppendJSONInts(b, v.Level[:])
	b = appendInt(b, `,"turn":`, int64(v.Turn))
	b = append(b, `,"phase":`...)
	b = game.AppendJSONString(b, v.Phase)
	b = append(b, `,"dice":`...)
	b = game.AppendJSONInts(b, v.Dice[:])
	b = appendInt(b, `,"landed":`, int64(v.Landed))
	b = appendInt(b, `,"price":`, int64(v.Price))
	b = appendInt(b, `,"improved":`, int64(v.Improved))
	b = appendInt(b, `,"round":`, int64(v.Round))
	b = appendInt(b, `,"roundLimit":`, int64(v.RoundLimit))
	b = appendInt(b, `,"turns":`, int64(v.Turns))
	b = append(b, `,"trade":{"open":`...)
	b = strconv.AppendBool(b, v.Trade.Open)
	b = appendInt(b, `,"from":`, int64(v.Trade.From))
	b = appendInt(b, `,"to":`, int64(v.Trade.To))
	b = append(b, `,"give":`...)
	b = v.Trade.Give.appendJSON(b)
	b = append(b, `,"get":`...)
	b = v.Trade.Get.appendJSON(b)
	b = appendInt(b, `,"opened":`, int64(v.Trade.Opened))
	b = append(b, `},"lastTrade":{"status":`...)
	b = game.AppendJSONString(b, v.LastTrade.Status)
	if v.LastTrade.Reason != "" {
		b = append(b, `,"reason":`...)
		b = game.AppendJSONString(b, v.LastTrade.Reason)
	}
	b = appendInt(b, `,"seat":`, int64(v.LastTrade.Seat))
	b = appendInt(b, `,"space":`, int64(v.LastTrade.Space))
	b = append(b, `},"deckSizes":`...)
	b = game.AppendJSONInts(b, v.DeckSizes[:])
	b = appendInt(b, `,"lastCard":{"deck":`, int64(v.LastCard.Deck))
	b = appendInt(b, `,"card":`, int64(v.LastCard.Card))
	b = append(b, '}')
	if v.LastCardText != "" {
		b = append(b, `,"lastCardText":`...)
		b = game.AppendJSONString(b, v.LastCardText)
	}
	b = append(b, `,"history":`...)
	if v.histJSON != nil {
		b = append(append(b, v.histJSON...), ']')
	} else {
		b = game.AppendJSONArray(b, v.History, func(b []byte, row [MaxPlayers]int32) []byte { return game.AppendJSONInts(b, row[:]) })
	}
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, v.Over)
	if v.Reason != "" {
		b = append(b, `,"reason":`...)
		b = game.AppendJSONString(b, v.Reason)
	}
	o := v.Options
	b = appendInt(b, `,"options":{"roundLimit":`, int64(o.RoundLimit))
	b = append(b, `,"doubleImprovedRent":`...)
	b = strconv.AppendBool(b, o.DoubleImprovedRent)
	b = append(b, `,"gateBonusOnLanding":`...)
	b = strconv.AppendBool(b, o.GateBonusOnLanding)
	b = append(b, `,"saleOrder":`...)
	b = game.AppendJSONString(b, o.SaleOrder)
	b = append(b, `,"oneSidedTrades":`...)
	b = strconv.AppendBool(b, o.OneSidedTrades)
	return append(b, "}}"...)
}

func appendInt(b []byte, key string, v int64) []byte {
	return strconv.AppendInt(append(b, key...), v, 10)
}

func (sd Side) appendJSON(b []byte) []byte {
	b = append(b, `{"properties":[`...)
	first := true
	for p := sd.Properties; p != 0; p = p.Without(p.First()) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = strconv.AppendInt(b, int64(p.First()), 10)
	}
	b = appendInt(b, `],"coins":`, int64(sd.Coins))
	return append(b, '}')
}

// AppendJSON implements game.JSONAppender for the legal moves sent with
// every state, writing what encoding/json would (TestMoveAppendJSON).
func (m Move) AppendJSON(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = game.AppendJSONString(b, m.Type)
	if m.Space != 0 {
		b = appendInt(b, `,"space":`, int64(m.Space))
	}
	if m.To != 0 {
		b = appendInt(b, `,"to":`, int64(m.To))
	}
	if m.Give != (Side{}) {
		b = append(b, `,"give":`...)
		b = m.Give.appendJSON(b)
	}
	if m.Get != (Side{}) {
		b = append(b, `,"get":`...)
		b = m.Get.appendJSON(b)
	}
	return append(b, '}')
}

// AppendJSON implements game.JSONAppender for the parties events name,
// writing what MarshalJSON does.
func (p Party) AppendJSON(b []byte) []byte {
	if p == Bank {
		return append(b, `"bank"`...)
	}
	return strconv.AppendInt(b, int64(p), 10)
}

// AppendJSON implements game.JSONAppender for the Data of the events of
// every move, writing what encoding/json does (TestEventDataAppendJSON).
func (f Flow) AppendJSON(b []byte) []byte {
	b = append(b, `{"from":`...)
	b = f.From.AppendJSON(b)
	b = append(b, `,"to":`...)
	b = f.To.AppendJSON(b)
	b = appendInt(b, `,"amount":`, int64(f.Amount))
	b = append(b, `,"reason":`...)
	b = game.AppendJSONString(b, f.Reason)
	if f.Space != 0 {
		b = appendInt(b, `,"space":`, int64(f.Space))
	}
	return append(b, '}')
}

// AppendJSON implements game.JSONAppender (TestEventDataAppendJSON).
func (m Moved) AppendJSON(b []byte) []byte {
	b = appendInt(b, `{"from":`, int64(m.From))
	b = appendInt(b, `,"to":`, int64(m.To))
	if m.Back {
		b = append(b, `,"back":true`...)
	}
	return append(b, '}')
}

// AppendJSON implements game.JSONAppender (TestEventDataAppendJSON).
func (o Owned) AppendJSON(b []byte) []byte {
	b = appendInt(b, `{"space":`, int64(o.Space))
	b = appendInt(b, `,"owner":`, int64(o.Owner))
	b = appendInt(b, `,"improvements":`, int64(o.Improvements))
	return append(b, '}')
}
