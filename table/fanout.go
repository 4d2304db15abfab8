package table

import (
	"strconv"

	"harbor/game"
)

// Sub is one subscription of a connection to a runner: who it is (conn,
// key, tv), set when it subscribes, and what it was sent, which the
// runner's fan-out keeps.
type Sub struct {
	conn   Conn
	key    string // "" for the TV
	tv     bool
	resent int // 1 + the version Resend last sent this connection; 0: none

	// patches: the client applies patches (fanout.go); frame is the id of
	// the last state frame sent to it, last that state's data when patches.
	patches bool
	frame   uint64
	last    *indexed
	asked   uint64 // 1 + the frame at which SendState last answered; 0: none
}

// fanout owns a runner's subscribers and what each was sent: the list of
// subscriptions, each one's last state frame and patch base (Sub's frame,
// last and asked fields), and the ids of the state frames it encodes. It
// sends lobby views, state frames (whole or as patches) and any other
// frame to them. It does not own what the frames say: the runner builds
// the lobby view and, through views, each viewer's state, and decides
// when to broadcast; nor who a subscriber is at the table (views.viewerOf).
// It holds no lock of its own: the runner calls it holding r.mu.
type fanout struct {
	subs      []*Sub
	frameView StateView // the view being encoded, kept here so encoding it allocates no copy
	frameID   uint64    // the id of the last state frame encoded
	// memo, while a broadcast runs, holds the patch entries of the events,
	// the result and the other members the frames may share (the view
	// too, when it is shared), made once for the bases that hold the same
	// (memberMemo).
	memo memberMemo
	// views numbers the views shared by every viewer, one a broadcast
	// (indexed.view).
	views uint64
	// retired are the frames whose states no connection holds as its base
	// any more, let go once the broadcast is over: until then the memo may
	// still point into them.
	retired []*Msg
}

// views is what the fan-out asks of the runner: whom a subscriber sees
// the game as, and what that viewer sees.
type views interface {
	viewerOf(s *Sub) game.Seat
	stateView(viewer game.Seat, shared sharedParts) StateView
}

// add subscribes s.
func (f *fanout) add(s *Sub) { f.subs = append(f.subs, s) }

// remove unsubscribes s, and reports whether nobody is subscribed now.
func (f *fanout) remove(s *Sub) (empty bool) {
	for i, x := range f.subs {
		if x == s {
			last := len(f.subs) - 1
			f.subs[i] = f.subs[last]
			f.subs[last] = nil
			f.subs = f.subs[:last]
			break
		}
	}
	if len(f.subs) == 0 && cap(f.subs) > 8 {
		f.subs = nil
	}
	return len(f.subs) == 0
}

// watched reports whether anyone is subscribed.
func (f *fanout) watched() bool { return len(f.subs) > 0 }

// online reports whether the member with key has a subscription (the TV
// is not a member).
func (f *fanout) online(key string) bool {
	for _, s := range f.subs {
		if s.key == key {
			return true
		}
	}
	return false
}

// send sends m to every subscriber and lets go of it.
func (f *fanout) send(m *Msg) {
	for _, s := range f.subs {
		s.conn.Send(m)
	}
	m.Done()
}

// lobby sends every subscriber the lobby view v, the TV's without what it
// may not hand out (tvView).
func (f *fanout) lobby(version int, v LobbyView) {
	m, tv := NewMsg("lobby", version, v), (*Msg)(nil)
	for _, s := range f.subs {
		if s.tv && v.Status != Lobby {
			if tv == nil {
				tv = NewMsg("lobby", version, tvView(v))
			}
			s.conn.Send(tv)
			continue
		}
		s.conn.Send(m)
	}
	m.Done()
	if tv != nil {
		tv.Done()
	}
}

// drop sends err to every connection of the member with key and closes
// it with reason.
func (f *fanout) drop(key string, version int, err error, reason string) {
	kept := f.subs[:0]
	for _, s := range f.subs {
		if s.key == key && !s.tv {
			Send(s.conn, "error", version, err)
			s.conn.Close(reason)
			continue
		}
		kept = append(kept, s)
	}
	clear(f.subs[len(kept):])
	f.subs = kept
}

// closeAll unsubscribes everyone and returns who was subscribed.
func (f *fanout) closeAll() []*Sub {
	subs := f.subs
	f.subs = nil
	return subs
}

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
	v    int
	id   uint64
	memo *memberMemo // the broadcast's shared patch entries, nil: none
	view uint64      // the number of the shared view the state holds, 0: none (indexed.view)
	full *Msg
	at   int      // where the state starts in full, after {"t":"state","v":N,"f":F,"d":
	data *indexed // the state, for the connections that take patches: their next base
	// patch is the patch from the first base asked for, more those from
	// any other (the connections of a viewer mostly hold the same base).
	patch   basePatch
	more    []basePatch
	retired *[]*Msg // the fan-out's retired
}

