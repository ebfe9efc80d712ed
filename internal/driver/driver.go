// Package driver is timeoutlint's command: its own standalone driver for
// package patterns, and multichecker for go vet's protocol, help, -fix and
// -diff. The performance harness's floors (bench/cmd) run the same driver
// with other analyzers, so that their costs compare like with like. It is
// tested through the timeoutlint binary (cmd/timeoutlint).
package driver

import (
	"encoding/json"
	"flag"
	"go/types"
	"os"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/timeoutlint/timeoutlint/internal/directive"
)

// Main runs the command on os.Args with the given analyzers and exits.
func Main(all ...*analysis.Analyzer) {
	args := os.Args[1:]
	if standaloneRequested(args) || !multicheckerRequested(args) {
		os.Exit(runStandalone(args, all, os.Stdout, os.Stderr))
	}
	if cfg, ok := vetConfig(args); ok && vetxOnly(cfg) {
		// go vet runs the tool on a dependency only for the facts that
		// its importers read.
		directive.SetFactsOnly(func(*types.Package) bool { return true })
	}
	if !flagsRequested(args) {
		// Listed in -h and "timeoutlint help" only: when set, they never
		// reach multichecker. -flags (go vet's question) must not list them.
		flag.String(formatFlag, "", formatUsage)
		flag.String(newFromRevFlag, "", newFromRevUsage)
	}
	multichecker.Main(all...)
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
	if _, ok := vetConfig(args); ok {
		return true
	}
	for _, a := range args {
		if a == "help" {
			return true
		}
	}
	return false
}

// vetConfig returns the *.cfg file that go vet passes as the last
// argument.
func vetConfig(args []string) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	last := args[len(args)-1]
	return last, strings.HasSuffix(last, ".cfg") && !strings.HasPrefix(last, "-")
}

// vetxOnly reports whether the go vet configuration file asks for facts
// only (a dependency of the packages vetted). An unreadable file is left
// to unitchecker, which reports it.
func vetxOnly(cfg string) bool {
	data, err := os.ReadFile(cfg)
	if err != nil {
		return false
	}
	var c struct{ VetxOnly bool }
	return json.Unmarshal(data, &c) == nil && c.VetxOnly
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
