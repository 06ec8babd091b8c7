// Package driver is commitlint's standalone driver: it loads packages
// (dependencies that cannot reach a Kafka client from export data only),
// runs the analyzers, and prints findings as text, JSON (multichecker's
// formats), SARIF 2.1.0 (GitHub code scanning and other SARIF consumers) or
// GitHub Actions workflow commands, applies their fixes atomically, or
// prints the report of every consumer's delivery semantics. The go vet
// protocol is left to golang.org/x/tools/go/analysis/multichecker.
package driver

import (
	"crypto/sha256"
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
// "file:line:col: message [analyzer/category]" and a closing summary),
// JSON (-json or -format=json, stdout, multichecker's format), SARIF or
// GitHub annotations (stdout), or applies their fixes (-fix, -diff). Load
// problems are printed one line each; the packages they do not touch are
// analyzed all the same. It returns the exit code.
func Main(version string, analyzers []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("commitlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed below, one line each
	format := fs.String("format", "text", "output format: text, json, sarif or github")
	jsonOut := fs.Bool("json", false, "emit JSON output (same as -format=json)")
	fix := fs.Bool("fix", false, "apply all suggested fixes")
	diff := fs.Bool("diff", false, "with -fix, print the changes as a unified diff instead of applying them")
	contextLines := fs.Int("c", -1, "display offending line with this many lines of context")
	tests := fs.Bool("test", true, "analyze test files")
	pathbase := fs.String("pathbase", "", "with -format=sarif or github, make paths relative to this directory (default: the enclosing repository's root, found by its .git)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	memprofile := fs.String("memprofile", "", "write a memory profile to this file")
	enabled := map[string]*bool{}
	for _, a := range analyzers {
		enabled[a.Name] = fs.Bool(a.Name, true, "enable "+a.Name+" analysis")
	}
	analyzerFlags(fs, analyzers)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: commitlint [-C dir] [flags] packages...\n       commitlint [-C dir] report [-format=text|json|markdown] packages...\n\nflags:")
			fs.PrintDefaults()
			return ExitClean
		}
		fmt.Fprintf(stderr, "commitlint: %v (commitlint -help lists the flags)\n", err)
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
		fmt.Fprintln(stderr, "commitlint: no package patterns (try ./...)")
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

	cwd, _ := os.Getwd()
	if *format == "text" && !*fix {
		run = append(run, census) // for the closing line
	}
	prog := startProgress(stderr)
	g, problems, err := analyzeChecked(run, fs.Args(), *tests, prog)
	prog.stop()
	if err != nil {
		fmt.Fprintf(stderr, "commitlint: %v\n", err)
		return ExitError
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, p)
	}
	code := ExitClean
	if len(problems) > 0 {
		code = ExitError
	}
	if g == nil {
		return code
	}
	for _, e := range actionErrors(g) {
		fmt.Fprintln(stderr, e)
		code = ExitError
	}
	switch {
	case *fix:
		// The fixed code is analyzed again and its fixes applied, up to
		// maxFixRounds times, as a user running -fix again would: a fix
		// may need another that only the fixed code draws (a store a
		// service's fix adds, which the wiring package's finding then
		// lets count by setting the configuration built in a third
		// package: audit 35c/D2), or overlap one applied next time.
		for round := 1; ; round++ {
			applied, skipped, fixless := applyRound(g, *diff, cwd, stdout, stderr, round == 1)
			if !*diff && applied > 0 && round == maxFixRounds {
				fmt.Fprintf(stderr, "commitlint: %d rounds of fixes applied: run commitlint -fix again, the fixed code may need more\n", maxFixRounds)
			}
			if *diff || applied == 0 || round == maxFixRounds {
				if err := fixResult(stderr, skipped, fixless); err != nil {
					fmt.Fprintf(stderr, "commitlint: %v\n", err)
					return ExitError
				}
				return code
			}
			prog := startProgress(io.Discard) // the fixes' lines stay last
			g, problems, err = analyzeChecked(run, fs.Args(), *tests, prog)
			prog.stop()
			if err != nil {
				fmt.Fprintf(stderr, "commitlint: after the fixes: %v\n", err)
				return ExitError
			}
			for _, p := range problems {
				fmt.Fprintln(stderr, "commitlint: after the fixes:", p)
				code = ExitError
			}
			if g == nil {
				return code
			}
			for _, e := range actionErrors(g) {
				fmt.Fprintln(stderr, "commitlint: after the fixes:", e)
				code = ExitError
			}
		}
	case *format == "json":
		if err := g.PrintJSON(stdout); err != nil {
			return ExitError
		}
		return code
	}
	fds := collect(g)
	switch *format {
	case "sarif", "github":
		base := *pathbase
		if base == "" {
			base = repoRoot(cwd)
		} else if base, err = filepath.Abs(base); err != nil {
			fmt.Fprintf(stderr, "commitlint: -pathbase: %v\n", err)
			return ExitError
		}
		if *format == "sarif" {
			err = WriteSARIF(stdout, version, analyzers, fds, base, problems)
		} else {
			err = WriteGitHub(stdout, fds, base)
		}
	default:
		err = writeText(stderr, fds, *contextLines, cwd)
		if err == nil {
			// Without it a run with no finding ends with the errors, or
			// prints nothing when it found no consumer at all, and the
			// user cannot tell what was analyzed.
			_, err = io.WriteString(stderr, closing(g, len(fds), len(problems) > 0))
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "commitlint: %v\n", err)
		return ExitError
	}
	if len(fds) > 0 && code == ExitClean {
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

// maxFixRounds bounds the rounds of -fix: each applies the fixes the
// code as the last left it draws.
const maxFixRounds = 3

// analyzeChecked loads the packages matching patterns and runs the
// analyzers on those that loaded without errors, their dependencies'
// included. It returns the graph (nil when nothing could be analyzed) and
// the load problems, one line each (see triage); err is for failures of
// the loader itself.
func analyzeChecked(analyzers []*analysis.Analyzer, patterns []string, tests bool, prog *progress) (*checker.Graph, []string, error) {
	l, err := load(patterns, tests, prog)
	if err != nil {
		return nil, nil, err
	}
	cwd, _ := os.Getwd()
	ok, problems := triage(l.roots, cwd)
	if len(problems) > 0 || len(l.roots) == 0 {
		if dir, outside := outsideModule(); outside {
			return nil, []string{fmt.Sprintf("commitlint: no go.mod found in %s or any parent directory (run inside a module or pass -C)", dir)}, nil
		}
	}
	if len(l.roots) == 0 || slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, "(no metadata for ") }) {
		// The go command failed before listing the packages (a go.mod
		// that needs updates, a missing go.sum entry): say why, in its
		// words, instead of the consequences.
		if msg := goListError(patterns, tests); msg != "" {
			problems = slices.DeleteFunc(problems, func(p string) bool { return strings.Contains(p, "(no metadata for ") })
			problems = append(problems, "commitlint: "+msg)
		} else if len(l.roots) == 0 {
			problems = append(problems, fmt.Sprintf("commitlint: no packages match %s", strings.Join(patterns, " ")))
		}
	}
	if len(ok) == 0 {
		return nil, problems, nil
	}
	defer shareSSA(analyzers, l, ok)()
	prune(ok, l.full)
	prog.phase("analyzing " + plural(len(ok), "package"))
	g, err := checker.Analyze(analyzers, ok, nil)
	if err != nil {
		return nil, nil, err
	}
	return g, problems, nil
}

