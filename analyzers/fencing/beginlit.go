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
// next record, as a continue would. A literal that returns an error
// carries on the same way when it returns nil on the failure, when the
// loop discards its result, or when the loop only logs it.

// invokedLit is a function literal called in place in a consume loop,
// without results or with an error result: as a statement (stmt), or,
// returning an error, as the init of an if on that error (checked, the
// error errObj) whose branch stops the loop, or only logs it (logs). loop
// is the loop around it, outer the function the loop is in.
type invokedLit struct {
	lit      *ast.FuncLit
	call     *ast.CallExpr
	stmt     *ast.ExprStmt
	checked  *ast.IfStmt
	errObj   types.Object
	logs     bool
	errRes   bool
	loop     ast.Stmt
	outer    ast.Node
	outerSig *types.Signature
}

// invokedLitOf returns the literal s is directly in when it is called in
// place in a consume loop as invokedLit describes, else nil.
func (c *checker) invokedLitOf(s *site) *invokedLit {
	lit, ok := s.fn.(*ast.FuncLit)
	if !ok {
		return nil
	}
	res := s.sig.Results()
	il := &invokedLit{lit: lit, errRes: res.Len() == 1 && isError(res.At(0).Type())}
	if res.Len() != 0 && !il.errRes {
		return nil
	}
	up := pathTo(s.path, lit)
	if len(up) < 4 {
		return nil
	}
	call, ok := up[1].(*ast.CallExpr)
	if !ok || ast.Unparen(call.Fun) != lit {
		return nil
	}
	il.call = call
	switch p := up[2].(type) {
	case *ast.ExprStmt:
		il.stmt = p
	case *ast.AssignStmt:
		ifs, isIf := up[3].(*ast.IfStmt)
		if !il.errRes || !isIf || ifs.Init != p || len(p.Lhs) != 1 || len(p.Rhs) != 1 || p.Rhs[0] != call {
			return nil
		}
		_, obj, ok := c.lhs(p.Lhs[0])
		if !ok || obj == nil || !c.isNilCheck(ifs.Cond, obj) {
			return nil
		}
		il.checked, il.errObj = ifs, obj
	default:
		return nil
	}
	loop, _ := edit.LoopOf(up[2:])
	if loop == nil || !c.fetchesIn(loop) {
		return nil
	}
	if il.checked != nil {
		switch c.branch(il.checked.Body.List, loop) {
		case branchHandles:
		case branchLogs, branchLogsContinue:
			// The loop logs the literal's error and carries on: the
			// fix stops it on this call's failure only (failedFlag).
			if il.checked.Else != nil {
				return nil
			}
			il.logs = true
		default:
			return nil
		}
	}
	il.loop = loop
	il.outer, il.outerSig = c.funcOf(up[2:])
	if il.outer == nil || il.outerSig == nil {
		return nil
	}
	return il
}

// beginSkippedInLit reports a transaction begin in an invoked literal of
// a consume loop whose failure is swallowed (litState).
func (c *checker) beginSkippedInLit(s *site, il *invokedLit) {
	how, ret, ok := c.litState(s, il)
	if !ok {
		return
	}
	edits, ok := c.litFix(s, il, ret)
	name := clientmodel.ShortName(s.ref.Func)
	c.reportBeginSkipped(s, beginSkippedMessage(s.ref, how), litRelated(s, il, ret), litFixTitle(name, il), edits, ok)
}

// swallowedInLit reports a transaction call (not a plain commit) in an
// invoked literal of a consume loop whose failure is swallowed
// (litState), as reportSwallowed does in the loop itself; reported says
// whether it did.
func (c *checker) swallowedInLit(s *site, il *invokedLit) (reported bool) {
	how, ret, ok := c.litState(s, il)
	if !ok {
		return false
	}
	edits, ok := c.litFix(s, il, ret)
	name := clientmodel.ShortName(s.ref.Func)
	msg := fmt.Sprintf("the error of %s is %s: %s", name, how, cost(s.ref))
	if !ok {
		msg, edits = msg+noHandOn, nil // reported all the same (#13)
	}
	c.reportSwallowedAt(s.call, msg, litRelated(s, il, ret), litFixTitle(name, il), edits)
	return true
}

func litFixTitle(name string, il *invokedLit) string {
	if il.checked != nil && !il.logs {
		return "Return the " + name + " error from the function literal"
	}
	return "Return the " + name + " error from the function literal and stop the loop on it"
}

