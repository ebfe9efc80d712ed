// An external test package: only test files, and -tests is off, so no
// analyzer walks it, though it builds an http.Client without a timeout.
package onlytests_test // want "index not built"

import (
	"net/http"
	"testing"
)

func TestClient(t *testing.T) {
	c := &http.Client{}
	_ = c
}
