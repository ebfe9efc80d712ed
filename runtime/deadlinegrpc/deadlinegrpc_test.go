package deadlinegrpc_test

import (
	"context"
	"errors"
	"net"
	"runtime"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
	"github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc"
)

// observer records, from inside the server just before the real health
// handler runs, how much time the call had. It runs after the interceptor
// under test, so it sees what the handler sees.
type observer struct {
	mu     sync.Mutex
	calls  int
	budget time.Duration
	has    bool
	events []deadline.Event
}

func (o *observer) unary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	o.record(ctx)
	return handler(ctx, req)
}

func (o *observer) stream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	o.record(ss.Context())
	return handler(srv, ss)
}

func (o *observer) record(ctx context.Context) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls++
	o.budget, o.has = deadline.Remaining(ctx)
}

func (o *observer) hook(_ context.Context, e deadline.Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.events = append(o.events, e)
}

func (o *observer) snapshot() (calls int, budget time.Duration, has bool, events []deadline.Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.calls, o.budget, o.has, append([]deadline.Event(nil), o.events...)
}

// start serves the real health service over bufconn, with the given
// interceptors in front of obs, and returns a health client dialed with
// dialOpts. Everything is torn down, and checked for leaked goroutines, at
// the end of the test.
func start(t *testing.T, obs *observer, unary []grpc.UnaryServerInterceptor, streamIcs []grpc.StreamServerInterceptor, dialOpts ...grpc.DialOption) healthpb.HealthClient {
	t.Helper()
	before := runtime.NumGoroutine()
	lis := bufconn.Listen(1 << 16)
	srv := grpc.NewServer(
		grpc.ChainUnaryInterceptor(append(unary, obs.unary)...),
		grpc.ChainStreamInterceptor(append(streamIcs, obs.stream)...),
	)
	healthpb.RegisterHealthServer(srv, health.NewServer())
	go srv.Serve(lis)

	dialOpts = append(dialOpts,
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	conn, err := grpc.NewClient("passthrough:///bufnet", dialOpts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		srv.Stop()
		for range 100 {
			if runtime.NumGoroutine() <= before {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Errorf("goroutines: %d before, %d after", before, runtime.NumGoroutine())
	})
	return healthpb.NewHealthClient(conn)
}

// check calls Health.Check with a context that has the given timeout (0:
// no deadline) and returns the error.
func check(t *testing.T, c healthpb.HealthClient, timeout time.Duration) error {
	t.Helper()
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	resp, err := c.Check(ctx, &healthpb.HealthCheckRequest{})
	if err == nil && resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("health status %v", resp.GetStatus())
	}
	return err
}

func TestClientInterceptor(t *testing.T) {
	tests := []struct {
		name     string
		timeout  time.Duration // the caller's (0: none)
		min, max time.Duration // of the budget the server sees
	}{
		{"no deadline gets the default", 0, time.Second, 2 * time.Second},
		{"earlier deadline left alone", 300 * time.Millisecond, 0, 300 * time.Millisecond},
		{"later deadline left alone", time.Hour, 59 * time.Minute, time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var obs observer
			c := start(t, &obs, nil, nil,
				grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(2*time.Second, deadlinegrpc.WithHook(obs.hook))))
			if err := check(t, c, tt.timeout); err != nil {
				t.Fatal(err)
			}
			calls, budget, has, events := obs.snapshot()
			if calls != 1 || !has || budget <= tt.min || budget > tt.max {
				t.Errorf("server saw %d calls, budget %v (deadline %v); want in (%v, %v]", calls, budget, has, tt.min, tt.max)
			}
			wantEvents := 0
			if tt.timeout == 0 {
				wantEvents = 1
			}
			if len(events) != wantEvents || (wantEvents == 1 && (events[0].Kind != deadline.DefaultApplied || events[0].Operation != healthpb.Health_Check_FullMethodName)) {
				t.Errorf("events %+v", events)
			}
		})
	}
}

func TestClientInterceptorZeroTimeoutIsBounded(t *testing.T) {
	var obs observer
	c := start(t, &obs, nil, nil, grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(0)))
	if err := check(t, c, 0); err != nil {
		t.Fatal(err)
	}
	if _, budget, has, _ := obs.snapshot(); !has || budget > deadlinegrpc.DefaultTimeout || budget < deadlinegrpc.DefaultTimeout-time.Second {
		t.Errorf("budget %v (deadline %v), want about %v", budget, has, deadlinegrpc.DefaultTimeout)
	}
}

