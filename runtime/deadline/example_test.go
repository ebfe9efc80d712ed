package deadline_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

func ExampleMiddleware() {
	rates := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		left, _ := deadline.Remaining(r.Context())
		fmt.Fprintf(w, "budget at most 2s: %v, header visible: %v",
			left <= 2*time.Second, r.Header.Get(deadline.Header) != "")
	})
	srv := httptest.NewServer(deadline.Middleware(rates, deadline.ServerPolicy{
		Max:     2 * time.Second,              // no caller gets more
		Default: time.Second,                  // callers without a (trusted) header
		Trust:   deadline.TrustPrivateNetwork, // loopback here
	}))
	defer srv.Close()

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/rates", nil)
	req.Header.Set(deadline.Header, "9999999999") // asks for 115 days
	resp, err := srv.Client().Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(string(body))
	// Output: budget at most 2s: true, header visible: false
}

func ExampleTransport() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ms, err := deadline.ParseHeader(r.Header.Get(deadline.Header))
		fmt.Println("server: budget under 1s:", err == nil && ms < time.Second)
	}))
	defer srv.Close()

	client := &http.Client{
		Timeout: 5 * time.Second,
		Transport: &deadline.Transport{
			Base:       srv.Client().Transport,
			MinUseful:  100 * time.Millisecond, // shortest call worth sending
			Dependency: "rates",
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
	}

	// With 50ms left, less the 5ms transit reserve, a call that needs at
	// least 100ms to be useful is not sent.
	short, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	req, _ = http.NewRequestWithContext(short, http.MethodGet, srv.URL, nil)
	_, err := client.Do(req)
	fmt.Println("client: deadline exceeded:", errors.Is(err, context.DeadlineExceeded))
	fmt.Println("client: not sent:", errors.Is(err, deadline.ErrBudgetExhausted))
	// Output:
	// server: budget under 1s: true
	// client: deadline exceeded: true
	// client: not sent: true
}

func ExampleNewClient() {
	client := deadline.NewClient(0) // a bounded default, never "forever"
	fmt.Println(client.Timeout)
	client = deadline.NewClient(2 * time.Second)
	fmt.Println(client.Timeout)
	// Output:
	// 30s
	// 2s
}

func ExampleParseHeader() {
	for _, v := range []string{"250", "0250", "-1", "1.5", "250ms", "12345678901"} {
		d, err := deadline.ParseHeader(v)
		fmt.Println(v, d, err)
	}
	// Output:
	// 250 250ms <nil>
	// 0250 250ms <nil>
	// -1 0s invalid deadline header: not a decimal number of milliseconds
	// 1.5 0s invalid deadline header: not a decimal number of milliseconds
	// 250ms 0s invalid deadline header: not a decimal number of milliseconds
	// 12345678901 0s invalid deadline header: more than 10 digits
}

func ExampleFormatHeader() {
	fmt.Println(deadline.FormatHeader(1999 * time.Microsecond)) // rounded down
	fmt.Println(deadline.FormatHeader(-time.Second))            // expired
	// Output:
	// 1
	// 0
}

func ExampleSlogHook() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // keep the output stable
			}
			return a
		},
	}))
	hook := deadline.SlogHook(logger)
	hook.Emit(context.Background(), deadline.Event{
		Dependency: "currency-api",
		Operation:  "GET /rates",
		Kind:       deadline.PredictedExhaustion,
		Configured: 200 * time.Millisecond,
		Remaining:  3 * time.Millisecond,
		Elapsed:    time.Millisecond,
		Attempt:    2,
		Err:        deadline.ErrBudgetExhausted,
	})
	// Output:
	// level=WARN msg="timeout event" dependency=currency-api operation="GET /rates" kind=predicted_exhaustion configured=200ms remaining=3ms elapsed=1ms attempt=2 error="deadline budget exhausted before sending"
}

func ExampleRemaining() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	left, ok := deadline.Remaining(ctx)
	fmt.Println(ok, left > 59*time.Second)
	_, ok = deadline.Remaining(context.Background())
	fmt.Println(ok)
	// Output:
	// true true
	// false
}
