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
