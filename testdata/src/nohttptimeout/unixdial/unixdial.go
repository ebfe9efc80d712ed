// Package unixdial: dialing a local socket does not wait on a network, even
// when the network comes from a list of constants.
package unixdial

import "net"

func local() (net.Conn, error) {
	networks := []string{"unixgram", "unix"}
	for _, network := range networks {
		for _, path := range []string{"/dev/log", "/var/run/syslog"} {
			if c, err := net.Dial(network, path); err == nil {
				return c, nil
			}
		}
	}
	for _, network := range []string{"unix", "unixpacket"} {
		if c, err := net.Dial(network, "/run/app.sock"); err == nil {
			return c, nil
		}
	}
	return nil, net.ErrClosed
}

// Near-identical bad cases: a TCP network in the list, or a list that is
// not all constants.
func remote(addr, extra string) (net.Conn, error) {
	for _, network := range []string{"unix", "tcp"} {
		if c, err := net.Dial(network, addr); err == nil { // want `net.Dial has no timeout`
			return c, nil
		}
	}
	for _, network := range []string{"unix", extra} {
		if c, err := net.Dial(network, addr); err == nil { // want `net.Dial has no timeout`
			return c, nil
		}
	}
	return nil, net.ErrClosed
}
