// Package driver runs commitlint's analyzers on package patterns and prints
// findings in the formats CI systems read: SARIF 2.1.0 (GitHub code
// scanning and other SARIF consumers) and GitHub Actions workflow commands.
// Text and JSON output, -fix and the go vet protocol are handled by
// golang.org/x/tools/go/analysis/multichecker; cmd/commitlint sends only
// -format=sarif and -format=github here.
package driver

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Exit codes, as multichecker's.
const (
	ExitClean    = 0
	ExitError    = 1
	ExitUsage    = 2
	ExitFindings = 3
)

// Finding is one diagnostic with resolved positions.
type Finding struct {
	Analyzer *analysis.Analyzer
	Diag     analysis.Diagnostic
	Fset     *token.FileSet
	Posn     token.Position
	End      token.Position
}

// Rule returns the finding's stable rule id: analyzer/category.
func (f *Finding) Rule() string {
	if f.Diag.Category == "" {
		return f.Analyzer.Name
	}
	return f.Analyzer.Name + "/" + f.Diag.Category
}

// FormatFlag returns the value of a -format flag in args, or "".
func FormatFlag(args []string) string {
	for i, a := range args {
		a = strings.TrimPrefix(a, "-")
		switch {
		case strings.HasPrefix(a, "format="), strings.HasPrefix(a, "-format="):
			return a[strings.Index(a, "=")+1:]
		case a == "format" || a == "-format":
			if i+1 < len(args) {
				return args[i+1]
			}
		}
	}
	return ""
}

// Main parses args (without the program name), runs the analyzers and
// prints findings in the requested format to stdout. It returns the exit
// code.
func Main(version string, analyzers []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("commitlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "output format: text, json (multichecker), sarif or github")
	tests := fs.Bool("test", true, "analyze test files")
	enabled := map[string]*bool{}
	for _, a := range analyzers {
		enabled[a.Name] = fs.Bool(a.Name, true, "enable "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	var write func(io.Writer, []*Finding, string) error
	switch *format {
	case "sarif":
		write = func(w io.Writer, fs []*Finding, root string) error {
			return WriteSARIF(w, version, analyzers, fs, root)
		}
	case "github":
		write = WriteGitHub
	default:
		fmt.Fprintf(stderr, "commitlint: -format=%s: want sarif or github here (text and json are the default output and -json)\n", *format)
		return ExitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "commitlint: no package patterns")
		return ExitUsage
	}
	var run []*analysis.Analyzer
	for _, a := range analyzers {
		if *enabled[a.Name] {
			run = append(run, a)
		}
	}
	findings, err := Run(run, fs.Args(), *tests)
	if err != nil {
		fmt.Fprintf(stderr, "commitlint: %v\n", err)
		return ExitError
	}
	root, _ := os.Getwd()
	if err := write(stdout, findings, root); err != nil {
		fmt.Fprintf(stderr, "commitlint: %v\n", err)
		return ExitError
	}
	if len(findings) > 0 {
		return ExitFindings
	}
	return ExitClean
}

// Run loads the packages matching patterns, runs the analyzers on them and
// returns their findings, sorted and without the duplicates that test
// variants of a package produce.
func Run(analyzers []*analysis.Analyzer, patterns []string, tests bool) ([]*Finding, error) {
	g, err := analyze(analyzers, patterns, tests)
	if err != nil {
		return nil, err
	}
	return findings(g)
}

// analyze loads the packages matching patterns and runs the analyzers on
// them. Load errors (a bad pattern, a package that does not type-check)
// are returned as one error.
func analyze(analyzers []*analysis.Analyzer, patterns []string, tests bool) (*checker.Graph, error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	return checker.Analyze(analyzers, pkgs, nil)
}

// findings returns the diagnostics of the root packages' actions, sorted
// and without the duplicates that test variants of a package produce, or
// the analysis errors.
func findings(g *checker.Graph) ([]*Finding, error) {
	var errs []string
	seen := map[string]bool{}
	var out []*Finding
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			errs = append(errs, fmt.Sprintf("%s: %s: %v", act.Package.PkgPath, act.Analyzer.Name, act.Err))
			continue
		}
		for _, d := range act.Diagnostics {
			f := &Finding{
				Analyzer: act.Analyzer,
				Diag:     d,
				Fset:     act.Package.Fset,
				Posn:     act.Package.Fset.Position(d.Pos),
				End:      act.Package.Fset.Position(d.End),
			}
			if !f.End.IsValid() {
				f.End = f.Posn
			}
			key := fmt.Sprintf("%s:%d:%d:%s:%s", f.Posn.Filename, f.Posn.Line, f.Posn.Column, f.Rule(), d.Message)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, f)
		}
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}
	slices.SortFunc(out, func(a, b *Finding) int {
		if c := strings.Compare(a.Posn.Filename, b.Posn.Filename); c != 0 {
			return c
		}
		if a.Posn.Line != b.Posn.Line {
			return a.Posn.Line - b.Posn.Line
		}
		return strings.Compare(a.Rule(), b.Rule())
	})
	return out, nil
}

// relPath returns file relative to root with forward slashes, or file if
// it is outside root.
func relPath(root, file string) string {
	rel, err := filepath.Rel(root, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}
