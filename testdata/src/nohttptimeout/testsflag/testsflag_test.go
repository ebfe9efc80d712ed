package testsflag

import (
	"net/http"
	"testing"
)

func TestGet(t *testing.T) {
	_, _ = http.Get("http://127.0.0.1:1") // reported only with -tests
	c := &http.Client{}                   // reported only with -tests
	_ = c
}

// Without -tests, test files are out of scope, malformed directives too (the
// standalone driver does not load test packages then): no report.
func TestMalformedDirective(t *testing.T) {
	_ = &http.Client{} //timeoutlint:ignore nohttptimeout
}
