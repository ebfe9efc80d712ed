package retries // want package:"hassleepers"

import (
	"context"
	"errors"
	"log"
	"net"
	"time"
)

var errPermanent = errors.New("permanent")

func op() error { return nil }

func ping(host string) error { return nil }

// Must report: the only exit is a successful dial.
func dialForever(addr string) net.Conn { // want dialForever:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn
		}
		time.Sleep(time.Second)
	}
}

// Must stay quiet: the same loop with an attempt limit.
func dialLimited(addr string) (net.Conn, error) { // want dialLimited:"sleeps\\(1s\\)"
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		var conn net.Conn
		conn, err = net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func breakOnSuccess() { // want breakOnSuccess:"sleeps\\(2s\\)"
	var err error
	for { // want `retry loop exits only when the operation succeeds`
		err = op()
		if err == nil {
			break
		}
		log.Println("retrying:", err)
		time.Sleep(2 * time.Second)
	}
}

// A permanent error is another exit.
func breakOnPermanent() error { // want breakOnPermanent:"sleeps\\(2s\\)"
	for {
		err := op()
		if err == nil {
			break
		}
		if errors.Is(err, errPermanent) {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}

func continueOnError() { // want continueOnError:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		if err := op(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		break
	}
}

// The error path continues, the success path loops again: a periodic loop
// with a backoff on error, not a retry.
func periodicWithBackoff() { // want periodicWithBackoff:"sleeps\\(1s\\)" periodicWithBackoff:"noreturn"
	for {
		if err := op(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		log.Println("done one")
	}
}

func condLoop() { // want condLoop:"sleeps\\(500ms\\)"
	for err := op(); err != nil; err = op() { // want `retry loop exits only when the operation succeeds`
		time.Sleep(500 * time.Millisecond)
	}
}

func callCond() { // want callCond:"sleeps\\(500ms\\)"
	for op() != nil { // want `retry loop exits only when the operation succeeds`
		time.Sleep(500 * time.Millisecond)
	}
}

// A flag condition bounds the loop.
func flagCond(stop *bool) { // want flagCond:"sleeps\\(500ms\\)"
	for !*stop {
		if op() == nil {
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// Backoff computed with shifts: the counter grows the wait, bounds nothing.
func shifts() error { // want shifts:"sleeps"
	attempt := 0
	for { // want `retry loop exits only when the operation succeeds`
		err := op()
		if err == nil {
			return nil
		}
		attempt++
		time.Sleep(time.Duration(1<<attempt) * time.Millisecond)
	}
}

// The counter is compared: an attempt limit.
func shiftsCapped() error { // want shiftsCapped:"sleeps"
	attempt := 0
	for {
		err := op()
		if err == nil {
			return nil
		}
		attempt++
		if attempt >= 6 {
			return err
		}
		time.Sleep(time.Duration(1<<attempt) * time.Millisecond)
	}
}

func tagless() { // want tagless:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		err := op()
		switch {
		case err == nil:
			return
		default:
			time.Sleep(time.Second)
		}
	}
}

func labelledBreak(hosts []string) { // want labelledBreak:"sleeps\\(1s\\)"
outer:
	for { // want `retry loop exits only when the operation succeeds`
		for _, h := range hosts {
			if err := ping(h); err == nil {
				break outer
			}
		}
		time.Sleep(time.Second)
	}
}

// A labelled continue of an outer loop is another exit of the inner one.
func labelledContinue(hosts []string) { // want labelledContinue:"sleeps\\(1s\\)"
outer:
	for _, h := range hosts {
		for {
			err := ping(h)
			if err == nil {
				break
			}
			if errors.Is(err, errPermanent) {
				continue outer
			}
			time.Sleep(time.Second)
		}
	}
}

func tickerRetry(t *time.Ticker) { // want tickerRetry:"sleeps"
	for range t.C { // want `retry loop exits only when the operation succeeds`
		if err := op(); err == nil {
			return
		}
	}
}

// Ranging over a work channel: a worker, not a retry.
func worker(jobs <-chan string) { // want worker:"sleeps\\(1s\\)"
	for j := range jobs {
		if err := ping(j); err == nil {
			continue
		}
		time.Sleep(time.Second)
	}
}

// A deadline read from the clock.
func deadlineCheck() error { // want deadlineCheck:"sleeps\\(1s\\)"
	deadline := time.Now().Add(time.Minute)
	for {
		err := op()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func sinceCheck(max time.Duration) error { // want sinceCheck:"sleeps\\(1s\\)"
	start := time.Now()
	for {
		err := op()
		if err == nil || time.Since(start) > max {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A quit channel is another exit.
func quitChannel(quit <-chan struct{}) { // want quitChannel:"sleeps\\(1s\\)"
	for {
		if op() == nil {
			return
		}
		select {
		case <-quit:
			return
		default:
		}
		time.Sleep(time.Second)
	}
}

// A fatal log is another exit.
func fatalExit() { // want fatalExit:"sleeps\\(1s\\)"
	for {
		err := op()
		if err == nil {
			break
		}
		if errors.Is(err, errPermanent) {
			log.Fatal(err)
		}
		time.Sleep(time.Second)
	}
}

func panicExit() { // want panicExit:"sleeps\\(1s\\)"
	for {
		err := op()
		if err == nil {
			break
		}
		if errors.Is(err, errPermanent) {
			panic(err)
		}
		time.Sleep(time.Second)
	}
}

// A context-aware wait observes the context.
func ctxAware(ctx context.Context) error { // want ctxAware:"waitsctx"
	for {
		err := op()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// A loop that does not wait is not a retry with a backoff (a spin or a
// blocking operation: out of scope).
func noWait() {
	for {
		if op() == nil {
			return
		}
	}
}

// The accept loop of a server: no exit.
func acceptLoop(ln net.Listener, handle func(net.Conn)) { // want acceptLoop:"sleeps\\(5ms\\)" acceptLoop:"noreturn"
	for {
		conn, err := ln.Accept()
		if err != nil {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		go handle(conn)
	}
}

// A retry in a goroutine.
func goroutineRetry() {
	go func() {
		for { // want `retry loop exits only when the operation succeeds`
			if err := op(); err == nil {
				return
			}
			time.Sleep(time.Second)
		}
	}()
}

// A goroutine retry that stops when told to.
func goroutineDone(done <-chan struct{}) {
	go func() {
		for {
			if err := op(); err == nil {
				return
			}
			select {
			case <-done:
				return
			case <-time.After(time.Second):
			}
		}
	}()
}

// goto loops are not for loops: out of scope.
func gotoRetry() { // want gotoRetry:"sleeps\\(1s\\)"
retry:
	if err := op(); err != nil {
		time.Sleep(time.Second)
		goto retry
	}
}

// A goto out of the loop on success only.
func gotoOut() { // want gotoOut:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		if err := op(); err == nil {
			goto done
		}
		time.Sleep(time.Second)
	}
done:
}

// The only wait is on the way out: not a retry with a backoff.
func waitOnExit() { // want waitOnExit:"sleeps\\(1s\\)"
	for {
		if err := op(); err == nil {
			time.Sleep(time.Second)
			return
		}
	}
}

// A function that restarts itself from inside its own waiting loop, and
// ends with an endless loop: its graph is being built when the call to
// itself asks whether it returns (the answer must not need that graph).
func restarts() { // want restarts:"sleeps\\(1s\\)"
	for {
		if err := op(); err != nil {
			restarts()
			return
		}
		time.Sleep(time.Second)
	}
}
