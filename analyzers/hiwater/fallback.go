package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// The fixes of this file are the fallbacks of those in fix.go: where the
// proportionate fix cannot be built, the concurrency that makes position
// calls out of order is removed with a statement of its own.

// ---- a single worker, set before the loop ----

// assignOne makes a pool whose worker count (or slice of workers) e is
// used elsewhere in the function start a single worker: e, a local
// variable or parameter of the function, is set before the loop that
// starts the workers (n = 1, workers = workers[:1]), so that every later
// use agrees with it (wg.Add(n), a loop collecting n results). Not when e
// is assigned elsewhere, has its address taken, or is used before the
// loop other than as a channel's capacity.
func (c *checker) assignOne(s *site, e ast.Expr, value string) (analysis.SuggestedFix, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return c.localCount(s, e, value)
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return c.localCount(s, e, value)
	}
	path := edit.Path(c.pass, s.l.instr.Pos())
	loop, _ := edit.LoopOf(path)
	_, body := edit.FuncOf(path)
	if loop == nil || body == nil {
		return analysis.SuggestedFix{}, false
	}
	// Declared in this function (a parameter or a local), not captured
	// from an enclosing one.
	fpath := edit.Path(c.pass, body.Pos())
	var fn ast.Node
	for _, n := range fpath {
		if _, ok := n.(*ast.FuncLit); ok {
			fn = n
			break
		}
		if _, ok := n.(*ast.FuncDecl); ok {
			fn = n
			break
		}
	}
	if fn == nil || v.Pos() < fn.Pos() || v.Pos() >= fn.End() {
		return analysis.SuggestedFix{}, false
	}
	outer := ast.Stmt(loop)
	for i, n := range path {
		if n == loop && i+1 < len(path) {
			if ls, ok := path[i+1].(*ast.LabeledStmt); ok {
				outer = ls
			}
		}
	}
	ok = true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if c.isIdentOf(l, v) && x.Tok != token.DEFINE {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			if c.isIdentOf(x.X, v) {
				ok = false
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && c.isIdentOf(x.X, v) {
				ok = false
			}
		case *ast.CallExpr:
			if f, isID := ast.Unparen(x.Fun).(*ast.Ident); isID && f.Name == "make" && x.End() <= outer.Pos() {
				return false // a capacity or length set before the loop
			}
		case *ast.Ident:
			if c.pass.TypesInfo.Uses[x] == v && x.Pos() < outer.Pos() {
				ok = false
			}
		}
		return true
	})
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	text := id.Name + " = " + value + " // a single worker: records in channel order"
	return analysis.SuggestedFix{
		Message:   "Start a single worker",
		TextEdits: []analysis.TextEdit{edit.InsertBefore(c.pass, outer, text)},
	}, true
}

// localCount is assignOne for a worker count (or slice of workers) that
// is not a local variable: a field, a package variable or constant, an
// index without calls, or a call without arguments (h.workers, numWorkers,
// perTopic[topic], runtime.NumCPU()). A local of the value the fix
// gives it is declared before the loop (workers := 1, workers :=
// h.workers[:1]) and replaces the expression from the loop on, so that
// every later use agrees with it. Not when the expression is assigned in
// the function, has its address taken, or is used before the loop other
// than as a channel's capacity.
func (c *checker) localCount(s *site, e ast.Expr, value string) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	e = ast.Unparen(e)
	root := e
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		root = ast.Unparen(call.Fun) // runtime.NumCPU(), cfg.Workers(): asked once
	}
	if c.pureCount(e) || c.getterCount(e) {
		// max(1, h.workers): a builtin or a conversion of operands
		// without calls; runtime.GOMAXPROCS(0): a getter; dropping it
		// drops no effect.
		root = nil
	}
	// An index without calls (perTopic[topic]) may differ between uses,
	// but every use is replaced by the same local: they agree afterwards,
	// and reading it has no effect to keep.
	for {
		if sel, ok := root.(*ast.SelectorExpr); ok {
			root = sel.X
			continue
		}
		if ix, ok := root.(*ast.IndexExpr); ok && !hasCall(ix.Index) {
			root = ast.Unparen(ix.X)
			continue
		}
		break
	}
	if root != nil {
		rid, ok := root.(*ast.Ident)
		if !ok {
			return fail() // a call with arguments: its effects would be dropped
		}
		switch c.pass.TypesInfo.Uses[rid].(type) {
		case *types.Var, *types.Const, *types.PkgName, *types.Func:
		default:
			return fail()
		}
		if _, isFunc := c.pass.TypesInfo.Uses[rid].(*types.Func); isFunc && root == e {
			return fail()
		}
	}
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return fail()
	}
	path := edit.Path(c.pass, s.l.instr.Pos())
	loop, _ := edit.LoopOf(path)
	_, body := edit.FuncOf(path)
	if loop == nil || body == nil {
		return fail()
	}
	outer := ast.Stmt(loop)
	for i, n := range path {
		if n == loop && i+1 < len(path) {
			if ls, ok := path[i+1].(*ast.LabeledStmt); ok {
				outer = ls
			}
		}
	}
	text := edit.Source(c.pass, e)
	base := "workers"
	if value == "1" {
		base = "n"
	}
	name := edit.FreeName(c.pass, outer.Pos(), base)
	same := func(x ast.Expr) bool {
		return edit.Source(c.pass, x) == text && types.Identical(c.pass.TypesInfo.TypeOf(x), t)
	}
	var uses []ast.Expr
	ok := true
	var inspect func(n ast.Node) bool
	inspect = func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if l, isExpr := l.(ast.Expr); isExpr && same(ast.Unparen(l)) {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			if same(ast.Unparen(x.X)) {
				ok = false
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && same(ast.Unparen(x.X)) {
				ok = false
			}
		case *ast.CallExpr:
			if f, isID := ast.Unparen(x.Fun).(*ast.Ident); isID && f.Name == "make" && x.End() <= outer.Pos() {
				return false // a capacity or length set before the loop
			}
			if same(x) {
				if x.Pos() < outer.Pos() || c.lookupAt(x.Pos(), name) != nil {
					ok = false
				}
				uses = append(uses, x)
				return false
			}
		case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr:
			if same(x.(ast.Expr)) {
				if x.Pos() < outer.Pos() || c.lookupAt(x.Pos(), name) != nil {
					ok = false
				}
				uses = append(uses, x.(ast.Expr))
				return false
			}
		}
		return true
	}
	ast.Inspect(body, inspect)
	if !ok || len(uses) == 0 || !c.usedOutside(e, uses) {
		return fail()
	}
	decl := name + " := " + value
	if value == "1" {
		if b, isBasic := t.(*types.Basic); !isBasic || b.Kind() != types.Int && b.Kind() != types.UntypedInt {
			ts := types.TypeString(t, types.RelativeTo(c.pass.Pkg))
			if strings.Contains(ts, ".") {
				return fail() // a type of another package: no name to convert with
			}
			decl = name + " := " + ts + "(1)"
		}
	} else {
		decl = name + " := " + text + "[:1]"
	}
	edits := []analysis.TextEdit{edit.InsertBefore(c.pass, outer, decl+" // a single worker: records in channel order")}
	for _, u := range uses {
		edits = append(edits, analysis.TextEdit{Pos: u.Pos(), End: u.End(), NewText: []byte(name)})
	}
	return analysis.SuggestedFix{
		Message:   "Start a single worker",
		TextEdits: edits,
	}, true
}

