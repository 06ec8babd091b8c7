package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// moveToCaller builds the fix for a commit in a helper whose record, or
// a value derived from it, leaves the helper (recordLeaves): the
// processing happens in the caller, after the helper returns, so the
// commit statement (with the error check right after it) moves to the
// end of each caller's block, on its success path, with the helper's
// parameters replaced by the caller's arguments:
//
//	func decode(sess, msg) (event, error) {    ev, err := decode(sess, msg)
//		sess.MarkMessage(msg, "")             ...
//		... decode msg into ev ...            db.Save(ctx, ev)
//		return ev, nil                        sess.MarkMessage(msg, "")
//	}
//
// It is built when the helper is a function declared in the package,
// every use of it is a call statement in a block (`v, err := decode(...)`
// or a plain call), the arguments standing for the parameters the commit
// uses are variables or field paths not written after the call, what the
// call returns does not leave the caller in turn, and the commit uses no
// other local variable of the helper.
func (c *checker) moveToCaller(p *position, name string) (analysis.SuggestedFix, bool) {
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	fd := declOf(path)
	if fd == nil {
		return analysis.SuggestedFix{}, false
	}
	fnObj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fnObj == nil {
		return analysis.SuggestedFix{}, false
	}
	sig := fnObj.Type().(*types.Signature)
	if sig.Variadic() {
		return analysis.SuggestedFix{}, false
	}
	// The helper's variables the moved statements use: parameters (the
	// receiver is -1), to be replaced by the caller's arguments.
	params := map[types.Object]int{}
	for i := 0; i < sig.Params().Len(); i++ {
		params[sig.Params().At(i)] = i
	}
	if sig.Recv() != nil {
		params[sig.Recv()] = -1
	}
	moved := list[idx : last+1]
	first, end := moved[0].Pos(), moved[len(moved)-1].End()
	type use struct {
		id    *ast.Ident
		param int
	}
	var uses []use
	hasReturn := false
	ok := true
	for _, s := range moved {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				ok = false
			case *ast.ReturnStmt:
				hasReturn = true
			case *ast.Ident:
				obj := c.pass.TypesInfo.Uses[n]
				if i, isParam := params[obj]; isParam {
					uses = append(uses, use{n, i})
				} else if v, isVar := obj.(*types.Var); isVar && !v.IsField() && fd.Pos() <= v.Pos() && v.Pos() < fd.End() && (v.Pos() < first || v.Pos() >= end) {
					ok = false // a local of the helper: not the caller's
				}
			}
			return ok
		})
	}
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	tf := c.pass.Fset.File(stmt.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.SuggestedFix{}, false
	}
	start := tf.LineStart(tf.Line(first))
	endOff := tf.Offset(end)
	for endOff < len(content) && content[endOff] != '\n' {
		endOff++
	}
	if endOff < len(content) {
		endOff++
	}
	indent := edit.Indent(c.pass, first)
	edits := []analysis.TextEdit{{Pos: start, End: tf.Pos(endOff)}}
	callers := 0
	imported := map[*ast.File]bool{}
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fnObj {
			continue
		}
		call, cstmt, clist, cpath := c.callStmt(id, fnObj)
		if call == nil {
			return analysis.SuggestedFix{}, false
		}
		reps := map[token.Pos]replacement{}
		if csig := edit.Signature(c.pass, cpath); hasReturn && !sameResults(csig, sig) {
			// `return nil, err` in a helper returning ([]T, error)
			// becomes `return err` in a caller returning error, and a
			// log of err in a caller without results (the commit comes
			// last in its block: nothing after it needs the records
			// committed).
			cf := edit.File(c.pass, call.Pos())
			logName := ""
			if csig != nil && csig.Results().Len() == 0 {
				name, imp := edit.Import(c.pass, cf, "log")
				logName = name
				if !imported[cf] {
					imported[cf] = true
					edits = append(edits, imp...)
				}
			}
			if !c.adaptReturns(moved, sig, csig, cf, logName, reps) {
				return analysis.SuggestedFix{}, false
			}
		}
		// The moved text, with the caller's arguments for the
		// parameters, from the start of the first moved line.
		args := map[int]ast.Expr{}
		for i, a := range call.Args {
			args[i] = a
		}
		if fsel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel && sig.Recv() != nil {
			args[-1] = fsel.X
		}
		hoisted := map[int]string{}
		for _, u := range uses {
			a, has := args[u.param]
			if has && !c.isPure(a) && c.hoistable(call, a, sig) {
				// v.getOffers(r.Context()): the argument is evaluated
				// once, into a variable, before the call, and the moved
				// commit reads the variable.
				name, done := hoisted[u.param]
				if !done {
					pname := sig.Params().At(u.param).Name()
					if pname == "" || pname == "_" {
						pname = "arg"
					}
					name = edit.FreeName(c.pass, cstmt.Pos(), pname)
					hoisted[u.param] = name
					edits = append(edits,
						edit.InsertBefore(c.pass, cstmt, name+" := "+c.raw(a)),
						analysis.TextEdit{Pos: a.Pos(), End: a.End(), NewText: []byte(name)})
				}
				reps[u.id.Pos()] = replacement{u.id.End(), name}
				continue
			}
			if !has || !c.isPure(a) || c.writtenAfter(a, clist, cstmt) {
				return analysis.SuggestedFix{}, false
			}
			for pos, r := range reps {
				if pos <= u.id.Pos() && u.id.Pos() < r.end {
					return analysis.SuggestedFix{}, false // in an adapted return
				}
			}
			reps[u.id.Pos()] = replacement{u.id.End(), edit.Source(c.pass, a)}
		}
		text := substitute(string(content[tf.Offset(start):endOff]), start, reps, tf)
		text = reindent(text, indent)
		if c.callResultLeaves(call) {
			return analysis.SuggestedFix{}, false
		}
		if ret := c.returnsProcessing(cstmt, clist); ret != nil {
			// `return apply(ctx, e)` processes what the helper returned:
			// its error is checked, then the commit, then return nil.
			fix, ok := c.rewriteAfter(cpath, ret, edit.IndentLines(strings.TrimSuffix(text, "\n"), edit.Indent(c.pass, ret.Pos()))+"\n", analysis.TextEdit{Pos: ret.Pos(), End: ret.Pos()}, name, p.client.Client.RecordNoun)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			for _, e := range fix.TextEdits {
				if e.Pos != e.End || len(e.NewText) != 0 {
					edits = append(edits, e)
				}
			}
			callers++
			continue
		}
		e, ok := edit.AppendOnSuccess(c.pass, clist, cstmt, strings.TrimSuffix(text, "\n"))
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, e...)
		callers++
	}
	if callers == 0 {
		return analysis.SuggestedFix{}, false
	}
	c.movedToCallers[fnObj] = true
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Move %s to the callers of %s, after the %s is processed", name, fd.Name.Name, p.client.Client.RecordNoun),
		TextEdits: edits,
	}, true
}

