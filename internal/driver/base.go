package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/semantics"
)

// reportBase implements "commitlint report -base REV": it reports the
// packages as they are and as they were at git revision rev, and prints
// what changed, as "commitlint diff" does.
//
// The old revision is checked out with "git worktree add" into a temporary
// directory (removed afterwards) and reported there by this executable,
// run in the same subdirectory of the repository with the same flags, so
// that both reports name files alike and the old code is judged by the
// same analyzers as the new.
func reportBase(analyzers []*analysis.Analyzer, fs *flag.FlagSet, tests bool, rev, format, fail string, stdout, stderr io.Writer) int {
	write, ok := map[string]func(io.Writer, *semantics.Diff) error{
		"text":     semantics.WriteDiffText,
		"markdown": semantics.WriteDiffMarkdown,
		"md":       semantics.WriteDiffMarkdown,
	}[format]
	if !ok {
		fmt.Fprintf(stderr, "commitlint report: -base prints a diff: -format=%s: want text or markdown\n", format)
		return ExitUsage
	}
	failed, ok := failOn[fail]
	if !ok {
		fmt.Fprintf(stderr, "commitlint report: -fail-on=%s: want never, change, weakened or findings\n", fail)
		return ExitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "commitlint report: no package patterns")
		return ExitUsage
	}
	var args []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "base" && f.Name != "format" && f.Name != "fail-on" {
			args = append(args, "-"+f.Name+"="+f.Value.String())
		}
	})
	old, err := baseRows(rev, append(args, fs.Args()...))
	if err != nil {
		fmt.Fprintf(stderr, "commitlint report: -base %s: %v\n", rev, err)
		return ExitError
	}
	root, _ := os.Getwd()
	rows, problems, err := report(analyzers, fs.Args(), tests, root, stderr)
	if err == nil && len(problems) > 0 {
		// A partial side would show its missing consumers as removed.
		err = errors.New(strings.TrimPrefix(strings.Join(problems, "\n"), "commitlint: "))
	}
	if err != nil {
		fmt.Fprintf(stderr, "commitlint report: %v\n", err)
		return ExitError
	}
	d := semantics.DiffRows(old, rows)
	if err := write(stdout, d); err != nil {
		fmt.Fprintf(stderr, "commitlint report: %v\n", err)
		return ExitError
	}
	for _, c := range d.Changes {
		if failed(c) {
			return ExitFindings
		}
	}
	return ExitClean
}

// baseRows returns the JSON report of the packages at git revision rev:
// args are the report's flags and patterns.
func baseRows(rev string, args []string) ([]*semantics.Row, error) {
	top, err := git("", "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	prefix, err := git("", "rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "commitlint-base")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	tree := filepath.Join(tmp, "tree")
	if _, err := git(top, "worktree", "add", "--quiet", "--detach", tree, rev+"^{commit}"); err != nil {
		return nil, err
	}
	defer git(top, "worktree", "remove", "--force", tree)
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, append([]string{"-C", filepath.Join(tree, prefix), "report", "-format=json"}, args...)...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("reporting the old revision: %v\n%s", err, strings.TrimSpace(errOut.String()))
	}
	var rows []*semantics.Row
	if err := json.Unmarshal(out, &rows); err != nil {
		return nil, fmt.Errorf("reporting the old revision: %v", err)
	}
	return rows, nil
}

// git runs git in dir (the current directory if empty) and returns its
// standard output, trimmed.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
