// Package structcopy: a client allocated and then overwritten with a copy
// of another (*c = *orig) has the original's Timeout; it is judged where
// the original is built.
package structcopy

import (
	"errors"
	"net/http"
)

func noDowngrade(original *http.Client) *http.Client {
	c := new(http.Client)
	*c = *original
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) > 0 && via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
			return errors.New("redirect to plain HTTP")
		}
		return nil
	}
	return c
}

// Near-identical bad case: the copy only sets Transport, not the whole
// value.
func withTransport(original *http.Client) *http.Client {
	c := new(http.Client) // want `http.Client has no Timeout`
	c.Transport = original.Transport
	return c
}
