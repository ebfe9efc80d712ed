// Package retry is a stub of github.com/avast/retry-go/v4 (v4.7.0) with
// only the declarations the retrybudget fixtures use, signatures as upstream.
package retry

import (
	"context"
	"time"
)

type Config struct {
	attempts uint
	delay    time.Duration
	context  context.Context
}

type Option func(*Config)

type RetryableFunc func() error

type RetryableFuncWithData[T any] func() (T, error)

type RetryIfFunc func(error) bool

type OnRetryFunc func(attempt uint, err error)

func Attempts(attempts uint) Option { return func(c *Config) { c.attempts = attempts } }

func Delay(delay time.Duration) Option { return func(c *Config) { c.delay = delay } }

func LastErrorOnly(lastErrorOnly bool) Option { return func(c *Config) {} }

func RetryIf(retryIf RetryIfFunc) Option { return func(c *Config) {} }

func OnRetry(onRetry OnRetryFunc) Option { return func(c *Config) {} }

func Context(ctx context.Context) Option { return func(c *Config) { c.context = ctx } }

func Do(retryableFunc RetryableFunc, opts ...Option) error { return nil }

func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	var zero T
	return zero, nil
}
