package neko

import "harbor/game"

// Bot is the rule-based computer player. It reads only its own view and the
// legal moves, scores each move with fixed rules of thumb, and takes the
// best (ties to the first listed, so it is deterministic). It always answers
// with a legal move, so it never stalls a game.
type Bot struct {
	seat game.Seat
	rng  game.Rand
}

// NewBot returns the computer player for seat.
func NewBot(seat game.Seat, seed uint64) *Bot { return &Bot{seat: seat, rng: game.NewRand(seed)} }

// resValue is what the bot thinks one card of each resource is worth.
var resValue = [numRes]int{Fish: 10, Goods: 11, Licence: 14, Penguin: 22, Captain: 12, VP1: 10}

// Choose picks the best-valued legal move.
func (b *Bot) Choose(v View, legal []Move) Move {
	me := &v.Players[b.seat]
	best, bestValue := 0, -1<<30
	for i, m := range legal {
		if val := b.value(&v, me, m); val > bestValue {
			best, bestValue = i, val
		}
	}
	return legal[best]
}

func (b *Bot) value(v *View, me *PlayerView, m Move) int {
	switch m.Type {
	case MoveDraft:
		set := v.Rows[m.Row][m.Size-1]
		t := 0
		for _, c := range set.Cards {
			t += draftValue(me, c)
		}
		return t
	case MovePick:
		return draftValue(me, int(m.Card))
	case MovePlay:
		return playValue(v, me, int(m.Card))
	case MoveDeactivate:
		return 40 - 2*int(m.Col)
	case MoveKeep:
		return 1
	case MoveTuck:
		return 0
	case MoveHarbour:
		return 150
	case MoveBonus:
		return 400
	case MoveBuyShip:
		if shipsAtHome(me) >= 3 || 2*int(m.Level) > int(v.Icons[icCoin])+max(0, int(me.Supply[Fish]-me.Locked[Fish])-3) {
			return -1
		}
		return 120 - 10*int(m.Level)
	case MoveBuyLicence:
		if licencePriceOf(me) > int(v.Icons[icCoin])+max(0, int(me.Supply[Fish]-me.Locked[Fish])-4) {
			return -1
		}
		return 60
	case MoveUpgrade:
		sh := me.Ships[m.Ship]
		if int(sh.Loc) != len(me.Columns) {
			return -1
		}
		return 200 + int(m.Level)
	case MoveShip:
		return moveValue(v, me, m.Ship)
	case MoveSail:
		sh := me.Ships[m.Ship]
		if sh.Loc >= locAttr || v.Period == 1 {
			return -1
		}
		val := 100 + 10*int(sh.Level)
		if !v.Attractions[m.To].Visited {
			val += 60
		}
		return val
	case MoveFlip:
		if v.Period == 2 && m.Res == int8(Licence) && me.Harbour >= maxHarbour {
			return 30
		}
		return -1
	case MoveChoose:
		return chooseValue(v, me, m.Option)
	case MoveDiscard:
		return -resValue[m.Res]
	case MoveBoat:
		return 10
	case MoveCaptain:
		return -1
	}
	return 0 // next
}

// shipsAtHome counts the ships in the harbour and the line.
func shipsAtHome(me *PlayerView) int {
	n := 0
	for k := range numShips {
		if l := me.Ships[k].Loc; l >= locHarbour && l < locAttr {
			n++
		}
	}
	return n
}

func shipsOwned(me *PlayerView) int {
	n := 0
	for k := range numShips {
		if me.Ships[k].Loc >= locHarbour {
			n++
		}
	}
	return n
}

// draftValue rates a card for drafting: income columns first.
func draftValue(me *PlayerView, c int) int {
	cd := &cat.Cards[c]
	owned := 0
	for _, col := range me.Columns {
		if col.Kind == cd.Kind {
			owned += len(col.Actions)
		}
	}
	for _, d := range me.Drafted {
		if cat.Cards[d].Kind == cd.Kind {
			owned++
		}
	}
	switch cd.Effect {
	case EffFuel:
		return 60 + 5*int(cd.Amount)
	case EffCoin:
		return 55 + 3*int(cd.Amount)
	case EffLicence:
		return 50 + 5*int(cd.Amount)
	case EffEndSet:
		if owned >= 2 {
			return 55
		}
		return 20
	case EffGoodsOnArrival, EffGoodsOnArrivalCapacity, EffUpgradeOnArrival, EffImmediateVPPerShip:
		return 35
	}
	return 30
}

// playValue rates playing a card to its column against deactivating (40).
func playValue(v *View, me *PlayerView, c int) int {
	cd := &cat.Cards[c]
	if cd.Boat {
		return 60
	}
	has := false
	same := 0
	for _, col := range me.Columns {
		if col.Kind == cd.Kind {
			has = true
			same += len(col.Actions)
		}
	}
	switch cd.Effect {
	case EffFuel, EffCoin, EffLicence:
		return 80
	case EffEndSet:
		if same >= 2 {
			return 70
		}
		return 20
	case EffImmediateVPPerShip:
		return 30 + 5*shipsOwned(me)
	case EffEndGoods, EffEndHarbour, EffEndCaptain:
		return 45
	}
	if !has && len(me.Columns) < 3 {
		return 50
	}
	return 30
}

// licencePriceOf is licencePrice from a player's view.
func licencePriceOf(me *PlayerView) int {
	for _, col := range me.Columns {
		for _, c := range col.Actions {
			if cat.Cards[c].Effect == EffRSLicenceDiscount {
				return 2
			}
		}
	}
	return 3
}

// moveValue rates moving a ship one column forward.
func moveValue(v *View, me *PlayerView, i int8) int {
	sh := me.Ships[i]
	dest := int(sh.Loc) // the column index the ship arrives at
	if dest >= len(me.Columns) {
		return -1
	}
	sum := 0
	for k := range numShips {
		if int(me.Ships[k].Loc) == dest+1 {
			sum += int(me.Ships[k].Level)
		}
	}
	if i != ghost {
		sum += int(sh.Level)
	}
	val := 80 + 5*dest
	if int(me.Columns[dest].Hub) > sum {
		val += 60
	}
	if dest == len(me.Columns)-1 {
		val += 20 + 5*int(sh.Level)
	}
	if i == ghost {
		val -= 30
	}
	return val
}

// chooseValue rates an option of the waiting choice by what it yields.
func chooseValue(v *View, me *PlayerView, opt int8) int {
	if v.Choice == nil {
		return 0
	}
	worth := func(b Bundle) int {
		t := 0
		for r := range numRes {
			t += int(b[r]) * resValue[r]
		}
		return t
	}
	switch uint8(v.Choice.Kind) {
	case chHubReward:
		return worth(cat.Harbour[opt].Reward)
	case chBoatSwap:
		if opt == 0 {
			return 0
		}
		sw := swapsOf(uint8(v.Choice.Card))[opt-1]
		return worth(sw.Get) - worth(sw.Give)
	case chHalfMoon:
		return worth(halfMoonBetter[opt])
	case chNeko:
		return worth(nekoBetter[opt])
	}
	return 0
}
