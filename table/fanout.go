package table

import (
	"strconv"

	"harbor/game"
)

// Each state frame a runner encodes has an id (the envelope's f), unique
// within the runner. A connection that applies patches keeps the data of
// the last state it was sent (Sub.last, shared by every connection of the
// viewer that got the same frame); the next state goes to it as a patch
// from that one when the patch is shorter than the state, and whole
// otherwise. A patch is made from the viewer's own two states, so it holds
// nothing the state itself would not.

// viewFrame is one viewer's new state, encoded once however many
// connections it goes to: the whole frame and the patches made so far,
// one for each base the connections hold.
type viewFrame struct {
	v       int
	id      uint64
	full    *Msg
	at      int      // where the state starts in full, after {"t":"state","v":N,"f":F,"d":
	data    *indexed // a copy of the state, made for the connections that take patches: their next base
	patches []basePatch
}

type basePatch struct {
	base uint64
	m    *Msg // nil: the whole frame is shorter
}

// newViewFrame encodes viewer's state as frame r.frameID+1.
func (r *Runner) newViewFrame(viewer game.Seat, shared sharedParts) viewFrame {
	r.frameID++
	r.frameView = r.stateView(viewer, shared)
	m := newFrame("state", r.t.Version, r.frameID, &r.frameView)
	r.frameView = StateView{}
	at := len(`{"t":"state","v":,"f":,"d":`) + digits(uint64(r.t.Version)) + digits(r.frameID)
	return viewFrame{v: r.t.Version, id: r.frameID, full: m, at: at}
}

// digits is the length of n in decimal.
func digits(n uint64) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// state returns the state alone, kept past the frame (full is pooled).
func (f *viewFrame) state() *indexed {
	if f.data == nil {
		b := f.full.Bytes()
		f.data = &indexed{json: append([]byte(nil), b[f.at:len(b)-1]...)}
	}
	return f.data
}

// sent records that s was sent the frame.
func (f *viewFrame) sent(s *Sub) {
	s.frame = f.id
	if s.patches {
		s.last = f.state()
	}
}

// sendTo sends s the frame: a patch from the state s holds when it takes
// patches and the patch is shorter, else the whole state.
func (f *viewFrame) sendTo(s *Sub) {
	m := f.full
	if s.patches && s.last != nil {
		if p := f.patchFrom(s.frame, s.last); p != nil {
			m = p
		}
	}
	s.conn.Send(m)
	f.sent(s)
}

// patchFrom returns the patch frame from the state base (whose data is
// last), made once for all the connections that hold it; nil when the
// whole state is shorter.
func (f *viewFrame) patchFrom(base uint64, last *indexed) *Msg {
	for _, p := range f.patches {
		if p.base == base {
			return p.m
		}
	}
	m := msgs.Get().(*Msg)
	m.refs.Store(1)
	b := m.buf.AvailableBuffer()
	b = append(b, `{"t":"patch","v":`...)
	b = strconv.AppendInt(b, int64(f.v), 10)
	b = append(b, `,"f":`...)
	b = strconv.AppendUint(b, f.id, 10)
	b = append(b, `,"d":{"b":`...)
	b = strconv.AppendUint(b, base, 10)
	b = append(b, `,"p":`...)
	head := len(b)
	b = appendDiff(b, last, f.state(), true)
	b = append(b, `}}`...)
	m.buf.Write(b)
	if len(b)-head >= len(f.state().json) {
		m.Done()
		m = nil
	}
	f.patches = append(f.patches, basePatch{base, m})
	return m
}

// done lets go of the frame's messages.
func (f *viewFrame) done() {
	f.full.Done()
	for _, p := range f.patches {
		if p.m != nil {
			p.m.Done()
		}
	}
}

// sendState sends s its viewer's whole state, and makes it the base of
// the patches that follow.
func (r *Runner) sendState(s *Sub) {
	f := r.newViewFrame(r.viewerOf(s), sharedParts{})
	s.conn.Send(f.full)
	f.sent(s)
	f.done()
}

// broadcastState pushes each subscriber its own view, encoding each
// viewer's view once, and each patch once for the connections that hold
// the same base.
func (r *Runner) broadcastState() {
	if r.g == nil {
		return
	}
	shared := r.encodeShared()
	var frames [game.MaxSeats + 1]viewFrame
	for _, s := range r.subs {
		viewer := r.viewerOf(s)
		f := &frames[viewer+1]
		if f.full == nil {
			*f = r.newViewFrame(viewer, shared)
		}
		f.sendTo(s)
	}
	for i := range frames {
		if frames[i].full != nil {
			frames[i].done()
		}
	}
}

// SendState sends s its whole current view again, with the recent log (a
// client that asks for it: it missed a patch or could not apply one), at
// most once for each frame it was sent: a client asking again before a
// new frame has the answer on its way.
func (r *Runner) SendState(s *Sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.g == nil || s.asked == s.frame+1 {
		return
	}
	r.sendState(s)
	r.sendRecentLog(s.conn, r.viewerOf(s)) // the events of the moves it missed
	s.asked = s.frame + 1
}

// PatchConn is a Conn that may take patches: one whose client applies them
// (docs/protocol.md). Any other Conn is sent every state whole.
type PatchConn interface {
	Conn
	Patches() bool
}