// getterCount reports whether e is a call with arguments that only reads
// a setting: a function, or a method called on a concrete value without
// calls (cfg.Int("workers"), runtime.GOMAXPROCS(0)), with constant
// arguments when it is of another package, and for one of this package
// (h.cfg.workers(topic)) with arguments without calls and a body that
// uses no channel, starts no goroutine and defers nothing (quietBody).
// Each use replaced by the same local agrees afterwards.
func (c *checker) getterCount(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return false
	}
	var fid *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fid = f
	case *ast.SelectorExpr:
		if hasCall(f.X) {
			return false
		}
		if sel, ok := c.pass.TypesInfo.Selections[f]; ok && (sel.Kind() != types.MethodVal || types.IsInterface(sel.Recv())) {
			return false // a function value in a field, or an interface's method
		}
		fid = f.Sel
	default:
		return false
	}
	fn, ok := c.pass.TypesInfo.Uses[fid].(*types.Func)
	if !ok {
		return false
	}
	if fn.Pkg() == c.pass.Pkg {
		sfn := c.m.SSA.Pkg.Prog.FuncValue(fn)
		if sfn == nil || !c.quietBody(sfn, map[*ssa.Function]bool{}, 0) {
			return false
		}
		for _, a := range call.Args {
			if hasCall(a) {
				return false
			}
		}
		return true
	}
	for _, a := range call.Args {
		if tv, ok := c.pass.TypesInfo.Types[a]; !ok || tv.Value == nil {
			return false
		}
	}
	return true
}

// pureCount reports whether e is a call of the builtins min, max, len or
// cap, or a conversion, whose operands are constants, variables, fields
// and indexes without calls, or such calls themselves (max(1, h.workers),
// int(cfg.Workers)): evaluating it has no effect to keep, and every use
// replaced by the same local agrees afterwards.
func (c *checker) pureCount(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return false
	}
	tv, ok := c.pass.TypesInfo.Types[call.Fun]
	if !ok {
		return false
	}
	switch {
	case tv.IsType():
	case tv.IsBuiltin():
		id, isID := ast.Unparen(call.Fun).(*ast.Ident)
		if !isID {
			return false
		}
		switch id.Name {
		case "min", "max", "len", "cap":
		default:
			return false
		}
	default:
		return false
	}
	var operand func(x ast.Expr) bool
	operand = func(x ast.Expr) bool {
		switch y := ast.Unparen(x).(type) {
		case *ast.BasicLit:
			return true
		case *ast.Ident:
			return true
		case *ast.SelectorExpr:
			return operand(y.X)
		case *ast.IndexExpr:
			return !hasCall(y.Index) && operand(y.X)
		case *ast.CallExpr:
			return c.pureCount(y)
		}
		return false
	}
	for _, a := range call.Args {
		if !operand(a) {
			return false
		}
	}
	return true
}

// usedOutside reports whether every import and local variable that e
// mentions is still used once the expressions of uses are replaced: else
// the fixed file would not compile (an unused import or variable).
// Parameters and fields may go unused.
func (c *checker) usedOutside(e ast.Expr, uses []ast.Expr) bool {
	inUses := func(pos token.Pos) bool {
		for _, u := range uses {
			if u.Pos() <= pos && pos < u.End() {
				return true
			}
		}
		return false
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		obj := c.pass.TypesInfo.Uses[id]
		switch o := obj.(type) {
		case *types.PkgName:
		case *types.Var:
			if o.IsField() || o.Parent() == nil || o.Parent() == c.pass.Pkg.Scope() || c.isParam(o) {
				return true
			}
		default:
			return true
		}
		for other, u := range c.pass.TypesInfo.Uses {
			if u == obj && !inUses(other.Pos()) {
				return true
			}
		}
		ok = false
		return false
	})
	return ok
}

// assignedAfter reports whether the variable id names is assigned (or its
// address taken) in the function around n after pos.
func (c *checker) assignedAfter(n ast.Node, id *ast.Ident, pos token.Pos) bool {
	obj := c.pass.TypesInfo.Uses[id]
	_, body := edit.FuncOf(edit.Path(c.pass, n.Pos()))
	if obj == nil || body == nil {
		return true
	}
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		switch y := x.(type) {
		case *ast.AssignStmt:
			for _, l := range y.Lhs {
				if c.isIdentOf(l, obj) && y.Pos() > pos {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if y.Op == token.AND && c.isIdentOf(y.X, obj) {
				found = true
			}
		}
		return !found
	})
	return found
}

// ---- an errgroup limited to one function at a time ----

