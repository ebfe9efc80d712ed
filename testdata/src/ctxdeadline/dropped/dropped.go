// Package dropped holds deadline-dropped fixtures: each bad case is paired
// with a near-identical good one.
package dropped

import (
	"context"
	"database/sql"
	"iter"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"time"
)

type Store struct {
	db  *sql.DB
	ctx context.Context
}

func fetch(ctx context.Context, id string) error { return ctx.Err() }

func (s *Store) Get(ctx context.Context, id string) error {
	row := s.db.QueryRowContext(context.Background(), "SELECT v FROM t WHERE id = ?", id) // want `^context.Background\(\) passed to s.db.QueryRowContext drops the caller's deadline, so nothing bounds the call; pass ctx, or context.WithoutCancel\(ctx\) for work that must outlive the caller$`
	return row.Err()
}

func (s *Store) GetOK(ctx context.Context, id string) error {
	row := s.db.QueryRowContext(ctx, "SELECT v FROM t WHERE id = ?", id)
	return row.Err()
}

func handler(w http.ResponseWriter, r *http.Request) {
	ctx := context.TODO() // want `context.TODO\(\) passed to fetch drops the caller's deadline, so nothing bounds the call; pass r.Context\(\)`
	_ = fetch(ctx, "a")
}

func handlerOK(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	_ = fetch(ctx, "a")
}

type key struct{}

func withValue(ctx context.Context) error {
	vctx := context.WithValue(context.Background(), key{}, 1) // want `context.Background\(\) passed to fetch drops`
	return fetch(vctx, "a")
}

func withValueOK(ctx context.Context) error {
	vctx := context.WithValue(ctx, key{}, 1)
	return fetch(vctx, "a")
}

func closure(ctx context.Context, ids []string) {
	each := func(id string) { _ = fetch(context.Background(), id) } // want `context.Background\(\) passed to fetch drops`
	for _, id := range ids {
		each(id)
	}
}

func closureOK(ctx context.Context, ids []string) {
	each := func(id string) { _ = fetch(ctx, id) }
	for _, id := range ids {
		each(id)
	}
}

func reassigned(ctx context.Context) error {
	ctx = context.Background() // want `context.Background\(\) passed to fetch drops`
	return fetch(ctx, "a")
}

// nilGuard keeps the incoming context when there is one: the origin of ctx
// at the call is mixed, so it stays quiet.
func nilGuard(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	return fetch(ctx, "a")
}

func funcValue(ctx context.Context, f func(context.Context) error) error {
	return f(context.TODO()) // want `context.TODO\(\) passed to f drops`
}

func funcValueOK(ctx context.Context, f func(context.Context) error) error {
	return f(ctx)
}

func typeParam[C context.Context](c C) error {
	return fetch(context.Background(), "g") // want `context.Background\(\) passed to fetch drops .*; pass c`
}

func typeParamOK[C context.Context](c C) error {
	return fetch(c, "g")
}

func request(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil) // want `context.Background\(\) passed to http.NewRequestWithContext drops`
}

func requestOK(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
}

func loop(ctx context.Context, jobs chan string) {
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-jobs:
			_ = fetch(context.Background(), j) // want `context.Background\(\) passed to fetch drops`
		}
	}
}

func loopOK(ctx context.Context, jobs chan string) {
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-jobs:
			_ = fetch(ctx, j)
		}
	}
}

func iterate(ctx context.Context, seq iter.Seq[string]) {
	for id := range seq {
		_ = fetch(context.Background(), id) // want `context.Background\(\) passed to fetch drops`
	}
}

func iterateOK(ctx context.Context, seq iter.Seq[string]) {
	for id := range seq {
		_ = fetch(ctx, id)
	}
}

func all(ctx context.Context, ids []string) iter.Seq[error] {
	return func(yield func(error) bool) {
		for _, id := range ids {
			if !yield(fetch(context.TODO(), id)) { // want `context.TODO\(\) passed to fetch drops`
				return
			}
		}
	}
}

func allOK(ctx context.Context, ids []string) iter.Seq[error] {
	return func(yield func(error) bool) {
		for _, id := range ids {
			if !yield(fetch(ctx, id)) {
				return
			}
		}
	}
}

// Goroutines: the fix must not hand them the request context.

func audit(w http.ResponseWriter, r *http.Request) {
	go func() { _ = fetch(context.Background(), "audit") }() // want `context.Background\(\) passed to fetch in a goroutine has no deadline, so nothing bounds it; derive it from context.WithoutCancel\(r.Context\(\)\) and bound it with context.WithTimeout`
}

func auditOK(w http.ResponseWriter, r *http.Request) {
	go func() { _ = fetch(context.WithoutCancel(r.Context()), "audit") }()
}

func auditArgs(ctx context.Context) {
	go fetch(context.Background(), "x") // want `context.Background\(\) passed to fetch in a goroutine`
}

func auditArgsBounded(ctx context.Context) {
	go func() {
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		_ = fetch(actx, "x")
	}()
}

func afterFunc(ctx context.Context) *time.Timer {
	return time.AfterFunc(time.Second, func() { _ = fetch(context.Background(), "later") }) // want `in a goroutine`
}

// Must stay quiet.

func noIncoming() error { return fetch(context.Background(), "a") } // want noIncoming:"dropsDeadline\\(context.Background\\(\\)\\)"

func blank(_ context.Context) error { return fetch(context.Background(), "a") }

func unnamed(context.Context) error { return fetch(context.Background(), "a") }

func lifecycle(ctx context.Context) (cancel func()) {
	bg, cancel := context.WithCancel(context.Background())
	go fetch(bg, "worker")
	return cancel
}

func signals(ctx context.Context) error {
	sctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return fetch(sctx, "a")
}

func deferred(ctx context.Context) {
	defer fetch(context.Background(), "cleanup")
	defer func() { _ = fetch(context.Background(), "cleanup") }()
}

func shutdown(ctx context.Context, srv *http.Server) error {
	<-ctx.Done()
	return srv.Shutdown(context.Background())
}

func shutdownSelect(ctx context.Context, srv *http.Server, errc chan error) error {
	select {
	case <-ctx.Done():
	case err := <-errc:
		_ = err
	}
	return srv.Shutdown(context.TODO())
}

func shutdownInGoroutine(ctx context.Context, srv *http.Server) {
	go func() {
		<-ctx.Done()
		_ = srv.Shutdown(context.Background())
	}()
}

func errCheck(ctx context.Context) error {
	if ctx.Err() != nil {
		return fetch(context.Background(), "rollback")
	}
	return nil
}

func afterDone(ctx context.Context) func() bool {
	return context.AfterFunc(ctx, func() { _ = fetch(context.Background(), "cleanup") })
}

func detached(ctx context.Context) error {
	return fetch(context.WithoutCancel(ctx), "a")
}

func logging(ctx context.Context) {
	slog.InfoContext(context.Background(), "hello")
}

func loggerFromContext(ctx context.Context) *slog.Logger { return slog.Default() }

func accessor(ctx context.Context) {
	loggerFromContext(context.Background()).Info("hello")
}

func (s *Store) field(ctx context.Context) error {
	return fetch(s.ctx, "a")
}

func methodValue(ctx context.Context) error {
	f := context.Background
	return fetch(f(), "a")
}

func notAContextArg(ctx context.Context) <-chan struct{} {
	return context.Background().Done()
}
