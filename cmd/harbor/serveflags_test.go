package main

import (
	"flag"
	"net/netip"
	"slices"
	"testing"

	"harbor/server"
	"harbor/table"
)

// TestMetricsPlacement: /metrics stays on the main address only on
// loopback or behind the token; -metrics-addr moves it away.
func TestMetricsPlacement(t *testing.T) {
	for _, c := range []struct {
		addr string
		args []string
		off  bool
	}{
		{"127.0.0.1:8080", nil, false},
		{"localhost:8080", nil, false},
		{"[::1]:8080", nil, false},
		{"0.0.0.0:8080", nil, true},
		{":8080", nil, true},
		{"192.168.1.5:8080", []string{"-metrics-token", "t"}, false},
		{"0.0.0.0:8080", []string{"-metrics-addr", "127.0.0.1:9090"}, true},
		{"127.0.0.1:8080", []string{"-metrics-addr", "127.0.0.1:9090"}, true},
	} {
		fl := flag.NewFlagSet("serve", flag.ContinueOnError)
		x := exposureFlags(fl)
		if err := fl.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if cfg := x.config(server.Config{}, c.addr); cfg.MetricsOff != c.off {
			t.Errorf("%s %v: metrics off %v, want %v", c.addr, c.args, cfg.MetricsOff, c.off)
		}
	}
}

// TestDefaultAddrReachesTheNetwork: without -addr the server listens on
// every interface and names the machine's network address for phones.
func TestDefaultAddrReachesTheNetwork(t *testing.T) {
	lan := []netip.Addr{netip.MustParseAddr("192.168.1.5")}
	urls, loopbackOnly := server.ListenURLs(defaultAddr, lan)
	if loopbackOnly || !slices.Contains(urls, "http://192.168.1.5:8080") {
		t.Fatalf("the default %q is reached at %v (loopback only %v)", defaultAddr, urls, loopbackOnly)
	}
}

// parseExposure parses args as serve's exposure flags with the environment
// variable env set to value.
func parseExposure(t *testing.T, env, value string, args []string) *exposure {
	t.Helper()
	t.Setenv(env, value)
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	x := exposureFlags(fl)
	if err := fl.Parse(args); err != nil {
		t.Fatal(err)
	}
	return x
}

// TestIPv6PrefixFlag: -ipv6-prefix, else HARBOR_IPV6_PREFIX, else /64 sets
// how IPv6 addresses are grouped for the per-address limits.
func TestIPv6PrefixFlag(t *testing.T) {
	for _, c := range []struct {
		env  string
		args []string
		want int
	}{
		{"", nil, 64},
		{"56", nil, 56},
		{"56", []string{"-ipv6-prefix", "128"}, 128},
	} {
		x := parseExposure(t, "HARBOR_IPV6_PREFIX", c.env, c.args)
		if got := x.limits(server.DefaultLimits).IPv6Prefix; got != c.want {
			t.Errorf("env %q, flags %v: prefix %d, want %d", c.env, c.args, got, c.want)
		}
	}
	if err := (server.Config{Limits: server.Limits{IPv6Prefix: 129}}).Check(); err == nil {
		t.Error("a prefix of 129 bits passed Check")
	}
}

// TestSeedFlag: -seed, else HARBOR_SEED, else 0 (random games) reaches
// the tables' options.
func TestSeedFlag(t *testing.T) {
	for _, c := range []struct {
		env  string
		args []string
		want uint64
	}{
		{"", nil, 0},
		{"12", nil, 12},
		{"12", []string{"-seed", "34"}, 34},
	} {
		x := parseExposure(t, "HARBOR_SEED", c.env, c.args)
		if got := x.tableOptions(table.Options{}).Seed; got != c.want {
			t.Errorf("env %q, flags %v: seed %d, want %d", c.env, c.args, got, c.want)
		}
	}
}