// limitGroup limits the errgroup.Group that starts a function per record
// to one function at a time, where the function cannot be called in place
// (the enclosing function does not return just an error): g.SetLimit(1)
// after the statement declaring g, or the argument of its SetLimit
// replaced. Go then waits for the previous function before starting the
// next, so the records are processed one at a time, in order. Not for
// TryGo (it would skip records), nor when g is not declared in the
// function.
func (c *checker) limitGroup(s *site) (analysis.SuggestedFix, bool) {
	callee := ssaflow.Callee(s.l.instr.Common())
	if callee == nil || callee.Name() != "Go" || !c.runsInPlace(s) {
		return analysis.SuggestedFix{}, false
	}
	ce, _ := edit.CallAt(c.pass, s.l.instr.Pos())
	if ce == nil {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	gid, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	g, ok := c.pass.TypesInfo.Uses[gid].(*types.Var)
	if !ok || g.IsField() {
		return analysis.SuggestedFix{}, false
	}
	_, body := edit.FuncOf(edit.Path(c.pass, ce.Pos()))
	if body == nil || g.Pos() < body.Pos() || g.Pos() >= body.End() {
		return analysis.SuggestedFix{}, false
	}
	// An existing SetLimit of g: its argument becomes 1.
	var limit ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return true
		}
		if sl, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sl.Sel.Name == "SetLimit" && c.isIdentOf(sl.X, g) {
			limit = call.Args[0]
		}
		return true
	})
	if limit != nil {
		return analysis.SuggestedFix{
			Message:   "Run one group function at a time: limit the group to 1",
			TextEdits: []analysis.TextEdit{{Pos: limit.Pos(), End: limit.End(), NewText: []byte("1")}},
		}, true
	}
	// The statement declaring g, directly in a statement list.
	decl, _ := edit.Stmt(edit.Path(c.pass, g.Pos()))
	if decl == nil || decl.End() > ce.Pos() {
		return analysis.SuggestedFix{}, false
	}
	if _, list := stmtListOf(c.pass, decl); list < 0 {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Run one group function at a time: limit the group to 1",
		TextEdits: []analysis.TextEdit{edit.InsertAfter(c.pass, decl, gid.Name+".SetLimit(1) // one record at a time, in order")},
	}, true
}

// ---- wait for each completion callback ----

// waitFix makes the loop that makes the completion callbacks wait for
// each one before making the next, where no low-water-mark fix can be
// built (the client model spells no low-water write for the call, or the
// function does not return an error):
//
//	done := make(chan struct{})
//	pub.PublishAsync(m.Value, func(err error) {
//		defer close(done)
//		...
//	})
//	<-done
//
// The callbacks then run one at a time, in offset order. It needs the
// statement handing the callback on to be a call or a send of its own in
// the loop's body, or a send case of a select (the wait is the case's
// first statement), on a channel the function does not receive from.
func (c *checker) waitFix(cb *callback) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	// The callback as written: a function literal, or a method value
	// (e.Finish).
	path := edit.Path(c.pass, cb.madeAt())
	li := -1
	var lit *ast.FuncLit
	var mv *ast.SelectorExpr
	for i, n := range path {
		if fl, ok := n.(*ast.FuncLit); ok && !cb.method && fl.Pos() == cb.call.Fn.Pos() {
			li, lit = i, fl
			break
		}
		if se, ok := n.(*ast.SelectorExpr); ok && cb.method && se.Sel.Pos() == cb.mc.Pos() {
			li, mv = i, se
			break
		}
	}
	if li < 0 {
		return fail()
	}
	cbNode := path[li]
	loop, body := edit.LoopOf(path[li+1:])
	if loop == nil {
		// Made in a per-record callback (fetches.EachRecord(func(r)
		// {...})): the wait goes in its body, before it returns.
		body = c.callbackBody(path[li+1:], cb.mc)
	}
	if body == nil || lit != nil && len(lit.Body.List) == 0 {
		return fail()
	}
	top := stmtAround(path[li:], body)
	if top == nil {
		return fail()
	}
	// Where the wait goes: after the statement handing the callback on.
	var wait analysis.TextEdit
	hpath := edit.Path(c.pass, cb.handed.Pos())
	hstmt, _ := edit.Stmt(hpath)
	var ch ssa.Value
	switch h := cb.handed.(type) {
	case *ssa.Call:
		if is, ok := hstmt.(*ast.IfStmt); ok {
			// if err := pub.PublishAsync(v, cb); err != nil { return err }:
			// the wait goes after the if, which the callback's hand-off
			// failing leaves.
			if !c.leavesOnError(is, h) {
				return fail()
			}
			break
		}
		es, ok := hstmt.(*ast.ExprStmt)
		if !ok || es.X.Pos() > h.Pos() || h.Pos() > es.X.End() {
			return fail()
		}
	case *ssa.Send:
		ch = h.Chan
		if _, ok := hstmt.(*ast.SendStmt); !ok {
			return fail()
		}
	case *ssa.Select:
		for _, st := range h.States {
			if st.Dir == types.SendOnly {
				ch = st.Chan // checked below with the clause
			}
		}
	default:
		return fail()
	}
	if ch != nil && ssaflow.Intersects(c.roots(ch), c.recvChans(cb.handed.Parent())) {
		return fail() // the loop drains the channel itself: it would wait for itself
	}
	name := edit.FreeName(c.pass, top.Pos(), "done")
	if lit != nil && c.lookupAt(lit.Body.List[0].Pos(), name) != nil {
		return fail()
	}
	if sel, ok := hstmt.(*ast.SelectStmt); ok {
		// The select's clause sending the callback: wait first thing in it.
		var cc *ast.CommClause
		for _, x := range sel.Body.List {
			if k, ok := x.(*ast.CommClause); ok && k.Comm != nil && k.Comm.Pos() <= cbNode.Pos() && cbNode.End() <= k.Comm.End() {
				cc = k
			}
		}
		if cc == nil {
			return fail()
		}
		if _, ok := cc.Comm.(*ast.SendStmt); !ok {
			return fail()
		}
		if len(cc.Body) > 0 {
			wait = edit.InsertBefore(c.pass, cc.Body[0], c.waitText(hstmt, name))
		} else {
			indent := edit.Indent(c.pass, cc.Pos())
			wait = analysis.TextEdit{Pos: cc.Colon + 1, End: cc.Colon + 1, NewText: []byte("\n" + edit.IndentLines(c.waitText(hstmt, name), indent+"\t"))}
		}
	} else {
		if _, list := stmtListOf(c.pass, hstmt); list < 0 {
			return fail()
		}
		wait = edit.InsertAfter(c.pass, hstmt, c.waitText(hstmt, name))
	}
	if hstmt.Pos() < top.Pos() || hstmt.End() > body.End() {
		return fail()
	}
	// defer close(done), first thing in the callback; a body written on
	// one line is spread over lines.
	var first []analysis.TextEdit
	fset := c.pass.Fset
	if mv != nil {
		// The method value becomes a function literal calling it, then
		// closing the channel.
		e, ok := c.boundWrapper(cb, mv, name, hstmt)
		if !ok {
			return fail()
		}
		first = []analysis.TextEdit{e}
	} else if fset.Position(lit.Body.Lbrace).Line == fset.Position(lit.Body.List[0].Pos()).Line {
		indent := edit.Indent(c.pass, lit.Pos())
		last := lit.Body.List[len(lit.Body.List)-1]
		if fset.Position(last.End()).Line != fset.Position(lit.Body.Rbrace).Line || len(lit.Body.List) > 1 {
			return fail()
		}
		first = []analysis.TextEdit{
			{Pos: lit.Body.Lbrace + 1, End: lit.Body.List[0].Pos(), NewText: []byte("\n" + indent + "\tdefer close(" + name + ")\n" + indent + "\t")},
			{Pos: last.End(), End: lit.Body.Rbrace, NewText: []byte("\n" + indent)},
		}
	} else {
		e, ok := edit.PrependToBody(c.pass, lit.Body, "defer close("+name+")")
		if !ok {
			return fail()
		}
		first = []analysis.TextEdit{e}
	}
	edits := append([]analysis.TextEdit{edit.InsertBefore(c.pass, top, name+" := make(chan struct{})")}, first...)
	edits = append(edits, wait)
	return analysis.SuggestedFix{
		Message:   "Wait for each callback before the next " + cb.call.Client.RecordNoun,
		TextEdits: edits,
	}, true
}

