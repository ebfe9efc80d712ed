package withtests

import (
	"net/http"
	"testing"
)

func TestGet(t *testing.T) {
	_, _ = http.Get("http://127.0.0.1:1") // want `http.Get uses http.DefaultClient`
	c := &http.Client{}                   // want `http.Client has no Timeout`
	_ = c
}

// With -tests, a malformed directive in a test file is reported.
func TestMalformedDirective(t *testing.T) {
	_ = &http.Client{} /* want `malformed timeoutlint:ignore directive: needs a reason` `http.Client has no Timeout` */ //timeoutlint:ignore nohttptimeout
}
