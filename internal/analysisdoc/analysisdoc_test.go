package analysisdoc_test

import (
	"strings"
	"testing"

	"github.com/timeoutlint/timeoutlint/internal/analysisdoc"
)

const good = `// Package x is about x.
//
// # Analyzer foo
//
// foo: check that foo is bar
//
// Foo reports things.
//
//	before()
//
// # Analyzer baz
//
// baz: check baz
package x
`

func TestExtract(t *testing.T) {
	got, err := analysisdoc.Extract(good, "foo")
	if err != nil {
		t.Fatal(err)
	}
	want := "check that foo is bar\n\nFoo reports things.\n\n\tbefore()"
	if got != want {
		t.Errorf("Extract(foo) = %q, want %q", got, want)
	}
	got, err = analysisdoc.Extract(good, "baz")
	if err != nil || got != "check baz" {
		t.Errorf("Extract(baz) = %q, %v; want %q", got, err, "check baz")
	}
}

func TestExtractErrors(t *testing.T) {
	for _, tc := range []struct{ src, name, want string }{
		{good, "missing", "no \"# Analyzer missing\" section"},
		{"package x\n", "foo", "no package comment"},
		{"// # Analyzer foo\n//\n// summary without prefix\npackage x\n", "foo", "must start with"},
		{"/* Package x. */\npackage x\n", "foo", "block comments"},
		{"// # Analyzer foo\n", "foo", "no package clause"},
		{"// Package x.\n\npackage x\n", "foo", "no package comment"},
		{"import \"fmt\"\n", "foo", "before the package clause"},
	} {
		_, err := analysisdoc.Extract(tc.src, tc.name)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Extract(%q) error = %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

func TestMustExtractPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("MustExtract did not panic on a missing section")
		}
	}()
	analysisdoc.MustExtract(good, "missing")
}
