// Package analyzers lists every timeoutlint analyzer. The command, the
// golangci-lint plugin and the tests all take this one list.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/analyzers/ctxdeadline"
	"github.com/timeoutlint/timeoutlint/analyzers/grpcdeadline"
	"github.com/timeoutlint/timeoutlint/analyzers/nohttptimeout"
	"github.com/timeoutlint/timeoutlint/analyzers/retrybudget"
)

// All is the list of timeoutlint analyzers, in the order they are documented.
var All = []*analysis.Analyzer{
	nohttptimeout.Analyzer,
	ctxdeadline.Analyzer,
	retrybudget.Analyzer,
	grpcdeadline.Analyzer,
}
