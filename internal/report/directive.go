package report

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Directive is a //commitlint:ignore comment:
//
//	//commitlint:ignore <name>[,<name>...] -- <reason>
//
// where each name is an analyzer (ordering) or a category
// (commit-before-process). It suppresses matching findings on its own line
// or on the line below it.
type Directive struct {
	Pos    token.Pos
	Line   int
	File   string
	Names  []string
	Reason string
}

const directivePrefix = "//commitlint:ignore"

// ParseDirective parses the text of one comment. ok is false if the
// comment is not a commitlint:ignore directive at all.
func ParseDirective(text string) (names []string, reason string, ok bool) {
	rest, found := strings.CutPrefix(text, directivePrefix)
	if !found || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil, "", false
	}
	// A trailing "// ..." ends the directive (a note, or a test's want).
	rest, _, _ = strings.Cut(rest, "//")
	spec, reason, _ := strings.Cut(rest, "--")
	for _, n := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		names = append(names, n)
	}
	return names, strings.TrimSpace(reason), true
}

// Directives returns the ignore directives of a file.
func Directives(fset *token.FileSet, f *ast.File) []*Directive {
	var out []*Directive
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			names, reason, ok := ParseDirective(c.Text)
			if !ok {
				continue
			}
			p := fset.Position(c.Slash)
			out = append(out, &Directive{Pos: c.Slash, Line: p.Line, File: p.Filename, Names: names, Reason: reason})
		}
	}
	return out
}

// Matches reports whether the directive names the analyzer or the category.
func (d *Directive) Matches(analyzer, category string) bool {
	for _, n := range d.Names {
		if n == analyzer || (category != "" && n == category) {
			return true
		}
	}
	return false
}

// Covers reports whether the directive applies to a finding at line (in
// the same file): the directive's line or the line after it.
func (d *Directive) Covers(file string, line int) bool {
	return d.File == file && (d.Line == line || d.Line+1 == line)
}

// Used is an analyzer's result: the directives that suppressed one of its
// findings in the package, keyed by position, which the directives
// analyzer reads to report directives that suppress nothing, and the
// analyzer's own result, for the analyzers that require it.
type Used struct {
	Directives map[token.Pos]bool
	Result     any
}

// Reporter sits between an analyzer and its pass (see HonourIgnores): it
// drops findings an ignore directive suppresses and records the directives
// it used.
type Reporter struct {
	pass       *analysis.Pass
	directives map[*ast.File][]*Directive
	used       map[token.Pos]bool
}

// New returns a Reporter for pass.
func New(pass *analysis.Pass) *Reporter {
	return &Reporter{pass: pass, directives: map[*ast.File][]*Directive{}, used: map[token.Pos]bool{}}
}

// report reports d to the underlying pass unless a directive with a reason
// suppresses it. The analyzer's own call to Report (the funnel) has
// already applied the other checks.
func (r *Reporter) report(d analysis.Diagnostic) {
	p := r.pass.Fset.Position(d.Pos)
	for _, f := range r.pass.Files {
		if f.FileStart <= d.Pos && d.Pos <= f.FileEnd {
			ds, ok := r.directives[f]
			if !ok {
				ds = Directives(r.pass.Fset, f)
				r.directives[f] = ds
			}
			for _, dir := range ds {
				if dir.Reason != "" && dir.Covers(p.Filename, p.Line) && dir.Matches(r.pass.Analyzer.Name, d.Category) {
					r.used[dir.Pos] = true
					return
				}
			}
			break
		}
	}
	r.pass.Report(d)
}

// Used returns the directives that suppressed a finding.
func (r *Reporter) Used() map[token.Pos]bool { return r.used }
