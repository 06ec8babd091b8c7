package main_test

// Bad input in every front end (issue #8): unknown flags, bad analyzer flag
// values, bad patterns, a missing module, a directory without go.mod and a
// package that does not type-check each give a clear error on stderr and a
// non-zero exit status, never a panic, in the text (multichecker), -json,
// -format=sarif, -format=github and go vet -vettool modes.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// modes are the front ends: how a run with extra flags and patterns is
// spelt in each.
var modes = []struct {
	name string
	argv func(flags, patterns []string) (string, []string)
}{
	{"text", func(f, p []string) (string, []string) { return binary, append(f, p...) }},
	{"json", func(f, p []string) (string, []string) { return binary, append(append([]string{"-json"}, f...), p...) }},
	{"sarif", func(f, p []string) (string, []string) {
		return binary, append(append([]string{"-format=sarif"}, f...), p...)
	}},
	{"github", func(f, p []string) (string, []string) {
		return binary, append(append([]string{"-format=github"}, f...), p...)
	}},
	{"vet", func(f, p []string) (string, []string) {
		return "go", append(append([]string{"vet", "-vettool=" + binary}, f...), p...)
	}},
}

// writeModule writes files (name → content) under a new temporary
// directory and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBadInputEveryMode(t *testing.T) {
	noMod := writeModule(t, map[string]string{"x.go": "package x\n"})
	typeErr := writeModule(t, map[string]string{
		"go.mod": "module example.com/broken\n\ngo 1.26.0\n",
		"x.go":   "package broken\n\nfunc f() int { return undefinedName }\n",
	})
	for _, tc := range []struct {
		name     string
		dir      string
		flags    []string
		patterns []string
		code     int    // 0: any non-zero status
		msg      string // on stderr
		vetMsg   string // on stderr under go vet, if not msg
	}{
		{"unknown flag", examples, []string{"-nosuchflag"}, []string{"./sarama/txncommit"}, 2, "flag provided but not defined: -nosuchflag", ""},
		{"bad analyzer flag value", examples, []string{"-autocommit.strict=maybe"}, []string{"./sarama/txncommit"}, 2, `invalid boolean value "maybe" for -autocommit.strict`, ""},
		{"bad analyzer enable value", examples, []string{"-ordering=sometimes"}, []string{"./sarama/txncommit"}, 2, `invalid boolean value "sometimes" for -ordering`, ""},
		{"bad pattern", examples, nil, []string{"./nosuchdir/..."}, 1, "nosuchdir", ""},
		{"missing module", examples, nil, []string{"github.com/nosuch/module/pkg"}, 1, "no required module provides package github.com/nosuch/module/pkg", ""},
		{"no go.mod", noMod, nil, []string{"./..."}, 1, "commitlint: no go.mod found in " + noMod + " or any parent directory (run inside a module or pass -C)", "does not contain main module"},
		{"type error", typeErr, nil, []string{"./..."}, 1, "undefined: undefinedName", ""},
	} {
		for _, m := range modes {
			t.Run(tc.name+"/"+m.name, func(t *testing.T) {
				t.Parallel()
				name, args := m.argv(tc.flags, tc.patterns)
				_, stderr, code := command(t, tc.dir, name, args...)
				if code != tc.code {
					t.Errorf("%s %s: exit code %d, want %d\n%s", name, strings.Join(args, " "), code, tc.code, stderr)
				}
				msg := tc.msg
				if m.name == "vet" && tc.vetMsg != "" {
					msg = tc.vetMsg
				}
				if !strings.Contains(stderr, msg) {
					t.Errorf("%s %s: stderr does not mention %q:\n%s", name, strings.Join(args, " "), msg, stderr)
				}
				if strings.Contains(stderr, "panic:") || strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "internal error") {
					t.Errorf("%s %s: crashed:\n%s", name, strings.Join(args, " "), stderr)
				}
				if m.name == "vet" {
					return // the go command's own output
				}
				// One line per problem (the go command's hints indented
				// below it): no usage text, no analyzer the user never
				// named, each error once.
				if n := problemLines(stderr); n != 1 {
					t.Errorf("%s %s: %d problems on stderr, want 1:\n%s", name, strings.Join(args, " "), n, stderr)
				}
			})
		}
	}
}

// TestGOPATHModeTypeError: in GOPATH mode (GO111MODULE=off) there is no
// module to be outside of, so a package that does not type-check is
// reported by its own error, not as a missing go.mod.
func TestGOPATHModeTypeError(t *testing.T) {
	root := writeModule(t, map[string]string{
		"src/broken/x.go": "package broken\n\nfunc f() int { return undefinedName }\n",
	})
	cmd := exec.Command(binary, "./broken")
	cmd.Dir = filepath.Join(root, "src")
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+root, "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("commitlint ./broken succeeded:\n%s", out)
	}
	if !strings.Contains(string(out), "undefined: undefinedName") || strings.Contains(string(out), "go.mod") {
		t.Errorf("commitlint ./broken in GOPATH mode: want the type error, got:\n%s", out)
	}
}

// TestBadFormat: an unknown -format value, and -format=sarif without
// patterns, are usage errors.
func TestBadFormat(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-format=bogus", "./..."}, "-format=bogus"},
		{[]string{"-format=sarif"}, "no package patterns"},
	} {
		_, stderr, code := commitlint(t, examples, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.msg) {
			t.Errorf("commitlint %s: exit %d, stderr %q; want 2 and %q", strings.Join(tc.args, " "), code, stderr, tc.msg)
		}
	}
}

// problemLines counts the lines of stderr that do not continue the one
// before (with a tab).
func problemLines(stderr string) int {
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if !strings.HasPrefix(l, "\t") && !progressLine.MatchString(l) {
			n++
		}
	}
	return n
}

// progressLine matches the status lines the driver prints while a slow
// load runs ("commitlint: loading ./...: ... (2s)"): on a loaded machine
// they appear in any run, and they are not problems.
var progressLine = regexp.MustCompile(`^commitlint: .* \((\d+h)?(\d+m)?\d+s\)$`)
