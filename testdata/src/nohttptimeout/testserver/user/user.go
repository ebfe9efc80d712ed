// Package user: outside a test-server package, the same construction is
// reported.
package user

import "net/http"

func newServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h} // want `http.Server has neither ReadHeaderTimeout nor ReadTimeout`
}
