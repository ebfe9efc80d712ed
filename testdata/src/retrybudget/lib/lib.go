package lib

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"k8s.io/apimachinery/pkg/util/wait"
)

func op() error { return nil }

type svc struct {
	policy backoff.BackOff
	opts   []retry.Option
}

// backoff: a policy without WithContext.
func backoffPlain(ctx context.Context) error {
	return backoff.Retry(op, backoff.NewExponentialBackOff()) // want `backoff.Retry ignores ctx: the policy is not wrapped with backoff.WithContext`
}

func backoffWrapped(ctx context.Context) error {
	return backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// The policy is followed through local variables.
func backoffVar(ctx context.Context) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = time.Minute
	return backoff.RetryNotify(op, b, nil) // want `backoff.RetryNotify ignores ctx`
}

func backoffVarWrapped(ctx context.Context) error {
	b := backoff.NewExponentialBackOff()
	bc := backoff.WithContext(b, ctx)
	return backoff.RetryNotify(op, bc, nil)
}

// WithMaxRetries bounds the attempts, not the time.
func backoffMaxRetries(ctx context.Context) error {
	b := backoff.WithMaxRetries(&backoff.ExponentialBackOff{InitialInterval: time.Second}, 5)
	return backoff.Retry(op, b) // want `backoff.Retry ignores ctx`
}

// A context wrapped inside WithMaxRetries still stops the retries.
func backoffMaxRetriesWrapped(ctx context.Context) error {
	b := backoff.WithMaxRetries(backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx), 5)
	return backoff.Retry(op, b)
}

func backoffData(r *http.Request) (int, error) {
	return backoff.RetryWithData(func() (int, error) { return 1, nil }, new(backoff.ZeroBackOff)) // want `backoff.RetryWithData ignores r.Context\(\)`
}

func backoffTimer(ctx context.Context, t backoff.Timer) error {
	return backoff.RetryNotifyWithTimer(op, backoff.NewConstantBackOff(time.Second), nil, t) // want `backoff.RetryNotifyWithTimer ignores ctx`
}

// A variable typed BackOffContext carries a context.
func backoffTyped(ctx context.Context, b backoff.BackOffContext) error {
	return backoff.Retry(op, b)
}

// A policy from a field or a parameter: cannot tell.
func (s *svc) backoffField(ctx context.Context) error {
	return backoff.Retry(op, s.policy)
}

func backoffParam(ctx context.Context, b backoff.BackOff) error {
	return backoff.Retry(op, b)
}

// Assignments that disagree: cannot tell.
func backoffMixed(ctx context.Context, bounded bool) error {
	var b backoff.BackOff = backoff.NewExponentialBackOff()
	if bounded {
		b = backoff.WithContext(b, ctx)
	}
	return backoff.Retry(op, b)
}

// No incoming context: nothing to pass.
func backoffNoCtx() error {
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

// retry-go.
func retryPlain(ctx context.Context) error {
	return retry.Do(op, retry.Attempts(5), retry.Delay(time.Second)) // want `retry.Do without retry.Context\(ctx\) keeps retrying after the caller gave up`
}

func retryNoOptions(ctx context.Context) error {
	return retry.Do(op) // want `retry.Do without retry.Context\(ctx\)`
}

func retryWithCtx(ctx context.Context) error {
	return retry.Do(op, retry.Attempts(5), retry.Context(ctx))
}

func retryData(ctx context.Context) (string, error) {
	return retry.DoWithData(func() (string, error) { return "", nil }, retry.LastErrorOnly(true)) // want `retry.DoWithData without retry.Context\(ctx\)`
}

func retryOptVar(ctx context.Context) error {
	attempts := retry.Attempts(3)
	return retry.Do(op, attempts) // want `retry.Do without retry.Context\(ctx\)`
}

func retryCtxVar(ctx context.Context) error {
	withCtx := retry.Context(ctx)
	return retry.Do(op, retry.Attempts(3), withCtx)
}

// Options from a slice or a field: cannot tell.
func (s *svc) retrySlice(ctx context.Context) error {
	return retry.Do(op, s.opts...)
}

func retryUnknownOption(ctx context.Context, extra retry.Option) error {
	return retry.Do(op, retry.Attempts(3), extra)
}

func retryNoCtx() error {
	return retry.Do(op, retry.Attempts(3))
}

// k8s wait.
func cond() (bool, error) { return true, nil }

func pollPlain(ctx context.Context) error {
	return wait.Poll(time.Second, time.Minute, cond) // want `wait.Poll ignores ctx: polling continues after the caller gave up; use wait.PollUntilContextTimeout with ctx`
}

func pollImmediate(ctx context.Context) error {
	return wait.PollImmediate(time.Second, time.Minute, cond) // want `wait.PollImmediate ignores ctx`
}

func pollInfinite(ctx context.Context) error {
	return wait.PollInfinite(time.Second, cond) // want `wait.PollInfinite ignores ctx: .*use wait.PollUntilContextCancel`
}

func pollImmediateInfinite(ctx context.Context) error {
	return wait.PollImmediateInfinite(time.Second, cond) // want `wait.PollImmediateInfinite ignores ctx`
}

func pollUntil(ctx context.Context, stop <-chan struct{}) error {
	return wait.PollUntil(time.Second, cond, stop) // want `wait.PollUntil ignores ctx`
}

func pollImmediateUntil(r *http.Request, stop <-chan struct{}) error {
	return wait.PollImmediateUntil(time.Second, cond, stop) // want `wait.PollImmediateUntil ignores r.Context\(\)`
}

func pollWithCtx(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, false, wait.ConditionFunc(cond).WithContext())
}

func pollCancel(ctx context.Context) error {
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(context.Context) (bool, error) { return true, nil })
}

func pollNoCtx() error {
	return wait.Poll(time.Second, time.Minute, cond)
}

// Function literals see the incoming context.
func pollInGoroutine(ctx context.Context) {
	go func() {
		_ = wait.PollInfinite(time.Second, cond) // want `wait.PollInfinite ignores ctx`
	}()
}
