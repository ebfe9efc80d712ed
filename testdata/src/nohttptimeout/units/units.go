package units

import (
	"net"
	"net/http"
	"time"
)

const timeoutSeconds = 30

// --- must report ---

var c1 = &http.Client{Timeout: 30 * time.Second}

func unitClient() *http.Client {
	return &http.Client{Timeout: 30} // want `http.Client Timeout of untyped 30 is 30ns, not seconds`
}

func unitNamedConst() *http.Client {
	return &http.Client{Timeout: timeoutSeconds} // want `http.Client Timeout of untyped 30 is 30ns`
}

func unitServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 5, WriteTimeout: 10 * time.Second} // want `http.Server ReadHeaderTimeout of untyped 5 is 5ns`
}

func unitTransport() *http.Transport {
	return &http.Transport{IdleConnTimeout: 90, TLSHandshakeTimeout: 10 * time.Second} // want `http.Transport IdleConnTimeout of untyped 90 is 90ns`
}

func unitAssign(c *http.Client) { c.Timeout = 60 } // want unitAssign:`setsTimeout` `http.Client Timeout of untyped 60 is 60ns`

func unitDialTimeout(addr string) { _, _ = net.DialTimeout("tcp", addr, 5) } // want `net.DialTimeout timeout of untyped 5 is 5ns`

func unitDialer() *net.Dialer { return &net.Dialer{Timeout: 2 * 3} } // want `net.Dialer Timeout of untyped 6 is 6ns`

func tooLarge() *http.Client {
	return &http.Client{Timeout: time.Hour} // want `http.Client Timeout of 1h0m0s is above the 10m0s limit`
}

func tooLargeServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadTimeout: 24 * time.Hour} // want `http.Server ReadTimeout of 24h0m0s is above`
}

func tooLargeHandler(h http.Handler) http.Handler {
	return http.TimeoutHandler(h, 30*time.Minute, "timeout") // want `http.TimeoutHandler timeout of 30m0s is above`
}

func tooLargeAssign(c *http.Client) { c.Timeout = 11 * time.Minute } // want tooLargeAssign:`setsTimeout` `http.Client Timeout of 11m0s is above`

// --- must stay quiet ---

func typed() *http.Client { return &http.Client{Timeout: 30 * time.Second} }

func converted() *http.Client {
	return &http.Client{Timeout: time.Duration(timeoutSeconds) * time.Second}
}

func nanosOnPurpose() *http.Client { return &http.Client{Timeout: 5e9} } // 5s written in nanoseconds

func zero(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 2 * time.Second, IdleTimeout: 0}
}

func longIdle(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: time.Second, IdleTimeout: 2 * time.Hour}
}

func atLimit() *http.Client { return &http.Client{Timeout: 10 * time.Minute} }

func variable(d time.Duration) *http.Client { return &http.Client{Timeout: d} }

func otherStruct() struct{ Timeout time.Duration } {
	return struct{ Timeout time.Duration }{Timeout: 30}
}

func tooLargeTransport() *http.Transport {
	return &http.Transport{ResponseHeaderTimeout: time.Hour} // want `http.Transport ResponseHeaderTimeout of 1h0m0s is above`
}

func tooLargeDialer() *net.Dialer { return &net.Dialer{Timeout: 30 * time.Minute} } // want `net.Dialer Timeout of 30m0s is above`

func tooLargeDialTimeout(addr string) {
	_, _ = net.DialTimeout("tcp", addr, 15*time.Minute) // want `net.DialTimeout timeout of 15m0s is above`
}

func tooLargeWrite(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: time.Second, WriteTimeout: time.Hour} // want `http.Server WriteTimeout of 1h0m0s is above`
}

func longIdleConn() *http.Transport { return &http.Transport{IdleConnTimeout: 24 * time.Hour} }

func belowLimitHandler(h http.Handler) http.Handler { return http.TimeoutHandler(h, 9*time.Minute, "") }

func configuredLarge(d time.Duration) *http.Client { return &http.Client{Timeout: d * time.Hour} }

func dialBelow(addr string) { _, _ = net.DialTimeout("tcp", addr, 30*time.Second) }