// waitText returns the wait for channel done after the statement at: a
// receive, or, where a context named ctx is in scope and the function
// around at returns nothing or only an error, a select that also gives up
// when the context is done (a callback its client never makes would
// otherwise hold the loop, and a shutdown, forever).
func (c *checker) waitText(at ast.Stmt, done string) string {
	plain := "<-" + done
	v, ok := c.lookupAt(at.Pos(), "ctx").(*types.Var)
	if !ok || !ssaflow.IsContext(v.Type()) {
		return plain
	}
	var sig *types.Signature
	for _, n := range edit.Path(c.pass, at.Pos()) {
		switch f := n.(type) {
		case *ast.FuncLit:
			sig, _ = c.pass.TypesInfo.TypeOf(f).(*types.Signature)
		case *ast.FuncDecl:
			if fn, ok := c.pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
				sig = fn.Type().(*types.Signature)
			}
		default:
			continue
		}
		break
	}
	if sig == nil {
		return plain
	}
	ret := "return"
	if res := sig.Results(); res.Len() == 1 && isErrorType(res.At(0).Type()) {
		ret = "return ctx.Err()"
	} else if res.Len() > 0 {
		return plain
	}
	return fmt.Sprintf("select {\ncase <-%s:\ncase <-ctx.Done():\n\t%s\n}", done, ret)
}

// leavesOnError reports whether if statement is hands a callback on by
// call h in its init (err := pub.PublishAsync(v, cb)), defining a variable
// of the call's last result, an error, that its condition compares with
// nil (err != nil), and whose body, without else, ends in a return, a
// continue or a break: the hand-off failed (the callback will not run) and
// the iteration does not go on to a wait placed after the if.
func (c *checker) leavesOnError(is *ast.IfStmt, h *ssa.Call) bool {
	as, ok := is.Init.(*ast.AssignStmt)
	if !ok || is.Else != nil || len(is.Body.List) == 0 || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
		return false
	}
	ce, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || ce.Lparen != h.Pos() && ce.Pos() != h.Pos() {
		return false
	}
	errID, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok || errID.Name == "_" {
		return false
	}
	v := c.pass.TypesInfo.Defs[errID]
	if v == nil || !isErrorType(v.Type()) {
		return false
	}
	be, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, y := ast.Unparen(be.X), ast.Unparen(be.Y)
	if id, ok := y.(*ast.Ident); !ok || id.Name != "nil" || c.pass.TypesInfo.Uses[id] != types.Universe.Lookup("nil") {
		return false
	}
	if id, ok := x.(*ast.Ident); !ok || c.pass.TypesInfo.Uses[id] != v {
		return false
	}
	switch last := is.Body.List[len(is.Body.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.CONTINUE || last.Tok == token.BREAK && last.Label != nil
	}
	return false
}

