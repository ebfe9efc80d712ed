package ignore

import (
	"context"
	"time"
)

func op() error { return nil }

func suppressed(ctx context.Context) {
	for op() != nil {
		//timeoutlint:ignore retrybudget the caller bounds this loop by closing the service
		time.Sleep(time.Second)
	}
}

func sameLine(ctx context.Context) {
	for op() != nil {
		time.Sleep(time.Second) //timeoutlint:ignore retrybudget startup only
	}
}

func otherAnalyzer(ctx context.Context) {
	for op() != nil {
		//timeoutlint:ignore nohttptimeout not ours
		time.Sleep(time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
}

func unused(ctx context.Context) error {
	//timeoutlint:ignore retrybudget nothing to silence here // want `timeoutlint:ignore directive for retrybudget silences nothing`
	return op()
}

func malformed(ctx context.Context) {
	for op() != nil {
		time.Sleep(time.Second) /* want `malformed timeoutlint:ignore directive: needs a reason` `time.Sleep in a loop cannot be interrupted by ctx` */ //timeoutlint:ignore retrybudget
	}
}
