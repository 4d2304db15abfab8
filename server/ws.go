package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"harbor"
	"harbor/game"
	"harbor/table"
)

// hardReadLimit is where the WebSocket library itself closes a connection;
// below it a message over Limits.MaxMessage is answered with too_large and
// skipped.
const hardReadLimit = 1 << 20

// serveWS upgrades GET /ws?table=<id> (a member, by cookie) or
// GET /ws?tv=<code> (the read-only TV) to a WebSocket and runs it.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if err := s.checkOrigin(r); err != nil {
		s.writeError(w, r, err)
		return
	}
	ctx := r.Context()
	var (
		run *table.Runner
		key string
		tv  bool
		err error
	)
	switch q := r.URL.Query(); {
	case q.Get("tv") != "":
		if err = s.allowCode(r); err != nil {
			s.writeError(w, r, err)
			return
		}
		tv = true
		run, err = s.tables.Find(ctx, table.ByTV, q.Get("tv"))
	case q.Get("table") != "":
		tok := s.existingToken(r)
		if tok == "" {
			s.writeError(w, r, harbor.Errorf(harbor.EUnauthorized, "join the table first: this browser has no player cookie").With(harbor.M("api.noCookie")))
			return
		}
		key = table.KeyOf(tok)
		run, err = s.tables.Get(ctx, q.Get("table"))
		if err == nil && !run.IsMember(key) {
			err = harbor.Errorf(harbor.EForbidden, "join the table first (with its invite link or code)").With(harbor.M("api.joinWithInvite"))
		}
	default:
		err = harbor.Errorf(harbor.EInvalid, "say which table (?table=<id>) or TV code (?tv=<code>)")
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	release, err := s.holdConn(key, s.addr(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer release()
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true, CompressionMode: s.cfg.Compression}) // Origin checked above
	if err != nil {
		return // Accept has answered the client
	}
	ws.SetReadLimit(hardReadLimit)
	c := &client{ws: ws, backlog: s.limits.SendBacklog, patches: r.URL.Query().Get("patch") == "1", reader: readerOf(key, s.addr(r)), run: run}
	if !s.addClient(c) {
		ws.Close(websocket.StatusGoingAway, "the server is restarting")
		return
	}
	defer s.handlers.Done()
	defer s.removeClient(c)
	s.tellHostLang(ctx, run)
	sub, err := run.Subscribe(c, key, tv)
	if err != nil {
		table.Send(c, "error", 0, wireError(err))
		c.Close(harbor.ErrorMessage(err))
		return
	}
	defer run.Unsubscribe(sub)
	if !tv {
		// What a person has seen of the table, for their list of tables:
		// the moves so far on opening it, and those made while it was open.
		s.sawTable(key, run)
		defer s.sawTable(key, run)
	}
	s.readLoop(context.Background(), c, run, sub)
}

func (s *Server) addClient(c *client) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	s.clients[c] = struct{}{}
	s.handlers.Add(1)
	s.metrics.connections.Inc()
	return true
}

func (s *Server) removeClient(c *client) {
	s.mu.Lock()
	delete(s.clients, c)
	s.mu.Unlock()
	s.metrics.connections.Dec()
	c.Close("")
}

// readBufs holds message buffers, taken only while a message is read, so
// an idle connection holds none.
var readBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// readLoop reads and answers the client's messages until it goes away.
func (s *Server) readLoop(ctx context.Context, c *client, run *table.Runner, sub *table.Sub) {
	var rate bucket
	for {
		_, rd, err := c.ws.Reader(ctx)
		if err != nil {
			return
		}
		bp := readBufs.Get().(*[]byte)
		buf, tooBig, err := readMessage(rd, (*bp)[:0], s.limits.MaxMessage)
		if err == nil {
			switch {
			case !rate.take(time.Now(), s.limits.MsgRate, s.limits.MsgBurst):
				c.answer("error", run.Version(), harbor.Errorf(harbor.ERateLimited, "slow down: at most %g messages a second", s.limits.MsgRate).With(harbor.M("api.tooFast")))
			case tooBig:
				c.answer("error", run.Version(), harbor.Errorf(harbor.ETooLarge, "a message is at most %d bytes", s.limits.MaxMessage).With(harbor.M("api.requestTooLarge")))
			default:
				s.handle(ctx, c, run, sub, buf)
			}
		}
		if cap(buf) <= 64<<10 {
			*bp = buf[:0]
			readBufs.Put(bp)
		}
		if err != nil {
			return
		}
	}
}

// readMessage appends the message in rd to buf, up to limit bytes; past
// the limit it reads on to the end of the message and reports tooBig.
func readMessage(rd io.Reader, buf []byte, limit int) (_ []byte, tooBig bool, err error) {
	for {
		if len(buf) == cap(buf) {
			if len(buf) > limit {
				_, err = io.Copy(io.Discard, rd)
				return buf, true, err
			}
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := rd.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, len(buf) > limit, nil
		}
		if err != nil {
			return buf, false, err
		}
	}
}

