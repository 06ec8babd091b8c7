package ordering

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// rewriteAfter builds the fix when the last processing of the record is a
// statement the commit cannot simply follow: `return apply(msg)` (after
// it the commit would never run) or `go apply(msg)` (after it the commit
// would still run before the processing). The statement is rewritten so
// that the processing runs, its error is checked, and then the moved
// statements (cut, whose text is moved) run:
//
//	if err := apply(msg); err != nil {    apply(msg) // was go apply(msg)
//		return err                          mark(msg)
//	}
//	mark(msg)
//	return nil
//
// A go statement becomes a plain call: a commit after processing needs
// the processing done, and one made from the goroutine would complete
// records of a partition out of order. path runs from the commit call up;
// name is the commit's name, noun the client's word for a record.
func (c *checker) rewriteAfter(path []ast.Node, target ast.Stmt, moved string, cut analysis.TextEdit, name, noun string) (analysis.SuggestedFix, bool) {
	sig := edit.Signature(c.pass, path)
	if sig == nil {
		return analysis.SuggestedFix{}, false
	}
	results := sig.Results()
	returnsErr := results.Len() == 1 && isError(results.At(0).Type())
	indent := edit.Indent(c.pass, target.Pos())
	var text, title string
	var imports []analysis.TextEdit
	switch t := target.(type) {
	case *ast.ReturnStmt:
		if len(t.Results) != 1 || !returnsErr {
			return analysis.SuggestedFix{}, false
		}
		if _, isCall := ast.Unparen(t.Results[0]).(*ast.CallExpr); !isCall {
			return analysis.SuggestedFix{}, false
		}
		text = edit.IndentLines(errCheck(c.raw(t.Results[0]), "return err"), indent) + moved + indent + "return nil\n"
		title = fmt.Sprintf("Check the processing's error, then call %s and return", name)
	case *ast.GoStmt:
		inPlace, e, ok := c.goInPlace(sig, t, noun)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		imports = e
		text = inPlace + moved
		title = fmt.Sprintf("Process the %s before calling %s, not in a goroutine%s", noun, name, oneAtATime)
		if lit, isLit := ast.Unparen(t.Call.Fun).(*ast.FuncLit); isLit {
			// A result the goroutine sends, checked after the moved
			// statements: they go after its check (resultCheck).
			_, lp := edit.Stmt(edit.Path(c.pass, t.Pos()))
			if lp == nil {
				return analysis.SuggestedFix{}, false
			}
			check, ok := c.resultCheck(lit, *lp, slices.Index(*lp, target))
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			if check != nil {
				_, after, ok := c.cutLines(check, check)
				if !ok {
					return analysis.SuggestedFix{}, false
				}
				text = inPlace
				imports = append(imports, analysis.TextEdit{Pos: after.End, End: after.End, NewText: []byte(moved)})
			}
		}
	default:
		return analysis.SuggestedFix{}, false
	}
	tf := c.pass.Fset.File(target.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.SuggestedFix{}, false
	}
	// Replace the target's whole lines.
	start := tf.LineStart(tf.Line(target.Pos()))
	end := tf.Offset(target.End())
	for end < len(content) && content[end] != '\n' {
		end++
	}
	if end < len(content) {
		end++
	}
	return analysis.SuggestedFix{
		Message:   title,
		TextEdits: append(imports, cut, analysis.TextEdit{Pos: start, End: tf.Pos(end), NewText: []byte(text)}),
	}, true
}

