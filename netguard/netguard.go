// Package netguard keeps the server's outgoing requests to addresses it
// may reach on someone else's say-so (a browser's push endpoint, a
// webhook) on the public internet: every range of the IANA IPv4 and IPv6
// Special-Purpose Address Registries is refused, and so is any IPv6
// address outside global unicast. Addresses that wrap an IPv4 address
// (IPv4-mapped, NAT64, 6to4) are judged by the address they wrap.
//
// Check a host when it is given (CheckHost) and again at every dial
// (Control, as a net.Dialer's Control), which sees the address actually
// dialled, after DNS.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
)

// block is a refused range and what IANA calls it.
type block struct {
	prefix netip.Prefix
	name   string
	// wraps is set for ranges judged by the IPv4 address they embed
	// rather than refused outright.
	wraps func(netip.Addr) netip.Addr
}

func b(prefix, name string) block { return block{prefix: netip.MustParsePrefix(prefix), name: name} }

// The blocks, the narrower first where ranges overlap, so a refusal names
// the most precise range.
var (
	v4Blocks = []block{
		b("0.0.0.0/8", `"this network"`),
		b("10.0.0.0/8", "private use"),
		b("100.64.0.0/10", "shared address space"),
		b("127.0.0.0/8", "loopback"),
		b("169.254.0.0/16", "link local"),
		b("172.16.0.0/12", "private use"),
		b("192.0.0.0/24", "IETF protocol assignments"),
		b("192.0.2.0/24", "documentation"),
		b("192.88.99.0/24", "6to4 relay anycast"),
		b("192.168.0.0/16", "private use"),
		b("198.18.0.0/15", "benchmarking"),
		b("198.51.100.0/24", "documentation"),
		b("203.0.113.0/24", "documentation"),
		b("224.0.0.0/4", "multicast"),
		b("255.255.255.255/32", "limited broadcast"),
		b("240.0.0.0/4", "reserved"),
	}
	v6Blocks = []block{
		b("::/128", "unspecified"),
		b("::1/128", "loopback"),
		{prefix: netip.MustParsePrefix("::ffff:0:0/96"), name: "IPv4-mapped", wraps: low32},
		{prefix: netip.MustParsePrefix("64:ff9b::/96"), name: "IPv4/IPv6 translation", wraps: low32},
		b("64:ff9b:1::/48", "local-use IPv4/IPv6 translation"),
		b("100::/64", "discard-only"),
		b("2001:db8::/32", "documentation"),
		b("2001::/23", "IETF protocol assignments"),
		{prefix: netip.MustParsePrefix("2002::/16"), name: "6to4", wraps: sixToFour},
		b("3fff::/20", "documentation"),
		b("5f00::/16", "segment routing"),
		b("fc00::/7", "unique local"),
		b("fe80::/10", "link local"),
		b("ff00::/8", "multicast"),
	}
	globalUnicast = netip.MustParsePrefix("2000::/3")
)

// low32 is the IPv4 address in the last 32 bits of a.
func low32(a netip.Addr) netip.Addr {
	s := a.As16()
	return netip.AddrFrom4([4]byte(s[12:]))
}

// sixToFour is the IPv4 address of a 6to4 address (bits 16 to 47).
func sixToFour(a netip.Addr) netip.Addr {
	s := a.As16()
	return netip.AddrFrom4([4]byte(s[2:6]))
}

// Refused is the error of an address in a refused range.
type Refused struct {
	Addr   netip.Addr
	Prefix netip.Prefix // the range; invalid for an IPv6 address outside 2000::/3
	Name   string       // what the range is for
	// Inner is the refusal of the IPv4 address Addr wraps, when that is
	// why Addr is refused.
	Inner *Refused
}

func (r *Refused) Error() string { return "address " + r.describe() + ", which is never dialled" }

