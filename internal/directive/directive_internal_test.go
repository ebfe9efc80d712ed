package directive

import (
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		text    string
		isDir   bool
		names   []string
		reason  string
		problem bool
		owner   string
	}{
		{"// ordinary comment", false, nil, "", false, ""},
		{"//timeoutlint:ignored nohttptimeout x", false, nil, "", false, ""},
		{"//timeoutlint:ignore nohttptimeout slow probe is supervised", true, []string{"nohttptimeout"}, "slow probe is supervised", false, "nohttptimeout"},
		{"//timeoutlint:ignore ctxdeadline,retrybudget detached on purpose", true, []string{"ctxdeadline", "retrybudget"}, "detached on purpose", false, "ctxdeadline"},
		{"//timeoutlint:ignore grpcdeadline // nolint-style reason", true, []string{"grpcdeadline"}, "nolint-style reason", false, "grpcdeadline"},
		{"//timeoutlint:ignore nohttptimeout", true, []string{"nohttptimeout"}, "", true, "nohttptimeout"},
		{"//timeoutlint:ignore", true, nil, "", true, fallbackReporter},
		{"//timeoutlint:ignore typo,retrybudget a reason", true, []string{"typo", "retrybudget"}, "a reason", true, "retrybudget"},
		{"//timeoutlint:ignore typo a reason", true, []string{"typo"}, "a reason", true, fallbackReporter},
	} {
		d := parse(tc.text)
		if (d != nil) != tc.isDir {
			t.Errorf("parse(%q) directive = %v, want %v", tc.text, d != nil, tc.isDir)
			continue
		}
		if d == nil {
			continue
		}
		if !slices.Equal(d.Names, tc.names) || d.Reason != tc.reason || (d.Problem != "") != tc.problem || d.owner != tc.owner {
			t.Errorf("parse(%q) = names %q reason %q problem %q owner %q; want %q %q problem=%v owner %q",
				tc.text, d.Names, d.Reason, d.Problem, d.owner, tc.names, tc.reason, tc.problem, tc.owner)
		}
	}
}
