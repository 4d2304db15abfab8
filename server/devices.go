package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"harbor"
	"harbor/notify"
	"harbor/people"
	"harbor/table"
)

// Linking another device: a person asks for a one-time code (and its QR
// code), opens it on the other browser, and that browser gets a cookie of
// the same identity, its own device id and the server's MAC over both.
// The device holds the person's seats and gets their notices until the
// person unlinks it.

// LinkTTL is how long a link code works.
const LinkTTL = 10 * time.Minute

// linkCheckTTL is how long a node trusts that a device it checked is still
// linked: a device unlinked on another node of a cluster is refused after
// at most this long (at once on the node that unlinked it).
const linkCheckTTL = 30 * time.Second

// folk holds what the server keeps of people beyond their tables:
// linked devices and notices. A nil store turns its endpoints off.
type folk struct {
	devices people.Devices
	notices *notify.Notifier

	mu      sync.Mutex
	checked map[string]time.Time // person+"/"+device → when it was last seen linked
}

func validDeviceID(s string) bool {
	if len(s) != 16 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// linked reports whether person's device is linked, from the cache or the
// store.
func (s *Server) linked(ctx context.Context, person, dev string) bool {
	p := &s.people
	if p.devices == nil {
		return false
	}
	k := person + "/" + dev
	now := time.Now()
	p.mu.Lock()
	at, ok := p.checked[k]
	p.mu.Unlock()
	if ok && now.Sub(at) < linkCheckTTL {
		return true
	}
	has, err := p.devices.HasDevice(ctx, person, dev)
	if err != nil {
		s.log.Warn("check a linked device", "err", err)
		return ok // the store is down: trust the last answer
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !has {
		delete(p.checked, k)
		return false
	}
	if len(p.checked) > 100_000 {
		clear(p.checked)
	}
	p.checked[k] = now
	return true
}

func (s *Server) deviceRoutes() {
	if s.people.devices == nil {
		return
	}
	m := s.mux
	m.HandleFunc("POST /api/devices/code", s.api(s.linkCode))
	m.HandleFunc("POST /api/devices/link", s.api(s.linkDevice))
	m.HandleFunc("GET /api/devices", s.api(s.listDevices))
	m.HandleFunc("DELETE /api/devices/{id}", s.api(s.unlinkDevice))
}

// LinkCode is the answer of POST /api/devices/code.
type LinkCode struct {
	Code    string `json:"code"`    // to type on the other device
	Link    string `json:"link"`    // to open there (the QR code holds it)
	QR      string `json:"qr"`      // a PNG data: URL of the link's QR code
	Expires int64  `json:"expires"` // Unix milliseconds
}

func linkHash(code string) string {
	sum := sha256.Sum256([]byte("link:" + table.NormalizeCode(code)))
	return hex.EncodeToString(sum[:])
}

// CodeRequest is the body of POST /api/devices/code: the ids of the tables
// this browser knows, which the other browser is told when it links.
type CodeRequest struct {
	Tables []string `json:"tables,omitempty"`
}

// maxLinkTables bounds the table ids a link code carries.
const maxLinkTables = 12

func validTableID(id string) bool {
	if id == "" || len(id) > 16 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func (s *Server) linkCode(q *request) (any, error) {
	var req CodeRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	if len(req.Tables) > maxLinkTables {
		return nil, harbor.Errorf(harbor.EInvalid, "a code carries at most %d tables", maxLinkTables).With(harbor.M("api.codeTables", "n", maxLinkTables))
	}
	for _, t := range req.Tables {
		if !validTableID(t) {
			return nil, harbor.Errorf(harbor.EInvalid, "%q is not a table id", t).With(harbor.M("api.badTableID"))
		}
	}
	if err := s.allowCode(q.r); err != nil {
		return nil, err
	}
	id, _, _ := strings.Cut(q.token, ".")
	code := table.NewLinkCode()
	expires := time.Now().Add(LinkTTL)
	c := people.LinkCode{Hash: linkHash(code), Identity: id, Person: q.key, Tables: req.Tables, Expires: expires}
	if err := s.people.devices.SaveLinkCode(q.r.Context(), c); err != nil {
		return nil, err
	}
	link := s.publicBase(q.r).Base + "/link/" + code
	png, err := qrcode.Encode(link, qrcode.Medium, 320)
	if err != nil {
		return nil, err
	}
	return LinkCode{Code: code, Link: link, QR: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), Expires: expires.UnixMilli()}, nil
}

// LinkRequest is the body of POST /api/devices/link.
type LinkRequest struct {
	Code string `json:"code"`
}

func (s *Server) linkDevice(q *request) (any, error) {
	var req LinkRequest
	if err := s.decode(q, &req); err != nil {
		return nil, err
	}
	if err := s.allowCode(q.r); err != nil {
		return nil, err
	}
	ctx := q.r.Context()
	c, err := s.people.devices.TakeLinkCode(ctx, linkHash(req.Code), q.key, time.Now())
	if err != nil {
		return nil, err
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	d := people.Device{Person: c.Person, ID: hex.EncodeToString(b), Name: deviceName(q.r.UserAgent()), Created: time.Now()}
	if err := s.people.devices.AddDevice(ctx, d); err != nil {
		return nil, err
	}
	// This browser stops being q.key: its push subscription no longer
	// brings q.key's notices, and its endpoint is free for c.Person.
	if s.people.notices != nil {
		_, dev := s.identity(q.r)
		if err := s.people.notices.Store().DropDeviceSubscriptions(ctx, q.key, dev); err != nil {
			return nil, err
		}
	}
	s.setIdentity(q.w, q.r, s.ids.deviceCookie(c.Identity, d.ID))
	tables := c.Tables
	if tables == nil {
		tables = []string{}
	}
	return Linked{Session: Session{Player: table.PublicID(c.Person), Address: s.publicBase(q.r)}, Tables: tables}, nil
}

// Linked is the answer of POST /api/devices/link: the session of the
// person this browser now is, and the tables the code's browser knew.
type Linked struct {
	Session
	Tables []string `json:"tables"`
}

// Devices is the answer of GET /api/devices.
type Devices struct {
	// This is the id of the asking device ("" for the browser the
	// identity began on, which is always linked).
	This    string          `json:"this"`
	Devices []people.Device `json:"devices"`
}

func (s *Server) listDevices(q *request) (any, error) {
	_, dev := s.identity(q.r)
	ds, err := s.people.devices.Devices(q.r.Context(), q.key)
	if ds == nil {
		ds = []people.Device{}
	}
	return Devices{This: dev, Devices: ds}, err
}

func (s *Server) unlinkDevice(q *request) (any, error) {
	id := q.r.PathValue("id")
	ctx := q.r.Context()
	if err := s.people.devices.RemoveDevice(ctx, q.key, id); err != nil {
		return nil, err
	}
	s.people.mu.Lock()
	delete(s.people.checked, q.key+"/"+id)
	s.people.mu.Unlock()
	if s.people.notices != nil {
		if err := s.people.notices.Store().DropDeviceSubscriptions(ctx, q.key, id); err != nil {
			return nil, err
		}
	}
	return s.listDevices(q)
}

// deviceName names a browser from its User-Agent, as a person would: the
// browser and the system.
func deviceName(ua string) string {
	pick := func(pairs ...string) string {
		for i := 0; i < len(pairs); i += 2 {
			if strings.Contains(ua, pairs[i]) {
				return pairs[i+1]
			}
		}
		return ""
	}
	browser := pick("Edg/", "Edge", "OPR/", "Opera", "Firefox/", "Firefox", "CriOS/", "Chrome", "Chrome/", "Chrome", "Chromium/", "Chromium", "Safari/", "Safari")
	system := pick("iPhone", "iPhone", "iPad", "iPad", "Android", "Android", "Windows", "Windows", "Mac OS X", "macOS", "CrOS", "ChromeOS", "Linux", "Linux")
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser+system != "":
		return browser + system
	}
	return "A browser"
}
