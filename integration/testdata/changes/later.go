package app

import "net/http"

// Later is added after the base revision.
func Later() *http.Client {
	return &http.Client{Transport: http.DefaultTransport} // FINDING nohttptimeout
}