// boundWrapper returns the edit replacing the method value mv (e.Finish),
// handed on by statement at, with a function literal of the same signature
// that calls it and then closes channel done:
//
//	func(err error) {
//		defer close(done)
//		e.Finish(err)
//	}
//
// The receiver must be a local variable assigned only where it is
// declared (the literal reads it when called, the method value when
// made), and every parameter type must be nameable in the file.
func (c *checker) boundWrapper(cb *callback, mv *ast.SelectorExpr, done string, at ast.Stmt) (analysis.TextEdit, bool) {
	recv, ok := ast.Unparen(mv.X).(*ast.Ident)
	if !ok {
		return analysis.TextEdit{}, false
	}
	v, ok := c.pass.TypesInfo.Uses[recv].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || !c.assignedOnce(v) {
		return analysis.TextEdit{}, false
	}
	f := edit.File(c.pass, mv.Pos())
	sig := cb.call.Fn.Signature
	qualified := true
	qual := func(p *types.Package) string {
		q := edit.Qualifier(c.pass, f, p)
		if q == "" && p != c.pass.Pkg {
			qualified = false
		}
		return q
	}
	taken := map[string]bool{recv.Name: true, done: true}
	var params, args []string
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		n := p.Name()
		if n == "" || n == "_" || taken[n] {
			n = fmt.Sprintf("arg%d", i)
		}
		if taken[n] {
			return analysis.TextEdit{}, false
		}
		taken[n] = true
		t := p.Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			params = append(params, n+" ..."+types.TypeString(t.(*types.Slice).Elem(), qual))
			args = append(args, n+"...")
		} else {
			params = append(params, n+" "+types.TypeString(t, qual))
			args = append(args, n)
		}
	}
	var results []string
	for i := 0; i < sig.Results().Len(); i++ {
		results = append(results, types.TypeString(sig.Results().At(i).Type(), qual))
	}
	if !qualified {
		return analysis.TextEdit{}, false
	}
	head := "func(" + strings.Join(params, ", ") + ")"
	callText := recv.Name + "." + mv.Sel.Name + "(" + strings.Join(args, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		head += " " + results[0]
		callText = "return " + callText
	default:
		head += " (" + strings.Join(results, ", ") + ")"
		callText = "return " + callText
	}
	indent := edit.Indent(c.pass, at.Pos())
	text := head + " {\n" + indent + "\tdefer close(" + done + ")\n" + indent + "\t" + callText + "\n" + indent + "}"
	return analysis.TextEdit{Pos: mv.Pos(), End: mv.End(), NewText: []byte(text)}, true
}

