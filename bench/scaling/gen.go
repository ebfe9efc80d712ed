// Package scaling measures how the cost of each timeoutlint analyzer grows
// with the size of the analyzed package. Its benchmarks (scaling_test.go)
// generate packages of 1k, 5k and 20k functions with [Generate], load them
// once with go/packages, and time only checker.Analyze; the per-function
// cost must stay flat as the package grows.
package scaling

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// header is the start of every generated file. The blank uses keep every
// import used whatever templates the file holds.
const header = `// Code for the timeoutlint scaling benchmark. DO NOT EDIT by hand.

package scalegen

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"k8s.io/apimachinery/pkg/util/wait"
)

var (
	_ = errors.New
	_ = fmt.Sprint
	_ = io.EOF
	_ = log.Printf
	_ = strings.TrimSpace
	_ = exec.Command
	_ = (*sql.DB)(nil)
	_ = retry.Do
	_ = backoff.Retry
	_ = wait.Poll
	_ = insecure.NewCredentials
)
`

// common holds the declarations shared by all groups (file common.go).
const common = `// Code for the timeoutlint scaling benchmark. DO NOT EDIT by hand.

package scalegen

import (
	"context"

	"google.golang.org/grpc"
)

// EchoRequest and EchoReply are gRPC-shaped messages.
type EchoRequest struct{ Msg string }

type EchoReply struct{ Msg string }

// EchoClient is a gRPC-shaped client interface.
type EchoClient interface {
	Echo(ctx context.Context, in *EchoRequest, opts ...grpc.CallOption) (*EchoReply, error)
}
`

// groups is the code of one group: a mix of the patterns the analyzers
// look at, good and bad, in functions of realistic size. {{N}} is the group
// number and {{P}} the previous group's, so that groups call each other
// (helpers with facts, chains of calls across the package).
var group = []string{
	// HTTP client with a timeout, request with the incoming context.
	`func fetch{{N}}(ctx context.Context, url string) ([]byte, error) {
	c := &http.Client{Timeout: 5 * time.Second}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch {{N}}: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch {{N}}: status %d", resp.StatusCode)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 1<<20))
}`,
	// Client without a timeout (a finding), Transport set after construction.
	`func newClient{{N}}(tr http.RoundTripper, insecureOK bool) *http.Client {
	c := &http.Client{Transport: tr}
	if tr == nil {
		c.Transport = http.DefaultTransport
	}
	if insecureOK {
		c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
			if len(via) > 3 {
				return errors.New("too many redirects")
			}
			return nil
		}
	}
	return c
}`,
	// Server with a timeout set after construction, and http.ListenAndServe.
	`func serve{{N}}(addr string, h http.Handler, plain bool) error {
	mux := http.NewServeMux()
	mux.Handle("/api/{{N}}/", h)
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
	if plain {
		return http.ListenAndServe(addr, mux)
	}
	srv := &http.Server{Addr: addr, Handler: mux}
	srv.ReadHeaderTimeout = 5 * time.Second
	srv.IdleTimeout = time.Minute
	return srv.ListenAndServe()
}`,
	// Dialer with a timeout and a net.Dial fallback.
	`func dial{{N}}(ctx context.Context, addr string) (net.Conn, error) {
	d := net.Dialer{Timeout: 3 * time.Second, KeepAlive: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err == nil {
		return conn, nil
	}
	log.Printf("dial {{N}} %s: %v, retrying without context", addr, err)
	conn, err = net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	return conn, nil
}`,
	// Handler dropping the request context into a helper; the helper
	// calls the previous group's helpers.
	`func handle{{N}}(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimSpace(r.URL.Query().Get("id"))
	if id == "" {
		http.Error(w, "missing id", http.StatusBadRequest)
		return
	}
	data, err := lookup{{N}}(context.Background(), id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(data)
}`,
	`func lookup{{N}}(ctx context.Context, id string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := retry{{P}}(ctx, func(ctx context.Context) error {
		_, err := fetch{{P}}(ctx, "http://svc/items/"+id)
		return err
	}); err != nil {
		return nil, err
	}
	return fetch{{N}}(ctx, "http://svc/items/"+id)
}`,
	// A helper that creates its own root context (a callee-drops-deadline
	// target) and a caller with an incoming context.
	`func refresh{{N}}(url string) error {
	ctx := context.Background()
	_, err := fetch{{N}}(ctx, url)
	return err
}`,
	`func sync{{N}}(ctx context.Context, urls []string) error {
	for _, u := range urls {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := refresh{{N}}(u); err != nil {
			log.Printf("sync {{N}}: %v", err)
		}
	}
	return nil
}`,
	// WithTimeout on the incoming context, then DefaultClient.
	`func probe{{N}}(ctx context.Context, url string) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}`,
	// Retry loop with a sleep and a context check.
	`func retry{{N}}(ctx context.Context, op func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		log.Printf("attempt %d: %v", attempt, err)
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}`,
	// Poll loop with select on ctx.Done and a ticker.
	`func poll{{N}}(ctx context.Context, ready func() (bool, error)) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		ok, err := ready()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}`,
	// Unbounded retry with no context.
	`func reconnect{{N}}(addr string) net.Conn {
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			return c
		}
		log.Printf("reconnect {{N}} %s: %v", addr, err)
		time.Sleep(2 * time.Second)
	}
}`,
	// An uninterruptible sleep helper and a loop that uses it.
	`func pause{{N}}(d time.Duration) { time.Sleep(d) }`,
	`func drain{{N}}(ctx context.Context, queue chan string) int {
	n := 0
	for i := 0; i < 10; i++ {
		select {
		case item := <-queue:
			log.Printf("drain {{N}}: %s", item)
			n++
		default:
			pause{{N}}(50 * time.Millisecond)
		}
	}
	return n
}`,
	// Retry libraries.
	`func withBackoff{{N}}(ctx context.Context, op func() error) error {
	b := backoff.NewExponentialBackOff()
	if err := backoff.Retry(op, backoff.WithContext(b, ctx)); err == nil {
		return nil
	}
	if err := retry.Do(op, retry.Attempts(3), retry.Context(ctx)); err == nil {
		return nil
	}
	return wait.PollImmediate(time.Second, 10*time.Second, func() (bool, error) {
		return op() == nil, nil
	})
}`,
	// Databases and commands.
	`func count{{N}}(ctx context.Context, db *sql.DB, table string) (int, error) {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil {
		return 0, err
	}
	rows, err := db.Query("SELECT id FROM " + table + " LIMIT 1")
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	out, err := exec.CommandContext(ctx, "true").Output()
	if err != nil {
		return 0, err
	}
	return n + len(out), nil
}`,
	// gRPC-shaped client calls and a blocking dial.
	`type echoClient{{N}} interface {
	Echo(ctx context.Context, in *EchoRequest, opts ...grpc.CallOption) (*EchoReply, error)
}`,
	`func callEcho{{N}}(c echoClient{{N}}, msg string) (string, error) {
	resp, err := c.Echo(context.Background(), &EchoRequest{Msg: msg})
	if err != nil {
		return "", err
	}
	return resp.Msg, nil
}`,
	`func callEchoCtx{{N}}(ctx context.Context, c echoClient{{N}}, msg string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	resp, err := c.Echo(ctx, &EchoRequest{Msg: msg}, grpc.WaitForReady(true))
	if err != nil {
		return "", fmt.Errorf("echo {{N}}: %w", err)
	}
	return resp.Msg, nil
}`,
	`func connect{{N}}(target string, block bool) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	if block {
		return grpc.Dial(target, append(opts, grpc.WithBlock())...)
	}
	return grpc.NewClient(target, opts...)
}`,
	// Chains of helpers that run through the whole package, from each
	// group to the next, the last one creating a root context or making
	// an RPC: facts that propagate along them take as many steps as there
	// are groups (in the order that is worst for rounds over the package).
	`func reload{{N}}(url string, depth int) error {
	if depth <= 0 {
		return refresh{{N}}(url)
	}
	return {{RELOAD}}
}`,
	`func echoVia{{N}}(ctx context.Context, c EchoClient, hops int) (*EchoReply, error) {
	if hops <= 0 {
		log.Printf("echo via {{N}}")
	}
	return {{ECHO}}
}`,
	`func reloadAll{{N}}(ctx context.Context, c EchoClient, url string) error {
	if err := reload{{N}}(url, 3); err != nil {
		return err
	}
	_, err := echoVia{{N}}(ctx, c, 3)
	return err
}`,
	// Graceful shutdown after the context is done.
	`func run{{N}}(ctx context.Context, srv *http.Server) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}`,
}

