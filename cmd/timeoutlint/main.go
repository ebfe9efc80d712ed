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
// Without -format or -new-from-rev the command is multichecker: every
// standard flag (-json, -fix, -diff, -c, -test, -V, -flags, analyzer enable
// flags and -<analyzer>.<flag>) and go vet's -vettool protocol behave exactly
// as in golang.org/x/tools/go/analysis/multichecker.
//
// With -format or -new-from-rev, timeoutlint runs its own driver (the public
// golang.org/x/tools/go/analysis/checker API on packages loaded by go/packages)
// and writes findings as text, json, sarif, github or rdjson. These two flags
// are standalone-only: go vet does not forward them, and they are left out of
// the -flags list that go vet reads.
//
// Exit status: 0 no findings, 3 findings (in every -format; plain -json keeps
// multichecker's 0), 1 failure to load or analyze or a refused flag value,
// 2 a command line that cannot be parsed.
package main

import (
	"flag"
	"os"
	"regexp"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/timeoutlint/timeoutlint/analyzers"
)

func main() {
	args := os.Args[1:]
	if standaloneRequested(args) {
		os.Exit(runStandalone(args, analyzers.All, os.Stdout, os.Stderr))
	}
	if !flagsRequested(args) {
		// Listed in -h and "timeoutlint help" only: when set, they never
		// reach multichecker. -flags (go vet's question) must not list them.
		flag.String(formatFlag, "", formatUsage)
		flag.String(newFromRevFlag, "", newFromRevUsage)
	}
	multichecker.Main(analyzers.All...)
}

var (
	standaloneFlagRE = regexp.MustCompile(`^--?(` + formatFlag + `|` + newFromRevFlag + `)(=|$)`)
	flagsFlagRE      = regexp.MustCompile(`^--?flags(=|$)`)
)

// standaloneRequested reports whether args set -format or -new-from-rev.
// Package patterns never start with "-", so a plain scan up to "--" is enough,
// also when a flag with a separate value comes first ("-c 3 -format sarif").
func standaloneRequested(args []string) bool { return anyFlag(args, standaloneFlagRE) }

// flagsRequested reports whether args ask for the -flags JSON (go vet does).
func flagsRequested(args []string) bool { return anyFlag(args, flagsFlagRE) }

func anyFlag(args []string, re *regexp.Regexp) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if re.MatchString(a) {
			return true
		}
	}
	return false
}