// assignedOnce reports whether local variable v is assigned only where it
// is declared and its address is not taken.
func (c *checker) assignedOnce(v *types.Var) bool {
	f := edit.File(c.pass, v.Pos())
	if f == nil {
		return false
	}
	ok := true
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && c.pass.TypesInfo.Uses[id] == v {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && c.pass.TypesInfo.Uses[id] == v {
				ok = false
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && x.Op == token.AND && c.pass.TypesInfo.Uses[id] == v {
				ok = false
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{x.Key, x.Value} {
				if id, isID := e.(*ast.Ident); isID && c.pass.TypesInfo.Uses[id] == v {
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}

// callbackBody returns the body of the function literal innermost in path
// when it is the per-record callback making the completion callback of mc
// outside any loop of its own, or nil.
func (c *checker) callbackBody(path []ast.Node, mc *ssa.MakeClosure) *ast.BlockStmt {
	if c.sameCycle(mc.Block(), mc.Block()) || !c.isCallback(mc.Parent()) {
		return nil
	}
	for _, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			if f.Pos() == mc.Parent().Pos() {
				return f.Body
			}
			return nil
		case *ast.FuncDecl:
			return nil
		}
	}
	return nil
}

// groupInPlace calls a per-record errgroup function in place and hands
// its error to the group, where the function cannot return it (it does
// not return just an error) and the group cannot be limited (it is a
// parameter or a field): `g.Go(func() error { ... })` becomes
//
//	if err := func() error { ... }(); err != nil {
//		g.Go(func() error { return err })
//	}
//
// so that the records are processed one at a time, in order, and the
// group's Wait still returns the first error (and cancels its context).
func (c *checker) groupInPlace(s *site) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	callee := ssaflow.Callee(s.l.instr.Common())
	if callee == nil || callee.Name() != "Go" && callee.Name() != "TryGo" || !c.runsInPlace(s) {
		return fail()
	}
	ce, path := edit.CallAt(c.pass, s.l.instr.Pos())
	if ce == nil || len(path) < 2 || len(ce.Args) != 1 {
		return fail()
	}
	stmt, end, kept, after, ok := c.groupStmt(s, path)
	lit, isLit := ast.Unparen(ce.Args[0]).(*ast.FuncLit)
	sel, isSel := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
	if !isLit || !isSel {
		return fail()
	}
	recv := edit.Source(c.pass, sel.X)
	if strings.Contains(recv, "err") {
		return fail() // the group's name would be shadowed
	}
	src := c.src(lit)
	if src == "" {
		return fail()
	}
	if !ok {
		if !isTryGo(s.l) {
			return fail()
		}
		// TryGo's result read where no statement can replace the call
		// (an else-if, an expression): the call becomes an expression
		// running the function in place and reporting it started.
		indent := edit.Indent(c.pass, ce.Pos())
		text := "func() bool {\n" + indent + "\tif err := " + strings.ReplaceAll(src, "\n", "\n\t") + "(); err != nil {\n" +
			indent + "\t\t" + recv + ".Go(func() error { return err })\n" + indent + "\t}\n" + indent + "\treturn true // run in place: it started\n" + indent + "}()"
		return analysis.SuggestedFix{
			Message:   "Process records one at a time: call the group function in place and hand its error to the group",
			TextEdits: []analysis.TextEdit{{Pos: ce.Pos(), End: ce.End(), NewText: []byte(text)}},
		}, true
	}
	indent := edit.Indent(c.pass, stmt.Pos())
	tail, ok := c.keptText(kept, indent)
	if !ok {
		return fail()
	}
	stop, stopEdits := c.stopOnFailure(stmt, lit, sel.X, path)
	if stop != "" {
		stop = indent + "\t" + stop + "\n"
	}
	text := "if err := " + src + "(); err != nil {\n" + indent + "\t" + recv + ".Go(func() error { return err })\n" + stop + indent + "}" + tail
	if after != "" {
		text += "\n" + indent + after
	}
	return analysis.SuggestedFix{
		Message:   "Process records one at a time: call the group function in place and hand its error to the group",
		TextEdits: append([]analysis.TextEdit{{Pos: stmt.Pos(), End: end, NewText: []byte(text)}}, stopEdits...),
	}, true
}

// stopOnFailure returns the statement that stops the records after a
// failed one, once groupInPlace runs the function of stmt (lit) in place,
// and the edits it needs, when the group g was made with a context
// (errgroup.WithContext) that lit uses: the first failure cancelled the
// work of the records after it, which ran concurrently; in place they
// would run, and be marked, past the failed one. In a function's one
// loop handing out the records, a break (none between a switch or a
// select and the loop); in a per-record callback returning nothing
// (EachRecord's, EachPartition's), a flag the callback returns on,
// declared before the statement making the callback, and a return out of
// the callback's own loops. "" where the group has no such context, or
// the stop cannot be placed (nested loops of a function).
func (c *checker) stopOnFailure(stmt ast.Stmt, lit *ast.FuncLit, g ast.Expr, path []ast.Node) (string, []analysis.TextEdit) {
	ctx, made := c.groupContext(g)
	if ctx == nil || !c.usesObj(lit, ctx) || c.pollsOnAfterFailure(g, made, path) {
		return "", nil
	}
	loops, between := 0, false // loops, and a switch or select, around stmt in its function
	for i, n := range path {
		if n.Pos() > stmt.Pos() || n.End() < stmt.End() || n == ast.Node(stmt) {
			continue // the statement replaced, or inside it (the call, the literal)
		}
		switch n := n.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			between = between || loops == 0
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() > made {
				loops++ // a loop of the group's records (not the poll's around it)
			}
		case *ast.FuncDecl:
			if loops != 1 || between {
				return "", nil // a break would leave a switch, or an inner loop only
			}
			return "break", nil
		case *ast.FuncLit:
			// A per-record callback (EachRecord's, EachPartition's):
			// a flag it returns on, and a return out of its loops.
			if n.Type.Results != nil && len(n.Type.Results.List) > 0 {
				return "", nil
			}
			outer, _ := edit.Stmt(path[i+1:])
			if outer == nil {
				return "", nil
			}
			// Free where it is declared and where it is set.
			name := edit.FreeName(c.pass, stmt.Pos(), "failed")
			if edit.FreeName(c.pass, outer.Pos(), name) != name {
				return "", nil
			}
			guard, ok := edit.PrependToBody(c.pass, n.Body, "if "+name+" {\n\treturn // a record before failed\n}")
			if !ok {
				return "", nil
			}
			stop := name + " = true"
			if loops > 0 {
				stop += "\n" + edit.Indent(c.pass, stmt.Pos()) + "\treturn"
			}
			return stop, []analysis.TextEdit{edit.InsertBefore(c.pass, outer, "var "+name+" bool"), guard}
		}
	}
	return "", nil
}

// pollsOnAfterFailure reports whether the group g, made at made inside a
// loop of its function (a poll loop making a group per poll), is waited
// for in that loop with its error only logged: the loop then polls
// again after a failure, and the records a stop skipped would be passed
// by the next poll's positions, never processed (audit 36c/D1). A wait
// whose error leaves the loop (a return, a break, a call that never
// returns), or that is returned, stops the consumer instead: there the
// stop keeps the records after the failed one unwritten.
func (c *checker) pollsOnAfterFailure(g ast.Expr, made token.Pos, path []ast.Node) bool {
	id, ok := ast.Unparen(g).(*ast.Ident)
	if !ok {
		return false
	}
	obj := c.pass.TypesInfo.ObjectOf(id)
	// The innermost loop around the group's making, in its function.
	var loop ast.Node
	for _, n := range path {
		if n.Pos() >= made || made >= n.End() {
			continue
		}
		switch x := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loop = n
		case *ast.FuncLit:
			return false
		case *ast.FuncDecl:
			// A group made per call of a function returning its Wait's
			// error, which a poll loop calls and only logs (review
			// 36-1/D8: s.handle(ctx, fs) per poll).
			return c.returnsWait(x, obj) && c.calledOnInLoop(x)
		}
		if loop != nil {
			break
		}
	}
	if loop == nil {
		return false
	}
	// The loop goes on after a failure unless every check of Wait's
	// error leaves it: `if err := g.Wait(); err != nil { ... }`, or
	// `err := g.Wait()` and then `if err != nil { ... }`; a Wait whose
	// error is dropped goes on.
	leaves := c.leavesLoop
	goesOn := false
	var lists [][]ast.Stmt
	ast.Inspect(loop, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BlockStmt:
			lists = append(lists, x.List)
		case *ast.CaseClause:
			lists = append(lists, x.Body)
		case *ast.CommClause:
			lists = append(lists, x.Body)
		}
		return true
	})
	for _, list := range lists {
		for i, st := range list {
			switch x := st.(type) {
			case *ast.IfStmt:
				if as, ok := x.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && c.waitOf(as.Rhs[0], obj) && !leaves(x.Body) {
					goesOn = true
				}
				// if g.Wait() != nil { ... } (review 36-2/D7)
				if be, ok := ast.Unparen(x.Cond).(*ast.BinaryExpr); ok && (c.waitOf(be.X, obj) || c.waitOf(be.Y, obj)) && !leaves(x.Body) {
					goesOn = true
				}
			case *ast.AssignStmt:
				if len(x.Rhs) != 1 || !c.waitOf(x.Rhs[0], obj) {
					continue
				}
				// The first if testing what it assigned, log lines
				// between them (review 36-2/D6).
				var check *ast.IfStmt
				for _, next := range list[i+1:] {
					if is, ok := next.(*ast.IfStmt); ok && is.Init == nil && c.mentionsAny(is.Cond, x.Lhs) {
						check = is
						break
					}
				}
				if check == nil || !leaves(check.Body) {
					goesOn = true
				}
			case *ast.ExprStmt:
				if c.waitOf(x.X, obj) {
					goesOn = true
				}
			}
		}
	}
	return goesOn
}

