package main_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The two revisions of TestDiffGolden: the old one reports these example
// directories as they are; the new one is a copy of the examples module
// with the edits below applied, and reports the same directories except
// the removed one, plus the added one.
var (
	diffDirs    = []string{"./kafkago/fetchcommit", "./franzgo/manual", "./sarama/markafter"}
	diffRemoved = "./sarama/nocommit"
	diffAdded   = "./kafkago/commitfirst"
	diffEdits   = []struct{ file, old, new string }{
		// The commit moves before the email is sent: at-most-once, with an
		// ordering finding.
		{
			"kafkago/fetchcommit/main.go",
			`		if err := m.sendEmail(ctx, msg); err != nil {
			return fmt.Errorf("send email: %w", err)
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
`,
			`		if err := r.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
		}
		if err := m.sendEmail(ctx, msg); err != nil {
			return fmt.Errorf("send email: %w", err)
		}
`,
		},
		// Code moves down six lines, nothing else changes: not in the diff.
		{
			"franzgo/manual/main.go",
			"\nfunc run(ctx context.Context) error {\n",
			"\n// run consumes until ctx is done.\n//\n// It returns the first error that\n// is not a commit error.\n//\n// (moved code, same consumer)\nfunc run(ctx context.Context) error {\n",
		},
		// The group is renamed: the same consumer, with a group change.
		{
			"sarama/markafter/main.go",
			`"order-status-projector"`,
			`"order-status-projector-v2"`,
		},
	}
)

// TestDiffGolden runs "commitlint diff" on the JSON reports of two
// revisions of examples (see diffEdits) and compares its text and markdown
// output with testdata/diff.golden.txt and .md (-update rewrites them).
// If the examples change, so do the positions in the goldens.
func TestDiffGolden(t *testing.T) {
	dir := t.TempDir()
	newExamples := filepath.Join(dir, "examples")
	copyModule(t, examples, newExamples, func(string) bool { return true })
	editExamples(t, newExamples)
	oldJSON := filepath.Join(dir, "old.json")
	newJSON := filepath.Join(dir, "new.json")
	jsonReport(t, examples, oldJSON, append(diffDirs, diffRemoved)...)
	jsonReport(t, newExamples, newJSON, append(diffDirs, diffAdded)...)

	for _, format := range []string{"text", "markdown"} {
		cmd := exec.Command(binary, "diff", "-format="+format, oldJSON, newJSON)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("commitlint diff -format=%s: %v\n%s", format, err, stderr.Bytes())
		}
		golden := diffGolden(format)
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("commitlint diff -format=%s differs from %s\ngot:\n%s\nwant:\n%s", format, golden, got, want)
		}
	}

	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{oldJSON, newJSON}, 0},
		{[]string{"-fail-on=never", oldJSON, newJSON}, 0},
		{[]string{"-fail-on=change", oldJSON, newJSON}, 3},
		{[]string{"-fail-on=weakened", oldJSON, newJSON}, 3},
		{[]string{"-fail-on=weakened", newJSON, oldJSON}, 0},
		{[]string{"-fail-on=findings", oldJSON, newJSON}, 3},
		{[]string{"-fail-on=change", oldJSON, oldJSON}, 0},
	} {
		if _, _, got := commitlint(t, "", append([]string{"diff"}, c.args...)...); got != c.want {
			t.Errorf("commitlint diff %s: exit status %d, want %d", strings.Join(c.args, " "), got, c.want)
		}
	}
}

