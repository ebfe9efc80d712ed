// Package scope decides what "the analyzed code" is: the code whose
// functions the analyzers follow across packages through facts.
// Interprocedural reports stop there (DESIGN.md): they never go inside, nor
// through, the standard library or third-party modules.
//
// The analyzed code is given by import path prefixes: those a user names
// (ctxdeadline's -module flag), else the module of the package under
// analysis, else, in GOPATH mode, the first element of its import path.
package scope

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Prefixes is a set of import path prefixes. As a flag.Value it takes a
// comma-separated list and validates each element.
type Prefixes []string

func (ps Prefixes) String() string { return strings.Join(ps, ",") }

// Set parses a comma-separated list of import path prefixes.
func (ps *Prefixes) Set(s string) error {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		p = strings.TrimSuffix(strings.TrimSpace(p), "/")
		if p == "" {
			continue
		}
		if strings.ContainsAny(p, " \t\"()") {
			return fmt.Errorf("invalid import path prefix %q", p)
		}
		out = append(out, p)
	}
	*ps = out
	return nil
}

// Contains reports whether the import path is one of the prefixes or below one.
func (ps Prefixes) Contains(path string) bool {
	for _, p := range ps {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// Of returns the analyzed code for pass: override when it is set, else the
// module of the package under analysis, else the first element of its path.
func Of(pass *analysis.Pass, override Prefixes) Prefixes {
	if len(override) > 0 {
		return override
	}
	if pass.Module != nil && pass.Module.Path != "" {
		return Prefixes{pass.Module.Path}
	}
	first, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	return Prefixes{first}
}
