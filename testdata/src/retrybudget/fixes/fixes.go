package fixes

import (
	"context"
	"net/http"
	"time"
)

func call(ctx context.Context) error { return nil }

type result struct{ n int }

func retryErr(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<attempt) * 100 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
	return err
}

func retryValues(ctx context.Context) (int, string, *result, result, []byte, error) {
	for {
		if err := call(ctx); err == nil {
			return 1, "", nil, result{}, nil, nil
		}
		<-time.After(time.Second) // want `<-time.After\(time.Second\) in a loop cannot be interrupted by ctx`
	}
}

func noResults(w http.ResponseWriter, r *http.Request) {
	for i := 0; i < 3; i++ {
		if call(r.Context()) == nil {
			return
		}
		time.Sleep(time.Second) // want `time.Sleep in a loop cannot be interrupted by r.Context\(\)`
	}
}

func timerWait(ctx context.Context, t *time.Timer) (time.Duration, error) {
	for call(ctx) != nil {
		<-t.C // want `<-t.C in a loop cannot be interrupted by ctx`
		t.Reset(time.Second)
	}
	return 0, nil
}

// The results cannot carry the context's error: no fix.
func noErrorResult(ctx context.Context) bool {
	for call(ctx) != nil {
		time.Sleep(time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
	return true
}

// The wait's value is used: no fix.
func valueUsed(ctx context.Context, tick <-chan time.Time) (last time.Time) {
	for call(ctx) != nil {
		last = <-tick // want `<-tick in a loop cannot be interrupted by ctx`
	}
	return last
}

func inGoroutine(ctx context.Context) {
	go func() {
		for {
			_ = call(ctx)
			time.Sleep(time.Minute) // want `time.Sleep in a loop cannot be interrupted by ctx`
		}
	}()
}
