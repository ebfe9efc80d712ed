// Package runonce: one-time initializers may use a root context (their
// work is shared by every later caller, so no caller's deadline may bound
// it); functions that merely call them do not drop a deadline.
package runonce

import (
	"context"
	"sync"
)

func unpack(ctx context.Context, name string) error { return ctx.Err() }

var initDone bool

// Init runs its body once: the guard flag is checked, then set.
func Init() {
	if initDone {
		return
	}
	initDone = true
	_ = unpack(context.Background(), "snapshot")
}

// Enabled reaches Init through a getter chain.
func Enabled() bool {
	Init()
	return initDone
}

type loader struct {
	mu     sync.Mutex
	loaded bool
	err    error
}

// load is a run-once method guarded by a field, under a lock.
func (l *loader) load() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.loaded {
		return l.err
	}
	l.loaded = true
	l.err = unpack(context.TODO(), "index")
	return l.err
}

var once sync.Once

func warm() {
	once.Do(func() { _ = unpack(context.Background(), "cache") })
}

// Near-identical, not run once: the flag is checked but never set, so each
// call does the work with a root context.
var checked bool

func Reload() { // want Reload:"dropsDeadline"
	if checked {
		return
	}
	_ = unpack(context.Background(), "snapshot")
}

func Handle(ctx context.Context, l *loader) error {
	if !Enabled() {
		return nil
	}
	warm()
	Reload() // want `Reload creates context.Background\(\)`
	return l.load()
}

type env struct {
	resolver    *resolver
	resolverErr error
}

type resolver struct{}

func newResolver() (*resolver, error) { // want newResolver:"dropsDeadline"
	return &resolver{}, unpack(context.TODO(), "modcache")
}

// Resolver builds its resolver once and caches it in a field (memoized).
func (e *env) Resolver() (*resolver, error) {
	if e.resolver == nil && e.resolverErr == nil {
		e.resolver, e.resolverErr = newResolver()
	}
	return e.resolver, e.resolverErr
}

var shared *resolver

// Shared caches in a package variable.
func Shared() *resolver {
	if shared == nil {
		shared, _ = newResolver()
	}
	return shared
}

// Near-identical bad case: the nil test is on a local, nothing is cached.
func Fresh() *resolver { // want Fresh:"dropsDeadline"
	var r *resolver
	if r == nil {
		r, _ = newResolver()
	}
	return r
}

func Lookup(ctx context.Context, e *env) error {
	_, err := e.Resolver()
	_ = Shared()
	_ = Fresh() // want `Fresh reaches runonce.newResolver, which creates context.TODO\(\)`
	return err
}
