// Package backoff is a stub of github.com/cenkalti/backoff/v4 (v4.3.0) with
// only the declarations the retrybudget fixtures use, signatures as upstream.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

const Stop time.Duration = -1

type BackOffContext interface {
	BackOff
	Context() context.Context
}

type backOffContext struct {
	BackOff
	ctx context.Context
}

func (b *backOffContext) Context() context.Context { return b.ctx }

func WithContext(b BackOff, ctx context.Context) BackOffContext {
	return &backOffContext{BackOff: b, ctx: ctx}
}

type backOffTries struct {
	delegate BackOff
	maxTries uint64
}

func (b *backOffTries) NextBackOff() time.Duration { return b.delegate.NextBackOff() }
func (b *backOffTries) Reset()                     { b.delegate.Reset() }

func WithMaxRetries(b BackOff, max uint64) BackOff {
	return &backOffTries{delegate: b, maxTries: max}
}

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration
	Stop                time.Duration
}

func (b *ExponentialBackOff) Reset()                     {}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return b.InitialInterval }

type ExponentialBackOffOpts func(*ExponentialBackOff)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	return &ExponentialBackOff{}
}

func WithMaxElapsedTime(duration time.Duration) ExponentialBackOffOpts {
	return func(b *ExponentialBackOff) { b.MaxElapsedTime = duration }
}

type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff {
	return &ConstantBackOff{Interval: d}
}

type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

type Operation func() error

type OperationWithData[T any] func() (T, error)

type Notify func(error, time.Duration)

type Timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}

func Retry(o Operation, b BackOff) error { return nil }

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) {
	var zero T
	return zero, nil
}

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return nil }

func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	var zero T
	return zero, nil
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error { return nil }

func RetryNotifyWithTimerAndData[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	var zero T
	return zero, nil
}

func Permanent(err error) error { return err }
