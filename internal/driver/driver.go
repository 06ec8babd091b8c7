// Package driver is commitlint's standalone driver: it loads packages
// (dependencies that cannot reach a Kafka client from export data only),
// runs the analyzers, and prints findings as text, JSON (multichecker's
// formats), SARIF 2.1.0 (GitHub code scanning and other SARIF consumers) or
// GitHub Actions workflow commands, applies their fixes atomically, or
// prints the report of every consumer's delivery semantics. The go vet
// protocol is left to golang.org/x/tools/go/analysis/multichecker.
package driver

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
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

// Main is commitlint's standalone driver (everything but the go vet
// protocol, which multichecker handles). It parses args (without the
// program name), runs the analyzers and prints findings as text (stderr,
// as multichecker does), JSON (-json or -format=json, stdout), SARIF or
// GitHub annotations (stdout), or applies their fixes (-fix, -diff). It
// returns the exit code.
func Main(version string, analyzers []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("commitlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: commitlint [-C dir] [flags] packages...\n       commitlint [-C dir] report [-format=text|json|markdown] packages...\n\nflags:")
		fs.PrintDefaults()
	}
	format := fs.String("format", "text", "output format: text, json, sarif or github")
	jsonOut := fs.Bool("json", false, "emit JSON output (same as -format=json)")
	fix := fs.Bool("fix", false, "apply all suggested fixes")
	diff := fs.Bool("diff", false, "with -fix, print the changes as a unified diff instead of applying them")
	contextLines := fs.Int("c", -1, "display offending line with this many lines of context")
	tests := fs.Bool("test", true, "analyze test files")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	memprofile := fs.String("memprofile", "", "write a memory profile to this file")
	enabled := map[string]*bool{}
	for _, a := range analyzers {
		enabled[a.Name] = fs.Bool(a.Name, true, "enable "+a.Name+" analysis")
	}
	analyzerFlags(fs, analyzers)
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if *jsonOut {
		*format = "json"
	}
	switch *format {
	case "text", "json", "sarif", "github":
	default:
		fmt.Fprintf(stderr, "commitlint: -format=%s: want text, json, sarif or github\n", *format)
		return ExitUsage
	}
	if *diff && !*fix {
		fmt.Fprintln(stderr, "commitlint: -diff needs -fix")
		return ExitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "commitlint: no package patterns")
		return ExitUsage
	}
	// As with multichecker: -NAME=true runs only the analyzers named so;
	// otherwise every analyzer not disabled with -NAME=false runs.
	named := map[string]bool{} // analyzers named with -NAME=true
	fs.Visit(func(f *flag.Flag) {
		if b, ok := enabled[f.Name]; ok && *b {
			named[f.Name] = true
		}
	})
	var run []*analysis.Analyzer
	for _, a := range analyzers {
		if *enabled[a.Name] && (len(named) == 0 || named[a.Name]) {
			run = append(run, a)
		}
	}
	stop, err := profile(*cpuprofile, *memprofile)
	if err != nil {
		fmt.Fprintf(stderr, "commitlint: %v\n", err)
		return ExitError
	}
	defer stop()

	switch *format {
	case "sarif", "github":
		findings, err := Run(run, fs.Args(), *tests)
		if err != nil {
			fmt.Fprintf(stderr, "commitlint: %v\n", err)
			return ExitError
		}
		root, _ := os.Getwd()
		if *format == "sarif" {
			err = WriteSARIF(stdout, version, analyzers, findings, root)
		} else {
			err = WriteGitHub(stdout, findings, root)
		}
		if err != nil {
			fmt.Fprintf(stderr, "commitlint: %v\n", err)
			return ExitError
		}
		if len(findings) > 0 {
			return ExitFindings
		}
		return ExitClean
	}

	// Text, JSON and -fix behave as multichecker's: package errors are
	// printed and make the exit status 1, and the other packages are
	// analyzed all the same.
	roots, err := load(fs.Args(), *tests)
	if err != nil {
		fmt.Fprintf(stderr, "commitlint: %v\n", err)
		return ExitError
	}
	code := ExitClean
	if printErrors(stderr, roots) > 0 {
		code = ExitError
	}
	if len(roots) == 0 {
		fmt.Fprintf(stderr, "commitlint: no packages match %s\n", strings.Join(fs.Args(), " "))
		return ExitError
	}
	prune(roots)
	g, err := checker.Analyze(run, roots, nil)
	if err != nil {
		fmt.Fprintf(stderr, "commitlint: %v\n", err)
		return ExitError
	}
	switch {
	case *fix:
		if err := applyFixes(g, *diff, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "commitlint: %v\n", err)
			return ExitError
		}
		return code
	case *format == "json":
		if err := g.PrintJSON(stdout); err != nil {
			return ExitError
		}
		return code
	}
	if err := g.PrintText(stderr, *contextLines); err != nil {
		return ExitError
	}
	var failed, diags int
	for act := range g.All() {
		if act.Err != nil {
			failed++
		} else if act.IsRoot {
			diags += len(act.Diagnostics)
		}
	}
	switch {
	case failed > 0:
		code = ExitError
	case diags > 0 && code == ExitClean:
		code = ExitFindings
	}
	return code
}

// TuneGC makes the garbage collector run less often (GOGC=400) unless the
// user set GOGC: analysis allocates much short-lived memory (syntax, types,
// SSA) and a short-lived command gains more from fewer collections than it
// pays in peak memory. Both the command and the benchmark floor call it.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// analyzerFlags registers each analyzer's flags on fs as -<analyzer>.<flag>.
func analyzerFlags(fs *flag.FlagSet, analyzers []*analysis.Analyzer) {
	for _, a := range analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
}

// VetProtocol reports whether a command is run by the go command as a vet
// or fix tool: with a unit's .cfg file, or asked for its flags or its
// version. multichecker (unitchecker) speaks that protocol; Main does not.
func VetProtocol(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	for _, a := range args {
		a = strings.TrimLeft(a, "-")
		if a == "flags" || a == "V" || strings.HasPrefix(a, "V=") {
			return true
		}
	}
	return false
}

// printErrors prints the load and type errors of the packages and their
// dependencies, once each, as packages.PrintErrors does, to w.
func printErrors(w io.Writer, pkgs []*packages.Package) int {
	n := 0
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if s := e.Error(); !seen[s] {
				seen[s] = true
				fmt.Fprintln(w, s)
				n++
			}
		}
	})
	return n
}

// profile starts a CPU profile and arranges a heap profile, as
// multichecker's -cpuprofile and -memprofile do.
func profile(cpu, mem string) (stop func(), err error) {
	var stops []func()
	if cpu != "" {
		f, err := os.Create(cpu)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, err
		}
		stops = append(stops, func() { pprof.StopCPUProfile(); f.Close() })
	}
	if mem != "" {
		f, err := os.Create(mem)
		if err != nil {
			return nil, err
		}
		stops = append(stops, func() {
			runtime.GC()
			pprof.WriteHeapProfile(f)
			f.Close()
		})
	}
	return func() {
		for _, s := range stops {
			s()
		}
	}, nil
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
	pkgs, err := load(patterns, tests)
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
	prune(pkgs)
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
