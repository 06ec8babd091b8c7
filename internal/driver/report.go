package driver

import (
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/consumer"
	lint "github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/semantics"
)

// Report implements "commitlint report": it runs the analyzers and the
// semantics pass on the packages args name and prints one row per consumer
// (text, json or markdown), or a mermaid flowchart of the pipelines. It
// returns the exit code: 0 when the report was printed, whatever it says;
// 1 when some packages could not be analyzed (the others are reported).
func Report(analyzers []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("commitlint report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: commitlint report [-format=text|json|markdown|mermaid] [-test] packages...")
		fmt.Fprintln(stderr, "       commitlint report -base REV [-format=text|markdown] [-fail-on=...] [-test] packages...")
		fs.PrintDefaults()
	}
	format := fs.String("format", "text", "output format: text, json, markdown or mermaid")
	tests := fs.Bool("test", false, "include consumers built in test files")
	base := fs.String("base", "", "print what changed since git revision `REV` (as commitlint diff does) instead of the report")
	fail := fs.String("fail-on", "never", "with -base: exit with status 3 on a change, a weakened guarantee or a new finding (as commitlint diff)")
	analyzerFlags(fs, analyzers)
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if *base != "" {
		return reportBase(analyzers, fs, *tests, *base, *format, *fail, stdout, stderr)
	}
	if *fail != "never" {
		fmt.Fprintln(stderr, "commitlint report: -fail-on needs -base")
		return ExitUsage
	}
	var write func(io.Writer, []*semantics.Row) error
	switch *format {
	case "text":
		write = semantics.WriteText
	case "json":
		write = semantics.WriteJSON
	case "markdown", "md":
		write = semantics.WriteMarkdown
	case "mermaid":
		write = semantics.WriteMermaid
	default:
		fmt.Fprintf(stderr, "commitlint report: -format=%s: want text, json, markdown or mermaid\n", *format)
		return ExitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "commitlint report: no package patterns")
		return ExitUsage
	}
	root, _ := os.Getwd()
	rows, problems, err := report(analyzers, fs.Args(), *tests, root, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "commitlint report: %v\n", err)
		return ExitError
	}
	// The packages that loaded are reported; those that did not are
	// named on stderr, and the exit status says the report is partial.
	if err := write(stdout, rows); err != nil {
		fmt.Fprintf(stderr, "commitlint report: %v\n", err)
		return ExitError
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, p)
	}
	if len(problems) > 0 {
		return ExitError
	}
	return ExitClean
}

// report returns the rows of every consumer in the packages that loaded,
// in file order, and the load problems of the others (a package that does
// not type-check, and those depending on it), a line each, as lint prints
// them. Progress goes to stderr when loading takes long.
func report(analyzers []*analysis.Analyzer, patterns []string, tests bool, root string, stderr io.Writer) ([]*semantics.Row, []string, error) {
	all := append(slices.Clip(analyzers), semantics.Analyzer, census)
	prog := startProgress(stderr)
	g, problems, err := analyzeChecked(all, patterns, tests, prog)
	prog.stop()
	if err != nil {
		return nil, nil, err
	}
	if g == nil {
		return nil, problems, nil
	}
	fs, err := findings(g)
	if err != nil {
		return nil, nil, err
	}
	var evs []*semantics.Evidence
	seen := map[string]bool{}
	for act := range g.All() {
		if !act.IsRoot || act.Analyzer != semantics.Analyzer {
			continue
		}
		for _, ev := range act.Result.([]*semantics.Evidence) {
			// A package and its test variant give the same evidence;
			// two clients one function receives share a position.
			k := ev.Pos.String() + " " + ev.Entry
			if !seen[k] {
				seen[k] = true
				evs = append(evs, ev)
			}
		}
	}
	evs = semantics.Join(evs)
	// The position calls ordering finds made on some paths before their
	// record is processed (no finding: the operator's choice).
	var onSomePaths []token.Position
	for act := range g.All() {
		if res, ok := lint.Own(act.Result).(*ordering.Result); ok && act.IsRoot {
			for _, sp := range res.OnSomePaths {
				onSomePaths = append(onSomePaths, act.Package.Fset.Position(sp.Call))
			}
		}
	}
	semantics.AddOnSomePaths(evs, onSomePaths)
	slices.SortFunc(evs, func(a, b *semantics.Evidence) int {
		if c := strings.Compare(a.Pos.Filename, b.Pos.Filename); c != 0 {
			return c
		}
		return a.Pos.Offset - b.Pos.Offset
	})
	byConsumer := map[*semantics.Evidence][]semantics.Finding{}
	for _, f := range fs {
		if f.Analyzer.Name == "ignores" {
			continue
		}
		for _, ev := range owners(evs, f) {
			byConsumer[ev] = append(byConsumer[ev], semantics.Finding{
				Rule: f.Rule(),
				At:   relPath(root, f.Posn.Filename) + ":" + strconv.Itoa(f.Posn.Line),
			})
		}
	}
	var rows []*semantics.Row
	for _, ev := range evs {
		pos := relPath(root, ev.Pos.Filename) + ":" + strconv.Itoa(ev.Pos.Line)
		rows = append(rows, semantics.Classify(ev, pos, byConsumer[ev]))
	}
	if len(rows) == 0 {
		if hint := outsideHint("commitlint report", builtOutside(g), "see their rows"); hint != "" {
			fmt.Fprintln(stderr, hint)
		}
	}
	// A partition consumer, or one of a library commitlint does not
	// model, has no row: say so, whatever else has one.
	var notes []string
	for _, c := range censuses(g) {
		if note := partitionNote(c.partition, c.managed); note != "" && !slices.ContainsFunc(notes, func(n string) bool { return strings.HasPrefix(n, "a sarama partition consumer") }) {
			notes = append(notes, note)
		}
		if c.unmodelled != "" && !slices.Contains(notes, unmodelledNote(c.unmodelled)) {
			notes = append(notes, unmodelledNote(c.unmodelled))
		}
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, "commitlint report: "+n)
	}
	return rows, problems, nil
}