// clientMessage is a message from a client (docs/protocol.md).
type clientMessage struct {
	T string          `json:"t"`
	V int             `json:"v"`
	D json.RawMessage `json:"d"`
}

// decodeMessage decodes msg, which must be exactly one JSON object with no
// fields other than those of clientMessage.
func decodeMessage(msg []byte) (clientMessage, bool) {
	if m, ok, sure := decodeCompact(msg); sure {
		return m, ok
	}
	var m clientMessage
	if err := game.DecodeStrict(msg, &m); err != nil {
		return m, false
	}
	return m, true
}

// decodeCompact decodes the message as clients write it,
// {"t":"<lower-case letters>","v":<digits>} with ,"d":<value> before the
// closing brace or not, without reflection: only d is read as JSON, and
// checked as strictly as DecodeStrict would. sure is false for any other
// shape, which DecodeStrict then decodes (or refuses).
func decodeCompact(msg []byte) (m clientMessage, ok, sure bool) {
	rest, found := bytes.CutPrefix(msg, []byte(`{"t":"`))
	if !found {
		return m, false, false
	}
	i := 0
	for i < len(rest) && i < 16 && rest[i] >= 'a' && rest[i] <= 'z' {
		i++
	}
	t := rest[:i]
	if rest, found = bytes.CutPrefix(rest[i:], []byte(`","v":`)); !found || len(t) == 0 {
		return m, false, false
	}
	i = 0
	for i < len(rest) && i < 18 && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i == 0 || i > 1 && rest[0] == '0' || i == len(rest) {
		return m, false, false
	}
	v, rest := rest[:i], rest[i:]
	var d []byte
	switch {
	case len(rest) == 1 && rest[0] == '}':
	case bytes.HasPrefix(rest, []byte(`,"d":`)) && rest[len(rest)-1] == '}':
		d = rest[len(`,"d":`) : len(rest)-1]
		// Space around d would be kept by the compact reading and dropped
		// by DecodeStrict's.
		if len(d) == 0 || isJSONSpace(d[0]) || isJSONSpace(d[len(d)-1]) {
			return m, false, false
		}
		if game.CheckStrict(d) != nil {
			return m, false, true
		}
	default:
		return m, false, false
	}
	m.T = string(t)
	for _, c := range v {
		m.V = m.V*10 + int(c-'0')
	}
	if d != nil {
		m.D = append(json.RawMessage(nil), d...)
	}
	return m, true, true
}

// dataless are the messages whose d is {} or absent: anything else in it
// is refused, as unknown fields are in every other message.
var dataless = map[string]bool{"ping": true, "back": true, "state": true, "undo": true, "hint": true}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// handle answers one message. A refused message gets an error frame and
// changes nothing.
func (s *Server) handle(ctx context.Context, c *client, run *table.Runner, sub *table.Sub, msg []byte) {
	m, ok := decodeMessage(msg)
	if !ok {
		c.answer("error", run.Version(), harbor.Errorf(harbor.EInvalid, "a message is a JSON object {t, v, d} with exactly those field names, each once"))
		return
	}
	var err error
	if dataless[m.T] && len(m.D) > 0 && string(m.D) != "{}" {
		c.answer("error", run.Version(), harbor.Errorf(harbor.EInvalid, "a %s message carries no data: d is {} or left out", m.T))
		return
	}
	switch m.T {
	case "ping":
		c.answer("pong", run.Version(), struct{}{})
	case "move":
		err = run.Move(ctx, sub, m.V, m.D)
	case "back":
		run.Back(sub)
	case "state":
		run.SendState(sub)
	case "undo":
		err = run.Undo(ctx, sub, m.V)
	case "hint":
		var hint game.Suggestion
		if hint, err = run.Hint(ctx, sub); err == nil {
			table.Send(c, "hint", run.Version(), hint)
		}
	case "chat":
		var c struct {
			Text  string `json:"text,omitempty"`
			Emoji string `json:"emoji,omitempty"`
		}
		if err = game.DecodeStrict(m.D, &c); err != nil {
			err = harbor.Errorf(harbor.EInvalid, "a chat message is {text} or {emoji}")
			break
		}
		err = run.Say(ctx, sub, c.Text, c.Emoji)
	case "log":
		var l struct {
			Before int `json:"before"`
		}
		if err = game.DecodeStrict(m.D, &l); err != nil {
			err = harbor.Errorf(harbor.EInvalid, "a log request is {before}")
			break
		}
		if err = s.allowRead(c.reader); err != nil {
			break
		}
		err = run.EarlierLog(sub, l.Before)
	default:
		err = harbor.Errorf(harbor.EInvalid, "unknown message type %q", m.T)
	}
	if err != nil {
		c.answer("error", run.Version(), wireError(err))
		if harbor.ErrorCode(err) == harbor.EStale {
			run.Resend(sub) // at most once per version
		}
	}
}

