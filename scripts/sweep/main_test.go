package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSummarise(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "c.go")
	if err := os.WriteFile(src, []byte("package c\n\nfunc f() {} // finding: fencing swallowed-commit-error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := markers(dir)
	if err != nil || len(want) != 1 {
		t.Fatalf("markers = %q, %v", want, err)
	}
	hit := `{"posn": "` + src + `:3:1", "category": "swallowed-commit-error", "message": "m"}`
	other := `{"posn": "/lib/x.go:10:2", "category": "auto-commit", "message": "lib"}`
	for _, tc := range []struct {
		name, tree string
		code       int
		out        string
	}{
		{"clean control", `{"c": {"fencing": [` + hit + `]}}`, 0, "control: the 1 expected findings"},
		{"finding listed", `{"c": {"fencing": [` + hit + `]}, "lib": {"autocommit": [` + other + `]}}`, 0, "/lib/x.go:10:2: lib [autocommit/auto-commit]"},
		{"internal error", `{"c": {"fencing": [` + hit + `]}, "lib": {"ordering": {"error": "internal error in commitlint's ordering analyzer"}}}`, 1, "FAIL analysis error: lib: ordering: internal error"},
		{"internal-error diagnostic", `{"c": {"fencing": [` + hit + `]}, "lib": {"hiwater": [{"posn": "/lib/y.go:1:1", "category": "internal-error", "message": "internal error in commitlint's hiwater analyzer while checking function f"}]}}`, 1, "FAIL analysis error: lib: hiwater: /lib/y.go:1:1: internal error"},
		{"control finding missing", `{}`, 1, "FAIL control findings"},
		{"control finding extra", `{"c": {"fencing": [` + hit + `], "ordering": [` + strings.Replace(hit, "swallowed-commit-error", "commit-before-process", 1) + `]}}`, 1, "FAIL control findings"},
		{"malformed", `[`, 1, "FAIL malformed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if code := summarise([]byte(tc.tree), dir, want, &b); code != tc.code {
				t.Errorf("exit %d, want %d\n%s", code, tc.code, b.String())
			}
			if !strings.Contains(b.String(), tc.out) {
				t.Errorf("output lacks %q:\n%s", tc.out, b.String())
			}
		})
	}
}
