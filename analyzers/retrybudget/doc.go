// Package retrybudget defines an analyzer that reports retry and poll
// loops that ignore the remaining budget.
//
// # Analyzer retrybudget
//
// retrybudget: check that retry and poll loops observe the deadline
//
// A retry loop that sleeps with time.Sleep keeps working after its caller
// has given up: the request is gone, but the loop still holds a goroutine,
// a connection and a share of the failing dependency's capacity, and it
// retries exactly when the dependency is least able to answer. A loop whose
// only exit is success never stops at all. retrybudget reports waits in
// loops that the context cannot interrupt, retry loops with no bound, and
// retry libraries called without the context.
//
// A waiting loop is a for or range loop whose body (not counting nested
// function literals, go and defer statements) blocks on a timer between
// iterations: time.Sleep, a bare <-time.After(d), a receive from a
// time.Timer's or time.Ticker's C or from any other channel of time.Time,
// a select whose cases are all timers, a range over a ticker, or a call of
// a helper that sleeps uninterruptibly. A select with a <-ctx.Done() case
// is not such a wait, nor is a call of a helper that waits on the context.
//
// # wait-ignores-deadline
//
// In a function with an incoming context (function literals see the one of
// the function they are nested in), a wait in a loop that the context
// cannot interrupt. Loops with an attempt counter or a break are not
// exempt: the question is whether the wait observes the deadline, not
// whether the loop ends.
//
//	for attempt := 0; attempt < 5; attempt++ {
//		if err = call(ctx); err == nil {
//			return nil
//		}
//		time.Sleep(time.Duration(1<<attempt) * 100 * time.Millisecond)
//	}
//
// Fixed (the first of two suggested fixes; the second is
// `if err := budget.Sleep(ctx, d); err != nil { return err }`, the
// runtime's context-aware sleep):
//
//	select {
//	case <-ctx.Done():
//		return ctx.Err()
//	case <-time.After(time.Duration(1<<attempt) * 100 * time.Millisecond):
//	}
//
// The fixes return the context's error in the shape of the function's
// results (zero values for the others, a bare return when there are none);
// there is no fix when the last result is not an error, when the wait's
// value is used, and for helpers and ranges over tickers. A select whose
// cases are all timers gets a case for ctx.Done().
//
// Not reported: a constant wait no longer than -slack (default 100ms) in a
// loop that observes the context on every path through an iteration (a
// ctx.Err() check, a non-blocking select on ctx.Done(), a helper that waits
// on the context); a loop paced by a ticker whose iterations all observe
// the context; waits outside loops; functions without an incoming context
// (main, init, tests, workers started without one); a loop that does
// nothing but wait (for { time.Sleep(d) }: it blocks forever on purpose,
// like select {}, with no work to stop); the receive that drains a stopped
// timer (if !t.Stop() { <-t.C }: the timer has already fired).
//
// # unbounded-retry
//
// In any function, a waiting loop that retries an operation until it
// succeeds: every exit of the loop (break, return, goto, a labelled
// continue of an outer loop, panic and other calls that do not return) is
// reached only through a branch where an error the loop got from a call is
// nil, and nothing else can end it.
//
//	for {
//		conn, err := net.Dial("tcp", addr)
//		if err == nil {
//			return conn
//		}
//		time.Sleep(time.Second)
//	}
//
// Fixed:
//
//	for attempt := 0; attempt < 5; attempt++ {
//		conn, err := d.DialContext(ctx, "tcp", addr)
//		if err == nil {
//			return conn, nil
//		}
//		if err := budget.Sleep(ctx, time.Second); err != nil {
//			return nil, err
//		}
//	}
//
// The loop is a for loop without a condition, or with a condition that is
// false only on success (for err != nil), or a range over a ticker. The
// exits are found on the function's control-flow graph (go/cfg, built only
// for functions with such a loop), where a call that never returns ends a
// path: os.Exit, log.Fatal, panic, testing's Fatal and Skip, the fatal
// calls of zap, logrus, glog and klog, and the helpers of the analyzed code
// that never return.
// Not reported: loops with another exit (a permanent error, an attempt
// limit, a fatal log) or no exit at all (periodic loops, workers, event and
// accept loops); loops that compare a counter they increment, read the
// clock (time.Now, time.Since, time.Until, comparisons of times), observe a
// context (Done, Err, Deadline, a helper that waits on it), call the
// runtime's budget package, or receive from a channel that is not a timer
// (a quit or done channel); waits in nested function literals do not make
// a waiting loop. In a function with an incoming context, a retry loop whose
// wait is reported as wait-ignores-deadline is not reported again: fixing
// the wait gives the loop a context exit.
//
// # retry-lib-no-ctx
//
// In a function with an incoming context, a retry library used without it:
// cenkalti/backoff's Retry, RetryNotify, RetryNotifyWithTimer and their
// WithData forms on a policy not wrapped by backoff.WithContext; avast/
// retry-go's Do and DoWithData without retry.Context(ctx) among their
// options; and the non-context polls of k8s.io/apimachinery/pkg/util/wait
// (Poll, PollImmediate, PollInfinite, PollUntil, PollImmediateInfinite,
// PollImmediateUntil).
//
//	err := backoff.Retry(op, backoff.NewExponentialBackOff())
//	err = retry.Do(op, retry.Attempts(5))
//
// Fixed:
//
//	err := backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
//	err = retry.Do(op, retry.Attempts(5), retry.Context(ctx))
//
// The policy is followed through local variables (a policy wrapped by
// WithMaxRetries is as wrapped as what it wraps). Not reported when the
// policy or an option comes from a parameter, a field or an unknown
// function, or the options are passed as a slice: the analyzer cannot tell
// whether they carry the context. The wait.Poll forms get no fix: their
// replacements take a condition with a context.
//
// # Facts
//
// A function that blocks on a timer without a context (func pause(d
// time.Duration) { time.Sleep(d) }) is marked, with how long it waits when
// that is a constant or one of its parameters, and a call of it counts as a
// wait where it is called. A function that takes a context and waits only
// on it (a select on ctx.Done(), budget.Sleep) is marked too, and a call of
// it with a live context counts as observing that context. Facts cross
// packages of the analyzed module only: waits inside the standard library
// and other modules are not the caller's loop waiting.
//
// Findings in _test.go files are reported only with -tests, and never in
// generated files.
package retrybudget
