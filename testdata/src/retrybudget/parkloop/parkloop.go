// Package parkloop: a loop that does nothing but sleep blocks forever on
// purpose (like select {}); there is no work for the context to stop.
package parkloop

import (
	"context"
	"io"
	"net/http"
	"time"
)

func hang(w http.ResponseWriter, r *http.Request) { // want hang:"noreturn"
	io.WriteString(w, "streaming")
	for {
		time.Sleep(5 * time.Second) // hang forever, until killed
	}
}

// Near-identical bad case: the loop does work between sleeps.
func poll(ctx context.Context, check func() error) { // want poll:"noreturn"
	for {
		_ = check()
		time.Sleep(5 * time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
}
