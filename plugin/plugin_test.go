package plugin_test

import (
	"encoding/json"
	"flag"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/analyzers"
	"github.com/timeoutlint/timeoutlint/plugin"
)

// keepFlags restores every analyzer flag after the test: New sets them for
// the whole process.
func keepFlags(t *testing.T) {
	t.Helper()
	old := map[*flag.Flag]string{}
	for _, a := range analyzers.All {
		a.Flags.VisitAll(func(f *flag.Flag) { old[f] = f.Value.String() })
	}
	t.Cleanup(func() {
		for f, v := range old {
			if err := f.Value.Set(v); err != nil {
				t.Errorf("restoring -%s: %v", f.Name, err)
			}
		}
	})
}

// conf returns the settings as golangci-lint hands them over: decoded YAML,
// here from JSON.
func conf(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func flagValue(t *testing.T, analyzer, name string) string {
	t.Helper()
	for _, a := range analyzers.All {
		if a.Name == analyzer {
			return a.Flags.Lookup(name).Value.String()
		}
	}
	t.Fatalf("no analyzer %s", analyzer)
	return ""
}

func names(as []*analysis.Analyzer) []string {
	var ns []string
	for _, a := range as {
		ns = append(ns, a.Name)
	}
	return ns
}

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("timeoutlint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(names(as), ","), strings.Join(names(analyzers.All), ","); got != want {
		t.Errorf("analyzers = %s, want all: %s", got, want)
	}
	if err := analysis.Validate(as); err != nil {
		t.Error(err)
	}
}

func TestSettings(t *testing.T) {
	for _, tc := range []struct {
		name, conf string
		want       map[string]string // "analyzer.flag" → value after New
		disabled   []string
	}{
		{name: "empty", conf: `{}`},
		{name: "null", conf: `null`},
		{
			name: "nested",
			conf: `{"nohttptimeout": {"max": "5m", "unused-ignores": true}, "retrybudget": {"slack": "50ms"}}`,
			want: map[string]string{"nohttptimeout.max": "5m0s", "nohttptimeout.unused-ignores": "true", "retrybudget.slack": "50ms"},
		},
		{
			name: "flat",
			conf: `{"nohttptimeout.default": "3s", "retrybudget.tests": true}`,
			want: map[string]string{"nohttptimeout.default": "3s", "retrybudget.tests": "true"},
		},
		{
			name:     "disable",
			conf:     `{"disable": ["retrybudget"]}`,
			disabled: []string{"retrybudget"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keepFlags(t)
			p, err := plugin.New(conf(t, tc.conf))
			if err != nil {
				t.Fatal(err)
			}
			for key, want := range tc.want {
				a, f, _ := strings.Cut(key, ".")
				if got := flagValue(t, a, f); got != want {
					t.Errorf("-%s = %q, want %q", key, got, want)
				}
			}
			as, err := p.BuildAnalyzers()
			if err != nil {
				t.Fatal(err)
			}
			got := names(as)
			for _, a := range analyzers.All {
				on := strings.Contains(","+strings.Join(got, ",")+",", ","+a.Name+",")
				off := strings.Contains(","+strings.Join(tc.disabled, ",")+",", ","+a.Name+",")
				if on == off {
					t.Errorf("analyzer %s: enabled=%v, want %v (got %v)", a.Name, on, !off, got)
				}
			}
		})
	}
}

func TestSettingsListValue(t *testing.T) {
	// A list is joined with commas for list-valued flags; find one among the
	// analyzers' flags (a flag.Value that is not a standard scalar).
	keepFlags(t)
	for _, a := range analyzers.All {
		var list *flag.Flag
		a.Flags.VisitAll(func(f *flag.Flag) {
			if list == nil && strings.Contains(f.Usage, "comma-separated") {
				list = f
			}
		})
		if list == nil {
			continue
		}
		if _, err := plugin.New(map[string]any{a.Name: map[string]any{list.Name: []any{}}}); err != nil {
			t.Errorf("%s.%s: empty list: %v", a.Name, list.Name, err)
		}
		return
	}
	t.Skip("no analyzer in analyzers.All has a comma-separated list flag yet")
}

func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		name, conf, want string
	}{
		{"misspelled analyzer", `{"nohttptimeut": {"max": "5m"}}`, `unknown setting "nohttptimeut"`},
		{"misspelled setting", `{"disabled": ["retrybudget"]}`, `unknown setting "disabled"`},
		{"misspelled flag", `{"nohttptimeout": {"maxx": "5m"}}`, `analyzer nohttptimeout has no flag "maxx"`},
		{"misspelled flat flag", `{"retrybudget.slak": "5ms"}`, `analyzer retrybudget has no flag "slak"`},
		{"flat unknown analyzer", `{"nope.max": "5m"}`, `unknown analyzer "nope"`},
		{"bad duration", `{"nohttptimeout": {"max": "five minutes"}}`, `setting nohttptimeout.max: invalid value "five minutes"`},
		{"duration without unit", `{"retrybudget": {"slack": 50}}`, `setting retrybudget.slack: invalid value "50"`},
		{"bad bool", `{"nohttptimeout": {"unused-ignores": "sometimes"}}`, `setting nohttptimeout.unused-ignores: invalid value "sometimes"`},
		{"object value", `{"nohttptimeout": {"max": {"m": 5}}}`, `must be a string, number, boolean or list`},
		{"null value", `{"nohttptimeout": {"max": null}}`, `value is empty`},
		{"analyzer not a mapping", `{"nohttptimeout": "5m"}`, `setting "nohttptimeout" must be a mapping`},
		{"given twice", `{"nohttptimeout": {"max": "5m"}, "nohttptimeout.max": "6m"}`, `given twice`},
		{"disable unknown", `{"disable": ["grpcdeadlin"]}`, `disable: unknown analyzer "grpcdeadlin"`},
		{"disable not a list", `{"disable": "retrybudget"}`, `disable must be a list`},
		{"settings not a mapping", `["nohttptimeout"]`, `settings must be a mapping`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keepFlags(t)
			before := flagValue(t, "nohttptimeout", "max")
			_, err := plugin.New(conf(t, tc.conf))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New(%s) error = %v, want one containing %q", tc.conf, err, tc.want)
			}
			if after := flagValue(t, "nohttptimeout", "max"); after != before {
				t.Errorf("-nohttptimeout.max changed by a failed New: %q → %q", before, after)
			}
		})
	}
}

func TestSettingsErrorRestoresFlags(t *testing.T) {
	// nohttptimeout.max sorts before retrybudget.slack: it is set, then
	// restored when slack is rejected.
	keepFlags(t)
	before := flagValue(t, "nohttptimeout", "max")
	_, err := plugin.New(conf(t, `{"nohttptimeout": {"max": "1h"}, "retrybudget": {"slack": "soon"}}`))
	if err == nil {
		t.Fatal("New accepted slack: soon")
	}
	if after := flagValue(t, "nohttptimeout", "max"); after != before {
		t.Errorf("-nohttptimeout.max = %q after a failed New, want %q", after, before)
	}
}

func TestDisableAll(t *testing.T) {
	var all []any
	for _, a := range analyzers.All {
		all = append(all, a.Name)
	}
	if _, err := plugin.New(map[string]any{"disable": all}); err == nil || !strings.Contains(err.Error(), "every analyzer") {
		t.Errorf("New(disable all) error = %v, want one about disabling every analyzer", err)
	}
}
