package fencing

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/observe"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/semantics"
)

//go:embed doc.go
var doc string

// Categories of findings; each is a heading of the README.
const (
	// CategorySwallowed: the error of a commit or transaction call is
	// discarded, or only logged while the loop carries on.
	CategorySwallowed = string(category.Swallowed)
	// CategoryFencingIgnored: a fencing error of a transaction call, or a
	// group fencing error of a plain commit inside a fetched batch, is
	// recognised and ignored.
	CategoryFencingIgnored = string(category.FencingIgnored)
	// CategoryTxnResult: franz-go End's committed result is ignored, or a
	// sarama CommitTxn failure is handled without AbortTxn.
	CategoryTxnResult = string(category.TxnResult)
	// CategoryRevoke: a revoke callback that does not commit where the
	// client no longer commits on revoke for the application.
	CategoryRevoke = string(category.Revoke)
	// CategoryRevokeInFlight: CommitUncommittedOffsets in a franz-go revoke
	// callback that can run while records are being processed.
	CategoryRevokeInFlight = string(category.RevokeInFlight)
	// CategoryUnfenced: an offset row in the consumer's own database written
	// without a guard against a stale owner.
	CategoryUnfenced = string(category.Unfenced)
	// CategoryBeginSkipped: a transaction begin whose failure a consume
	// loop discards or only logs, moving on to the next record.
	CategoryBeginSkipped = string(category.BeginSkipped)
	// CategoryAbortNoRewind: a failed transaction commit aborted while the
	// consume loop reads on, without rewinding the consumer.
	CategoryAbortNoRewind = string(category.AbortNoRewind)
	// CategoryPollErrorSkip: a poll loop that polls again on the poll's
	// error, skipping the records the poll also holds.
	CategoryPollErrorSkip = string(category.PollErrorSkip)
	// CategoryNeverAllowed: a franz-go client that blocks rebalances on
	// poll and never allows them.
	CategoryNeverAllowed = string(category.NeverAllowed)
)

// Config is the analyzer's configuration. It has no options yet; it is
// here so that analyzers.Config treats every analyzer alike.
type Config struct{}

// Analyzer is the fencing analyzer with its default configuration.
var Analyzer = New(Config{})

// New returns a fencing analyzer for cfg.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "fencing",
		Doc:      report.Doc(doc, "fencing"),
		URL:      report.URL,
		Requires: []*analysis.Analyzer{consumer.Analyzer, noreturn.Analyzer, semantics.Analyzer},
		// A commit wrapper importers call (wrapfact.go).
		FactTypes: []analysis.Fact{new(wrapsCommit)},
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		m := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return nil, nil
		}
		c := &checker{pass: pass, m: m, ix: clientmodel.Default, reported: map[reportKey]bool{}}
		c.revokes() // before results: an in-flight revoke commit's finding takes its call's place
		c.neverAllowed()
		c.results()
		c.offsetRows()
		c.restores()
		c.pollErrorSkips()
		if len(pass.Files) > 0 {
			report.Guard(pass, pass.Files[0].Package, c.exportWrappers)
		}
		return nil, nil
	}
	return report.HonourIgnores(a)
}

type checker struct {
	pass *analysis.Pass
	m    *consumer.Model
	ix   *clientmodel.Index
	// reported holds the findings already reported (reportKey).
	reported map[reportKey]bool
	// calls indexes the package's SSA calls by position (built lazily).
	calls map[token.Pos]*ssa.Call
	// helperFetch memoises helperFetches.
	helperFetch map[*types.Func]bool
	// wrappers holds the package's commit wrappers (built lazily).
	wrappers map[*types.Func]*wrapper
	// implOf memoises the implementation of an interface method of the
	// package by its only implementation there (nil if none); faked,
	// whether a type of the package implements an interface method's
	// interface of another package (wrapfact.go).
	implOf map[*types.Func]*types.Func
	faked  map[*types.Func]bool
}

// report sends d through the report funnel, once per position.
func (c *checker) report(d analysis.Diagnostic) {
	k := reportKey{pos: d.Pos}
	if d.Category == CategoryNotRestored {
		k.category = d.Category // its fix edits the transaction's start, not the call
	}
	if c.reported[k] {
		return
	}
	c.reported[k] = true
	report.Report(c.pass, d)
}

// reportSwallowedAt reports a finding of CategorySwallowed (an error of a
// commit or transaction call lost) at call, with message msg, related
// information rel and the one fix title, made of edits.
func (c *checker) reportSwallowedAt(call *ast.CallExpr, msg string, rel []analysis.RelatedInformation, title string, edits []analysis.TextEdit) {
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: CategorySwallowed, Message: msg, Related: rel}
	if edits != nil { // nil: no fix, msg says why
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: edits}}
	}
	c.report(d)
}

// reportKey is one finding: one call draws one diagnostic, except that an
// offset row never read back is a mistake of its own beside one in the
// statement that writes it (an unguarded row), with a fix of its own.
type reportKey struct {
	pos      token.Pos
	category string
}

func related(n ast.Node, msg string) []analysis.RelatedInformation {
	if n == nil {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.End(), Message: msg}}
}

// ---- syntax helpers ----

// calleeOf returns the function or method a call expression calls.
func (c *checker) calleeOf(call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return fn
}

// text returns the source text of n as written.
func (c *checker) text(n ast.Node) string {
	tf := c.pass.Fset.File(n.Pos())
	if tf == nil {
		return ""
	}
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(n.Pos()):tf.Offset(n.End())])
}

