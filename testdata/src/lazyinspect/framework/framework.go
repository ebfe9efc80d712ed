// Package framework imports neither context nor net/http, but its handlers
// receive a framework type that implements context.Context: ctxdeadline
// must still walk it.
package framework // want "index built"

import "time"

// Context implements context.Context.
type Context struct{}

func (*Context) Deadline() (time.Time, bool) { return time.Time{}, false }
func (*Context) Done() <-chan struct{}       { return nil }
func (*Context) Err() error                  { return nil }
func (*Context) Value(any) any               { return nil }

func handle(c *Context) error { return c.Err() }
