// Package plugin registers the timeoutlint analyzers (analyzers.All) as one
// golangci-lint v2 module plugin named "timeoutlint".
//
// Build a golangci-lint with it through "golangci-lint custom" and a
// .custom-gcl.yml that imports this package, then enable the linter in
// .golangci.yml (docs/integrations.md has both files):
//
//	linters:
//	  enable: [timeoutlint]
//	  settings:
//	    custom:
//	      timeoutlint:
//	        type: module
//	        settings:
//	          disable: [grpcdeadline]
//	          nohttptimeout:
//	            max: 5m
//	          retrybudget:
//	            slack: 50ms
//	            unused-ignores: true
//
// The settings are the analyzers' own flags (those of "timeoutlint help
// NAME"), grouped under the analyzer's name, or written flat as
// "analyzer.flag: value"; "disable" lists analyzers not to run. A string,
// number or boolean value is given to the flag as text, a list is joined with
// commas (for list flags such as ctxdeadline's variants). A setting that names
// no analyzer, a flag the analyzer does not have, or a value the flag
// rejects is a configuration error, never silently ignored.
//
// Analyzers take options only through their Flags, which are package-level:
// New sets them for the whole process, as the flags of the timeoutlint
// command do. golangci-lint builds one plugin per process.
package plugin

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/analyzers"
)

// Name is the linter name the plugin registers, used in .golangci.yml and
// in //nolint:timeoutlint.
const Name = "timeoutlint"

func init() { register.Plugin(Name, New) }

// Settings is the plugin configuration, decoded from the linter's
// "settings" in .golangci.yml.
type Settings struct {
	// Disable lists analyzers not to run.
	Disable []string
	// Flags holds analyzer flag values: analyzer name → flag name → value,
	// in the form the flag's Set accepts.
	Flags map[string]map[string]string
}

// UnmarshalJSON decodes the settings object. Keys are "disable", an
// analyzer name (whose value is an object of flag: value), or
// "analyzer.flag"; any other key is an error.
func (s *Settings) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("settings must be a mapping: %w", err)
	}
	for _, key := range sortedKeys(raw) {
		val := raw[key]
		if key == "disable" {
			if err := json.Unmarshal(val, &s.Disable); err != nil {
				return fmt.Errorf("disable must be a list of analyzer names: %w", err)
			}
			continue
		}
		if name, flagName, ok := strings.Cut(key, "."); ok {
			v, err := flagValue(val)
			if err != nil {
				return fmt.Errorf("setting %q: %w", key, err)
			}
			if err := s.set(name, flagName, v); err != nil {
				return err
			}
			continue
		}
		if analyzer(key) == nil {
			return fmt.Errorf("unknown setting %q: want disable, an analyzer name (%s) or analyzer.flag", key, strings.Join(names(), ", "))
		}
		var flags map[string]json.RawMessage
		if err := json.Unmarshal(val, &flags); err != nil || flags == nil {
			return fmt.Errorf("setting %q must be a mapping of the analyzer's flags to values", key)
		}
		for _, flagName := range sortedKeys(flags) {
			v, err := flagValue(flags[flagName])
			if err != nil {
				return fmt.Errorf("setting %s.%s: %w", key, flagName, err)
			}
			if err := s.set(key, flagName, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// set records value for analyzer name's flag, which must exist.
func (s *Settings) set(name, flagName, value string) error {
	a := analyzer(name)
	if a == nil {
		return fmt.Errorf("unknown analyzer %q in setting %s.%s (analyzers: %s)", name, name, flagName, strings.Join(names(), ", "))
	}
	if a.Flags.Lookup(flagName) == nil {
		return fmt.Errorf("analyzer %s has no flag %q (flags: %s)", name, flagName, strings.Join(flagNames(a), ", "))
	}
	if _, dup := s.Flags[name][flagName]; dup {
		return fmt.Errorf("setting %s.%s given twice", name, flagName)
	}
	if s.Flags == nil {
		s.Flags = map[string]map[string]string{}
	}
	if s.Flags[name] == nil {
		s.Flags[name] = map[string]string{}
	}
	s.Flags[name][flagName] = value
	return nil
}

// flagValue renders a JSON scalar, or a list of scalars, as flag text.
func flagValue(raw json.RawMessage) (string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	if list, ok := v.([]any); ok {
		parts := make([]string, len(list))
		for i, e := range list {
			s, err := scalar(e)
			if err != nil {
				return "", fmt.Errorf("list element %d: %w", i, err)
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), nil
	}
	return scalar(v)
}

func scalar(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool, json.Number:
		return fmt.Sprint(v), nil
	case nil:
		return "", errors.New("value is empty")
	}
	return "", fmt.Errorf("value must be a string, number, boolean or list, not %T", v)
}

// Plugin is the golangci-lint plugin: the enabled analyzers, with their
// flags set.
type Plugin struct {
	analyzers []*analysis.Analyzer
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes and validates the settings, sets the analyzers' flags and
// returns the plugin. On error no flag is left changed.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, err
	}
	return NewFromSettings(s)
}

// NewFromSettings is New for already decoded settings.
func NewFromSettings(s Settings) (*Plugin, error) {
	for _, name := range s.Disable {
		if analyzer(name) == nil {
			return nil, fmt.Errorf("disable: unknown analyzer %q (analyzers: %s)", name, strings.Join(names(), ", "))
		}
	}
	for name, flags := range s.Flags {
		for flagName := range flags {
			if err := (&Settings{}).set(name, flagName, ""); err != nil {
				return nil, err
			}
		}
	}
	if err := setFlags(s.Flags); err != nil {
		return nil, err
	}
	p := &Plugin{}
	for _, a := range analyzers.All {
		if !slices.Contains(s.Disable, a.Name) {
			p.analyzers = append(p.analyzers, a)
		}
	}
	if len(p.analyzers) == 0 {
		return nil, errors.New("disable lists every analyzer: disable the timeoutlint linter instead")
	}
	return p, nil
}

// setFlags sets every flag, or, when one rejects its value, restores those
// already set and returns the error.
func setFlags(flags map[string]map[string]string) error {
	type saved struct {
		f   *flag.Flag
		old string
	}
	var done []saved
	for _, name := range sortedKeys(flags) {
		a := analyzer(name)
		for _, flagName := range sortedKeys(flags[name]) {
			f := a.Flags.Lookup(flagName)
			old := f.Value.String()
			if err := f.Value.Set(flags[name][flagName]); err != nil {
				// Some flag.Values change even when they reject a value
				// (the standard duration flag becomes 0).
				_ = f.Value.Set(old)
				for i := len(done) - 1; i >= 0; i-- {
					_ = done[i].f.Value.Set(done[i].old)
				}
				return fmt.Errorf("setting %s.%s: invalid value %q: %w", name, flagName, flags[name][flagName], err)
			}
			done = append(done, saved{f, old})
		}
	}
	return nil
}

// BuildAnalyzers returns the enabled analyzers.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return slices.Clone(p.analyzers), nil
}

// GetLoadMode reports that the analyzers need type information.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

func analyzer(name string) *analysis.Analyzer {
	for _, a := range analyzers.All {
		if a.Name == name {
			return a
		}
	}
	return nil
}

func names() []string {
	var ns []string
	for _, a := range analyzers.All {
		ns = append(ns, a.Name)
	}
	return ns
}

func flagNames(a *analysis.Analyzer) []string {
	var ns []string
	a.Flags.VisitAll(func(f *flag.Flag) { ns = append(ns, f.Name) })
	return ns
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