// returnsProcessing returns the last statement of clist, after cstmt,
// when it is a return of one call given a variable cstmt assigns (return
// apply(ctx, e) after e, err := decode(m)): the processing of what the
// helper returned, which a commit placed before it would precede.
func (c *checker) returnsProcessing(cstmt ast.Stmt, clist []ast.Stmt) *ast.ReturnStmt {
	as, ok := cstmt.(*ast.AssignStmt)
	if !ok || len(clist) == 0 {
		return nil
	}
	ret, ok := clist[len(clist)-1].(*ast.ReturnStmt)
	if !ok || ret == cstmt || len(ret.Results) != 1 {
		return nil
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok || slices.ContainsFunc(call.Args, func(a ast.Expr) bool { _, lit := ast.Unparen(a).(*ast.FuncLit); return lit }) {
		return nil // a function handed on (pool.Submit(func() { ... })): may run later
	}
	defined := map[types.Object]bool{}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
			if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil {
				defined[obj] = true
			}
		}
	}
	uses := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && defined[c.pass.TypesInfo.Uses[id]] && !isError(c.pass.TypesInfo.TypeOf(id)) {
				uses = true
			}
			return !uses
		})
	}
	if !uses {
		return nil
	}
	return ret
}

// declOf returns the function declaration around path, or nil when a
// function literal comes first.
func declOf(path []ast.Node) *ast.FuncDecl {
	for _, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			return nil
		case *ast.FuncDecl:
			return f
		}
	}
	return nil
}