// TestDiffUsage checks standard input, an unchanged report, and the exit
// statuses of bad usage (2) and unreadable reports (1).
func TestDiffUsage(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "r.json")
	jsonReport(t, examples, report, diffDirs...)
	cmd := exec.Command(binary, "diff", report, "-")
	f, err := os.Open(report)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdin = f
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("commitlint diff %s -: %v", report, err)
	}
	if want := "no delivery semantics changed (3 consumer(s))\n"; string(out) != want {
		t.Errorf("diff of a report with itself: got %q, want %q", out, want)
	}

	notJSON := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(notJSON, []byte(`{"consumer": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	noConsumer := filepath.Join(dir, "empty.json")
	if err := os.WriteFile(noConsumer, []byte(`[{"client": "sarama"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{report}, 2},
		{[]string{report, report, report}, 2},
		{[]string{"-", "-"}, 2},
		{[]string{"-format=json", report, report}, 2},
		{[]string{"-fail-on=sometimes", report, report}, 2},
		{[]string{"-nosuchflag", report, report}, 2},
		{[]string{report, filepath.Join(dir, "missing.json")}, 1},
		{[]string{notJSON, report}, 1},
		{[]string{report, noConsumer}, 1},
	} {
		if _, _, got := commitlint(t, "", append([]string{"diff"}, c.args...)...); got != c.want {
			t.Errorf("commitlint diff %s: exit status %d, want %d", strings.Join(c.args, " "), got, c.want)
		}
	}
}

// editExamples turns the copy of examples in dir into the new revision of
// TestDiffGolden: diffEdits applied, diffRemoved deleted.
func editExamples(t *testing.T, dir string) {
	t.Helper()
	for _, e := range diffEdits {
		file := filepath.Join(dir, filepath.FromSlash(e.file))
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Count(src, []byte(e.old)) != 1 {
			t.Fatalf("%s: the text to edit is not there once (examples changed?): %q", e.file, e.old)
		}
		if err := os.WriteFile(file, bytes.Replace(src, []byte(e.old), []byte(e.new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.RemoveAll(filepath.Join(dir, filepath.FromSlash(diffRemoved))); err != nil {
		t.Fatal(err)
	}
}

func diffGolden(format string) string {
	return filepath.Join("testdata", "diff.golden."+map[string]string{"text": "txt", "markdown": "md"}[format])
}

// TestReportBase checks that "commitlint report -base REV" prints what
// "commitlint diff" prints for the same two revisions (TestDiffGolden's),
// here two commits of a git repository holding the example directories
// involved in a subdirectory, and that it leaves no worktree behind.
func TestReportBase(t *testing.T) {
	repo := t.TempDir()
	mod := filepath.Join(repo, "svc")
	keep := func(rel string) bool {
		rel = "./" + filepath.ToSlash(rel)
		if !strings.Contains(strings.TrimPrefix(rel, "./"), "/") || strings.HasPrefix(rel, "./internal/") {
			return true // go.mod, go.sum, the examples' shared helpers
		}
		for _, d := range append(diffDirs, diffRemoved, diffAdded) {
			if strings.HasPrefix(rel, d+"/") {
				return true
			}
		}
		return false
	}
	copyModule(t, examples, mod, func(rel string) bool {
		return keep(rel) && !strings.HasPrefix("./"+filepath.ToSlash(rel), diffAdded+"/")
	})
	gitCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@invalid", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@invalid", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	gitCmd("init", "-q")
	gitCmd("add", ".")
	gitCmd("commit", "-qm", "old")
	copyModule(t, examples, mod, func(rel string) bool {
		return strings.HasPrefix("./"+filepath.ToSlash(rel), diffAdded+"/")
	})
	editExamples(t, mod)

	for _, format := range []string{"text", "markdown"} {
		stdout, stderr, code := commitlint(t, mod, "report", "-base", "HEAD", "-format="+format, "./...")
		if code != 0 {
			t.Fatalf("commitlint report -base HEAD -format=%s: exit status %d\n%s", format, code, stderr)
		}
		want, err := os.ReadFile(diffGolden(format))
		if err != nil {
			t.Fatal(err)
		}
		if stdout != string(want) {
			t.Errorf("report -base HEAD -format=%s differs from %s\ngot:\n%s", format, diffGolden(format), stdout)
		}
	}
	if _, _, code := commitlint(t, mod, "report", "-base", "HEAD", "-fail-on=weakened", "./..."); code != 3 {
		t.Errorf("report -base HEAD -fail-on=weakened: exit status %d, want 3", code)
	}
	for _, args := range [][]string{
		{"report", "-base", "HEAD", "-format=json", "./..."},
		{"report", "-base", "HEAD"},
		{"report", "-fail-on=change", "./..."},
	} {
		if _, _, code := commitlint(t, mod, args...); code != 2 {
			t.Errorf("commitlint %s: exit status %d, want 2", strings.Join(args, " "), code)
		}
	}
	if _, stderr, code := commitlint(t, mod, "report", "-base", "nosuchrev", "./..."); code != 1 || !strings.Contains(stderr, "nosuchrev") {
		t.Errorf("report -base nosuchrev: exit status %d, want 1, naming the revision:\n%s", code, stderr)
	}
	out, err := exec.Command("git", "-C", repo, "worktree", "list").Output()
	if err != nil || bytes.Count(out, []byte("\n")) != 1 {
		t.Errorf("worktrees left behind (%v):\n%s", err, out)
	}
}

// jsonReport writes the JSON report of the packages in module dir to out.
func jsonReport(t *testing.T, dir, out string, patterns ...string) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"-C", dir, "report", "-format=json"}, patterns...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("commitlint report in %s: %v\n%s", dir, err, stderr.Bytes())
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyModule copies the Go files, go.mod and go.sum of the module in src
// to dst, those whose path relative to src keep accepts.
func copyModule(t *testing.T, src, dst string, keep func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if name := d.Name(); !strings.HasSuffix(name, ".go") && name != "go.mod" && name != "go.sum" {
			return nil
		}
		rel, _ := filepath.Rel(src, path)
		if !keep(rel) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if rel == "go.mod" {
			data = movableGoMod(t, data)
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