// writerLinger is how long a connection's writer goroutine waits for the
// next frame once its queue is empty before it ends. A connection at a busy
// table gets a frame every few milliseconds, and keeping its writer saves
// starting and ending a goroutine for each one; an idle connection keeps
// none.
var writerLinger = 250 * time.Millisecond

// client is one WebSocket connection. Frames to it are queued and written
// by a goroutine that exists only while there is something to write, and
// for writerLinger after.
type client struct {
	ws      *websocket.Conn
	backlog int
	patches bool   // the client applies patches (?patch=1)
	reader  string // whom its log pages count against (readerOf)
	run     *table.Runner

	mu      sync.Mutex
	queue   []*table.Msg
	writing bool          // a writer goroutine runs
	waiting bool          // and waits on wake for the next frame
	wake    chan struct{} // made with the first writer; one slot
	quit    bool          // the writer is to end (idle, closed or failed)
	closed  bool
	reason  string
}

// Patches implements table.PatchConn.
func (c *client) Patches() bool { return c.patches }

// Send implements table.Conn. A client more than backlog frames behind is
// dropped at once: it reconnects and gets its whole view.
func (c *client) Send(m *table.Msg) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	if len(c.queue) >= c.backlog {
		// Too far behind: drop it at once, which also ends a write that
		// is stuck on a client that stopped reading.
		c.drop()
		c.ws.CloseNow()
		return
	}
	m.Hold()
	c.queue = append(c.queue, m)
	c.startWriter()
}

// answer sends c the answer to one of its own messages (a refusal, a
// pong). Unlike Send it never drops the connection: when c is more than
// half its backlog behind, the answer is skipped (a rate_limited one only
// when the backlog is full), so a client that sends a burst without
// reading loses answers, never its connection.
func (c *client) answer(t string, v int, d any) {
	room := c.backlog / 2
	if e, ok := d.(*harbor.Error); ok && e.Code == harbor.ERateLimited {
		room = c.backlog - 1
	}
	c.mu.Lock()
	behind := len(c.queue) >= room
	c.mu.Unlock()
	if behind {
		return
	}
	table.Send(c, t, v, d)
}

// drop closes c and lets its queue go. It holds c.mu.
func (c *client) drop() {
	for _, m := range c.queue {
		m.Done()
	}
	c.queue, c.closed = nil, true
}

// startWriter starts c's writer, or wakes it if it waits. It holds c.mu.
func (c *client) startWriter() {
	switch {
	case !c.writing:
		if c.wake == nil {
			c.wake = make(chan struct{}, 1)
		}
		c.writing = true
		go c.flush()
	case c.waiting:
		c.waiting = false
		select {
		case c.wake <- struct{}{}:
		default: // a wake-up is already pending
		}
	}
}

// Close implements table.Conn: the frames already queued are written, then
// the connection closes with reason.
func (c *client) Close(reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closeLocked(reason)
}

func (c *client) closeLocked(reason string) {
	if c.closed {
		return
	}
	c.closed, c.reason = true, reason
	c.startWriter()
}

// flush writes the queue, and closes the connection once it is closed and
// the queue is empty. With the queue empty it waits on c.wake for more
// frames; a timer checks every writerLinger whether any came since its last
// look, and ends a writer that has been idle that long.
func (c *client) flush() {
	c.mu.Lock()
	written, seen := 0, -1
	var idle *time.Timer
	idle = time.AfterFunc(writerLinger, func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.waiting && written == seen && !c.quit {
			c.waiting, c.quit = false, true
			c.wake <- struct{}{} // the writer waits, so the slot is free
			return
		}
		seen = written
		if !c.quit {
			idle.Reset(writerLinger)
		}
	})
	c.mu.Unlock()
	defer idle.Stop()
	for {
		c.mu.Lock()
		if c.quit { // idle, said the timer
			c.quit = false
			if len(c.queue) == 0 {
				c.writing = false
				c.mu.Unlock()
				return
			}
			// A frame came after the timer's look: write on, timed anew.
			idle.Reset(writerLinger)
		}
		if len(c.queue) == 0 {
			if c.closed {
				reason := c.reason
				c.queue, c.quit = nil, true // so the timer ends too
				c.mu.Unlock()
				c.ws.Close(websocket.StatusGoingAway, reason)
				return
			}
			c.waiting = true
			c.mu.Unlock()
			<-c.wake
			continue
		}
		m := c.queue[0]
		c.queue[0] = nil
		if len(c.queue) == 1 {
			c.queue = c.queue[:0] // its array serves the next frames
		} else {
			c.queue = c.queue[1:]
		}
		written++
		c.mu.Unlock()
		// No deadline per write (a timer each would cost more than the
		// write): a client that stops reading fills its backlog and is
		// dropped by Send.
		err := c.ws.Write(context.Background(), websocket.MessageText, m.Bytes())
		m.Done()
		if err != nil {
			c.mu.Lock()
			c.drop()
			c.quit = true // the writer ends and nothing starts another
			c.mu.Unlock()
			c.ws.CloseNow()
			return
		}
	}
}
