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
