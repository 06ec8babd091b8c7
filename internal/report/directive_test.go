package report

import (
	"slices"
	"strings"
	"testing"
)

func TestParseDirective(t *testing.T) {
	for _, tc := range []struct {
		text   string
		ok     bool
		names  []string
		reason string
	}{
		{"//commitlint:ignore ordering -- idempotent sink", true, []string{"ordering"}, "idempotent sink"},
		{"//commitlint:ignore ordering,autocommit -- why", true, []string{"ordering", "autocommit"}, "why"},
		{"//commitlint:ignore commit-before-process --   spaced  ", true, []string{"commit-before-process"}, "spaced"},
		{"//commitlint:ignore ordering", true, []string{"ordering"}, ""},
		{"//commitlint:ignore ordering // want `x`", true, []string{"ordering"}, ""},
		{"//commitlint:ignore", true, nil, ""},
		{"//commitlint:ignored ordering -- no", false, nil, ""},
		{"// commitlint:ignore ordering -- a space makes it prose", false, nil, ""},
		{"//nolint:commitlint", false, nil, ""},
	} {
		names, reason, ok := ParseDirective(tc.text)
		if ok != tc.ok || !slices.Equal(names, tc.names) || reason != tc.reason {
			t.Errorf("ParseDirective(%q) = %q, %q, %t; want %q, %q, %t", tc.text, names, reason, ok, tc.names, tc.reason, tc.ok)
		}
	}
}

func FuzzParseDirective(f *testing.F) {
	for _, s := range []string{
		"//commitlint:ignore ordering -- reason",
		"//commitlint:ignore a,b,,c -- -- x",
		"//commitlint:ignore\t-- ",
		"//commitlint:ignore ordering // want `x` -- y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		names, reason, ok := ParseDirective(text)
		if !ok {
			if names != nil || reason != "" {
				t.Fatalf("not a directive but names %q reason %q", names, reason)
			}
			return
		}
		if !strings.HasPrefix(text, directivePrefix) {
			t.Fatalf("accepted %q", text)
		}
		for _, n := range names {
			if n == "" || strings.ContainsAny(n, ", \t") {
				t.Fatalf("bad name %q from %q", n, text)
			}
		}
		if reason != strings.TrimSpace(reason) {
			t.Fatalf("untrimmed reason %q", reason)
		}
	})
}
