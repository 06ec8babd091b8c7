package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// A transaction often runs in a function literal called in place in the
// consume loop, for its defers (`for msg := range ch { func() { defer
// span.End(); if err := p.BeginTxn(); err != nil { log…; return } … }() }`).
// The literal's return only ends the literal: the loop moves on to the
// next record, as a continue would.

// invokedLit is a function literal without results called in place, as a
// statement of a consume loop: stmt is the call's statement, loop the
// loop around it, outer the function the loop is in.
type invokedLit struct {
	lit      *ast.FuncLit
	call     *ast.CallExpr
	stmt     *ast.ExprStmt
	loop     ast.Stmt
	outer    ast.Node
	outerSig *types.Signature
}

// invokedLitOf returns the literal s is directly in when it is called in
// place as a statement of a consume loop, else nil.
func (c *checker) invokedLitOf(s *site) *invokedLit {
	lit, ok := s.fn.(*ast.FuncLit)
	if !ok || s.sig.Results().Len() != 0 {
		return nil
	}
	up := pathTo(s.path, lit)
	if len(up) < 3 {
		return nil
	}
	call, ok := up[1].(*ast.CallExpr)
	if !ok || ast.Unparen(call.Fun) != lit {
		return nil
	}
	stmt, ok := up[2].(*ast.ExprStmt)
	if !ok || stmt.X != call {
		return nil
	}
	loop, _ := edit.LoopOf(up[2:])
	if loop == nil || !c.fetchesIn(loop) {
		return nil
	}
	outer, sig := c.funcOf(up[2:])
	if outer == nil || sig == nil {
		return nil
	}
	return &invokedLit{lit: lit, call: call, stmt: stmt, loop: loop, outer: outer, outerSig: sig}
}

// beginSkippedInLit reports a transaction begin in an invoked literal of
// a consume loop whose failure is discarded, only logged, or ends only
// the literal (a return after logging, or alone).
func (c *checker) beginSkippedInLit(s *site, il *invokedLit) {
	var how string
	var ret *ast.ReturnStmt // the literal's return that moves the loop on
	switch c.errState(s) {
	case errDiscarded:
		how = "discarded while the loop carries on"
	case errLogged:
		how = "only logged while the loop carries on"
	case errHandled:
		list := s.check.Body.List
		r, ok := list[len(list)-1].(*ast.ReturnStmt)
		if !ok || len(r.Results) != 0 || c.branch(list[:len(list)-1], nil) != branchLogs {
			return // stopped, cancelled or exited
		}
		ret = r
		how = "only logged, and the return leaves only the function literal, so the loop carries on"
		if len(list) == 1 {
			how = "checked, but the return leaves only the function literal, so the loop carries on"
		}
	default:
		return
	}
	edits, ok := c.litFix(s, il, ret)
	if !ok {
		return
	}
	name := clientmodel.ShortName(s.ref.Func)
	var rel []analysis.RelatedInformation
	if s.check != nil {
		rel = related(s.check, "the error is only logged here")
		if ret != nil {
			rel = related(ret, "this return only ends the function literal called in the loop")
		}
	}
	noun := s.ref.Client.RecordNoun
	skipped := "the " + noun + " it was for goes unprocessed and the next transaction commits a later offset, so it is lost for good"
	if s.ref.Client.FetchesBatches() {
		skipped = "the " + noun + "s it was for go unprocessed and the next transaction commits later offsets, so they are lost for good"
	}
	c.report(analysis.Diagnostic{
		Pos:      s.call.Pos(),
		End:      s.call.End(),
		Category: CategoryBeginSkipped,
		Message:  fmt.Sprintf("the error of %s is %s: %s (at-most-once)", name, how, skipped),
		Related:  rel,
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Return the " + name + " error from the function literal and stop the loop on it",
			TextEdits: edits,
		}},
	})
}

