package driver

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/offsetcommit/commitlint/internal/semantics"
)

// failOn are the values of "commitlint diff -fail-on": what makes the
// command exit with ExitFindings.
var failOn = map[string]func(*semantics.Change) bool{
	"never":    func(*semantics.Change) bool { return false },
	"change":   func(*semantics.Change) bool { return true },
	"weakened": (*semantics.Change).Weakened,
	"findings": func(c *semantics.Change) bool { return len(c.Gained) > 0 },
}

// Diff implements "commitlint diff OLD.json NEW.json": it compares two
// "commitlint report -format=json" outputs (either may be "-", standard
// input) and prints the consumers whose semantics changed, as text or
// markdown. It returns the exit code: 0 whatever changed, unless -fail-on
// names a kind of change that happened (ExitFindings); ExitError if a file
// cannot be read; ExitUsage for bad usage.
func Diff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("commitlint diff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: commitlint diff [-format=text|markdown] [-fail-on=never|change|weakened|findings] OLD.json NEW.json")
		fs.PrintDefaults()
	}
	format := fs.String("format", "text", "output format: text or markdown")
	fail := fs.String("fail-on", "never", "exit with status 3 when a consumer changed (change), its guarantee weakened (weakened) or it gained a finding (findings)")
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	write, ok := map[string]func(io.Writer, *semantics.Diff) error{
		"text":     semantics.WriteDiffText,
		"markdown": semantics.WriteDiffMarkdown,
		"md":       semantics.WriteDiffMarkdown,
	}[*format]
	if !ok {
		fmt.Fprintf(stderr, "commitlint diff: -format=%s: want text or markdown\n", *format)
		return ExitUsage
	}
	failed, ok := failOn[*fail]
	if !ok {
		fmt.Fprintf(stderr, "commitlint diff: -fail-on=%s: want never, change, weakened or findings\n", *fail)
		return ExitUsage
	}
	if fs.NArg() != 2 || fs.Arg(0) == "-" && fs.Arg(1) == "-" {
		fs.Usage()
		return ExitUsage
	}
	var reports [2][]*semantics.Row
	for i, name := range fs.Args() {
		rows, err := readReport(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "commitlint diff: %v\n", err)
			return ExitError
		}
		reports[i] = rows
	}
	d := semantics.DiffRows(reports[0], reports[1])
	if err := write(stdout, d); err != nil {
		fmt.Fprintf(stderr, "commitlint diff: %v\n", err)
		return ExitError
	}
	for _, c := range d.Changes {
		if failed(c) {
			return ExitFindings
		}
	}
	return ExitClean
}

// readReport reads the rows of a JSON report from a file, or from stdin if
// name is "-".
func readReport(name string, stdin io.Reader) ([]*semantics.Row, error) {
	var data []byte
	var err error
	if name == "-" {
		name = "standard input"
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, err
	}
	var rows []*semantics.Row
	if err := json.Unmarshal(data, &rows); err != nil {
		return nil, fmt.Errorf("%s: not a commitlint report -format=json output: %v", name, err)
	}
	for i, r := range rows {
		if r == nil || r.Consumer == "" {
			return nil, fmt.Errorf("%s: row %d has no consumer: not a commitlint report -format=json output", name, i+1)
		}
	}
	return rows, nil
}
