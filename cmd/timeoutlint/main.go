// Command timeoutlint finds Go code that can wait forever, or longer than
// its caller is willing to wait.
//
// Usage:
//
//	timeoutlint [flags] <packages>
//	go vet -vettool=$(command -v timeoutlint) <packages>
//
// Run "timeoutlint help" for the list of analyzers and their flags.
//
// timeoutlint runs its own driver (the public
// golang.org/x/tools/go/analysis/checker API on packages loaded by
// go/packages): it accepts multichecker's flags (-json, -c, -test, analyzer
// enable flags and -<analyzer>.<flag>) and adds -format text|json|sarif|
// github|rdjson and -new-from-rev. It analyzes the requested packages and
// the packages of their modules they import from source, and reads
// everything else from export data: the analyses stop at the analyzed code,
// so there is no need to type-check the standard library and third-party
// modules from source as multichecker does for analyzers with facts.
//
// Test packages are loaded only when an analyzer reports in _test.go files
// (its -tests flag): by default none does, so none is type-checked.
// -cpuprofile, -memprofile and -trace profile this driver.
//
// go vet's -vettool protocol (a *.cfg argument, -V, -flags), "help", -fix
// and -diff are multichecker's: with them the command is
// golang.org/x/tools/go/analysis/multichecker (internal/driver). -format and
// -new-from-rev are standalone-only: go vet does not forward them, and they
// are left out of the -flags list that go vet reads.
//
// Exit status: 0 no findings, 3 findings (in every -format; plain -json keeps
// multichecker's 0), 1 failure to load or analyze or a refused flag value,
// 2 a command line that cannot be parsed.
package main

import (
	"github.com/timeoutlint/timeoutlint/analyzers"
	"github.com/timeoutlint/timeoutlint/internal/driver"
)

func main() { driver.Main(analyzers.All...) }
