// Package variant holds ctx-variant fixtures.
package variant

import (
	"context"
	"crypto/tls"
	"database/sql"
	"iter"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"

	"github.com/acme/dbkit"
)

func newRequest(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequest(http.MethodGet, url, nil) // want `http.NewRequest ignores the incoming context, so the caller's deadline does not bound it; use http.NewRequestWithContext\(ctx, ...\)`
}

func newRequestOK(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
}

func command(w http.ResponseWriter, r *http.Request) {
	_ = exec.Command("git", "fetch").Run() // want `exec.Command ignores the incoming context, .*; use exec.CommandContext\(r.Context\(\), ...\)`
}

func commandOK(w http.ResponseWriter, r *http.Request) {
	_ = exec.CommandContext(r.Context(), "git", "fetch").Run()
}

func query(ctx context.Context, db *sql.DB, id int) error {
	rows, err := db.Query("SELECT v FROM t WHERE id = ?", id) // want `db.Query ignores the incoming context, .*; use db.QueryContext\(ctx, ...\)`
	if err != nil {
		return err
	}
	return rows.Close()
}

func queryOK(ctx context.Context, db *sql.DB, id int) error {
	rows, err := db.QueryContext(ctx, "SELECT v FROM t WHERE id = ?", id)
	if err != nil {
		return err
	}
	return rows.Close()
}

func txExec(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.Exec("DELETE FROM t") // want `tx.Exec ignores the incoming context`
	return err
}

func txExecOK(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, "DELETE FROM t")
	return err
}

func begin(ctx context.Context, db *sql.DB) (*sql.Tx, error) {
	return db.Begin() // want `db.Begin ignores the incoming context, .*; use db.BeginTx\(ctx, nil\)`
}

func beginOK(ctx context.Context, db *sql.DB) (*sql.Tx, error) {
	return db.BeginTx(ctx, nil)
}

func dial(ctx context.Context, addr string) (net.Conn, error) {
	return net.Dial("tcp", addr) // want `net.Dial ignores the incoming context, .*; use \(&net.Dialer\{\}\).DialContext\(ctx, ...\)`
}

func dialOK(ctx context.Context, addr string) (net.Conn, error) {
	return (&net.Dialer{}).DialContext(ctx, "tcp", addr)
}

func dialer(ctx context.Context, d *net.Dialer, addr string) (net.Conn, error) {
	return d.Dial("tcp", addr) // want `d.Dial ignores the incoming context, .*; use d.DialContext\(ctx, ...\)`
}

func handshake(ctx context.Context, c *tls.Conn) error {
	return c.Handshake() // want `c.Handshake ignores the incoming context`
}

func handshakeOK(ctx context.Context, c *tls.Conn) error {
	return c.HandshakeContext(ctx)
}

func get(ctx context.Context, url string) error {
	resp, err := http.Get(url) // want `http.Get ignores the incoming context, .*; build the request with http.NewRequestWithContext\(ctx, ...\) and send it with Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func post(ctx context.Context, c *http.Client, url string) error {
	resp, err := c.Post(url, "text/plain", nil) // want `c.Post ignores the incoming context`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func thirdParty(ctx context.Context) (string, error) {
	return dbkit.Get("k") // want `dbkit.Get ignores the incoming context, .*; use dbkit.GetContext\(ctx, ...\)`
}

func thirdPartyOK(ctx context.Context) (string, error) {
	return dbkit.GetContext(ctx, "k")
}

// The analyzed code's own APIs: discovered by their names and signatures.

type Client struct{}

func (c *Client) Fetch(id string, opts ...string) ([]byte, error) { return nil, nil }
func (c *Client) FetchWithContext(ctx context.Context, id string, opts ...string) ([]byte, error) {
	return nil, nil
}
func (c *Client) Load(id string) error                         { return nil }
func (c *Client) LoadCtx(ctx context.Context, id string) error { return nil }

func Sync(n int) error                                  { return nil }
func SyncContext(ctx context.Context, n int) error      { return nil }
func Resize(n int) error                                { return nil }
func ResizeContext(ctx context.Context, n int64) error  { return nil } // other parameters
func Flush() error                                      { return nil }
func FlushContext(ctx context.Context) (int, error)     { return 0, nil } // other results
func Render(s string) string                            { return s }
func RenderContext(c *Client, s string) string          { return s } // not a context first
func Map[T any](xs []T) []T                             { return xs }
func MapContext[T any](ctx context.Context, xs []T) []T { return xs }

type Source interface {
	Read(p []byte) (int, error)
	ReadContext(ctx context.Context, p []byte) (int, error)
}

