package waits // want package:"hassleepers"

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"time"
)

func call(ctx context.Context) error { return errors.New("unavailable") }

func op() error { return nil }

// An attempt counter does not exempt the loop: the backoff, computed with
// shifts, sleeps past the caller's deadline.
func cappedSleep(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<attempt) * 100 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
	return err
}

// The same loop with a context-aware wait.
func cappedSelect(ctx context.Context) error { // want cappedSelect:"waitsctx"
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(1<<attempt) * 100 * time.Millisecond):
		}
	}
	return err
}

// A break does not exempt the loop either.
func afterBreak(ctx context.Context) {
	for {
		if op() == nil {
			break
		}
		<-time.After(time.Second) // want `<-time.After\(time.Second\) in a loop cannot be interrupted by ctx`
	}
}

func afterBreakSelect(ctx context.Context) { // want afterBreakSelect:"waitsctx"
	for {
		if op() == nil {
			break
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// The request's context is the incoming context of a handler.
func handler(w http.ResponseWriter, r *http.Request) {
	t := time.NewTimer(time.Second)
	for i := 0; i < 3; i++ {
		<-t.C // want `<-t.C in a loop cannot be interrupted by r.Context\(\)`
		t.Reset(time.Second)
	}
}

func handlerSelect(w http.ResponseWriter, r *http.Request) { // want handlerSelect:"waitsctx"
	t := time.NewTimer(time.Second)
	for i := 0; i < 3; i++ {
		select {
		case <-r.Context().Done():
			return
		case <-t.C:
		}
		t.Reset(time.Second)
	}
}

// A ticker-paced loop that never looks at the context.
func tickerRecv(ctx context.Context, ticker *time.Ticker) { // want tickerRecv:"noreturn"
	for {
		<-ticker.C // want `<-ticker.C in a loop cannot be interrupted by ctx`
		_ = op()
	}
}

// A ticker-paced loop whose every iteration checks the context.
func tickerObserved(ctx context.Context, ticker *time.Ticker) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		<-ticker.C
		_ = op()
	}
}

func rangeTicker(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for range t.C { // want `loop over t.C never observes ctx`
		_ = op()
	}
}

func rangeTickerObserved(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for range t.C {
		if ctx.Err() != nil {
			return
		}
		_ = op()
	}
}

func timersOnly(ctx context.Context, t *time.Timer) { // want timersOnly:"noreturn"
	for {
		select { // want `select on timers only in a loop cannot be interrupted by ctx`
		case <-t.C:
		case <-time.After(time.Second):
		}
		_ = op()
	}
}

// A quit channel can end the wait: not a timer-only select.
func timersAndQuit(ctx context.Context, t *time.Timer, quit <-chan struct{}) {
	for {
		select {
		case <-t.C:
		case <-quit:
			return
		}
		_ = op()
	}
}

// A 10ms poll that never checks the context.
func pollNoCheck(ctx context.Context, ready func() bool) {
	for !ready() {
		time.Sleep(10 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
}

// A 10ms poll that checks ctx.Err() every iteration: tolerated (-slack).
func pollCheck(ctx context.Context, ready func() bool) error {
	for !ready() {
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}

// A non-blocking select on ctx.Done() every iteration: tolerated.
func pollNonBlocking(ctx context.Context, ready func() bool) {
	for !ready() {
		select {
		case <-ctx.Done():
			return
		default:
		}
		<-time.After(50 * time.Millisecond)
	}
}

// The check is in the loop condition: tolerated.
func pollCond(ctx context.Context, ready func() bool) {
	for ctx.Err() == nil && !ready() {
		time.Sleep(20 * time.Millisecond)
	}
}

// One path (the continue) skips the check: not every iteration observes.
func pollSkipped(ctx context.Context, ready func() (bool, error)) error {
	for {
		ok, err := ready()
		if err != nil {
			time.Sleep(10 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
			continue
		}
		if ok {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(10 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
}

// The check is there, but the wait is longer than -slack.
func pollLong(ctx context.Context, ready func() bool) error {
	for !ready() {
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(2 * time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
	return nil
}

// A non-constant wait is never tolerated.
func pollVariable(ctx context.Context, ready func() bool, d time.Duration) error {
	for !ready() {
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(d) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
	return nil
}

// Function literals see the incoming context of their function.
func goroutineLoop(ctx context.Context) {
	go func() {
		for {
			time.Sleep(time.Minute) // want `time.Sleep in a loop cannot be interrupted by ctx`
			_ = op()
		}
	}()
}

func goroutineLoopSelect(ctx context.Context) {
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Minute):
			}
			_ = op()
		}
	}()
}

// A wait in a function literal inside the loop is not the loop's wait.
func literalInLoop(ctx context.Context, jobs []func()) {
	for _, j := range jobs {
		go func() {
			time.Sleep(time.Second)
			j()
		}()
	}
}

// Labelled continue and break.
func labelled(ctx context.Context, hosts []string) {
outer:
	for _, h := range hosts {
		for i := 0; i < 3; i++ {
			if h == "" {
				continue outer
			}
			if op() == nil {
				break outer
			}
			time.Sleep(time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
		}
	}
}

func labelledSelect(ctx context.Context, hosts []string) error { // want labelledSelect:"waitsctx"
outer:
	for _, h := range hosts {
		for i := 0; i < 3; i++ {
			if h == "" {
				continue outer
			}
			if op() == nil {
				break outer
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
		}
	}
	return nil
}

// goto out of the loop.
func withGoto(ctx context.Context) {
	for {
		if op() == nil {
			goto done
		}
		time.Sleep(time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
done:
}

// range-over-func.
func items(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func rangeFunc(ctx context.Context) {
	for range items(3) {
		time.Sleep(time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
}

func rangeFuncSelect(ctx context.Context) error { // want rangeFuncSelect:"waitsctx"
	for range items(3) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil
}

// A wait outside any loop is not a waiting loop.
func once(ctx context.Context) error { // want once:"sleeps\\(1s\\)"
	time.Sleep(time.Second)
	return call(ctx)
}

// A blank context parameter is deliberately unusable.
func blank(_ context.Context) { // want blank:"sleeps\\(1s\\)"
	for op() != nil { // want `retry loop exits only when the operation succeeds`
		time.Sleep(time.Second)
	}
}

// Helpers: one sleeps uninterruptibly, one waits on the context.
func pause(d time.Duration) { // want pause:"sleeps\\(param 0\\)"
	time.Sleep(d)
}

func waitFor(ctx context.Context, d time.Duration) error { // want waitFor:"waitsctx"
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func helperSleeps(ctx context.Context) {
	for op() != nil {
		pause(time.Second) // want `pause, which sleeps, in a loop cannot be interrupted by ctx`
	}
}

func helperWaits(ctx context.Context) error { // want helperWaits:"waitsctx"
	for op() != nil {
		if err := waitFor(ctx, time.Second); err != nil {
			return err
		}
	}
	return nil
}

// The helper's wait is a constant within -slack and the loop checks the
// context every iteration: tolerated.
func helperShort(ctx context.Context) error {
	for op() != nil {
		if err := ctx.Err(); err != nil {
			return err
		}
		pause(10 * time.Millisecond)
	}
	return nil
}

// Deferred and concurrent calls do not block the loop.
func deferred(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		go pause(time.Second)
	}
}

// A delay on the way out of the loop is not the loop waiting (net/http's
// conn.serve: closeWriteAndWait, then return).
func delayBeforeReturn(ctx context.Context, next func() error) {
	for {
		if err := next(); err != nil {
			time.Sleep(500 * time.Millisecond)
			return
		}
	}
}

func delayBeforeBreak(ctx context.Context, next func() error) {
	for {
		if err := next(); err != nil {
			pause(500 * time.Millisecond)
			break
		}
	}
}

// The delay is on the error path that loops again: between iterations.
func delayOnRetryPath(ctx context.Context, next func() error) {
	for {
		if err := next(); err != nil {
			time.Sleep(500 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
			continue
		}
		return
	}
}
