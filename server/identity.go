package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"path"
	"strings"

	"harbor"
	"harbor/table"
)

// cookieName holds a person's token, their whole identity: 128 random bits
// and the server's keyed MAC over them, so only tokens this server issued
// are accepted. Tables know the token's hash only.
const cookieName = "harbor_player"

// identities issues and checks player tokens under a secret key (kept in
// the database, so tokens outlive restarts).
type identities struct{ key []byte }

// macLen is the length of a token's MAC, in bytes.
const macLen = 16

func (ids identities) mac(id string) string {
	m := hmac.New(sha256.New, ids.key)
	m.Write([]byte(id))
	return hex.EncodeToString(m.Sum(nil)[:macLen])
}

// issue returns a fresh token: an id and its MAC.
func (ids identities) issue() string {
	id := table.NewToken()
	return id + "." + ids.mac(id)
}

// valid reports whether tok is a token this server issued.
func (ids identities) valid(tok string) bool {
	id, mac, ok := strings.Cut(tok, ".")
	return ok && table.ValidToken(id) && len(mac) == 2*macLen && hmac.Equal([]byte(mac), []byte(ids.mac(id)))
}

// deviceCookie returns the cookie value of a linked device: the id of
// its person's token, the device's id and the server's MAC over both. It
// holds no MAC of the id alone, so a device that is unlinked cannot make
// its person's own cookie from it.
func (ids identities) deviceCookie(id, dev string) string {
	return id + "." + dev + "." + ids.mac("device:"+id+"."+dev)
}

// validDevice reports whether v is a linked device's cookie this server
// issued, with its token's id and its device id.
func (ids identities) validDevice(v string) (id, dev string, ok bool) {
	parts := strings.Split(v, ".")
	if len(parts) != 3 || !table.ValidToken(parts[0]) || !validDeviceID(parts[1]) || len(parts[2]) != 2*macLen {
		return "", "", false
	}
	if !hmac.Equal([]byte(parts[2]), []byte(ids.mac("device:"+parts[0]+"."+parts[1]))) {
		return "", "", false
	}
	return parts[0], parts[1], true
}

// token returns the request's player token, giving the client a fresh one
// in a cookie when it has none or one this server did not issue.
func (s *Server) token(w http.ResponseWriter, r *http.Request) string {
	if tok := s.existingToken(r); tok != "" {
		return tok
	}
	tok := s.ids.issue()
	s.setIdentity(w, r, tok)
	return tok
}

// setIdentity gives the client the cookie value.
func (s *Server) setIdentity(w http.ResponseWriter, r *http.Request, value string) {
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: value, Path: "/", MaxAge: 400 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.public.secure(r),
	})
}

// existingToken returns the request's token or "" when it has none this
// server issued. A linked device's cookie stands for its person's token
// while the device is linked (devices.go).
func (s *Server) existingToken(r *http.Request) string {
	tok, _ := s.identity(r)
	return tok
}

// identity returns the request's token and device ("" for the browser the
// identity began on), or "" and "" when it has no valid cookie.
func (s *Server) identity(r *http.Request) (token, device string) {
	c, err := r.Cookie(cookieName)
	if err != nil {
		return "", ""
	}
	if s.ids.valid(c.Value) {
		return c.Value, ""
	}
	id, dev, ok := s.ids.validDevice(c.Value)
	if !ok {
		return "", ""
	}
	token = id + "." + s.ids.mac(id)
	if !s.linked(r.Context(), table.KeyOf(token), dev) {
		return "", ""
	}
	return token, dev
}

// checkOrigin refuses a request from a page of another site: the Origin
// header, when a browser sends one, must name the host serving the request
// or match one of the configured patterns. Clients that send no Origin (not
// browsers) pass.
func (s *Server) checkOrigin(r *http.Request) error {
	o := r.Header.Get("Origin")
	if o == "" {
		return nil
	}
	u, err := url.Parse(o)
	if err == nil && strings.EqualFold(u.Host, r.Host) {
		return nil
	}
	if err == nil && s.public.url != nil && strings.EqualFold(u.Host, s.public.url.Host) {
		return nil
	}
	if err == nil && s.hostAllowed(u.Host) {
		return nil
	}
	return harbor.Errorf(harbor.EForbidden, "requests from %s are not allowed", o).With(harbor.M("api.badOrigin"))
}

// hostAllowed reports whether host matches one of the -origins patterns.
func (s *Server) hostAllowed(host string) bool {
	for _, p := range s.origins {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(host)); ok {
			return true
		}
	}
	return false
}