// outsideHint is the line that tells a command (cmd) whose patterns build
// no consumer that outside, the packages they import that build some (see
// builtOutside), do, and to add them to the patterns to do what (see their
// rows); "" when outside is empty.
func outsideHint(cmd string, outside []string, what string) string {
	if len(outside) == 0 {
		return ""
	}
	verb, pron := "build", "them"
	if len(outside) == 1 {
		verb, pron = "builds", "it"
	}
	return fmt.Sprintf("%s: no consumer is built in these packages; %s, which they import, %s some: add %s to the patterns to %s",
		cmd, strings.Join(outside, ", "), verb, pron, what)
}

// builtOutside returns the import paths of the packages outside the
// patterns, loaded for their facts, that build consumers (a library of
// another module in a go.work, a shared package the service imports).
func builtOutside(g *checker.Graph) []string {
	roots := map[string]bool{}
	for _, act := range g.Roots {
		roots[act.Package.PkgPath] = true
	}
	var out []string
	for act := range g.All() {
		if act.Analyzer != consumer.Analyzer || !roots[act.Package.PkgPath] {
			continue
		}
		for _, pf := range act.AllPackageFacts() {
			if _, ok := pf.Fact.(*consumer.BuildsFact); ok && !roots[pf.Package.Path()] {
				out = append(out, pf.Package.Path())
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// owners returns the consumers a finding belongs to: the one whose
// construction it is at or points at, else those whose functions contain it (or
// else one of its related positions) most narrowly (several when they
// share a handler), else the only consumer in the same directory.
func owners(evs []*semantics.Evidence, f *Finding) []*semantics.Evidence {
	// A finding at, or pointing at, a consumer's construction (a wiring
	// function building several) belongs to that consumer: its own first
	// (one built beside another it shares a poll function with).
	ats := []token.Pos{f.Diag.Pos}
	for _, rel := range f.Diag.Related {
		ats = append(ats, rel.Pos)
	}
	sameLine := func(a, b token.Position) bool { return a.Filename == b.Filename && a.Line == b.Line }
	for _, at := range ats {
		p := f.Fset.Position(at)
		for _, ev := range evs {
			if sameLine(ev.Pos, p) {
				return []*semantics.Evidence{ev}
			}
		}
	}
	// Or at a client another package's code obtains for one consumer
	// only (a group a wiring gets from the builder's constructor: review
	// 36-1/D12).
	for _, at := range ats {
		p := f.Fset.Position(at)
		var only []*semantics.Evidence
		for _, ev := range evs {
			if slices.ContainsFunc(ev.Obtained, func(o token.Position) bool { return sameLine(o, p) }) {
				only = append(only, ev)
			}
		}
		if len(only) == 1 {
			return only
		}
	}
	if in := within(evs, f.Posn); len(in) > 0 {
		// Consumers sharing the finding's function (a wiring main
		// running several groups): those whose code a related position
		// is in (the handler's mark), if that narrows them.
		for _, rel := range f.Diag.Related {
			near := within(evs, f.Fset.Position(rel.Pos))
			if both := slices.DeleteFunc(slices.Clone(in), func(ev *semantics.Evidence) bool { return !slices.Contains(near, ev) }); len(both) > 0 && len(both) < len(in) {
				in = both
			}
		}
		return in
	}
	// A finding at a call of another package (a handler passed to a
	// wrapper) belongs to the consumer whose code its related position
	// is in (the wrapper's commit).
	for _, rel := range f.Diag.Related {
		if in := within(evs, f.Fset.Position(rel.Pos)); len(in) > 0 {
			return in
		}
	}
	dir := func(p string) string { return p[:max(strings.LastIndexByte(p, '/'), 0)] }
	var only *semantics.Evidence
	for _, ev := range evs {
		if dir(ev.Pos.Filename) == dir(f.Posn.Filename) {
			if only != nil {
				return nil
			}
			only = ev
		}
	}
	if only == nil {
		return nil
	}
	return []*semantics.Evidence{only}
}

// within returns the consumers whose functions contain p most narrowly:
// several when they share that function (a handler two groups run).
func within(evs []*semantics.Evidence, p token.Position) []*semantics.Evidence {
	var best []*semantics.Evidence
	size := -1
	for _, ev := range evs {
		for _, s := range ev.Extent {
			if s.File != p.Filename || p.Offset < s.Start || s.End <= p.Offset {
				continue
			}
			switch n := s.End - s.Start; {
			case size < 0 || n < size:
				best, size = []*semantics.Evidence{ev}, n
			case n == size && !slices.Contains(best, ev):
				best = append(best, ev)
			}
		}
	}
	return best
}
