// Package driver is timeoutlint's command: its own standalone driver for
// package patterns, and multichecker for go vet's protocol, help, -fix and
// -diff. The performance harness's floors (bench/cmd) run the same driver
// with other analyzers, so that their costs compare like with like. It is
// tested through the timeoutlint binary (cmd/timeoutlint).
//
// Both drivers tell the analyzers which packages they analyze only for
// their facts (directive.SetFactsOnly): go vet's VetxOnly packages, and the
// standalone driver's packages outside the patterns. Under go vet, which
// starts the command once per package, start-up is kept cheap (no regular
// expression or doc parsing at init, a statically linked binary) and the
// heap may reach 64 MB before its first collection (startingHeap).
package driver

import (
	"bytes"
	"flag"
	"go/types"
	"os"
	"slices"
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
	if cfg, ok := vetConfig(args); ok {
		startingHeap(vetStartingHeap)
		if vetxOnly(cfg) {
			// go vet runs the tool on a dependency only for the facts that
			// its importers read.
			directive.SetFactsOnly(func(*types.Package) bool { return true })
		}
	}
	if !flagsRequested(args) {
		// Listed in -h and "timeoutlint help" only: when set, they never
		// reach multichecker. -flags (go vet's question) must not list them.
		flag.String(formatFlag, "", formatUsage)
		flag.String(newFromRevFlag, "", newFromRevUsage)
	}
	multichecker.Main(all...)
}

// Flags decided on before any parsing: the standalone driver's own, go
// vet's question, and those that need multichecker. Matched without regular
// expressions, whose compilation would cost every go vet process.
var (
	standaloneFlags   = []string{formatFlag, newFromRevFlag}
	flagsFlags        = []string{"flags"}
	multicheckerFlags = []string{"V", "flags", "fix", "diff", "debug", "h", "help"}
)

// multicheckerRequested reports whether args need multichecker: go vet's
// protocol (one *.cfg argument, -V, -flags), help, fixes, -debug, or no
// argument at all (its usage message).
func multicheckerRequested(args []string) bool {
	if len(args) == 0 || anyFlag(args, multicheckerFlags) {
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
	// The go command writes the file with json.MarshalIndent and a tab:
	// the top-level field is looked for as written there, rather than by
	// decoding the whole file (its maps of imports are large). Were the
	// format to change, the package would be analyzed in full, which is
	// slower but finds the same facts.
	return bytes.Contains(data, []byte("\n\t\"VetxOnly\": true"))
}

// standaloneRequested reports whether args set -format or -new-from-rev.
// Package patterns never start with "-", so a plain scan up to "--" is enough,
// also when a flag with a separate value comes first ("-c 3 -format sarif").
func standaloneRequested(args []string) bool { return anyFlag(args, standaloneFlags) }

// flagsRequested reports whether args ask for the -flags JSON (go vet does).
func flagsRequested(args []string) bool { return anyFlag(args, flagsFlags) }

// anyFlag reports whether an argument before "--" sets one of the named
// flags: -name, --name, -name=value or --name=value.
func anyFlag(args, names []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name := strings.TrimPrefix(a[1:], "-")
		name, _, _ = strings.Cut(name, "=")
		if slices.Contains(names, name) {
			return true
		}
	}
	return false
}
