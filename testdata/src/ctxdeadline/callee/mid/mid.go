// Package mid calls helper: the fact travels through it.
package mid

import "ctxdeadline/callee/helper"

func Sync() error { // want Sync:"dropsDeadline\\(context.Background\\(\\) via helper.Load\\)"
	return helper.Refresh()
}

func Pure() error { return nil }
