package budget_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/budget"
	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// A product page handler receives its caller's budget in X-Request-Deadline,
// splits it across two sequential dependency calls (stock, then price),
// retries the price call under a per-dependency retry budget, and logs every
// timeout decision through log/slog.
func Example_handler() {
	// Two dependencies on loopback: stock answers at once; the price
	// service hangs on its first call, then answers.
	stock := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "7 in stock")
	}))
	defer stock.Close()
	var priceCalls atomic.Int32
	price := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if priceCalls.Add(1) == 1 {
			<-r.Context().Done() // hangs until the caller gives up
			return
		}
		fmt.Fprint(w, "12.50 EUR")
	}))
	defer price.Close()

	// Timeout events as log records (time, remaining, elapsed and the
	// random backoff delay are dropped to keep this output stable).
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			switch a.Key {
			case slog.TimeKey, "remaining", "elapsed", "delay":
				return slog.Attr{}
			}
			return a
		},
	}))
	hook := deadline.SlogHook(logger)

	// One client per process: it writes each call's remaining budget into
	// X-Request-Deadline and never sends a call that cannot fit. Retry
	// reports the attempts' timeouts, so the Transport has no Hook here.
	client := &http.Client{Transport: &deadline.Transport{}}
	retryBudgets := budget.NewRegistry(nil) // 20 % retries + 10/s, per dependency

	get := func(ctx context.Context, url string) (string, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return "", err
		}
		resp, err := client.Do(req)
		if err != nil {
			return "", errors.Unwrap(err) // drop the URL (a random port here)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}

	product := func(w http.ResponseWriter, r *http.Request) {
		// r.Context() carries the caller's deadline, clamped by the policy.
		steps := budget.Split{Reserve: 50 * time.Millisecond, Hook: hook, Dependency: "product-page"}.Sequence(
			budget.Step{Name: "stock", Weight: 1, Max: 200 * time.Millisecond},
			budget.Step{Name: "price", Weight: 3, Min: 100 * time.Millisecond},
		)
		var inStock, amount string
		err := steps.Do(r.Context(), func(ctx context.Context) (err error) {
			inStock, err = get(ctx, stock.URL)
			return err
		})
		if err == nil {
			err = steps.Do(r.Context(), func(ctx context.Context) error {
				return budget.Retry(ctx, func(ctx context.Context) (err error) {
					amount, err = get(ctx, price.URL)
					return err
				},
					budget.PerAttempt(150*time.Millisecond),
					budget.WithBudget(retryBudgets.Get("price")),
					budget.Hook(hook), budget.Dependency("price"), budget.Operation("GET /price"))
			})
		}
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			http.Error(w, "out of time", http.StatusGatewayTimeout)
		case err != nil:
			http.Error(w, err.Error(), http.StatusBadGateway)
		default:
			fmt.Fprintf(w, "%s, %s", inStock, amount)
		}
	}

	srv := httptest.NewServer(deadline.Middleware(http.HandlerFunc(product), deadline.ServerPolicy{
		Max:        2 * time.Second,              // no caller gets more
		Default:    time.Second,                  // callers without a (trusted) header
		Trust:      deadline.TrustPrivateNetwork, // loopback here
		Hook:       hook,
		Dependency: "product-page",
	}))
	defer srv.Close()

	// The caller has 800ms left.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/product/42", nil)
	req.Header.Set(deadline.Header, "800")
	resp, err := http.DefaultClient.Do(req) // a test caller; use deadline.NewClient in services
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	fmt.Printf("price retries allowed: %d\n", retryBudgets.Get("price").Level().Allowed)
	// Output:
	// level=WARN msg="timeout event" dependency=price operation="GET /price" kind=attempt_timeout configured=150ms attempt=1 error="attempt timed out after 150ms: context deadline exceeded"
	// level=INFO msg="timeout event" dependency=price operation="GET /price" kind=retry_scheduled configured=150ms attempt=2 error="attempt timed out after 150ms: context deadline exceeded"
	// 200 7 in stock, 12.50 EUR
	// price retries allowed: 1
}