// litFix makes the literal return an error: the begin's failure wrapped
// (in place of ret, or in a new check), nil from its other returns and at
// its end; and the loop handles the literal's error as it would the
// begin's own (see ret): return it, or, in a function without results,
// return (logging it when nothing did).
func (c *checker) litFix(s *site, il *invokedLit, ret *ast.ReturnStmt) ([]analysis.TextEdit, bool) {
	fmtName, edits := edit.Import(c.pass, s.file, "fmt")
	wrapped := func(errName string) string {
		return fmt.Sprintf("%s.Errorf(\"%s: %%w\", %s)", fmtName, what(s.ref), errName)
	}
	logged := false
	switch {
	case ret != nil:
		logged = len(s.check.Body.List) > 1
		edits = append(edits, analysis.TextEdit{Pos: ret.Pos(), End: ret.End(), NewText: []byte("return " + wrapped(s.errObj.Name()))})
	case s.check != nil:
		logged = true
		e, ok := edit.AppendToList(c.pass, s.check.Body.List, s.check.Body.Rbrace, "return "+wrapped(s.errObj.Name()))
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	default:
		e, ok := c.litDiscardFix(s, wrapped)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
	}
	// The literal's own returns (not those of literals inside it).
	body := il.lit.Body
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if n != ret {
				edits = append(edits, analysis.TextEdit{Pos: n.Pos(), End: n.End(), NewText: []byte("return nil")})
			}
		}
		return true
	})
	if last := body.List[len(body.List)-1]; !c.endsFlow(last) {
		edits = append(edits, edit.InsertAfter(c.pass, last, "return nil"))
	}
	params := il.lit.Type.Params
	edits = append(edits, analysis.TextEdit{Pos: params.End(), End: params.End(), NewText: []byte(" error")})
	// The loop's handling of the literal's error.
	errName := "err" // declared by the if: its scope starts after the literal
	var handle string
	res := il.outerSig.Results()
	switch {
	case res.Len() >= 1 && isError(res.At(res.Len()-1).Type()):
		zeros, ok := c.zerosOf(il.outerSig, s.file)
		if !ok {
			return nil, false
		}
		handle = "return " + zeros + errName
	case res.Len() == 0:
		handle = "return"
		if !logged {
			logName, e := edit.Import(c.pass, s.file, "log")
			edits = append(edits, e...)
			handle = fmt.Sprintf("%s.Print(%s)\nreturn", logName, errName)
		}
	default:
		return nil, false
	}
	indent := edit.Indent(c.pass, il.stmt.Pos())
	var b strings.Builder
	fmt.Fprintf(&b, "; %s != nil {", errName)
	for _, l := range strings.Split(handle, "\n") {
		b.WriteString("\n" + indent + "\t" + l)
	}
	b.WriteString("\n" + indent + "}")
	edits = append(edits,
		analysis.TextEdit{Pos: il.stmt.Pos(), End: il.stmt.Pos(), NewText: []byte("if " + errName + " := ")},
		analysis.TextEdit{Pos: il.call.End(), End: il.call.End(), NewText: []byte(b.String())},
	)
	return edits, true
}

// litDiscardFix checks a discarded begin error in the literal and returns
// it wrapped (wrapped wraps the named error).
func (c *checker) litDiscardFix(s *site, wrapped func(string) string) ([]analysis.TextEdit, bool) {
	if s.ifInit != nil {
		return nil, false
	}
	as, isAssign := s.stmt.(*ast.AssignStmt)
	if !isAssign || s.errBlank {
		// A statement, or every result blank (the begins return only an
		// error): the call becomes the init of a check.
		if isAssign && len(as.Lhs) != 1 {
			return nil, false
		}
		errName := c.errName(s.stmt.Pos())
		text := fmt.Sprintf("if %s := %s; %s != nil {\n\treturn %s\n}", errName, c.text(s.call), errName, wrapped(errName))
		return c.replaceStmt(s.stmt, text), true
	}
	// A variable never read: check it after the call.
	name := s.errObj.Name()
	return []analysis.TextEdit{c.insertAfter(s.stmt, fmt.Sprintf("if %s != nil {\n\treturn %s\n}", name, wrapped(name)))}, true
}

// endsFlow reports whether s ends the literal's control flow as the
// spec's terminating statements do (so that nothing may follow it
// without being unreachable): a return, goto, a call that never returns,
// a block or an if with an else both ending so, an endless for without
// break.
func (c *checker) endsFlow(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.GOTO
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok {
			return c.terminates(call)
		}
	case *ast.BlockStmt:
		return len(s.List) > 0 && c.endsFlow(s.List[len(s.List)-1])
	case *ast.IfStmt:
		return s.Else != nil && c.endsFlow(s.Body) && c.endsFlow(s.Else)
	case *ast.ForStmt:
		if s.Cond != nil {
			return false
		}
		return !breaksOut(s.Body, true)
	}
	return false
}

// breaksOut reports whether a loop body has a break that may leave the
// loop: an unlabelled one of its own (own), or any labelled one.
func breaksOut(n ast.Node, own bool) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if x != n {
				found = found || breaksOut(x, false) // their unlabelled breaks are theirs
				return false
			}
		case *ast.BranchStmt:
			found = found || x.Tok == token.BREAK && (own || x.Label != nil)
		}
		return !found
	})
	return found
}
