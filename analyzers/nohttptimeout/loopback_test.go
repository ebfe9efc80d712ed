package nohttptimeout

import (
	"net"
	"strings"
	"testing"
)

// netIsLoopback is what the analyzer computed with package net before it
// stopped importing it.
func netIsLoopback(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

var loopbackSeeds = []string{
	"localhost:8080", "LocalHost:80", "127.0.0.1:0", "127.1.2.3:9", "[::1]:443", "[::ffff:127.0.0.1]:1",
	"[::1%lo]:80", "[fe80::1%eth0]:80", "10.0.0.1:80", "example.com:80", "127.0.0.1", ":8080",
	"[::1]", "[::1]:80:90", "::1:80", "[127.0.0.1]:80", "a[b]:80", "[a]b]:80", "[]:80", "localhost:",
	"127.000.000.001:80", "0x7f.0.0.1:80", "[0:0:0:0:0:0:0:1]:80", "",
}

// checkLoopback compares splitHost and isLoopbackHost with package net on s.
func checkLoopback(t *testing.T, s string) {
	t.Helper()
	host, ok := splitHost(s)
	nh, _, err := net.SplitHostPort(s)
	if ok != (err == nil) || ok && host != nh {
		t.Errorf("splitHost(%q) = %q, %v; net.SplitHostPort = %q, %v", s, host, ok, nh, err)
	}
	if got, want := ok && isLoopbackHost(host), netIsLoopback(s); got != want {
		t.Errorf("loopback(%q) = %v, net says %v", s, got, want)
	}
}

func TestLoopbackMatchesNet(t *testing.T) {
	for _, s := range loopbackSeeds {
		checkLoopback(t, s)
	}
}

func FuzzLoopbackMatchesNet(f *testing.F) {
	for _, s := range loopbackSeeds {
		f.Add(s)
	}
	f.Fuzz(checkLoopback)
}
