package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// public is how people reach the server: its public URL when the host set
// one (-public-url), and the proxies whose forwarding headers are believed
// (-trusted-proxy). It is the one place that decides a request's public
// base URL (for invite links and QR codes), whether its cookie is Secure,
// and which address a request comes from.
type public struct {
	url     *url.URL       // nil: not set
	proxies []netip.Prefix // peers whose X-Forwarded-* and Forwarded headers count
}

// newPublic checks the settings: rawURL is "" or an absolute http(s) URL,
// each proxy an address or a CIDR prefix.
func newPublic(rawURL string, proxies []string) (public, error) {
	var p public
	if rawURL != "" {
		u, err := url.Parse(rawURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return p, fmt.Errorf("the public URL %q is not an absolute http or https URL", rawURL)
		}
		u.Path = strings.TrimSuffix(u.Path, "/")
		u.RawQuery, u.Fragment = "", ""
		p.url = u
	}
	for _, s := range proxies {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		pre, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return p, fmt.Errorf("the trusted proxy %q is neither an address nor a CIDR prefix", s)
			}
			pre = netip.PrefixFrom(a, a.BitLen())
		}
		p.proxies = append(p.proxies, pre.Masked())
	}
	return p, nil
}

// trusted reports whether addr (host or host:port) is a trusted proxy.
func (p public) trusted(addr string) bool {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, pre := range p.proxies {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedProto is the scheme a trusted proxy says the client used, or "".
func (p public) forwardedProto(r *http.Request) string {
	if !p.trusted(r.RemoteAddr) {
		return ""
	}
	if f := r.Header.Get("Forwarded"); f != "" {
		first, _, _ := strings.Cut(f, ",")
		for _, kv := range strings.Split(first, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
			if strings.EqualFold(k, "proto") {
				return strings.ToLower(strings.Trim(v, `"`))
			}
		}
	}
	first, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.ToLower(strings.TrimSpace(first))
}

// secure reports whether the client reached the server over https.
func (p public) secure(r *http.Request) bool {
	if p.url != nil {
		return p.url.Scheme == "https"
	}
	return r.TLS != nil || p.forwardedProto(r) == "https"
}

// clientAddr is the address a request comes from: the peer, or, when the
// peer is a trusted proxy, the last address before it in X-Forwarded-For
// that is not a trusted proxy itself.
func (p public) clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if !p.trusted(host) {
		return host
	}
	hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if a, err := netip.ParseAddr(hop); err == nil && !p.trusted(hop) {
			return a.Unmap().String()
		}
	}
	return host
}

// linkHost reports whether host (of a Host header) may appear in links.
func (s *Server) linkHost(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	if _, err := netip.ParseAddr(strings.Trim(name, "[]")); err == nil {
		return true
	}
	return strings.EqualFold(name, "localhost") || s.hostAllowed(host)
}
