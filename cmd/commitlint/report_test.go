package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/offsetcommit/commitlint/internal/semantics"
)

var update = flag.Bool("update", false, "rewrite the golden files: the examples' report.golden.json and testdata/")

// TestReportGolden runs `commitlint report -format=json` on the examples
// and compares each consumer's row with the report.golden.json file in its
// directory. Every example directory must have exactly one consumer and a
// golden file, except the wiring of a service module (service/cmd/*), whose
// golden file holds its consumers' rows as an array, in file order; go test ./cmd/commitlint -run TestReportGolden -update
// rewrites them (review the diff: each row must match the top comment of
// its main.go).
func TestReportGolden(t *testing.T) {
	cmd := exec.Command(binary, "-C", examples, "report", "-format=json", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("commitlint report: %v\n%s", err, stderr.Bytes())
	}
	var rows []*semantics.Row
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatalf("report output is not JSON: %v\n%s", err, out)
	}
	byDir := map[string][]*semantics.Row{}
	for _, r := range rows {
		consumer := r.Consumer
		dir := filepath.Dir(filepath.FromSlash(consumer[:strings.LastIndexByte(consumer, ':')]))
		if len(byDir[dir]) > 0 && !isWiring(dir) {
			t.Errorf("%s: more than one consumer in one example directory", dir)
		}
		byDir[dir] = append(byDir[dir], r)
	}
	readmeRows(t, rows)
	dirs := exampleDirs(t)
	for _, dir := range dirs {
		if _, ok := byDir[dir]; !ok {
			t.Errorf("%s: the report has no row for this example", dir)
		}
	}
	for dir, rs := range byDir {
		if !slices.Contains(dirs, dir) {
			t.Errorf("%s: row for a directory that is not an example", dir)
			continue
		}
		var v any = rs[0]
		if isWiring(dir) {
			v = rs
		}
		got, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		golden := filepath.Join(examples, dir, "report.golden.json")
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%s: %v (run with -update to create it)", dir, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: report row differs from report.golden.json\ngot:\n%s\nwant:\n%s", dir, got, want)
		}
	}
}

// readmeRows checks that each row of the README's excerpt of the
// examples' report (its lines starting "| `") is the report's own row, as
// -format=markdown writes it: the README does not go stale.
func readmeRows(t *testing.T, rows []*semantics.Row) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := semantics.WriteMarkdown(&md, rows); err != nil {
		t.Fatal(err)
	}
	written := map[string]string{}
	for _, l := range strings.Split(md.String(), "\n") {
		if k, _, ok := strings.Cut(l, "` |"); ok && strings.HasPrefix(l, "| `") {
			written[k] = l
		}
	}
	n := 0
	for _, l := range strings.Split(string(readme), "\n") {
		k, _, ok := strings.Cut(l, "` |")
		if !ok || !strings.HasPrefix(l, "| `") {
			continue
		}
		if got, ok := written[k]; ok {
			n++
			if got != l {
				t.Errorf("README's report row differs from the report's:\nREADME: %s\nreport: %s", l, got)
			}
		}
	}
	if n == 0 {
		t.Error("the README quotes no row of the examples' report")
	}
}

// isWiring reports whether an example directory is the wiring of a
// service module (service/cmd/<name>), which builds several consumers.
func isWiring(dir string) bool {
	return filepath.Base(filepath.Dir(dir)) == "cmd"
}

// exampleDirs returns the example directories (those with a main.go, and
// the wiring of service modules), relative to examples/.
func exampleDirs(t *testing.T) []string {
	t.Helper()
	mains, err := filepath.Glob(filepath.Join(examples, "*", "*", "main.go"))
	if err != nil || len(mains) == 0 {
		t.Fatalf("no examples found: %v", err)
	}
	wiring, _ := filepath.Glob(filepath.Join(examples, "*", "cmd", "*", "main.go"))
	mains = append(mains, wiring...)
	var dirs []string
	for _, m := range mains {
		rel, _ := filepath.Rel(examples, filepath.Dir(m))
		dirs = append(dirs, rel)
	}
	return dirs
}

// TestReportFormats checks that the text and markdown reports name every
// consumer, and that bad input is refused.
func TestReportFormats(t *testing.T) {
	js, err := exec.Command(binary, "-C", examples, "report", "-format=json", "./...").Output()
	if err != nil {
		t.Fatalf("report -format=json: %v", err)
	}
	var all []*semantics.Row
	if err := json.Unmarshal(js, &all); err != nil {
		t.Fatal(err)
	}
	n := len(all)
	for _, format := range []string{"text", "markdown"} {
		out, err := exec.Command(binary, "-C", examples, "report", "-format="+format, "./...").Output()
		if err != nil {
			t.Fatalf("report -format=%s: %v", format, err)
		}
		for _, dir := range exampleDirs(t) {
			if !bytes.Contains(out, []byte(filepath.ToSlash(dir)+"/main.go:")) {
				t.Errorf("report -format=%s does not mention %s", format, dir)
			}
		}
		if format == "markdown" {
			if got := bytes.Count(out, []byte("\n| `")); got != n {
				t.Errorf("markdown report has %d rows, want %d", got, n)
			}
		}
	}
	for _, args := range [][]string{
		{"report", "-format=xml", "./..."},
		{"report"},
		{"report", "-nosuchflag", "./..."},
	} {
		err := exec.Command(binary, append([]string{"-C", examples}, args...)...).Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 {
			t.Errorf("commitlint %s: got %v, want exit status 2", strings.Join(args, " "), err)
		}
	}
	err = exec.Command(binary, "-C", examples, "report", "./nosuchdir/...").Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("commitlint report ./nosuchdir/...: got %v, want exit status 1", err)
	}
}

// TestReportMermaid compares the examples' flowchart with
// testdata/examples.golden.mmd (-update rewrites it; scripts/e2e/mermaid.sh
// checks that mermaid parses it). Any change to examples/ that moves a
// consumer or changes its row changes this golden too.
func TestReportMermaid(t *testing.T) {
	cmd := exec.Command(binary, "-C", examples, "report", "-format=mermaid", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("commitlint report -format=mermaid: %v\n%s", err, stderr.Bytes())
	}
	golden := filepath.Join("testdata", "examples.golden.mmd")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("report -format=mermaid differs from %s (run with -update and review the diff)\ngot:\n%s", golden, got)
	}
	for _, dir := range exampleDirs(t) {
		if !bytes.Contains(got, []byte("<br>"+filepath.ToSlash(dir)+"/main.go:")) {
			t.Errorf("the flowchart has no consumer in %s", dir)
		}
	}
}
