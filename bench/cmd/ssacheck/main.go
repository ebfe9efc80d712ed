// Command ssacheck is the SSA floor of the performance harness: the same
// driver as timeoutlint (internal/driver), running one analyzer that only
// requires buildssa. It is what an analyzer suite that builds SSA for every
// function of every package pays before doing any work of its own.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/timeoutlint/timeoutlint/internal/driver"
)

var ssaOnly = &analysis.Analyzer{
	Name:     "ssaonly",
	Doc:      "build SSA for every function and do nothing else",
	URL:      "https://github.com/timeoutlint/timeoutlint/tree/main/bench",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { driver.Main(ssaOnly) }
