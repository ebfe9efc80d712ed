package dial

import (
	"context"
	"crypto/tls"
	"net"
	"time"
)

// --- must report ---

func dialTCP(addr string) (net.Conn, error) {
	return net.Dial("tcp", addr) // want `net.Dial has no timeout`
}

func dialTCP4(addr string) { _, _ = net.Dial("tcp4", addr) } // want `net.Dial has no timeout`

type Config struct{ Network, Addr string }

func dialConfigured(cfg Config) { _, _ = net.Dial(cfg.Network, cfg.Addr) } // want `net.Dial has no timeout`

func dialParamNetwork(network string) { _, _ = net.Dial(network, "db.internal:5432") } // want `net.Dial has no timeout`

func dialTLS(addr string) { _, _ = tls.Dial("tcp", addr, &tls.Config{}) } // want `tls.Dial has no timeout`

func dialerLiteral(addr string) (net.Conn, error) {
	d := &net.Dialer{KeepAlive: 30 * time.Second} // want `net.Dialer has no Timeout and is used through Dial`
	return d.Dial("tcp", addr)
}

func dialerInline(addr string) { _, _ = (&net.Dialer{}).Dial("tcp", addr) } // want `net.Dialer has no Timeout`

func dialerVar(addr string) {
	var d net.Dialer // want `net.Dialer variable has no Timeout`
	_, _ = d.Dial("tcp", addr)
}

func dialerTLS(addr string) {
	d := &net.Dialer{} // want `net.Dialer has no Timeout`
	_, _ = tls.DialWithDialer(d, "tcp", addr, nil)
}

// --- must stay quiet ---

func dialUDP(addr string) { _, _ = net.Dial("udp", addr) }

func dialUnix(path string) { _, _ = net.Dial("unix", path) }

// Wrappers that mirror net.Dial's contract: their callers choose the bound.
func Dial(network, address string) (net.Conn, error) { return net.Dial(network, address) }

type direct struct{}

func (direct) Dial(network, addr string) (net.Conn, error) { return net.Dial(network, addr) }

// A dialer whose non-context Dial reaches its proxy over fields: an
// implementation of Dial's contract, like golang.org/x/net/internal/socks.
type socksDialer struct{ proxyNetwork, proxyAddress string }

func (d *socksDialer) Dial(network, address string) (net.Conn, error) {
	return net.Dial(d.proxyNetwork, d.proxyAddress)
}

func (d *socksDialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	var nd net.Dialer
	return nd.DialContext(ctx, d.proxyNetwork, d.proxyAddress)
}

// The same body in a method of another shape is reported, and so is Dial's
// shape on a type without the context variant.
func (d *socksDialer) connect() (net.Conn, error) {
	return net.Dial(d.proxyNetwork, d.proxyAddress) // want `net.Dial has no timeout`
}

type plainDialer struct{ addr string }

func (d *plainDialer) Dial(network, address string) (net.Conn, error) {
	return net.Dial("tcp", d.addr) // want `net.Dial has no timeout`
}

func dialTimeout(addr string) { _, _ = net.DialTimeout("tcp", addr, 5*time.Second) }

func dialerWithTimeout(addr string) {
	d := &net.Dialer{Timeout: 3 * time.Second}
	_, _ = d.Dial("tcp", addr)
}

func dialerSetLater(addr string) {
	d := &net.Dialer{}
	d.Timeout = time.Second
	_, _ = d.Dial("tcp", addr)
}

func dialerDeadline(addr string) {
	d := &net.Dialer{Deadline: time.Now().Add(time.Second)}
	_, _ = d.Dial("tcp", addr)
}

func dialerContext(ctx context.Context, addr string) {
	d := &net.Dialer{}
	_, _ = d.DialContext(ctx, "tcp", addr)
}

func dialerForTransport() func(context.Context, string, string) (net.Conn, error) {
	return (&net.Dialer{KeepAlive: 30 * time.Second}).DialContext
}
