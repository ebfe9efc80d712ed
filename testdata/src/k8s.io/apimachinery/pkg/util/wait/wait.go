// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait (v0.37.2)
// with only the declarations the retrybudget fixtures use, signatures as
// upstream.
package wait

import (
	"context"
	"time"
)

type ConditionFunc func() (done bool, err error)

type ConditionWithContextFunc func(context.Context) (done bool, err error)

func (cf ConditionFunc) WithContext() ConditionWithContextFunc {
	return func(context.Context) (bool, error) { return cf() }
}

func Poll(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

func PollInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

func PollImmediateInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

func PollUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

func PollImmediateUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

func PollWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollImmediateWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}
