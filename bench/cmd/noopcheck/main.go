// Command noopcheck is the load floor of the performance harness: the same
// driver as timeoutlint (internal/driver), running one analyzer that does
// nothing. timeoutlint's cost above the floor is the cost of its analyses.
package main

import (
	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/internal/driver"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "do nothing, to measure the cost of loading packages",
	URL:  "https://github.com/timeoutlint/timeoutlint/tree/main/bench",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

// seed is ignored; the harness varies it to make go vet re-run the tool on
// every package (vet's result cache is keyed by the tool's flags).
var seed string

func init() {
	noop.Flags.StringVar(&seed, "seed", "", "ignored; varied by the harness to bypass vet's result cache")
}

func main() { driver.Main(noop) }