// leavesLoop reports whether body, a check of an error in a loop, ends
// by leaving the loop: a return, a break or goto, a call that never
// returns (a continue goes on).
func (c *checker) leavesLoop(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	switch l := body.List[len(body.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return l.Tok == token.BREAK || l.Tok == token.GOTO
	case *ast.ExprStmt:
		return noreturn.Of(c.pass).Leaves(l)
	}
	return false
}

// mentionsAny reports whether e names a variable one of lhs names.
func (c *checker) mentionsAny(e ast.Expr, lhs []ast.Expr) bool {
	objs := map[types.Object]bool{}
	for _, l := range lhs {
		if id, ok := l.(*ast.Ident); ok {
			if o := c.pass.TypesInfo.ObjectOf(id); o != nil {
				objs[o] = true
			}
		}
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[c.pass.TypesInfo.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// returnsWait reports whether fd returns the error of the group obj's
// Wait as it is (return g.Wait()).
func (c *checker) returnsWait(fd *ast.FuncDecl, obj types.Object) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 && c.waitOf(r.Results[0], obj) {
			found = true
		}
		return !found
	})
	return found
}

// calledOnInLoop reports whether a call of fd is made in a loop of the
// package that goes on after its error: checked by an if that does not
// leave the loop, or dropped.
func (c *checker) calledOnInLoop(fd *ast.FuncDecl) bool {
	fn := c.pass.TypesInfo.Defs[fd.Name]
	if fn == nil {
		return false
	}
	on := false
	for _, f := range c.pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok || typeutil.Callee(c.pass.TypesInfo, call) != fn {
				return true
			}
			inLoop := false
			for i := len(stack) - 1; i >= 0; i-- {
				switch stack[i].(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					inLoop = true
				case *ast.FuncDecl, *ast.FuncLit:
					i = 0
				}
			}
			if !inLoop || len(stack) < 3 {
				return true
			}
			switch st := stack[len(stack)-2].(type) {
			case *ast.ExprStmt:
				on = true
			case *ast.AssignStmt:
				if is, ok := stack[len(stack)-3].(*ast.IfStmt); ok && is.Init == ast.Stmt(st) && !c.leavesLoop(is.Body) {
					on = true
				}
			}
			return true
		})
	}
	return on
}

// waitOf reports whether e calls the Wait method of the group obj.
func (c *checker) waitOf(e ast.Expr, obj types.Object) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Wait" {
		return false
	}
	x, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && c.pass.TypesInfo.ObjectOf(x) == obj
}

// groupContext returns the context variable g (a group variable) was
// made with, `g, ctx := errgroup.WithContext(parent)`, and where, or nil.
func (c *checker) groupContext(g ast.Expr) (types.Object, token.Pos) {
	id, ok := ast.Unparen(g).(*ast.Ident)
	if !ok {
		return nil, token.NoPos
	}
	obj := c.pass.TypesInfo.ObjectOf(id)
	if obj == nil {
		return nil, token.NoPos
	}
	for _, n := range edit.Path(c.pass, obj.Pos()) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return nil, token.NoPos
		}
		if l0, ok := as.Lhs[0].(*ast.Ident); !ok || c.pass.TypesInfo.ObjectOf(l0) != obj {
			return nil, token.NoPos
		}
		l1, ok := as.Lhs[1].(*ast.Ident)
		if !ok {
			return nil, token.NoPos
		}
		if ctx := c.pass.TypesInfo.ObjectOf(l1); ctx != nil && c.fromErrgroupContext(ctx) {
			return ctx, as.Pos()
		}
		return nil, token.NoPos
	}
	return nil, token.NoPos
}

// ---- wait for each record's goroutine, or give its sends room ----

// goStmtOf returns the go statement of a per-record site, the loop body
// it is a statement of, and the function literal it starts, or nils.
func (c *checker) goStmtOf(s *site) (*ast.GoStmt, *ast.BlockStmt, *ast.FuncLit) {
	g, ok := s.l.instr.(*ssa.Go)
	if !ok {
		return nil, nil, nil
	}
	gs := goStmtAt(c.pass, g.Pos())
	if gs == nil {
		return nil, nil, nil
	}
	lit, ok := ast.Unparen(gs.Call.Fun).(*ast.FuncLit)
	if !ok || len(gs.Call.Args) > 0 || len(lit.Body.List) == 0 {
		return nil, nil, nil
	}
	_, body := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	if body == nil {
		return nil, nil, nil
	}
	for _, st := range body.List {
		if st == ast.Stmt(gs) {
			return gs, body, lit
		}
	}
	return nil, nil, nil
}

// leavesAfter reports whether a statement of body after pos may leave the
// iteration early (return, break, continue, goto, outside nested
// function literals).
func leavesAfter(body *ast.BlockStmt, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			if n.Pos() > pos {
				found = true
			}
		}
		return !found
	})
	return found
}

// inIteration reports whether every instruction of the spawner that
// satisfies match lies in the loop body after the go statement: in the
// same iteration, before its end.
func (c *checker) inIteration(s *site, gs *ast.GoStmt, body *ast.BlockStmt, match func(ssa.Instruction) bool) bool {
	for _, b := range s.spawner().Blocks {
		for _, in := range b.Instrs {
			if !match(in) {
				continue
			}
			if !in.Pos().IsValid() || in.Pos() < gs.End() || in.Pos() >= body.End() {
				return false
			}
		}
	}
	return true
}