func (r *Refused) describe() string {
	if !r.Prefix.IsValid() {
		return fmt.Sprintf("%s is outside %s (global unicast)", r.Addr, globalUnicast)
	}
	s := fmt.Sprintf("%s is in %s (%s)", r.Addr, r.Prefix, r.Name)
	if r.Inner != nil {
		s += ", whose embedded IPv4 address " + r.Inner.describe()
	}
	return s
}

// Check returns a *Refused for an address in a special-purpose range, nil
// for a public one.
func Check(addr netip.Addr) error {
	if !addr.IsValid() {
		return errors.New("netguard: not an IP address")
	}
	if r := check(addr.WithZone("")); r != nil {
		return r
	}
	return nil
}

func check(addr netip.Addr) *Refused {
	if addr.Is4() {
		for _, bl := range v4Blocks {
			if bl.prefix.Contains(addr) {
				return &Refused{Addr: addr, Prefix: bl.prefix, Name: bl.name}
			}
		}
		return nil
	}
	for _, bl := range v6Blocks {
		if !bl.prefix.Contains(addr) {
			continue
		}
		r := &Refused{Addr: addr, Prefix: bl.prefix, Name: bl.name}
		if bl.wraps == nil {
			return r
		}
		if r.Inner = check(bl.wraps(addr)); r.Inner != nil {
			return r
		}
		return nil
	}
	if !globalUnicast.Contains(addr) {
		return &Refused{Addr: addr}
	}
	return nil
}

// Allowing returns a check that lets the addresses of allowed through
// and judges every other address as check does (nil: Check). It is for an
// operator who means the server to reach a service on their own network
// (or a test, loopback): the guard is weakened for those prefixes only.
// An IPv4-mapped IPv6 address counts as the IPv4 address it maps.
func Allowing(allowed []netip.Prefix, check func(netip.Addr) error) func(netip.Addr) error {
	if check == nil {
		check = Check
	}
	if len(allowed) == 0 {
		return check
	}
	return func(addr netip.Addr) error {
		bare := addr.WithZone("")
		for _, p := range allowed {
			if p.Contains(bare) || p.Contains(bare.Unmap()) {
				return nil
			}
		}
		return check(addr)
	}
}

// Control returns a net.Dialer Control function that refuses to connect
// to an address check refuses (nil: Check). It sees the address being
// dialled, so a name that resolves to a refused address is refused too.
func Control(check func(netip.Addr) error) func(network, address string, c syscall.RawConn) error {
	if check == nil {
		check = Check
	}
	return func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("netguard: dialling %q: %w", address, err)
		}
		return check(ap.Addr())
	}
}

// Resolver looks up a host's addresses (net.DefaultResolver is one).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// CheckHost checks host, an address or a name resolved with r (nil:
// net.DefaultResolver): the first refused address, if any, is the error.
// A name that does not resolve is an error as well.
func CheckHost(ctx context.Context, r Resolver, host string, check func(netip.Addr) error) error {
	if check == nil {
		check = Check
	}
	addrs, err := Resolve(ctx, r, host)
	if err != nil {
		return err
	}
	for _, a := range addrs {
		if err := check(a); err != nil {
			return err
		}
	}
	return nil
}

// Resolve returns host's addresses: host itself when it is one, else what
// r (nil: net.DefaultResolver) answers for it. A name that does not
// resolve is an *Unresolved.
func Resolve(ctx context.Context, r Resolver, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	if r == nil {
		r = net.DefaultResolver
	}
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err == nil && len(addrs) == 0 {
		err = errors.New("no address")
	}
	if err != nil {
		return nil, &Unresolved{Host: host, Err: err}
	}
	return addrs, nil
}

// Unresolved is the error of a host name that has no address.
type Unresolved struct {
	Host string
	Err  error
}

func (u *Unresolved) Error() string {
	return fmt.Sprintf("host %s does not resolve: %v", u.Host, u.Err)
}

func (u *Unresolved) Unwrap() error { return u.Err }
