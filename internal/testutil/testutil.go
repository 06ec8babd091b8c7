// Package testutil holds what the analyzers' tests share: the testdata
// tree, temporary GOPATHs holding the scenarios with their golden fixes
// applied, and building them with the go command.
package testutil

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestData returns the absolute path of the repository's testdata
// directory: a GOPATH-style tree holding the client stubs
// (src/github.com/..., src/golang.org/...) and the scenarios
// (src/<analyzer>/<scenario>).
func TestData(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("testutil: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

var wantRE = regexp.MustCompile("// want `[^`]*`")

// Tree copies the client stubs and testdata/src/<dir> to a temporary
// GOPATH and returns it. With fixed, every x.go that has an x.go.golden is
// replaced by it; with noWant, // want comments are removed. It fails the
// test if dir has no golden file, if a golden has no source, or if a golden
// equals its source.
func Tree(t testing.TB, dir string, fixed, noWant bool) string {
	t.Helper()
	src := filepath.Join(TestData(t), "src")
	gopath := t.TempDir()
	goldens := 0
	for _, d := range []string{"github.com", "golang.org", dir} {
		root := filepath.Join(src, d)
		if _, err := os.Stat(root); err != nil {
			continue
		}
		err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(src, path)
			dst := filepath.Join(gopath, "src", rel)
			var content []byte
			switch {
			case strings.HasSuffix(path, ".go.golden"):
				orig, err := os.ReadFile(strings.TrimSuffix(path, ".golden"))
				if err != nil {
					t.Errorf("%s has no source file", rel)
					return nil
				}
				golden, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				if string(orig) == string(golden) {
					t.Errorf("%s: golden equals its source", rel)
				}
				goldens++
				if !fixed {
					return nil
				}
				content, dst = golden, strings.TrimSuffix(dst, ".golden")
			case strings.HasSuffix(path, ".go"):
				if _, err := os.Stat(path + ".golden"); err == nil && fixed {
					return nil // replaced by the golden
				}
				if content, err = os.ReadFile(path); err != nil {
					return err
				}
			default:
				return nil
			}
			if noWant {
				content = wantRE.ReplaceAll(content, nil)
			}
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			return os.WriteFile(dst, content, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if goldens == 0 {
		t.Fatalf("no golden files under testdata/src/%s", dir)
	}
	return gopath
}

// BuildAndVet runs go build and go vet on pattern in GOPATH mode in gopath,
// failing the test with the output if either fails. It skips the test
// under -short or without a go command.
func BuildAndVet(t testing.TB, gopath, pattern string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	for _, verb := range []string{"build", "vet"} {
		cmd := exec.Command(goCmd, verb, pattern)
		cmd.Dir = filepath.Join(gopath, "src")
		cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s %s: %v\n%s", verb, pattern, err, out)
		}
	}
}

// Recorder is an analysistest.Testing that keeps the errors instead of
// failing the test.
type Recorder struct {
	mu   sync.Mutex
	errs []string
}

// Errorf records an error.
func (r *Recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// Errs returns the recorded errors.
func (r *Recorder) Errs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.errs...)
}

// Silent runs a on the packages matching patterns in gopath (a Tree with
// the golden fixes applied) and fails the test on any diagnostic or
// analysis error: a fix must leave nothing to report, or -fix would not
// converge. // want comments left in the tree and facts (a helper package
// has no want for its facts) are not checked.
func Silent(t *testing.T, gopath string, a *analysis.Analyzer, patterns ...string) {
	t.Helper()
	var rec Recorder
	results := analysistest.Run(&rec, gopath, a, patterns...)
	if len(results) == 0 {
		t.Errorf("%s: no packages match %q: %v", a.Name, patterns, rec.Errs())
	}
	for _, r := range results {
		if r.Err != nil {
			t.Errorf("%s: %v", patterns, r.Err) // r.Pass.Pkg is nil when the package does not type-check
		}
		for _, d := range r.Diagnostics {
			t.Errorf("%s: fixed code reports %q", r.Pass.Fset.Position(d.Pos), d.Message)
		}
	}
	for _, e := range rec.Errs() {
		// Facts change with the fix (what a fixed consumer would find
		// under another caller's configuration): only findings count.
		if strings.Contains(e, "no diagnostic was reported matching") ||
			strings.Contains(e, "no fact was reported matching") || strings.Contains(e, "unexpected fact") ||
			strings.Contains(e, ": fact ") && strings.Contains(e, "does not match pattern") {
			continue
		}
		t.Error(e)
	}
}

// Package returns a temporary GOPATH holding the stubs and scenario dir
// of testdata/src (Tree), and package name made of src (one file): a
// scenario of findings without a fix under testdata/src would fail the
// shared every-finding-has-a-fix tests.
func Package(t testing.TB, dir, name, src string) string {
	t.Helper()
	gopath := Tree(t, dir, false, false)
	pkg := filepath.Join(gopath, "src", name)
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return gopath
}

// NoFix runs analyzer a on package name made of src (Package, beside the
// scenario dir's stubs) and fails on any finding that carries a fix or
// does not say why it has none ("; no automatic fix: "): the findings a
// scenario under testdata/src cannot hold. It returns analysistest's
// results for further checks.
func NoFix(t *testing.T, a *analysis.Analyzer, dir, name, src string) []*analysistest.Result {
	t.Helper()
	results := analysistest.Run(t, Package(t, dir, name, src), a, name)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 || !strings.Contains(d.Message, "; no automatic fix: ") {
				t.Errorf("%s: %q: want no fix and the reason", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	return results
}