func local(ctx context.Context, c *Client, s Source) {
	_, _ = c.Fetch("a", "b") // want `c.Fetch ignores the incoming context, .*; use c.FetchWithContext\(ctx, ...\)`
	_ = c.Load("a")          // want `c.Load ignores the incoming context, .*; use c.LoadCtx\(ctx, ...\)`
	_ = Sync(1)              // want `Sync ignores the incoming context, .*; use SyncContext\(ctx, ...\)`
	_, _ = s.Read(nil)       // want `s.Read ignores the incoming context, .*; use s.ReadContext\(ctx, ...\)`
	_ = Resize(1)            // other parameters
	_ = Flush()              // other results
	_ = Render("x")          // not a context first
	_ = Map([]int{1})        // generic
	_, _ = c.FetchWithContext(ctx, "a")
}

func iterate(ctx context.Context, c *Client, ids iter.Seq[string]) {
	for id := range ids {
		_ = c.Load(id) // want `c.Load ignores the incoming context`
	}
}

func iterateOK(ctx context.Context, c *Client, ids iter.Seq[string]) {
	for id := range ids {
		_ = c.LoadCtx(ctx, id)
	}
}

// Must stay quiet.

func withContextLater(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	return http.DefaultClient.Do(req)
}

func cloneLater(ctx context.Context, url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return req.Clone(ctx), nil
}

func testRequest(ctx context.Context) *http.Request {
	return httptest.NewRequest(http.MethodGet, "/", nil)
}

func logging(ctx context.Context) {
	slog.Info("hello")
	slog.Default().Info("hello")
}

func methodValue(ctx context.Context, db *sql.DB) error {
	q := db.Exec
	_, err := q("DELETE FROM t")
	return err
}

func noIncoming(db *sql.DB) error {
	_, err := db.Exec("DELETE FROM t")
	return err
}

func blank(_ context.Context, db *sql.DB) error {
	_, err := db.Exec("DELETE FROM t")
	return err
}

func deferred(ctx context.Context, db *sql.DB) {
	defer db.Exec("UNLOCK TABLES")
}

func goroutine(ctx context.Context, c *Client) {
	go c.Load("x")
}

func afterDone(ctx context.Context, c *Client) error {
	<-ctx.Done()
	return c.Load("final")
}

// Warm delegates to its variant: the variant is not reported inside it (it
// has no incoming context), but Warm drops the deadline for its callers.
func (c *Client) Warm(id string) error { return c.WarmContext(context.Background(), id) } // want Warm:"dropsDeadline"

func (c *Client) WarmContext(ctx context.Context, id string) error { return nil }

// Aliases and interfaces that embed context.Context are incoming contexts.

type Context = context.Context

type RequestContext interface {
	context.Context
	User() string
}

func aliased(ctx Context, db *sql.DB) error {
	return db.Ping() // want `db.Ping ignores the incoming context, .*; use db.PingContext\(ctx, ...\)`
}

func embedded(rc RequestContext, db *sql.DB) error {
	return db.Ping() // want `db.Ping ignores the incoming context, .*; use db.PingContext\(rc, ...\)`
}

// A value that later goes, with the incoming context, to a helper that
// binds it (ctxhttp.Do(ctx, client, req), a runCmdContext(ctx, cmd)).

func runCmd(ctx context.Context, cmd *exec.Cmd) error { return cmd.Run() }

func commandHelper(ctx context.Context) error {
	cmd := exec.Command("go", "env")
	return runCmd(ctx, cmd)
}

func commandHelperBad(ctx context.Context) error {
	cmd := exec.Command("go", "env")         // want `exec.Command ignores the incoming context`
	return runCmd(context.Background(), cmd) // want `context.Background\(\) passed to runCmd drops`
}

func do(ctx context.Context, req *http.Request) error { return nil }

func requestHelper(ctx context.Context, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return do(ctx, req)
}

// A function literal that declares its own context parameter gets its
// context from its caller; an unnamed one ignores it on purpose.

func contextDialer(ctx context.Context, d *net.Dialer) func(context.Context, string) (net.Conn, error) {
	return func(context.Context, string) (net.Conn, error) { return d.Dial("tcp", "x") }
}

func contextDialerNamed(ctx context.Context, d *net.Dialer) func(context.Context, string) (net.Conn, error) {
	return func(dctx context.Context, addr string) (net.Conn, error) {
		return d.Dial("tcp", addr) // want `d.Dial ignores the incoming context, .*; use d.DialContext\(dctx, ...\)`
	}
}