// litState says how the error of s, in an invoked literal, is swallowed:
// discarded, only logged, or ending only the literal (ret: a bare return,
// or nil returned, after logging or alone; or the error returned while
// the loop discards the literal's result). ok is false when it is
// handled.
func (c *checker) litState(s *site, il *invokedLit) (how string, ret *ast.ReturnStmt, ok bool) {
	switch c.errState(s) {
	case errDiscarded:
		return "discarded while the loop carries on", nil, true
	case errLogged:
		return "only logged while the loop carries on", nil, true
	case errHandled:
		list := s.check.Body.List
		r, isRet := list[len(list)-1].(*ast.ReturnStmt)
		if !isRet || c.branch(list[:len(list)-1], nil) != branchLogs {
			return "", nil, false // stopped, cancelled, aborted or exited
		}
		leaves := "the return leaves only the function literal"
		switch {
		case !il.errRes:
		case c.isNil(r.Results[0]):
			leaves = "the function literal returns nil"
		case il.stmt != nil && c.mentions(r.Results[0], s.errObj):
			return "returned by the function literal, whose result the loop discards, so the loop carries on", r, true
		case il.logs && c.mentions(r.Results[0], s.errObj):
			return "returned by the function literal, whose error the loop only logs, so the loop carries on", r, true
		default:
			return "", nil, false
		}
		if len(list) == 1 {
			return "checked, but " + leaves + ", so the loop carries on", r, true
		}
		return "only logged, and " + leaves + ", so the loop carries on", r, true
	}
	return "", nil, false
}

// isNil reports whether e is the nil identifier.
func (c *checker) isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := c.pass.TypesInfo.Uses[id].(*types.Nil)
	return isNil
}

// litRelated points at the branch that swallows the error, and at the
// loop's branch that only logs the literal's error.
func litRelated(s *site, il *invokedLit, ret *ast.ReturnStmt) []analysis.RelatedInformation {
	var rel []analysis.RelatedInformation
	switch {
	case ret != nil:
		rel = related(ret, "this return only ends the function literal called in the loop")
	case s.check != nil:
		rel = related(s.check, "the error is only logged here")
	}
	if il.logs {
		rel = append(rel, related(il.checked, "the loop only logs the function literal's error here")...)
	}
	return rel
}

// litFix makes the literal return the call's failure, wrapped as ret
// builds it for a function returning an error (aborting first where the
// transaction needs it): in place of the return that moves the loop on
// (r), or at the end of the branch that only logs, or in a new check. A
// literal without results gets an error result, nil from its other
// returns and at its end. Unless the loop already stops on the literal's
// error (checked), it handles it as it would the call's own (see ret):
// return it, or, in a function without results, return (logging it when
// nothing did). When the loop only logs the literal's errors (il.logs),
// the literal's other errors stay the loop's to log: a flag set on this
// call's failure stops the loop on it alone (failedFlag).
func (c *checker) litFix(s *site, il *invokedLit, r *ast.ReturnStmt) ([]analysis.TextEdit, bool) {
	inLit := *s
	inLit.sig = types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, nil, "", errorType)), false)
	errName := c.errName(s.stmt.Pos())
	if s.errObj != nil {
		errName = s.errObj.Name()
	}
	text, edits, ok := c.ret(&inLit, errName, true)
	if !ok {
		return nil, false
	}
	logged := false
	propagated := il.errRes && r != nil && !c.isNil(r.Results[0])
	var flag string
	if il.logs {
		flag = c.failedFlag(s, il)
		text = flag + " = true\n" + text
	}
	switch {
	case propagated && il.logs:
		edits = []analysis.TextEdit{edit.InsertBefore(c.pass, r, flag+" = true")}
	case propagated:
		edits = nil // the literal returns the error already (no import)
	case r != nil:
		logged = len(s.check.Body.List) > 1
		edits = append(edits, c.replaceStmt(r, text)...)
	case s.check != nil && len(s.check.Body.List) == 0:
		edits = append(edits, c.prependStmts(nil, s.check.Body.Lbrace, text))
	case s.check != nil:
		logged = true
		e, ok := edit.AppendToList(c.pass, s.check.Body.List, s.check.Body.Rbrace, text)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	// The literal's own returns (not those of literals inside it), and
	// one at its end, when it returned nothing.
	body := il.lit.Body
	last := body.List[len(body.List)-1]
	tail := !il.errRes && !c.endsFlow(last)
	if r == nil && s.check == nil {
		var tailText string
		if last == s.stmt && tail {
			tailText, tail = "\nreturn nil", false // the check replaces the last statement
		}
		e, ok := c.litDiscardFix(s, errName, text, tailText)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
	}
	if !il.errRes {
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if n != r {
					edits = append(edits, analysis.TextEdit{Pos: n.Pos(), End: n.End(), NewText: []byte("return nil")})
				}
			}
			return true
		})
		if tail {
			edits = append(edits, c.insertAfter(last, "return nil"))
		}
		params := il.lit.Type.Params
		edits = append(edits, analysis.TextEdit{Pos: params.End(), End: params.End(), NewText: []byte(" error")})
	}
	if il.logs {
		e, ok := c.stopOnFlag(s, il, flag)
		if !ok {
			return nil, false
		}
		return append(edits, e...), true
	}
	if il.checked != nil {
		return edits, true // the loop stops on the literal's error already
	}
	// The loop's handling of the literal's error, declared by an if
	// whose scope starts after the literal.
	var handle string
	res := il.outerSig.Results()
	switch {
	case res.Len() >= 1 && isError(res.At(res.Len()-1).Type()):
		zeros, ok := edit.LeadingZeros(c.pass, il.outerSig, s.file)
		if !ok {
			return nil, false
		}
		handle = "return " + zeros + "err"
	case res.Len() == 0:
		handle = "return"
		if !logged {
			logName, e := edit.Import(c.pass, s.file, "log")
			edits = append(edits, e...)
			handle = logName + ".Print(err)\nreturn"
		}
	default:
		return nil, false
	}
	indent := edit.Indent(c.pass, il.stmt.Pos())
	var b strings.Builder
	b.WriteString("; err != nil {")
	for _, l := range strings.Split(handle, "\n") {
		b.WriteString("\n" + indent + "\t" + l)
	}
	b.WriteString("\n" + indent + "}")
	edits = append(edits,
		analysis.TextEdit{Pos: il.stmt.Pos(), End: il.stmt.Pos(), NewText: []byte("if err := ")},
		analysis.TextEdit{Pos: il.call.End(), End: il.call.End(), NewText: []byte(b.String())},
	)
	return edits, true
}

