package fixlib

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

func op() error { return nil }

func backoffPlain(ctx context.Context) error {
	return backoff.Retry(op, backoff.NewExponentialBackOff()) // want `backoff.Retry ignores ctx`
}

func backoffVar(ctx context.Context) error {
	b := backoff.NewConstantBackOff(time.Second)
	return backoff.RetryNotify(op, b, func(err error, d time.Duration) {}) // want `backoff.RetryNotify ignores ctx`
}

func retryPlain(ctx context.Context) error {
	return retry.Do(op, retry.Attempts(5)) // want `retry.Do without retry.Context\(ctx\)`
}

func retryMultiline(ctx context.Context) error {
	return retry.Do( // want `retry.Do without retry.Context\(ctx\)`
		op,
		retry.Attempts(5),
		retry.Delay(time.Second),
	)
}
