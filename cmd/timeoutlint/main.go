// Command timeoutlint finds Go code that can wait forever, or longer than
// its caller is willing to wait.
//
// Usage:
//
//	timeoutlint [flags] <packages>
//	go vet -vettool=$(command -v timeoutlint) <packages>
//
// Run "timeoutlint help" for the list of analyzers and their flags.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/timeoutlint/timeoutlint/analyzers"
)

func main() { multichecker.Main(analyzers.All...) }
