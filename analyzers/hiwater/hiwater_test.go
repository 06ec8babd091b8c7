package hiwater_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/hiwater"
)

// testdata is the GOPATH-style tree holding the client stubs
// (testdata/src/github.com/..., testdata/src/golang.org/x/sync/errgroup)
// and the scenarios (testdata/src/hiwater/<scenario>).
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// scenarios are the analysistest packages, run with RunWithSuggestedFixes:
// every file with a finding has an x.go.golden beside it (the whole fixed
// file, // want comments kept). The counts are positive/silent cases; each
// silent case is marked "// ok: <why>" in its file.
var scenarios = []string{
	// Per-record goroutines over EachRecord (join exists) and a range (join
	// added), errgroup, a pool, an atomic maximum read by a ticker, a
	// collector, default auto-commit (go removed: autocommit adds the join)
	// (7 positive); errgroup.WithContext's context, commit after
	// the join, join per record, goroutine per partition, single worker,
	// worker per channel, in-line low-water mark, per-partition collector,
	// marks without AutoCommitMarks (9 silent).
	"hiwater/franzgo",
	// Per-record goroutine over claim.Messages(), pool in ConsumeClaim,
	// mutex maximum marked by the goroutine, collector in ConsumeClaim, a
	// helper started per message, an offset passed to the goroutine, a
	// range over an iterator, a pool of job structs, a semaphore released
	// before the mark (9 positive); sequential ConsumeClaim, join per
	// message, a tracker's result, a sequential maximum read by a ticker, a
	// minimum, a single worker per claim, errgroup over a stream, a mark in
	// the loop, an ordered hand-off chain, a sync.Cond wait (10 silent).
	"hiwater/sarama",
	// The old import path (1 positive, 1 silent).
	"hiwater/saramashopify",
	// FetchMessage loop, batch with a join, errgroup batch, pool feeding a
	// collector, `!ok || off > hi` maximum committed by a ticker (5
	// positive); sequential, reader per partition, join through a done
	// channel, SetLimit(1), pool counted by wg.Add(n) (5 silent).
	"hiwater/kafkago",
	// ReadMessage loop, errgroup batch with CommitMessage (loop replay),
	// conditional store in a WaitGroup batch, map maximum stored by a
	// ticker, Poll loop pool (5 positive); sequential store, a tracker's
	// result, auto-store on, a maximum stored after the join (4 silent).
	"hiwater/confluent",
	// The v1 import path (1 positive, 1 silent).
	"hiwater/confluentv1",
	// Shapes the analyzer does not model or cannot fix: no finding, no
	// panic (10 silent).
	"hiwater/robust",
}

func TestAnalyzer(t *testing.T) {
	td := testdata(t)
	for _, dir := range scenarios {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			analysistest.RunWithSuggestedFixes(t, td, hiwater.Analyzer, dir)
		})
	}
}

// TestMessages checks every finding of the scenarios against the style:
// lower case, no final period, a category, one fix with a title, and the
// other half of the bug in Related.
func TestMessages(t *testing.T) {
	t.Parallel()
	for _, dir := range scenarios {
		for _, r := range analysistest.Run(t, testdata(t), hiwater.Analyzer, dir) {
			for _, d := range r.Diagnostics {
				pos := r.Pass.Fset.Position(d.Pos)
				if d.Message == "" || strings.ToLower(d.Message[:1]) != d.Message[:1] || strings.HasSuffix(d.Message, ".") {
					t.Errorf("%s: message is not lower case without a final period: %q", pos, d.Message)
				}
				if d.Category == "" || len(d.SuggestedFixes) != 1 || d.SuggestedFixes[0].Message == "" {
					t.Errorf("%s: want a category and one titled fix: %+v", pos, d)
				}
				if len(d.Related) == 0 {
					t.Errorf("%s: no related information", pos)
				}
			}
		}
	}
}

func TestDoc(t *testing.T) {
	a := hiwater.Analyzer
	if !strings.HasPrefix(a.Doc, "hiwater: ") {
		t.Errorf("Doc starts %q, want %q", strings.SplitN(a.Doc, "\n", 2)[0], "hiwater: ")
	}
	if a.Name != "hiwater" {
		t.Errorf("Name = %q", a.Name)
	}
	if a.URL == "" {
		t.Error("no URL")
	}
	for _, cat := range []string{hiwater.CategoryConcurrent, hiwater.CategoryMax, hiwater.CategoryArrival} {
		if !strings.Contains(a.Doc, cat) {
			t.Errorf("Doc does not describe category %s", cat)
		}
	}
}

// tree copies the stubs and the scenarios to a temporary GOPATH and
// returns it; with fixed, every x.go is replaced by its x.go.golden, and
// with noWant the // want comments are removed.
func tree(t *testing.T, fixed, noWant bool) string {
	t.Helper()
	src := filepath.Join(testdata(t), "src")
	gopath := t.TempDir()
	goldens := 0
	for _, dir := range []string{"github.com", "golang.org", "hiwater"} {
		err := filepath.WalkDir(filepath.Join(src, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
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
			return write(dst, content)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if goldens == 0 {
		t.Fatal("no golden files")
	}
	return gopath
}

var wantRE = regexp.MustCompile("// want `[^`]*`")

// TestGoldenCompiles type-checks the fixed code: every x.go replaced by its
// x.go.golden is built and vetted in GOPATH mode, so a fix that does not
// compile (or copies a WaitGroup) fails here. The unfixed scenarios are
// built too, so that a case that does not compile cannot pass silently.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	t.Parallel()
	for _, fixed := range []bool{false, true} {
		gopath := tree(t, fixed, false)
		for _, verb := range []string{"build", "vet"} {
			cmd := exec.Command(goCmd, verb, "hiwater/...")
			cmd.Dir = filepath.Join(gopath, "src")
			cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS=", "GOWORK=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("go %s of the scenarios (fixed=%v): %v\n%s", verb, fixed, err, out)
			}
		}
	}
}

// TestFixedIsSilent runs the analyzer on the fixed scenarios: a fix must
// leave nothing to report, or -fix would not converge.
func TestFixedIsSilent(t *testing.T) {
	t.Parallel()
	gopath := tree(t, true, true)
	for _, dir := range scenarios {
		analysistest.Run(t, gopath, hiwater.Analyzer, dir)
	}
}

func write(path string, content []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, content, 0o644)
}
