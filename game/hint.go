package game

import (
	"encoding/json"
	"fmt"

	"harbor"
)

// Reasoner is a Bot that can say, in a few words a player understands, why
// it chose a move: a message, which the asking page words in its reader's
// language. Bots that implement it give hints with a reason.
type Reasoner[M any, V any] interface {
	Reason(view V, legal []M, chosen M) *Msg
}

// Suggestion is what a computer player would do for a seat: a move, and a
// short reason when its bot can give one.
type Suggestion struct {
	Move   json.RawMessage `json:"move"`
	Reason *Msg            `json:"reason,omitempty"`
}

// Suggest asks computer player c which move it would make for seat in g. Like
// every bot decision it reads only seat's own view and legal moves, so the
// suggestion reveals nothing the seat cannot see. ENotYourTurn when seat has
// no move to make.
func Suggest(c Computer, g Game, seat Seat) (Suggestion, error) {
	if s, ok := c.(interface {
		suggest(g Game, seat Seat) (Suggestion, error)
	}); ok {
		return s.suggest(g, seat)
	}
	m, err := c.Move(g, seat)
	return Suggestion{Move: m}, err
}

func (b erasedBot[S, M, V]) suggest(g Game, seat Seat) (Suggestion, error) {
	e, ok := g.(*erased[S, M, V])
	if !ok {
		return Suggestion{}, fmt.Errorf("game: bot given a game of another kind")
	}
	legal := e.s.Legal(seat, nil)
	if len(legal) == 0 {
		return Suggestion{}, harbor.Errorf(harbor.ENotYourTurn, "seat %d has no move to make", seat).With(harbor.M("api.noMoveToMake"))
	}
	view := e.s.View(seat)
	m := b.bot.Choose(view, legal)
	raw, err := json.Marshal(m)
	if err != nil {
		return Suggestion{}, err
	}
	out := Suggestion{Move: raw}
	if r, ok := b.bot.(Reasoner[M, V]); ok {
		out.Reason = r.Reason(e.s.View(seat), legal, m)
	}
	return out, nil
}