// goInPlace returns the lines replacing go statement g (none for one
// starting a worker: edit.StartsWorker), in a function of
// signature sig: its call made in place, indented like g. The goroutine
// dropped every result: the call in place keeps the error only (`_, err
// := f(...)`), logs it and skips the rest of the record's handling (its
// commit): a continue in a loop, a return from a function returning
// nothing. A failure the author ignored does not stop the consumer (a
// sarama ConsumeClaim returning an error ends the session of every
// claim, and the message comes back). Outside a loop, a function
// returning an error alone (a handler of one record) returns it: its
// caller handles failures. imports are the edits adding the log import,
// if needed.
func (c *checker) goInPlace(sig *types.Signature, g *ast.GoStmt, noun string) (string, []analysis.TextEdit, bool) {
	if edit.StartsWorker(c.pass, g) {
		return "", nil, false // in place, it would wait for what only the code after it sends
	}
	indent := edit.Indent(c.pass, g.Pos())
	call := c.raw(g.Call)
	csig, ok := c.pass.TypesInfo.TypeOf(g.Call.Fun).Underlying().(*types.Signature)
	if !ok || sig == nil {
		return "", nil, false
	}
	results := sig.Results()
	returnsErr := results.Len() == 1 && isError(results.At(0).Type())
	res := csig.Results()
	n := res.Len()
	lhs := strings.Repeat("_, ", max(n-1, 0)) + "err"
	errLast := n >= 1 && isError(res.At(n-1).Type())
	switch {
	case n == 0:
		return indent + call + "\n", nil, true
	case !errLast:
		return "", nil, false
	}
	leave, ok := edit.Skip(c.pass, g)
	loops := 0
	for _, n := range edit.Path(c.pass, g.Pos()) {
		if _, lit := n.(*ast.FuncLit); lit {
			break
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops++
		}
	}
	if loops > 1 {
		// An inner loop's continue (over a message's lines) would go on
		// with the message: its failure is returned, or logged and
		// returned from, as the record's.
		leave = ""
		if results.Len() == 0 {
			leave = "return"
		}
	}
	switch {
	case !ok:
		return "", nil, false
	case leave == "" && returnsErr:
		// A handler of one record returning an error: its caller
		// handles the failure.
		return edit.IndentLines(errCheckAs(lhs, call, "return err"), indent), nil, true
	case leave == "":
		return "", nil, false
	}
	logged, e := edit.LogErr(c.pass, edit.File(c.pass, g.Pos()), "process "+noun, "err")
	return edit.IndentLines(errCheckAs(lhs, call, logged+"\n\t"+leave), indent), e, true
}

// lineEdit returns the edit replacing the whole lines of s with text.
func (c *checker) lineEdit(s ast.Stmt, text string) (analysis.TextEdit, bool) {
	_, e, ok := c.cutLines(s, s)
	if !ok {
		return analysis.TextEdit{}, false
	}
	e.NewText = []byte(text)
	return e, true
}

// raw returns the source of n as written, comments kept.
func (c *checker) raw(n ast.Node) string {
	tf := c.pass.Fset.File(n.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(n.Pos()):tf.Offset(n.End())])
}

// errCheck returns `if err := call; err != nil { body }`, unindented.
func errCheck(call, body string) string { return errCheckAs("err", call, body) }

// errCheckAs returns `if lhs := call; err != nil { body }`, unindented.
func errCheckAs(lhs, call, body string) string {
	return "if " + lhs + " := " + call + "; err != nil {\n\t" + body + "\n}\n"
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// recordLeaves reports whether p's record, or a value derived from it,
// leaves p's function (see leaves). Its processing may then happen after
// the function returns, and no commit in the function, however late, is
// sure to follow it.
func (c *checker) recordLeaves(p *position) bool {
	if p.returned != nil {
		return true // returned to callers that process it (returned.go)
	}
	for _, o := range c.origins(p) {
		if leaves(p.fn, c.taint(o), false) {
			return true
		}
	}
	return false
}

// leaves reports whether a tainted value leaves fn: returned (other than
// an error), sent on a channel, or stored where fn's caller or another
// goroutine can read it (a field of a heap object, a global); with goes,
// also handed to a go statement.
func leaves(fn *ssa.Function, tainted map[ssa.Value]bool, goes bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Return:
				for _, r := range in.Results {
					if tainted[r] && !isError(r.Type()) {
						return true
					}
				}
			case *ssa.Send:
				if tainted[in.X] {
					return true
				}
			case *ssa.Store:
				if tainted[in.Val] && ssaflow.LocalAggregate(in.Addr) == nil {
					return true
				}
			case *ssa.Go:
				for _, a := range in.Call.Args {
					if goes && tainted[a] {
						return true
					}
				}
			}
		}
	}
	return false
}