type basePatch struct {
	base uint64 // 0: none (frame ids start at 1)
	m    *Msg   // nil: the whole frame is shorter
}

// newViewFrame encodes viewer's state at version as frame f.frameID+1.
func (f *fanout) newViewFrame(vs views, viewer game.Seat, shared sharedParts, version int) viewFrame {
	f.frameID++
	f.frameView = vs.stateView(viewer, shared)
	m := newFrame("state", version, f.frameID, &f.frameView)
	f.frameView = StateView{}
	at := len(`{"t":"state","v":,"f":,"d":`) + digits(uint64(version)) + digits(f.frameID)
	return viewFrame{v: version, id: f.frameID, full: m, at: at, retired: &f.retired}
}

// digits is the length of n in decimal.
func digits(n uint64) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// state returns the state alone, kept past the frame: its bytes are
// full's, which a hold of the state's own keeps from going back to the
// pool while any connection holds the state as its base (no copy).
func (f *viewFrame) state() *indexed {
	if f.data == nil {
		b := f.full.Bytes()
		f.full.Hold()
		f.data = &f.full.base
		*f.data = indexed{json: b[f.at : len(b)-1], frame: f.full, room: f.data.room, view: f.view}
	}
	return f.data
}

// sent records that s was sent the frame.
func (f *viewFrame) sent(s *Sub) {
	s.frame = f.id
	if !s.patches {
		return
	}
	n := f.state()
	if old := s.last; old != n {
		n.holders++
		s.last = n
		if old != nil {
			old.holders--
			f.retire(old)
		}
	}
}

// retire puts d's frame on the retired list once no connection holds d.
func (f *viewFrame) retire(d *indexed) {
	if d.holders == 0 && d.frame != nil {
		*f.retired = append(*f.retired, d.frame)
		d.frame = nil
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
	if f.patch.base == base {
		return f.patch.m
	}
	for _, p := range f.more {
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
	b = appendDiffShared(b, last, f.state(), true, f.memo)
	b = append(b, `}}`...)
	m.buf.Write(b)
	if len(b)-head >= len(f.state().json) {
		m.Done()
		m = nil
	}
	if f.patch.base == 0 {
		f.patch = basePatch{base, m}
	} else {
		f.more = append(f.more, basePatch{base, m})
	}
	return m
}

// done lets go of the frame's messages.
func (f *viewFrame) done() {
	f.full.Done()
	if f.data != nil {
		f.retire(f.data)
	}
	if f.patch.m != nil {
		f.patch.m.Done()
	}
	for _, p := range f.more {
		if p.m != nil {
			p.m.Done()
		}
	}
}

// sendState sends s its viewer's whole state at version, and makes it the
// base of the patches that follow.
func (f *fanout) sendState(vs views, s *Sub, version int) {
	fr := f.newViewFrame(vs, vs.viewerOf(s), sharedParts{}, version)
	s.conn.Send(fr.full)
	fr.sent(s)
	fr.done()
	f.letGo()
}

// letGo lets go of the retired frames.
func (f *fanout) letGo() {
	for i, m := range f.retired {
		m.Done()
		f.retired[i] = nil
	}
	f.retired = f.retired[:0]
}

// state pushes each subscriber its own view at version, encoding each
// viewer's view once, and each patch once for the connections that hold
// the same base. A view shared by every viewer is encoded once (shared),
// and its part of the patches once for the bases that hold the same view.
func (f *fanout) state(vs views, shared sharedParts, version int) {
	var frames [game.MaxSeats + 1]viewFrame
	memo := &f.memo
	memo.ownView = shared.view == nil
	var view uint64
	if shared.view != nil {
		f.views++
		view = f.views
	}
	for _, s := range f.subs {
		viewer := vs.viewerOf(s)
		fr := &frames[viewer+1]
		if fr.full == nil {
			*fr = f.newViewFrame(vs, viewer, shared, version)
			fr.memo, fr.view = memo, view
		}
		fr.sendTo(s)
	}
	f.memo.clear()
	for i := range frames {
		if frames[i].full != nil {
			frames[i].done()
		}
	}
	f.letGo()
}

// sendState sends s its viewer's whole state. It holds r.mu.
func (r *Runner) sendState(s *Sub) { r.fan.sendState(r, s, r.t.Version) }

// broadcastState pushes each subscriber its own view of the game.
func (r *Runner) broadcastState() {
	if r.g == nil || !r.fan.watched() {
		return
	}
	r.fan.state(r, r.encodeShared(), r.t.Version)
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
