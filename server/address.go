package server

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// Address is where people should open Harbor: the base of every invite
// link and QR code, and whether only this machine can open it.
type Address struct {
	Base         string `json:"base"`         // scheme://host[:port], no trailing slash
	LoopbackOnly bool   `json:"loopbackOnly"` // no other device can reach Base
}

// publicBase decides the address links and QR codes carry for a request,
// in this order: the configured public URL (-public-url, behind a proxy);
// the address the browser used, unless it is a loopback one; the address
// the server listens on, when that is one network address; the machine's
// first LAN address with the port the browser used, when the server listens
// on every interface; the loopback address itself, marked as reachable from
// this machine only.
func (s *Server) publicBase(r *http.Request) Address {
	if s.publicURL != "" {
		return Address{Base: s.publicURL}
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host, port := splitHostPort(r.Host)
	if !isLoopback(host) {
		return Address{Base: scheme + "://" + r.Host}
	}
	switch listen, _ := splitHostPort(s.listen); {
	case isLoopback(listen):
	case listen != "" && listen != "0.0.0.0" && listen != "::":
		return Address{Base: scheme + "://" + joinHostPort(listen, port)}
	default:
		for _, ip := range s.lan() {
			if ip.Is4() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() {
				return Address{Base: scheme + "://" + joinHostPort(ip.String(), port)}
			}
		}
	}
	return Address{Base: scheme + "://" + r.Host, LoopbackOnly: true}
}

// CleanPublicURL checks a -public-url value: an absolute http or https URL,
// returned without a trailing slash.
func CleanPublicURL(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", false
	}
	return strings.TrimRight(u.String(), "/"), true
}

// LANAddrs lists this machine's non-loopback interface addresses, IPv4
// first: the ones phones on the same network can use.
func LANAddrs() []netip.Addr {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var v4, v6 []netip.Addr
	for _, a := range addrs {
		p, err := netip.ParsePrefix(a.String())
		if err != nil {
			continue
		}
		ip := p.Addr().Unmap()
		switch {
		case ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsMulticast():
		case ip.Is4():
			v4 = append(v4, ip)
		default:
			v6 = append(v6, ip)
		}
	}
	return append(v4, v6...)
}

// ListenURLs are the addresses to print for a server listening on addr
// (host:port): every LAN address when it listens on all interfaces, else
// the one it listens on; loopbackOnly when no other device can use them.
func ListenURLs(addr string, lan []netip.Addr) (urls []string, loopbackOnly bool) {
	host, port := splitHostPort(addr)
	if host != "" && host != "0.0.0.0" && host != "::" {
		return []string{"http://" + joinHostPort(host, port)}, isLoopback(host)
	}
	urls = []string{"http://" + joinHostPort("localhost", port)}
	for _, ip := range lan {
		urls = append(urls, "http://"+joinHostPort(ip.String(), port))
	}
	return urls, len(lan) == 0
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

func splitHostPort(hostport string) (host, port string) {
	h, p, err := net.SplitHostPort(hostport)
	if err != nil {
		return strings.Trim(hostport, "[]"), ""
	}
	return h, p
}

func joinHostPort(host, port string) string {
	if port == "" {
		if strings.Contains(host, ":") {
			return "[" + host + "]"
		}
		return host
	}
	return net.JoinHostPort(host, port)
}
