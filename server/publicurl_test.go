package server

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

// request is a request from peer to host, arrived on local.
func proxiedRequest(peer, host string, header map[string]string) *http.Request {
	r := httptest.NewRequest("GET", "/api/tables/x/qr.png", nil)
	r.RemoteAddr, r.Host = peer, host
	for k, v := range header {
		r.Header.Set(k, v)
	}
	local := &net.TCPAddr{IP: net.IPv4(10, 0, 0, 2), Port: 8080}
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, local))
}

func TestPublicBaseURL(t *testing.T) {
	for _, c := range []struct {
		name       string
		publicURL  string
		proxies    []string
		origins    []string
		peer, host string
		header     map[string]string
		tls        bool
		base       string
		secure     bool
		addr       string
	}{
		{name: "public url wins over Host", publicURL: "https://games.example.org/", peer: "203.0.113.9:5000", host: "evil.example",
			base: "https://games.example.org", secure: true, addr: "203.0.113.9"},
		{name: "public url with a path", publicURL: "https://example.org/harbor", peer: "203.0.113.9:5000", host: "example.org",
			base: "https://example.org/harbor", secure: true, addr: "203.0.113.9"},
		{name: "trusted proxy says https", proxies: []string{"127.0.0.1"}, peer: "127.0.0.1:4000", host: "192.168.1.5:8080",
			header: map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.7"},
			base:   "https://192.168.1.5:8080", secure: true, addr: "198.51.100.7"},
		{name: "Forwarded header", proxies: []string{"10.0.0.0/8"}, peer: "10.1.2.3:4000", host: "localhost:8080",
			header: map[string]string{"Forwarded": `for=198.51.100.7;proto=https`},
			base:   "https://localhost:8080", secure: true, addr: "10.1.2.3"},
		{name: "untrusted peer's headers ignored", proxies: []string{"127.0.0.1"}, peer: "203.0.113.9:5000", host: "192.168.1.5:8080",
			header: map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.7"},
			base:   "http://192.168.1.5:8080", secure: false, addr: "203.0.113.9"},
		{name: "a proxy chain", proxies: []string{"127.0.0.1", "10.0.0.0/8"}, peer: "127.0.0.1:4000", host: "10.0.0.2:8080",
			header: map[string]string{"X-Forwarded-For": "1.2.3.4, 198.51.100.7, 10.9.9.9"},
			base:   "http://10.0.0.2:8080", addr: "198.51.100.7"},
		{name: "unknown Host is not trusted for links", peer: "203.0.113.9:5000", host: "evil.example",
			base: "http://10.0.0.2:8080", addr: "203.0.113.9"},
		{name: "Host matching -origins", origins: []string{"*.example.org"}, peer: "203.0.113.9:5000", host: "games.example.org",
			base: "http://games.example.org", addr: "203.0.113.9"},
		{name: "direct TLS", peer: "203.0.113.9:5000", host: "[2001:db8::1]:8443", tls: true,
			base: "https://[2001:db8::1]:8443", secure: true, addr: "203.0.113.9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{PublicURL: c.publicURL, TrustedProxies: c.proxies}
			if err := cfg.Check(); err != nil {
				t.Fatal(err)
			}
			p, _ := newPublic(c.publicURL, c.proxies)
			s := &Server{public: p, origins: c.origins, lan: func() []netip.Addr { return nil }}
			r := proxiedRequest(c.peer, c.host, c.header)
			if c.tls {
				r.TLS = &tls.ConnectionState{}
			}
			if got := s.publicBase(r).Base; got != c.base {
				t.Errorf("base URL %q, want %q", got, c.base)
			}
			if got := p.secure(r); got != c.secure {
				t.Errorf("secure %v, want %v", got, c.secure)
			}
			if got := p.clientAddr(r); got != c.addr {
				t.Errorf("client address %q, want %q", got, c.addr)
			}
		})
	}
}

func TestPublicSettingsChecked(t *testing.T) {
	for _, cfg := range []Config{
		{PublicURL: "games.example.org"},
		{PublicURL: "ftp://games.example.org"},
		{TrustedProxies: []string{"proxy.local"}},
	} {
		if err := cfg.Check(); err == nil {
			t.Errorf("%+v passed the check", cfg)
		}
	}
}

// TestSecureCookie: behind an https public URL the identity cookie is
// Secure; on a plain http address it is not.
func TestSecureCookie(t *testing.T) {
	for _, c := range []struct {
		publicURL string
		secure    bool
	}{{"https://games.example.org", true}, {"", false}, {"http://192.168.1.5:8080", false}} {
		p, _ := newPublic(c.publicURL, nil)
		s := &Server{public: p, ids: identities{key: []byte("k")}}
		w := httptest.NewRecorder()
		s.token(w, proxiedRequest("203.0.113.9:5000", "x", nil))
		set := w.Header().Get("Set-Cookie")
		if strings.Contains(set, "Secure") != c.secure || !strings.Contains(set, "HttpOnly") {
			t.Errorf("public URL %q: cookie %q", c.publicURL, set)
		}
	}
}