// callStmt returns the call of fn whose callee name is id, when it is the
// whole of a statement in a block (`v, err := fn(...)`, `fn(...)`), with
// that statement, its block's list and the path from the call up.
func (c *checker) callStmt(id *ast.Ident, fn *types.Func) (*ast.CallExpr, ast.Stmt, []ast.Stmt, []ast.Node) {
	path := edit.Path(c.pass, id.Pos())
	var call *ast.CallExpr
	for _, n := range path {
		if ce, ok := n.(*ast.CallExpr); ok {
			call = ce
			break
		}
	}
	if call == nil || typeutil.Callee(c.pass.TypesInfo, call) != fn {
		return nil, nil, nil, nil
	}
	cpath := edit.Path(c.pass, call.Pos())
	for len(cpath) > 0 && cpath[0] != call {
		cpath = cpath[1:]
	}
	stmt, listp := edit.Stmt(cpath)
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 || ast.Unparen(s.Rhs[0]) != call {
			return nil, nil, nil, nil
		}
	case *ast.ExprStmt:
		if ast.Unparen(s.X) != call {
			return nil, nil, nil, nil
		}
	case *ast.IfStmt:
		// `if v, err := fn(...); err != nil { return err } else { use v }`:
		// the statement ends after the use, when every failure in its
		// chain leaves (a failure carried on would be marked too).
		init, ok := s.Init.(*ast.AssignStmt)
		if !ok || len(init.Rhs) != 1 || ast.Unparen(init.Rhs[0]) != call || !failuresLeave(s) {
			return nil, nil, nil, nil
		}
	default:
		return nil, nil, nil, nil
	}
	if listp == nil {
		return nil, nil, nil, nil
	}
	return call, stmt, *listp, cpath
}

// isPure reports whether e is a variable or a field path of one: the
// same value wherever it is evaluated, unless written.
func (c *checker) isPure(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, isVar := c.pass.TypesInfo.Uses[e].(*types.Var)
		return isVar
	case *ast.SelectorExpr:
		if s := c.pass.TypesInfo.Selections[e]; s == nil || s.Kind() != types.FieldVal {
			return false
		}
		return c.isPure(e.X)
	}
	return false
}

// writtenAfter reports whether a variable of the pure expression e is
// assigned, incremented or has its address taken in the statements of
// list after s.
func (c *checker) writtenAfter(e ast.Expr, list []ast.Stmt, s ast.Stmt) bool {
	vars := map[types.Object]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.Uses[id]; obj != nil {
				vars[obj] = true
			}
		}
		return true
	})
	written := false
	root := func(x ast.Expr) {
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.SelectorExpr:
				x = y.X
				continue
			case *ast.Ident:
				if vars[c.pass.TypesInfo.ObjectOf(y)] {
					written = true
				}
			}
			return
		}
	}
	for _, st := range list[indexOf(list, s)+1:] {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					root(l)
				}
			case *ast.IncDecStmt:
				root(n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					root(n.X)
				}
			}
			return !written
		})
	}
	return written
}

// callResultLeaves reports whether what call returns leaves the caller
// (see leaves), or goes to a goroutine: then the caller's block is not
// where the processing ends either.
func (c *checker) callResultLeaves(call *ast.CallExpr) bool {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if sc, ok := instr.(*ssa.Call); ok && sc.Pos() == call.Lparen {
					return leaves(fn, c.taint(sc), true)
				}
			}
		}
	}
	return true // not found: assume the worst
}

// sameResults reports whether a and b have identical result types.
func sameResults(a, b *types.Signature) bool {
	return a != nil && b != nil && types.Identical(a.Results(), b.Results())
}

// replacement is the text that replaces an identifier ending at end.
type replacement struct {
	end  token.Pos
	text string
}

// substitute returns text (the source from start) with the identifiers
// at the positions of reps replaced.
func substitute(text string, start token.Pos, reps map[token.Pos]replacement, tf *token.File) string {
	var at []token.Pos
	for pos := range reps {
		at = append(at, pos)
	}
	sort.Slice(at, func(i, j int) bool { return at[i] > at[j] })
	base := tf.Offset(start)
	for _, pos := range at {
		r := reps[pos]
		from, to := tf.Offset(pos)-base, tf.Offset(r.end)-base
		text = text[:from] + r.text + text[to:]
	}
	return text
}

