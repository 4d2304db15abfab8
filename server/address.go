package server

import (
	"net"
	"net/http"
	"net/netip"
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
//
// The browser's address counts only when it is one the server answers to
// (an address, localhost or an -origins pattern): anyone can send any Host
// header.
func (s *Server) publicBase(r *http.Request) Address {
	if s.public.url != nil {
		return Address{Base: s.public.url.String()}
	}
	scheme := "http"
	if s.public.secure(r) {
		scheme = "https"
	}
	hostport := r.Host
	if !s.linkHost(hostport) {
		// A name the server does not answer to: the address the connection
		// came in on, or loopback with the port asked for.
		_, port := splitHostPort(hostport)
		hostport = joinHostPort("localhost", port)
		if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			hostport = a.String()
		}
	}
	host, port := splitHostPort(hostport)
	if !isLoopback(host) {
		return Address{Base: scheme + "://" + hostport}
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
	return Address{Base: scheme + "://" + hostport, LoopbackOnly: true}
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