// analyzed is the number of packages g analyzed, each counted once
// (not its test variants, nor the test mains).
func analyzed(g *checker.Graph) int {
	seen := map[string]bool{}
	for _, a := range g.Roots {
		if !strings.HasSuffix(a.Package.ID, ".test") {
			seen[a.Package.PkgPath] = true
		}
	}
	return len(seen)
}

// actionErrors returns the analysis errors of g, one line each, without
// the consequences the checker adds for every analyzer that requires a
// failed one ("failed prerequisites").
func actionErrors(g *checker.Graph) []string {
	var out []string
	seen := map[string]bool{}
	for act := range g.All() {
		if act.Err == nil {
			continue
		}
		msg := act.Err.Error()
		if strings.HasPrefix(msg, "failed prerequisites") || strings.Contains(msg, "analysis skipped due to errors") {
			continue
		}
		line := fmt.Sprintf("commitlint: %s: %s analyzer: %s", plainPath(act.Package), act.Analyzer.Name, msg)
		if !seen[line] {
			seen[line] = true
			out = append(out, line)
		}
	}
	return out
}

// findings returns the diagnostics of the root packages' actions, sorted
// and without the duplicates that test variants of a package produce, or
// the analysis errors.
func findings(g *checker.Graph) ([]*Finding, error) {
	if errs := actionErrors(g); len(errs) > 0 {
		return nil, errors.New(strings.TrimPrefix(strings.Join(errs, "\n"), "commitlint: "))
	}
	return collect(g), nil
}

// collect returns the diagnostics of the root packages' actions that ran,
// sorted by position and without the duplicates that test variants of a
// package produce.
func collect(g *checker.Graph) []*Finding {
	seen := map[string]bool{}
	var out []*Finding
	for act := range g.All() {
		if !act.IsRoot || act.Err != nil {
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
	slices.SortFunc(out, func(a, b *Finding) int {
		if c := strings.Compare(a.Posn.Filename, b.Posn.Filename); c != 0 {
			return c
		}
		if a.Posn.Line != b.Posn.Line {
			return a.Posn.Line - b.Posn.Line
		}
		if a.Posn.Column != b.Posn.Column {
			return a.Posn.Column - b.Posn.Column
		}
		return strings.Compare(a.Rule(), b.Rule())
	})
	return out
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

// PrintVersion prints the version line of the -V flag, or with full the
// one the go command reads from vet tools (-V=full) to key its cache:
// "commitlint version devel [version] buildID=<hash of the executable>".
// The word devel makes the go command use the hash, so a rebuilt binary is
// never mistaken for the one whose results it cached.
func PrintVersion(w io.Writer, version string, full bool) error {
	if !full {
		_, err := fmt.Fprintf(w, "commitlint version %s\n", version)
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	v := "devel"
	if version != "devel" {
		v += " " + version
	}
	_, err = fmt.Fprintf(w, "commitlint version %s buildID=%x\n", v, h.Sum(nil))
	return err
}
