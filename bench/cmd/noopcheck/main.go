// Command noopcheck is the load floor of the performance harness: the same
// multichecker driver as timeoutlint, running one analyzer that does
// nothing. timeoutlint's cost above the floor is the cost of its analyses.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "do nothing, to measure the cost of loading packages",
	URL:  "https://github.com/timeoutlint/timeoutlint/tree/main/bench",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(noop) }
