package helper

import (
	"net/http"
	"time"
)

// Configure sets a Timeout on the client it is given.
func Configure(c *http.Client, d time.Duration) { // want Configure:`setsTimeout`
	if d <= 0 {
		d = 30 * time.Second
	}
	c.Timeout = d
}

// Harden bounds a server's header reads.
func Harden(s *http.Server) { s.ReadHeaderTimeout = 5 * time.Second } // want Harden:`setsTimeout`

// Wrap does not touch the timeout.
func Wrap(c *http.Client) *http.Client {
	c.Transport = http.DefaultTransport
	return c
}
