package netguard_test

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"harbor/netguard"
)

// TestCheck: every special-purpose range is refused from its first to its
// last address, and the addresses just outside it are let through (or
// refused by a neighbouring range, named in want).
func TestCheck(t *testing.T) {
	tests := []struct {
		addr string
		want string // the range named in the refusal; "" for allowed
	}{
		// 0.0.0.0/8
		{"0.0.0.0", "0.0.0.0/8"}, {"0.255.255.255", "0.0.0.0/8"}, {"1.0.0.0", ""},
		// 10.0.0.0/8
		{"9.255.255.255", ""}, {"10.0.0.0", "10.0.0.0/8"}, {"10.255.255.255", "10.0.0.0/8"}, {"11.0.0.0", ""},
		// 100.64.0.0/10
		{"100.63.255.255", ""}, {"100.64.0.0", "100.64.0.0/10"}, {"100.64.0.1", "100.64.0.0/10"}, {"100.127.255.255", "100.64.0.0/10"}, {"100.128.0.0", ""},
		// 127.0.0.0/8
		{"126.255.255.255", ""}, {"127.0.0.0", "127.0.0.0/8"}, {"127.255.255.255", "127.0.0.0/8"}, {"128.0.0.0", ""},
		// 169.254.0.0/16
		{"169.253.255.255", ""}, {"169.254.0.0", "169.254.0.0/16"}, {"169.254.255.255", "169.254.0.0/16"}, {"169.255.0.0", ""},
		// 172.16.0.0/12
		{"172.15.255.255", ""}, {"172.16.0.0", "172.16.0.0/12"}, {"172.31.255.255", "172.16.0.0/12"}, {"172.32.0.0", ""},
		// 192.0.0.0/24 and 192.0.2.0/24
		{"191.255.255.255", ""}, {"192.0.0.0", "192.0.0.0/24"}, {"192.0.0.255", "192.0.0.0/24"}, {"192.0.1.0", ""},
		{"192.0.1.255", ""}, {"192.0.2.0", "192.0.2.0/24"}, {"192.0.2.255", "192.0.2.0/24"}, {"192.0.3.0", ""},
		// 192.88.99.0/24
		{"192.88.98.255", ""}, {"192.88.99.0", "192.88.99.0/24"}, {"192.88.99.255", "192.88.99.0/24"}, {"192.88.100.0", ""},
		// 192.168.0.0/16
		{"192.167.255.255", ""}, {"192.168.0.0", "192.168.0.0/16"}, {"192.168.255.255", "192.168.0.0/16"}, {"192.169.0.0", ""},
		// 198.18.0.0/15
		{"198.17.255.255", ""}, {"198.18.0.0", "198.18.0.0/15"}, {"198.19.255.255", "198.18.0.0/15"}, {"198.20.0.0", ""},
		// 198.51.100.0/24
		{"198.51.99.255", ""}, {"198.51.100.0", "198.51.100.0/24"}, {"198.51.100.255", "198.51.100.0/24"}, {"198.51.101.0", ""},
		// 203.0.113.0/24
		{"203.0.112.255", ""}, {"203.0.113.0", "203.0.113.0/24"}, {"203.0.113.255", "203.0.113.0/24"}, {"203.0.114.0", ""},
		// 224.0.0.0/4, 240.0.0.0/4 and 255.255.255.255
		{"223.255.255.255", ""}, {"224.0.0.0", "224.0.0.0/4"}, {"239.255.255.255", "224.0.0.0/4"},
		{"240.0.0.0", "240.0.0.0/4"}, {"255.255.255.254", "240.0.0.0/4"}, {"255.255.255.255", "255.255.255.255/32"},
		{"8.8.8.8", ""}, {"142.250.185.10", ""},

		// ::/128, ::1/128 and the rest outside 2000::/3
		{"::", "::/128"}, {"::1", "::1/128"}, {"::2", "2000::/3"}, {"::7f00:1", "2000::/3"},
		// ::ffff:0:0/96: judged by the IPv4 address
		{"::ffff:0:0", "::ffff:0.0.0.0/96"}, {"::ffff:127.0.0.1", "::ffff:0.0.0.0/96"}, {"::ffff:100.64.0.1", "::ffff:0.0.0.0/96"},
		{"::ffff:255.255.255.255", "::ffff:0.0.0.0/96"}, {"::ffff:8.8.8.8", ""}, {"::fffe:ffff:ffff", "2000::/3"}, {"::1:0:0:0", "2000::/3"},
		// 64:ff9b::/96: judged by the IPv4 address; 64:ff9b:1::/48 refused
		{"64:ff9b::", "64:ff9b::/96"}, {"64:ff9b::10.0.0.1", "64:ff9b::/96"}, {"64:ff9b::192.168.1.1", "64:ff9b::/96"},
		{"64:ff9b::8.8.8.8", ""}, {"64:ff9b::ffff:ffff", "64:ff9b::/96"}, {"64:ff9b::1:0:0", "2000::/3"}, {"64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff", "2000::/3"},
		{"64:ff9b:1::", "64:ff9b:1::/48"}, {"64:ff9b:1:ffff:ffff:ffff:ffff:ffff", "64:ff9b:1::/48"}, {"64:ff9b:2::", "2000::/3"},
		// 100::/64
		{"100::", "100::/64"}, {"100::ffff:ffff:ffff:ffff", "100::/64"}, {"100:0:0:1::", "2000::/3"},
		// 2001::/23 and 2001:db8::/32
		{"2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ""}, {"2001::", "2001::/23"}, {"2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", "2001::/23"}, {"2001:200::", ""},
		{"2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", ""}, {"2001:db8::", "2001:db8::/32"}, {"2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "2001:db8::/32"}, {"2001:db9::", ""},
		// 2002::/16: judged by the IPv4 address
		{"2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ""}, {"2002::", "2002::/16"}, {"2002:a00:1::1", "2002::/16"}, {"2002:c0a8:101::1", "2002::/16"},
		{"2002:6440:1::", "2002::/16"}, {"2002:808:808::1", ""}, {"2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2002::/16"}, {"2003::", ""},
		// 3fff::/20
		{"3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ""}, {"3fff::", "3fff::/20"}, {"3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", "3fff::/20"}, {"3fff:1000::", ""},
		// 4000::/2 and beyond: not global unicast; 5f00::/16
		{"4000::", "2000::/3"}, {"5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2000::/3"}, {"5f00::", "5f00::/16"}, {"5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "5f00::/16"}, {"5f01::", "2000::/3"},
		// fc00::/7, fe80::/10, ff00::/8
		{"fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2000::/3"}, {"fc00::", "fc00::/7"}, {"fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fc00::/7"},
		{"fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2000::/3"}, {"fe80::", "fe80::/10"}, {"febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe80::/10"}, {"fe80::1%eth0", "fe80::/10"},
		{"fec0::", "2000::/3"}, {"feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2000::/3"}, {"ff00::", "ff00::/8"}, {"ff02::1", "ff00::/8"}, {"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "ff00::/8"},
		{"2a00:1450:4001:80b::200a", ""}, {"2606:4700::1111", ""},
	}
	for _, tc := range tests {
		err := netguard.Check(netip.MustParseAddr(tc.addr))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: refused: %v", tc.addr, err)
			}
			continue
		}
		var r *netguard.Refused
		if !errors.As(err, &r) {
			t.Errorf("%s: %v, want a refusal naming %s", tc.addr, err, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), " "+tc.want+" ") {
			t.Errorf("%s: %q does not name %s", tc.addr, err, tc.want)
		}
	}
}

// TestRefusalSaysWhy: the message names the address, the range and what
// it is for, and for a wrapping address the address it wraps.
func TestRefusalSaysWhy(t *testing.T) {
	for addr, want := range map[string]string{
		"100.64.0.1":    "address 100.64.0.1 is in 100.64.0.0/10 (shared address space), which is never dialled",
		"2002:a00:1::1": "address 2002:a00:1::1 is in 2002::/16 (6to4), whose embedded IPv4 address 10.0.0.1 is in 10.0.0.0/8 (private use), which is never dialled",
		"4000::1":       "address 4000::1 is outside 2000::/3 (global unicast), which is never dialled",
	} {
		if err := netguard.Check(netip.MustParseAddr(addr)); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", addr, err, want)
		}
	}
	if netguard.Check(netip.Addr{}) == nil {
		t.Error("the zero address is allowed")
	}
}

// TestControl: the dialer's check sees the address being dialled.
func TestControl(t *testing.T) {
	c := netguard.Control(nil)
	for address, ok := range map[string]bool{"100.64.0.1:443": false, "[::ffff:10.1.2.3]:443": false, "8.8.8.8:443": true,
		"[2a00:1450:4001:80b::200a]:443": true, "push.example:443": false} {
		if err := c("tcp", address, nil); (err == nil) != ok {
			t.Errorf("%s: %v", address, err)
		}
	}
}

// TestAllowing: the listed prefixes pass (an IPv4 one for the IPv4-mapped
// form too), every other special-purpose address is still refused, public
// ones still pass, and with nothing listed the check is Check's.
func TestAllowing(t *testing.T) {
	allowed := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("fd12:3456::/32")}
	check := netguard.Allowing(allowed, nil)
	for addr, want := range map[string]string{
		"127.0.0.1": "", "127.9.9.9": "", "::ffff:127.0.0.1": "", "fd12:3456::1": "", "fd12:3456::1%eth0": "",
		"8.8.8.8": "", "2a00:1450:4001:80b::200a": "",
		"10.0.0.1": "10.0.0.0/8", "::1": "::1/128", "fd12:3457::1": "fc00::/7", "192.168.1.1": "192.168.0.0/16",
	} {
		err := check(netip.MustParseAddr(addr))
		var r *netguard.Refused
		switch {
		case want == "" && err != nil:
			t.Errorf("%s is refused although allowed or public: %v", addr, err)
		case want != "" && (!errors.As(err, &r) || r.Prefix.String() != want):
			t.Errorf("%s: %v, want a refusal for %s", addr, err, want)
		}
	}
	if err := netguard.Allowing(nil, nil)(netip.MustParseAddr("127.0.0.1")); err == nil {
		t.Error("with nothing allowed, loopback is let through")
	}
	dial := netguard.Control(check)
	if err := dial("tcp", "127.0.0.1:443", nil); err != nil {
		t.Errorf("dialling an allowed address: %v", err)
	}
	if err := dial("tcp", "10.0.0.1:443", nil); err == nil {
		t.Error("dialling 10.0.0.1 is let through")
	}
}

type resolver map[string][]netip.Addr

func (r resolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := r[host]; ok {
		return a, nil
	}
	return nil, errors.New("no such host")
}

// TestCheckHost: a name is judged by every address it resolves to.
func TestCheckHost(t *testing.T) {
	r := resolver{
		"push.example":  {netip.MustParseAddr("8.8.8.8"), netip.MustParseAddr("2a00:1450:4001:80b::200a")},
		"mixed.example": {netip.MustParseAddr("8.8.8.8"), netip.MustParseAddr("198.18.0.1")},
		"empty.example": {},
	}
	for host, want := range map[string]string{
		"push.example": "", "8.8.8.8": "", "mixed.example": "198.18.0.0/15", "100.64.0.1": "100.64.0.0/10",
		"fe80::1%eth0": "fe80::/10", "none.example": "does not resolve", "empty.example": "does not resolve",
	} {
		err := netguard.CheckHost(context.Background(), r, host, nil)
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", host, err, want)
		}
	}
}