// reindent strips indent from the start of each line of text.
func reindent(text, indent string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, indent)
	}
	return strings.Join(lines, "\n")
}

// failuresLeave reports whether every `x != nil` check of the if-else
// chain ifs ends its body with a return, break or continue.
func failuresLeave(ifs *ast.IfStmt) bool {
	for ifs != nil {
		if be, ok := ifs.Cond.(*ast.BinaryExpr); ok && be.Op == token.NEQ {
			if y, ok := be.Y.(*ast.Ident); ok && y.Name == "nil" {
				n := len(ifs.Body.List)
				if n == 0 {
					return false
				}
				switch ifs.Body.List[n-1].(type) {
				case *ast.ReturnStmt, *ast.BranchStmt:
				default:
					return false
				}
			}
		}
		next, _ := ifs.Else.(*ast.IfStmt)
		ifs = next
	}
	return true
}

// adaptReturns adds to reps the rewrite of each return statement of
// moved, made for the helper's signature from, for a caller's signature
// to: each must return the zero values of from's results but the last,
// an error, which to's last result must be too; the return becomes the
// zero values of to's results but the last, then that error. False when
// one does not fit. In a caller without results (logName set) the
// return becomes a log of that error under logName.
func (c *checker) adaptReturns(moved []ast.Stmt, from, to *types.Signature, f *ast.File, logName string, reps map[token.Pos]replacement) bool {
	if from == nil || to == nil || to.Results().Len() == 0 && logName == "" || to.Results().Len() > 0 && !isError(to.Results().At(to.Results().Len()-1).Type()) {
		return false
	}
	zeros, ok := edit.LeadingZeros(c.pass, to, f)
	if !ok {
		return false
	}
	n := from.Results().Len()
	for _, s := range moved {
		ast.Inspect(s, func(nd ast.Node) bool {
			ret, isRet := nd.(*ast.ReturnStmt)
			if !ok || !isRet {
				return ok
			}
			if len(ret.Results) != n || n == 0 {
				ok = false
				return false
			}
			for _, r := range ret.Results[:n-1] {
				if !c.isZero(r) {
					ok = false
					return false
				}
			}
			last := ret.Results[n-1]
			if t := c.pass.TypesInfo.TypeOf(last); t == nil || !isError(t) {
				ok = false
				return false
			}
			if to.Results().Len() == 0 {
				reps[ret.Pos()] = replacement{ret.End(), fmt.Sprintf("%s.Printf(\"commit: %%v\", %s)", logName, c.raw(last))}
				return false
			}
			reps[ret.Results[0].Pos()] = replacement{last.End(), zeros + c.raw(last)}
			return false
		})
	}
	return ok
}

// isZero reports whether e is a zero value written out: nil, false, 0,
// "" or an empty composite literal.
func (c *checker) isZero(e ast.Expr) bool {
	e = ast.Unparen(e)
	if cl, ok := e.(*ast.CompositeLit); ok {
		return len(cl.Elts) == 0
	}
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	if tv.Value == nil {
		return false
	}
	switch tv.Value.String() {
	case "false", "0", `""`:
		return true
	}
	return false
}

// hoistable reports whether argument a of call, a call itself, can be
// evaluated into a variable before call's statement: every other
// argument, and the receiver, is a variable, a field path or a constant,
// so evaluating a first changes no result.
func (c *checker) hoistable(call *ast.CallExpr, a ast.Expr, sig *types.Signature) bool {
	if _, isCall := ast.Unparen(a).(*ast.CallExpr); !isCall || sig.Variadic() {
		return false
	}
	for _, o := range call.Args {
		if o == a {
			continue
		}
		if tv, ok := c.pass.TypesInfo.Types[o]; ok && tv.Value != nil {
			continue
		}
		if !c.isPure(o) {
			return false
		}
	}
	if fsel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel && sig.Recv() != nil && !c.isPure(fsel.X) {
		return false
	}
	return true
}
