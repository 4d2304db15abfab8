package server

import (
	"net/http"
	"net/url"
	"path"
	"strings"

	"harbor"
	"harbor/table"
)

// cookieName holds a person's token: 128 random bits that are their whole
// identity. Tables know the token's hash only.
const cookieName = "harbor_player"

// token returns the request's player token, giving the client a fresh one
// in a cookie when it has none.
func token(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(cookieName); err == nil && table.ValidToken(c.Value) {
		return c.Value
	}
	tok := table.NewToken()
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: tok, Path: "/", MaxAge: 400 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
	return tok
}

// existingToken returns the request's token or "" when it has none.
func existingToken(r *http.Request) string {
	if c, err := r.Cookie(cookieName); err == nil && table.ValidToken(c.Value) {
		return c.Value
	}
	return ""
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
	if err == nil {
		for _, p := range s.origins {
			if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
				return nil
			}
		}
	}
	return harbor.Errorf(harbor.EForbidden, "requests from %s are not allowed", o)
}
