package main

import (
	"bytes"
	"strconv"

	"harbor/table"
)

// The load tool's people take patches, as browsers do (docs/protocol.md,
// "Patches"), unless -whole: each connection keeps its last state, with
// its index, and rebuilds the next from each patch (table.PatchedState),
// so the server does the work it does for browsers and the tool reads
// what they read.

var (
	patchFrame   = []byte(`{"t":"patch","v":`)
	askState     = []byte(`{"t":"state","v":0,"d":{}}`)
	frameIDField = []byte(`,"f":`)
	dataField    = []byte(`,"d":`)
	baseField    = []byte(`,"d":{"b":`)
	patchField   = []byte(`,"p":`)
)

// chain is the state a connection holds, and its frame id.
type chain struct {
	state table.PatchedState
	frame uint64
	asked bool // a patch did not follow on: the whole state is on its way
}

// keep records the state frame msg as the state patches follow on from.
// The state is checked here, once (table.PatchedState.Set, as json.Valid
// checks): the patches that follow build on it and are checked themselves,
// and what they make is JSON by construction. bad is true for a state
// frame whose data is not a JSON object; no patch follows on from it.
func (ch *chain) keep(msg []byte) (bad bool) {
	rest, ok := bytes.CutPrefix(msg, stateFrame)
	end := bytes.IndexByte(rest, ',')
	if !ok || end < 0 {
		return false
	}
	f, rest, ok := uintAfter(rest[end:], frameIDField)
	if !ok {
		return false
	}
	d, ok := bytes.CutPrefix(rest, dataField)
	if !ok || len(d) == 0 {
		return false
	}
	if ch.state.Set(d[:len(d)-1]) != nil {
		return true
	}
	ch.frame, ch.asked = f, false
	return false
}

// apply turns the patch frame msg into the state frame it makes, written
// into buf; ask is true when the patch does not follow on, and the whole
// state must be asked for.
func (ch *chain) apply(msg, buf []byte) (frame []byte, ask bool) {
	if ch.asked {
		return nil, false
	}
	rest, ok := bytes.CutPrefix(msg, patchFrame)
	end := bytes.IndexByte(rest, ',')
	if !ok || end < 0 {
		return nil, false
	}
	v := rest[:end]
	f, rest, ok1 := uintAfter(rest[end:], frameIDField)
	b, rest, ok2 := uintAfter(rest, baseField)
	p, ok3 := bytes.CutPrefix(rest, patchField)
	if !ok1 || !ok2 || !ok3 || len(p) < 2 || b != ch.frame || ch.state.Apply(p[:len(p)-2]) != nil {
		ch.asked = true
		return nil, true
	}
	ch.frame = f
	next := ch.state.JSON()
	buf = append(buf[:0], stateFrame...)
	buf = append(buf, v...)
	buf = append(buf, dataField...)
	buf = append(buf, next...)
	return append(buf, '}'), false
}

// uintAfter reads the number after prefix at the start of b, and returns
// the rest of b from the byte after it.
func uintAfter(b, prefix []byte) (uint64, []byte, bool) {
	rest, ok := bytes.CutPrefix(b, prefix)
	if !ok {
		return 0, b, false
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	n, err := strconv.ParseUint(string(rest[:i]), 10, 64)
	return n, rest[i:], err == nil
}

// patchQuery is what the people's WebSocket addresses add to say they
// take patches.
func (r *runner) patchQuery() string {
	if r.cfg.Whole {
		return ""
	}
	return "&patch=1"
}
