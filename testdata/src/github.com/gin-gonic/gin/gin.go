// Package gin is a minimal stub of github.com/gin-gonic/gin for the
// timeoutlint fixtures: a framework context that implements
// context.Context without its users importing context.
package gin

import (
	"net/http"
	"time"
)

// Context is the per-request context of a handler.
type Context struct {
	Request *http.Request
}

func (c *Context) Deadline() (deadline time.Time, ok bool) { return c.Request.Context().Deadline() }
func (c *Context) Done() <-chan struct{}                   { return c.Request.Context().Done() }
func (c *Context) Err() error                              { return c.Request.Context().Err() }
func (c *Context) Value(key any) any                       { return c.Request.Context().Value(key) }

// JSON writes a JSON response.
func (c *Context) JSON(code int, obj any) {}

// HandlerFunc is a gin handler.
type HandlerFunc func(*Context)
