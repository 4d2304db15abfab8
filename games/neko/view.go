package neko

import "harbor/game"

// View is what one viewer may see: everything on the table, the viewer's own
// hand, and for other seats only how many cards they hold. The drafted
// cards are public (NK-Q33); the decks' order and the box never show.
type View struct {
	Type        string       `json:"type"`   // the game id, "neko"
	Viewer      int          `json:"viewer"` // the viewing seat, -1 for the public
	Period      int          `json:"period"`
	Phase       string       `json:"phase"` // draft, action, last, boats, over
	Order       []int        `json:"order"` // seats in turn order
	Active      int          `json:"active"`
	Stage       string       `json:"stage,omitempty"` // play, tuck, window, choice, discard, boat
	Window      int          `json:"window"`          // column being activated; = columns for the final window
	Icons       [3]int8      `json:"icons"`           // licence, coin, fuel icons left in the window
	LastWindow  bool         `json:"lastWindow,omitempty"`
	Choice      *ChoiceView  `json:"choice,omitempty"` // the waiting choice
	Immediate   int          `json:"immediate"`        // Immediate card awaiting the tuck decision, or -1
	Rows        [][]SetView  `json:"rows,omitempty"`   // 3-4 player draft display
	Display     []int        `json:"display,omitempty"`
	Attractions []AttrView   `json:"attractions"`
	Boats       []int        `json:"boats,omitempty"`
	Players     []PlayerView `json:"players"`
	History     []PointsView `json:"history"` // every player's points if the game ended then, after each turn and period

	// known is the game as the viewing seat may know it, for Determinise;
	// it is never sent (see knownTo).
	known State
}

// PointsView is an entry of the points history: after seat's turn in the
// period, or at the period's end when seat is -1 (after the fishing boats;
// at the end of period 2 the final totals). Points are by seat.
type PointsView struct {
	Period int   `json:"period"`
	Seat   int   `json:"seat"`
	Points []int `json:"points"`
}

// SetView is a draft set still on show.
type SetView struct {
	Cards []int `json:"cards"`
	Taken bool  `json:"taken,omitempty"`
}

// AttrView is an attraction in play.
type AttrView struct {
	Card    int    `json:"card"`
	ID      string `json:"id"`
	Name    string `json:"name"`
	Visited bool   `json:"visited"`
}

// PlayerView is one player's public table, and the hand for its owner.
type PlayerView struct {
	Seat      int                `json:"seat"`
	Name      string             `json:"name"`
	Hand      []int              `json:"hand,omitempty"` // the viewer's own hand only
	HandCount int                `json:"handCount"`
	Drafted   []int              `json:"drafted"`
	Columns   []ColumnView       `json:"columns"`
	Ships     [numShips + 1]Ship `json:"ships"`
	Harbour   int                `json:"harbour"`
	Supply    Bundle             `json:"supply"`
	Pending   Bundle             `json:"pending"`
	Locked    Bundle             `json:"locked"` // in Supply, gained in the last action of period 2: not usable after it (NK-070)
	Icons     [3]int8            `json:"icons"`
	Limit     int                `json:"limit"`
	Interim   [2]int16           `json:"interim"`
	Periods   [2]PeriodScore     `json:"periods"` // the intermediate scores by source
	Final     *Breakdown         `json:"final,omitempty"`
}

// ColumnView is one column: its action cards and the cards tucked as hubs.
type ColumnView struct {
	Column
	KindCode string `json:"kindCode"` // PO, ST, SY, SV, TC, RS or FB
	Actions  []int  `json:"actions"`
	Hubs     []int  `json:"hubs"`
}

// ChoiceView is the choice the acting seat must answer with a "choose" move.
type ChoiceView struct {
	Kind int    `json:"kind"`
	Name string `json:"name"` // hubReward, boatSwap, halfMoon or neko
	Card int    `json:"card"` // the fishing boat of a swap
}

var choiceNames = [...]string{"hubReward", "boatSwap", "halfMoon", "neko"}

var phaseNames = [...]string{"draft", "action", "last", "boats", "over"}
var stageNames = [...]string{"play", "tuck", "window", "choice", "discard", "boat"}