// FuncsPerGroup is the number of functions in one group.
var FuncsPerGroup = func() int {
	n := 0
	for _, t := range group {
		if strings.HasPrefix(t, "func ") {
			n++
		}
	}
	return n
}()

// groupsPerFile is how many groups go in one file.
const groupsPerFile = 20

// Generate writes the package scalegen, of at least nfuncs functions, into
// dir (created if needed), and returns the number of functions written.
func Generate(dir string, nfuncs int) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "common.go"), []byte(common), 0o644); err != nil {
		return 0, err
	}
	groups := (nfuncs + FuncsPerGroup - 1) / FuncsPerGroup
	var b strings.Builder
	for g := 0; g < groups; g++ {
		if g%groupsPerFile == 0 {
			b.Reset()
			b.WriteString(header)
		}
		prev := g - 1
		if prev < 0 {
			prev = 0
		}
		reload, echo := "refresh{{N}}(url)", `c.Echo(ctx, &EchoRequest{Msg: "end"})`
		if g < groups-1 {
			reload, echo = "reload{{Q}}(url, depth-1)", "echoVia{{Q}}(ctx, c, hops-1)"
		}
		t0 := strings.NewReplacer("{{RELOAD}}", reload, "{{ECHO}}", echo)
		r := strings.NewReplacer("{{N}}", strconv.Itoa(g), "{{P}}", strconv.Itoa(prev), "{{Q}}", strconv.Itoa(g+1))
		for _, t := range group {
			b.WriteString("\n")
			b.WriteString(r.Replace(t0.Replace(t)))
			b.WriteString("\n")
		}
		if g%groupsPerFile == groupsPerFile-1 || g == groups-1 {
			name := filepath.Join(dir, fmt.Sprintf("gen%04d.go", g/groupsPerFile))
			if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
				return 0, err
			}
		}
	}
	return groups * FuncsPerGroup, nil
}