func TestServerInterceptor(t *testing.T) {
	trustAll := []deadlinegrpc.Option{deadlinegrpc.WithTrust(deadlinegrpc.TrustAll)}
	policy := deadline.ServerPolicy{Max: time.Second, Default: 500 * time.Millisecond, Dependency: "health"}
	tests := []struct {
		name     string
		opts     []deadlinegrpc.Option
		timeout  time.Duration // the caller's (0: none)
		min, max time.Duration // of the budget the handler sees
		kind     deadline.Kind
		err      error
	}{
		{"far deadline clamped to Max", trustAll, time.Hour, 900 * time.Millisecond, time.Second, deadline.HeaderClamped, nil},
		{"deadline within policy kept", trustAll, 700 * time.Millisecond, 600 * time.Millisecond, 700 * time.Millisecond, deadline.KindUnknown, nil},
		{"no deadline gets Default", trustAll, 0, 400 * time.Millisecond, 500 * time.Millisecond, deadline.DefaultApplied, nil},
		{"untrusted gets Default", nil, time.Hour, 400 * time.Millisecond, 500 * time.Millisecond, deadline.DefaultApplied, deadline.ErrUntrusted},
		{"untrusted cannot extend its own deadline", nil, 200 * time.Millisecond, 100 * time.Millisecond, 200 * time.Millisecond, deadline.DefaultApplied, deadline.ErrUntrusted},
		{"bufconn peer is not a private network", []deadlinegrpc.Option{deadlinegrpc.WithTrust(deadlinegrpc.TrustPrivateNetwork)}, time.Hour, 400 * time.Millisecond, 500 * time.Millisecond, deadline.DefaultApplied, deadline.ErrUntrusted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var obs observer
			opts := append([]deadlinegrpc.Option{deadlinegrpc.WithHook(obs.hook)}, tt.opts...)
			c := start(t, &obs, []grpc.UnaryServerInterceptor{deadlinegrpc.UnaryServerInterceptor(policy, opts...)}, nil)
			if err := check(t, c, tt.timeout); err != nil {
				t.Fatal(err)
			}
			calls, budget, has, events := obs.snapshot()
			if calls != 1 || !has || budget <= tt.min || budget > tt.max {
				t.Errorf("handler saw %d calls, budget %v (deadline %v); want in (%v, %v]", calls, budget, has, tt.min, tt.max)
			}
			var kinds []deadline.Kind
			for _, e := range events {
				kinds = append(kinds, e.Kind)
			}
			if tt.kind == deadline.KindUnknown {
				if len(events) != 0 {
					t.Errorf("events %v, want none", kinds)
				}
				return
			}
			if len(events) != 1 || events[0].Kind != tt.kind || !errors.Is(events[0].Err, tt.err) || (tt.err == nil && events[0].Err != nil) {
				t.Fatalf("events %+v, want one %v with error %v", events, tt.kind, tt.err)
			}
			if e := events[0]; e.Dependency != "health" || e.Operation != healthpb.Health_Check_FullMethodName {
				t.Errorf("event named %q %q", e.Dependency, e.Operation)
			}
		})
	}
}

func TestServerInterceptorZeroPolicyIsBounded(t *testing.T) {
	var obs observer
	c := start(t, &obs, []grpc.UnaryServerInterceptor{deadlinegrpc.UnaryServerInterceptor(deadline.ServerPolicy{}, deadlinegrpc.WithTrust(deadlinegrpc.TrustAll))}, nil)
	for _, timeout := range []time.Duration{0, 24 * time.Hour} {
		if err := check(t, c, timeout); err != nil {
			t.Fatal(err)
		}
		if _, budget, has, _ := obs.snapshot(); !has || budget > deadline.DefaultMax {
			t.Errorf("caller timeout %v: handler budget %v (deadline %v), want at most %v", timeout, budget, has, deadline.DefaultMax)
		}
	}
}

func TestServerInterceptorRejectsExpired(t *testing.T) {
	// The caller has 5s, but the server keeps 10s back for the reply: no
	// budget is left, so the call must fail at once without running.
	var obs observer
	p := deadline.ServerPolicy{Offset: 10 * time.Second, Hook: obs.hook}
	c := start(t, &obs, []grpc.UnaryServerInterceptor{deadlinegrpc.UnaryServerInterceptor(p, deadlinegrpc.WithTrust(deadlinegrpc.TrustAll))}, nil)
	begin := time.Now()
	err := check(t, c, 5*time.Second)
	if status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("err = %v, want DeadlineExceeded", err)
	}
	if el := time.Since(begin); el > time.Second {
		t.Errorf("rejection took %v", el)
	}
	calls, _, _, events := obs.snapshot()
	if calls != 0 {
		t.Errorf("handler ran %d times", calls)
	}
	if len(events) != 1 || events[0].Kind != deadline.HeaderExpired || !errors.Is(events[0].Err, deadline.ErrExpired) {
		t.Errorf("events %+v, want one HeaderExpired", events)
	}
}

func TestServerInterceptorShadow(t *testing.T) {
	var obs observer
	p := deadline.ServerPolicy{Offset: 10 * time.Second, Shadow: true, Default: 2 * time.Second, Hook: obs.hook}
	c := start(t, &obs, []grpc.UnaryServerInterceptor{deadlinegrpc.UnaryServerInterceptor(p, deadlinegrpc.WithTrust(deadlinegrpc.TrustAll))}, nil)
	if err := check(t, c, 5*time.Second); err != nil {
		t.Fatalf("shadow mode: err = %v, want the call served", err)
	}
	calls, budget, _, events := obs.snapshot()
	if calls != 1 || budget > 2*time.Second {
		t.Errorf("handler ran %d times with budget %v, want once with Default", calls, budget)
	}
	if len(events) != 1 || events[0].Kind != deadline.HeaderExpired {
		t.Errorf("events %+v, want one HeaderExpired", events)
	}
}

// TestStreamServerInterceptor bounds the real health Watch stream, which
// otherwise never ends.
func TestStreamServerInterceptor(t *testing.T) {
	var obs observer
	p := deadline.ServerPolicy{Default: 200 * time.Millisecond}
	c := start(t, &obs, nil, []grpc.StreamServerInterceptor{deadlinegrpc.StreamServerInterceptor(p)}) // trusts nobody
	begin := time.Now()
	// The caller's own 5s limit only keeps a regression from hanging the test.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	w, err := c.Watch(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = w.Recv()
	}
	// The health service reports its context's end as Canceled.
	if code := status.Code(err); code != codes.DeadlineExceeded && code != codes.Canceled {
		t.Errorf("watch ended with %v, want the stream's context done", err)
	}
	if el := time.Since(begin); el > 2*time.Second {
		t.Errorf("watch lasted %v, Default is 200ms", el)
	}
	if _, budget, has, _ := obs.snapshot(); !has || budget > 200*time.Millisecond {
		t.Errorf("stream context budget %v (deadline %v), want ≤ 200ms", budget, has)
	}
}