// indentRest indents every line of text but the first with indent.
func indentRest(text, indent string) string {
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = indent + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// replaceStmt returns edits replacing statement s by text (indented like
// s). The first line of text takes the statement's place; the others
// follow the end of its line, so a trailing comment stays on the first.
func (c *checker) replaceStmt(s ast.Node, text string) []analysis.TextEdit {
	indent := edit.Indent(c.pass, s.Pos())
	first, rest, multi := strings.Cut(text, "\n")
	edits := []analysis.TextEdit{{Pos: s.Pos(), End: s.End(), NewText: []byte(first)}}
	if !multi {
		return edits
	}
	tf := c.pass.Fset.File(s.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return []analysis.TextEdit{{Pos: s.Pos(), End: s.End(), NewText: []byte(indentRest(text, indent))}}
	}
	eol := tf.Offset(s.End())
	for eol < len(content) && content[eol] != '\n' {
		eol++
	}
	if after := strings.TrimSpace(string(content[tf.Offset(s.End()):eol])); after != "" && !strings.HasPrefix(after, "//") {
		// Code after it on its line (a one-line function literal's
		// closing brace, `{ cl.CommitMarkedOffsets(ctx) }),`): the
		// text replaces the statement in place (review 34b/4: its
		// lines after the line's end did not compile).
		return []analysis.TextEdit{{Pos: s.Pos(), End: s.End(), NewText: []byte(indentRest(text, indent))}}
	}
	lines := strings.Split(rest, "\n")
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("\n")
		if l != "" {
			b.WriteString(indent + l)
		}
	}
	return append(edits, analysis.TextEdit{Pos: tf.Pos(eol), End: tf.Pos(eol), NewText: []byte(b.String())})
}

// insertAfter returns an edit inserting text as statements after s, after
// the comment that ends its line if any.
func (c *checker) insertAfter(s ast.Stmt, text string) analysis.TextEdit {
	tf := c.pass.Fset.File(s.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return edit.InsertAfter(c.pass, s, text)
	}
	eol := tf.Offset(s.End())
	for eol < len(content) && content[eol] != '\n' {
		eol++
	}
	if rest := strings.TrimSpace(string(content[tf.Offset(s.End()):eol])); rest != "" && !strings.HasPrefix(rest, "//") {
		return edit.InsertAfter(c.pass, s, text)
	}
	indent := edit.Indent(c.pass, s.Pos())
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		b.WriteString("\n")
		if l != "" {
			b.WriteString(indent + l)
		}
	}
	return analysis.TextEdit{Pos: tf.Pos(eol), End: tf.Pos(eol), NewText: []byte(b.String())}
}

// loggingPkgs are the packages whose calls only log, count or wait: a body
// made of them (and continue) handles nothing.
var loggingPkgs = []string{"fmt", "log", "log/slog", "time", "expvar", "sync/atomic"}

func inPkgs(path string, list []string) bool {
	for _, p := range list {
		if path == p || strings.HasSuffix(p, "/") && strings.HasPrefix(path, p) || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// terminates reports whether call never returns: it ends the goroutine or
// the process (panic, os.Exit, log.Fatal, a logger's Fatal, a helper that
// always exits; internal/noreturn).
func (c *checker) terminates(call *ast.CallExpr) bool {
	return noreturn.Of(c.pass).Call(call)
}

// isLogging reports whether call only logs, counts or waits.
func (c *checker) isLogging(call *ast.CallExpr) bool {
	fn := c.calleeOf(call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	return (inPkgs(fn.Pkg().Path(), loggingPkgs) || observe.Is(fn.Pkg().Path())) && !c.terminates(call)
}

// isCancel reports whether call calls a context.CancelFunc (or
// CancelCauseFunc) value: stopping the loop's context.
func (c *checker) isCancel(call *ast.CallExpr) bool {
	t := c.pass.TypesInfo.TypeOf(call.Fun)
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" {
		return false
	}
	return n.Obj().Name() == "CancelFunc" || n.Obj().Name() == "CancelCauseFunc"
}

// funcOf returns the innermost function (declaration or literal) of path,
// as the node and its signature.
func (c *checker) funcOf(path []ast.Node) (ast.Node, *types.Signature) {
	for _, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			sig, _ := c.pass.TypesInfo.TypeOf(f).(*types.Signature)
			return f, sig
		case *ast.FuncDecl:
			if obj, ok := c.pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
				return f, obj.Type().(*types.Signature)
			}
			return f, nil
		}
	}
	return nil, nil
}

var errorType = types.Universe.Lookup("error").Type()

func isError(t types.Type) bool { return types.Identical(t, errorType) }

// mentions reports whether n refers to obj.
func (c *checker) mentions(n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// pathTo returns the path from n up to the file, given a path from a node
// inside n.
func pathTo(path []ast.Node, n ast.Node) []ast.Node {
	for i, p := range path {
		if p == n {
			return path[i:]
		}
	}
	return nil
}

// stmtList returns the statement list that directly contains s, given the
// path from s up.
func stmtList(path []ast.Node) []ast.Stmt {
	_, list := edit.Stmt(path)
	if list == nil {
		return nil
	}
	return *list
}

// after returns the statements after s in list.
func after(list []ast.Stmt, s ast.Stmt) []ast.Stmt {
	for i, x := range list {
		if x == s {
			return list[i+1:]
		}
	}
	return nil
}