// failedFlag returns the name of the flag that says a transaction call
// in the literal failed: free where the loop declares it, and declared
// nowhere in the literal's statement (which would shadow it). Every call
// of one literal gets the same flag, so that their fixes, applied
// together, declare and test it once.
func (c *checker) failedFlag(s *site, il *invokedLit) string {
	base := "txnFailed"
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s%d", base, i)
		}
		if edit.FreeName(c.pass, il.checked.Pos(), name) != name {
			continue
		}
		declared := false
		ast.Inspect(il.checked, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name && c.pass.TypesInfo.Defs[id] != nil {
				declared = true
			}
			return !declared
		})
		if !declared {
			return name
		}
	}
}

// stopOnFlag declares flag before the loop's check of the literal's
// error, and ends that check's branch, which only logs it, with a return
// of the error when flag is set (in a function without results: a
// return, after logging it when the branch is empty).
func (c *checker) stopOnFlag(s *site, il *invokedLit, flag string) ([]analysis.TextEdit, bool) {
	edits := []analysis.TextEdit{edit.InsertBefore(c.pass, il.checked, flag+" := false")}
	errName := il.errObj.Name()
	var stop string
	res := il.outerSig.Results()
	switch {
	case res.Len() >= 1 && isError(res.At(res.Len()-1).Type()):
		zeros, ok := edit.LeadingZeros(c.pass, il.outerSig, s.file)
		if !ok {
			return nil, false
		}
		stop = "return " + zeros + errName
	case res.Len() == 0:
		stop = "return"
		if len(il.checked.Body.List) == 0 {
			logName, e := edit.Import(c.pass, s.file, "log")
			edits = append(edits, e...)
			stop = logName + ".Print(" + errName + ")\nreturn"
		}
	default:
		return nil, false
	}
	text := "if " + flag + " {\n" + indentBody(stop) + "\n}"
	body := il.checked.Body
	if len(body.List) == 0 {
		return append(edits, c.prependStmts(nil, body.Lbrace, text)), true
	}
	e, ok := edit.AppendToList(c.pass, body.List, body.Rbrace, text)
	if !ok {
		return nil, false
	}
	return append(edits, e), true
}

// litDiscardFix checks a discarded error in the literal and handles it
// with text, the statements ret built for errName; tail follows the
// check.
func (c *checker) litDiscardFix(s *site, errName, text, tail string) ([]analysis.TextEdit, bool) {
	if s.ifInit != nil {
		return nil, false
	}
	as, isAssign := s.stmt.(*ast.AssignStmt)
	if !isAssign || s.errBlank {
		// A statement, or every result blank: the call becomes the init
		// of a check (the calls with a committed result are not judged
		// in a literal).
		if isAssign && len(as.Lhs) != 1 || s.nres != 1 {
			return nil, false
		}
		check := fmt.Sprintf("if %s := %s; %s != nil {\n%s\n}%s", errName, c.text(s.call), errName, indentBody(text), tail)
		return c.replaceStmt(s.stmt, check), true
	}
	// A variable never read: check it after the call.
	return []analysis.TextEdit{c.insertAfter(s.stmt, fmt.Sprintf("if %s != nil {\n%s\n}%s", errName, indentBody(text), tail))}, true
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
