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
// go vet's -vettool protocol (a *.cfg argument, -V, -flags), "help", -fix
// and -diff are multichecker's: with them the
// command is golang.org/x/tools/go/analysis/multichecker. -format and
// -new-from-rev are standalone-only: go vet does not forward them, and they
// are left out of the -flags list that go vet reads.
//
// Exit status: 0 no findings, 3 findings (in every -format; plain -json keeps
// multichecker's 0), 1 failure to load or analyze or a refused flag value,
// 2 a command line that cannot be parsed.
package main

import (
	"flag"
	"os"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/timeoutlint/timeoutlint/analyzers"
)

func main() {
	args := os.Args[1:]
	if standaloneRequested(args) || !multicheckerRequested(args) {
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
	standaloneFlagRE   = regexp.MustCompile(`^--?(` + formatFlag + `|` + newFromRevFlag + `)(=|$)`)
	flagsFlagRE        = regexp.MustCompile(`^--?flags(=|$)`)
	multicheckerFlagRE = regexp.MustCompile(`^--?(V|flags|fix|diff|debug|h|help)(=|$)`)
)

// multicheckerRequested reports whether args need multichecker: go vet's
// protocol (one *.cfg argument, -V, -flags), help, fixes, -debug, or no
// argument at all (its usage message).
func multicheckerRequested(args []string) bool {
	if len(args) == 0 || anyFlag(args, multicheckerFlagRE) {
		return true
	}
	last := args[len(args)-1]
	if strings.HasSuffix(last, ".cfg") && len(args) >= 1 && !strings.HasPrefix(last, "-") {
		return true
	}
	for _, a := range args {
		if a == "help" {
			return true
		}
	}
	return false
}

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
