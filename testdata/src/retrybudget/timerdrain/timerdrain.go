// Package timerdrain: draining a stopped timer ("if !t.Stop() { <-t.C }")
// in a loop does not wait for the timer to run; a plain receive does.
package timerdrain

import (
	"context"
	"net"
	"time"
)

func serve(ctx context.Context, conns <-chan net.Conn, idle time.Duration) error { // want serve:"waitsctx"
	t := time.NewTimer(idle)
	defer t.Stop()
	active := 0
	for {
		select {
		case c, ok := <-conns:
			if !ok {
				return nil
			}
			if active == 0 && !t.Stop() {
				<-t.C // drains a fired timer: no wait
			}
			active++
			go c.Close()
		case <-t.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Near-identical bad case: the receive is not guarded by a failed Stop, so
// it waits for the timer to fire.
func serveWait(ctx context.Context, conns <-chan net.Conn, idle time.Duration) {
	t := time.NewTimer(idle)
	for {
		c, ok := <-conns
		if !ok {
			return
		}
		if t.Stop() {
			<-t.C // want `<-t.C in a loop cannot be interrupted by ctx`
		}
		c.Close()
		t.Reset(idle)
	}
}