// View returns viewer's view. Its slices are carved from a few backing
// arrays sized up front, so building a view costs a handful of allocations
// whatever the table holds (the computer players build one per decision).
func (s *State) View(viewer game.Seat) View {
	v := View{Type: ID, Viewer: int(viewer), Period: int(s.Period), Phase: phaseNames[s.Phase], Active: -1, Immediate: -1}
	ints := make(intArena, s.viewInts(viewer))
	v.Order = ints.take(int(s.N))
	for i := range s.N {
		v.Order = append(v.Order, int(s.Order[i]))
	}
	if a := s.Actors(); !a.Empty() {
		v.Active = int(a.First())
	}
	if s.Phase == phAction || s.Phase == phLast || s.Phase == phBoats {
		t := &s.Turn
		v.Stage, v.Window, v.Icons, v.LastWindow = stageNames[t.Stage], int(t.Window), t.Icons, t.Last
		if t.NChoices > 0 {
			c := t.Choices[0]
			v.Choice = &ChoiceView{Kind: int(c.Kind), Name: choiceNames[c.Kind], Card: int(c.Card)}
		}
		if t.Immediate != noCard {
			v.Immediate = int(t.Immediate)
		}
	}
	if s.Phase == phDraft {
		if s.N == 2 {
			if n := countShown(s.Display[:]); n > 0 {
				v.Display = ints.take(n)
			}
			for _, c := range s.Display {
				if c != noCard {
					v.Display = append(v.Display, int(c))
				}
			}
		} else {
			sets := make([]SetView, 3*int(s.NRows))
			v.Rows = make([][]SetView, 0, s.NRows)
			for r := range s.NRows {
				row := sets[3*int(r) : 3*int(r)+3 : 3*int(r)+3]
				for k, set := range s.Rows[r] {
					row[k].Taken = set.Taken
					if set.Taken {
						continue
					}
					row[k].Cards = ints.take(countShown(set.Cards[:]))
					for _, c := range set.Cards {
						if c != noCard {
							row[k].Cards = append(row[k].Cards, int(c))
						}
					}
				}
				v.Rows = append(v.Rows, row)
			}
		}
	}
	v.Attractions = make([]AttrView, 0, s.NAttrs)
	for i := range s.NAttrs {
		a := s.Attrs[i]
		ad := &cat.Attractions[a.Card]
		v.Attractions = append(v.Attractions, AttrView{Card: int(a.Card), ID: ad.ID, Name: ad.Name, Visited: a.Visited})
	}
	if n := countShown(s.Boats[:]); n > 0 {
		v.Boats = ints.take(n)
	}
	for _, c := range s.Boats {
		if c != noCard {
			v.Boats = append(v.Boats, int(c))
		}
	}
	ncols := 0
	for i := range s.N {
		ncols += int(s.Players[i].NCols)
	}
	cols := make([]ColumnView, ncols)
	v.Players = make([]PlayerView, 0, s.N)
	for i := range s.N {
		p := &s.Players[i]
		pv := PlayerView{Seat: int(i), Name: s.Names[i], HandCount: int(p.HandN), Ships: p.Ships, Harbour: int(p.Harbour),
			Supply: p.Supply, Pending: p.Pending, Locked: p.Locked, Icons: p.Icons, Limit: limit(p), Interim: p.Interim, Periods: p.Scored}
		if game.Seat(i) == viewer && p.HandN > 0 {
			pv.Hand = ints.take(int(p.HandN))
			for k := range p.HandN {
				pv.Hand = append(pv.Hand, int(p.Hand[k]))
			}
		}
		pv.Drafted = ints.take(int(p.DraftedN))
		for k := range p.DraftedN {
			pv.Drafted = append(pv.Drafted, int(p.Drafted[k]))
		}
		if p.NCols > 0 {
			pv.Columns, cols = cols[:p.NCols:p.NCols], cols[p.NCols:]
		}
		for c := range p.NCols {
			var nAct, nHub int
			for k := range p.NPlayed {
				if pl := p.Played[k]; pl.Col == c && pl.Hub {
					nHub++
				} else if pl.Col == c {
					nAct++
				}
			}
			cv := ColumnView{Column: p.Cols[c], KindCode: kindCodes[p.Cols[c].Kind], Actions: ints.take(nAct), Hubs: ints.take(nHub)}
			for k := range p.NPlayed {
				if pl := p.Played[k]; pl.Col == c && pl.Hub {
					cv.Hubs = append(cv.Hubs, int(pl.Card))
				} else if pl.Col == c {
					cv.Actions = append(cv.Actions, int(pl.Card))
				}
			}
			pv.Columns[c] = cv
		}
		if s.Phase == phOver {
			f := p.Final
			pv.Final = &f
		}
		v.Players = append(v.Players, pv)
	}
	v.History = make([]PointsView, s.HistN)
	for k, h := range s.History[:s.HistN] {
		pts := ints.take(int(s.N))
		for i := range s.N {
			pts = append(pts, int(h.Points[i]))
		}
		v.History[k] = PointsView{Period: int(h.Period), Seat: int(h.Seat), Points: pts}
	}
	if viewer >= 0 {
		v.known = s.knownTo(viewer)
	}
	return v
}

// viewInts is how many card and seat numbers viewer's view holds.
func (s *State) viewInts(viewer game.Seat) int {
	n := int(s.N)*(1+int(s.HistN)) + len(s.Display) + len(s.Boats) + 3*cardsPerSet*int(s.NRows)
	for i := range s.N {
		p := &s.Players[i]
		n += int(p.DraftedN) + int(p.NPlayed)
		if game.Seat(i) == viewer {
			n += int(p.HandN)
		}
	}
	return n
}

// countShown counts the cards of a display that are still there.
func countShown(cards []uint8) int {
	n := 0
	for _, c := range cards {
		if c != noCard {
			n++
		}
	}
	return n
}

// intArena hands out empty slices with room for n numbers each, all from one
// backing array; the capacity is capped, so appending past n copies.
type intArena []int

func (a *intArena) take(n int) []int {
	out := (*a)[:0:n]
	*a = (*a)[n:]
	return out
}

// Card returns the printed data of card number n (as used in moves and
// views), for clients and tools.
func Card(n int) (CardData, bool) {
	if n < 0 || n >= len(cat.Cards) {
		return CardData{}, false
	}
	c := &cat.Cards[n]
	return CardData{ID: c.ID, Period: int(c.Period), Kind: kindCodes[c.Kind], Effect: effectNames[c.Effect],
		Amount: int(c.Amount), Dots: int(c.Dots), Hub: int(c.Hub)}, true
}