// waitEachIteration keeps the goroutine started for each record but waits
// for it at the end of the iteration, where it cannot run in place (it
// waits for a start signal the loop sends after the go statement, or
// sends to a channel the loop receives from later in the iteration):
//
//	done := make(chan struct{})
//	go func() {
//		defer close(done)
//		...
//	}()
//	close(ready)
//	<-done
//
// Not when the iteration may end before the wait (continue, break,
// return after the go statement), nor when the goroutine sends to or
// receives from a channel the loop uses outside the iteration.
func (c *checker) waitEachIteration(s *site) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	gs, body, lit := c.goStmtOf(s)
	if gs == nil || leavesAfter(body, gs.End()) {
		return fail()
	}
	if c.pass.Fset.Position(lit.Body.Lbrace).Line == c.pass.Fset.Position(lit.Body.List[0].Pos()).Line {
		return fail()
	}
	sent := c.sentChansDeep(s.l.fn, map[*ssa.Function]bool{}, 0)
	recv := c.recvChansDeep(s.l.fn, map[*ssa.Function]bool{}, 0)
	ok := c.inIteration(s, gs, body, func(in ssa.Instruction) bool {
		switch x := in.(type) {
		case *ssa.UnOp:
			return x.Op == token.ARROW && ssaflow.Intersects(c.roots(x.X), sent)
		case *ssa.Send:
			return ssaflow.Intersects(c.roots(x.Chan), recv) && !ssaflow.Dominates(in, s.l.instr)
		case *ssa.Select:
			return true // a select of the loop: which channel it waits on is not followed
		case ssa.CallInstruction:
			cc := x.Common()
			if bi, isB := cc.Value.(*ssa.Builtin); isB && bi.Name() == "close" && len(cc.Args) == 1 {
				return ssaflow.Intersects(c.roots(cc.Args[0]), recv) && !ssaflow.Dominates(in, s.l.instr)
			}
		}
		return false
	})
	if !ok {
		return fail()
	}
	name := edit.FreeName(c.pass, gs.Pos(), "done")
	if c.lookupAt(lit.Body.List[0].Pos(), name) != nil || c.lookupAt(body.Rbrace, name) != nil {
		return fail()
	}
	first, ok := edit.PrependToBody(c.pass, lit.Body, "defer close("+name+")")
	if !ok {
		return fail()
	}
	wait, ok := edit.AppendToList(c.pass, body.List, body.Rbrace, "<-"+name)
	if !ok {
		return fail()
	}
	return analysis.SuggestedFix{
		Message: "Wait for each record's goroutine before the next record",
		TextEdits: []analysis.TextEdit{
			edit.InsertBefore(c.pass, gs, name+" := make(chan struct{})"),
			first,
			wait,
		},
	}, true
}

// bufferSends runs in place a goroutine started for each element of a
// slice that sends one value to a channel the loop receives from after
// the loop (a result per record): the go keyword is removed and the
// channel made with room for every element, make(chan T, len(batch)), so
// that no send waits for a receive. Only for a channel made before the
// loop, sent to once by each goroutine and by nothing else.
func (c *checker) bufferSends(s *site) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	gs, _, _ := c.goStmtOf(s)
	if gs == nil {
		return fail()
	}
	loop, _ := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	rs, ok := loop.(*ast.RangeStmt)
	if !ok {
		return fail()
	}
	switch c.pass.TypesInfo.TypeOf(rs.X).Underlying().(type) {
	case *types.Slice, *types.Array:
	default:
		return fail()
	}
	x := ast.Unparen(rs.X)
	root := x
	for {
		sel, ok := root.(*ast.SelectorExpr)
		if !ok {
			break
		}
		root = sel.X
	}
	rid, ok := root.(*ast.Ident)
	if !ok || root != x {
		return fail() // a field may change between the make and the loop
	}
	// Nothing the goroutine waits for is sent after it starts.
	recv := c.recvChansDeep(s.l.fn, map[*ssa.Function]bool{}, 0)
	for _, b := range s.spawner().Blocks {
		for _, in := range b.Instrs {
			var ch ssa.Value
			switch y := in.(type) {
			case *ssa.Send:
				ch = y.Chan
			case ssa.CallInstruction:
				cc := y.Common()
				if bi, isB := cc.Value.(*ssa.Builtin); isB && bi.Name() == "close" && len(cc.Args) == 1 {
					ch = cc.Args[0]
				}
			}
			if ch != nil && ssaflow.Intersects(c.roots(ch), recv) && !ssaflow.Dominates(in, s.l.instr) {
				return fail()
			}
		}
	}
	// The channels the goroutine sends to that the loop receives from.
	deep := c.sentChansDeep(s.l.fn, map[*ssa.Function]bool{}, 0)
	loopRecv := c.recvChans(s.spawner())
	var edits []analysis.TextEdit
	done := map[ssa.Value]bool{}
	for _, r := range deep {
		if done[r] || !ssaflow.Intersects([]ssa.Value{r}, loopRecv) {
			continue
		}
		done[r] = true
		mc, ok := r.(*ssa.MakeChan)
		if !ok || mc.Parent() != s.spawner() || c.sameCycle(mc.Block(), s.l.instr.Block()) {
			return fail()
		}
		// One send per goroutine, and no other writer.
		sends := 0
		for _, fn := range c.m.SSA.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					switch y := in.(type) {
					case *ssa.Send:
						if ssaflow.Intersects(c.roots(y.Chan), []ssa.Value{r}) {
							if fn != s.l.fn || c.sameCycle(b, b) {
								return fail()
							}
							sends++
						}
					case *ssa.Select:
						for _, st := range y.States {
							if st.Dir == types.SendOnly && ssaflow.Intersects(c.roots(st.Chan), []ssa.Value{r}) {
								return fail()
							}
						}
					}
				}
			}
		}
		if sends != 1 {
			return fail()
		}
		ce, _ := edit.CallAt(c.pass, mc.Pos())
		if ce == nil || len(ce.Args) == 0 || len(ce.Args) > 2 {
			return fail()
		}
		if obj := c.pass.TypesInfo.Uses[rid]; obj == nil || obj.Pos() >= ce.Pos() && obj.Parent() != c.pass.Pkg.Scope() {
			return fail() // the slice is declared after the channel
		}
		if ce.Pos() > rs.Pos() || c.assignedAfter(rs, rid, ce.End()) {
			return fail() // len(batch) at the make would not be the length ranged over
		}
		room := "len(" + edit.Source(c.pass, x) + ")"
		if len(ce.Args) == 1 {
			edits = append(edits, analysis.TextEdit{Pos: ce.Args[0].End(), End: ce.Args[0].End(), NewText: []byte(", " + room)})
		} else {
			edits = append(edits, analysis.TextEdit{Pos: ce.Args[1].Pos(), End: ce.Args[1].End(), NewText: []byte(room)})
		}
	}
	if len(edits) == 0 {
		return fail()
	}
	edits = append(edits, analysis.TextEdit{Pos: gs.Go, End: gs.Call.Pos()})
	return analysis.SuggestedFix{
		Message:   "Process records one at a time: remove the go statement and make room in the channel for every record",
		TextEdits: edits,
	}, true
}

// hasCall reports whether e holds a call (a conversion counts too).
func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}
