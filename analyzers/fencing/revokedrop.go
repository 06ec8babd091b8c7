package fencing

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// The fix of revoke-commits-in-flight blocks rebalances while a poll is
// processed, which needs AllowRebalance where the client is polled. When
// that place is out of reach (the client is polled only in another
// package, which this package hands it to), the bug still holds whatever
// that package does: the callback runs while a poll is processed and
// commits it. Its fix then takes the commit out of the callback: the
// partitions' next owner resumes from the last commit made after
// processing (duplicates, not losses). A callback that does nothing else
// (but log the commit's error) is removed instead: franz-go's default
// revoke comes back, which, while auto-commit is on, commits only the
// polls before the latest one, the processed ones (and nothing while it
// is off).

// dropRevokeCommit returns the edits that take the in-flight commit cm out
// of the revoke callback cb registered by the option call opt, and the
// fix's title. The commit is a statement of the callback's own body, or
// of a function of the package the callback calls: one that does nothing
// else (but log the commit's error), whose call statement in the callback
// goes instead, or one that the callback alone calls, from which the
// commit goes. Declarations that only the removed statement used go too
// (a context with a timeout for the commit, and the deferred cancel). ok
// is false otherwise.
func (c *checker) dropRevokeCommit(k *consumer.Consumer, opt *ssa.Call, cb *ssa.Function, cm commitCall) ([]analysis.TextEdit, string, bool) {
	_, body := funcSyntax(cb)
	call, path := edit.CallAt(c.pass, cm.instr.Pos())
	if body == nil || call == nil {
		return nil, "", false
	}
	st, list := edit.Stmt(path)
	if st == nil || list == nil {
		return nil, "", false
	}
	fn, _ := c.funcOf(path)
	if fn != cb.Syntax() {
		if lit, ok := fn.(*ast.FuncLit); ok {
			if containsNode(body, lit) {
				return c.dropFromLiteral(lit, st, call)
			}
			// A literal of a function only the callback calls.
			return c.dropFromHelperLiteral(body, lit, st, call)
		}
		// In a function the callback calls.
		decl, ok := fn.(*ast.FuncDecl)
		if !ok || decl.Body == nil {
			return nil, "", false // a closure inside the callback
		}
		hs, ok := c.helperCallStmt(body, decl, st, call)
		if !ok {
			if edits, title, ok := c.dropFromHelper(body, decl, st, call); ok {
				return edits, title, true
			}
			if edits, title, ok := c.moveFromHelper(cb, body, decl, st, call); ok {
				return edits, title, true
			}
			return c.inlineHelper(body, decl, st, call)
		}
		st = hs
	} else if !c.commitStmt(st, call) {
		return nil, "", false
	}
	drop, keep, ok := c.removableKeeping(body, st)
	if !ok {
		return nil, "", false
	}
	if len(keep) == 0 && c.onlyCommits(body, drop...) {
		// Without the callback, the default revoke commits only processed
		// polls while auto-commit is on, and nothing while it is off.
		optCall, optPath := edit.CallAt(c.pass, opt.Pos())
		if optCall != nil && len(optPath) > 1 {
			if e, ok := edit.RemoveElement(c.pass, optPath[1], optCall); ok {
				if imps, ok := edit.UnusedImports(c.pass, []ast.Node{optCall}); ok {
					return append([]analysis.TextEdit{e}, imps...), "Remove the revoke callback, which can commit records not yet processed", true
				}
			}
		}
	}
	edits, ok := edit.RemoveStmts(c.pass, drop)
	if !ok {
		return nil, "", false
	}
	title := "Remove the commit from the revoke callback, so that the next owner resumes from the last commit made after processing"
	if len(keep) > 0 {
		// The calls declaring what only the commit used stay, for their
		// other effects.
		return append(edits, keep...), "Remove the commit from the revoke callback, keeping the calls that declared what it used as statements, so that the next owner resumes from the last commit made after processing", true
	}
	if len(drop) > 1 {
		title = "Remove the commit, and the declarations only it used, from the revoke callback, so that the next owner resumes from the last commit made after processing"
	}
	return edits, title, true
}

// helperCallStmt returns the statement of the callback's body that calls
// decl, when decl does nothing but the commit statement st (of call) and
// logging, or returns the commit's result; the call's arguments have no
// effects.
func (c *checker) helperCallStmt(body *ast.BlockStmt, decl *ast.FuncDecl, st ast.Stmt, call *ast.CallExpr) (ast.Stmt, bool) {
	onlyCommit := false
	if drop, ok := edit.Removable(c.pass, decl.Body, st); ok {
		onlyCommit = c.commitStmt(st, call) && c.onlyCommits(decl.Body, drop...)
	}
	if r, ok := st.(*ast.ReturnStmt); ok && len(r.Results) == 1 && ast.Unparen(r.Results[0]) == call {
		onlyCommit = c.onlyCommits(decl.Body, st)
	}
	obj := c.pass.TypesInfo.Defs[decl.Name]
	if !onlyCommit || obj == nil {
		return nil, false
	}
	for _, s := range body.List {
		var hc *ast.CallExpr
		ast.Inspect(s, func(n ast.Node) bool {
			if x, ok := n.(*ast.CallExpr); ok && hc == nil {
				if fn := c.calleeOf(x); fn != nil && fn == obj {
					hc = x
				}
			}
			return hc == nil
		})
		if hc == nil {
			continue
		}
		if !c.commitStmt(s, hc) || !edit.EffectFree(hc) {
			return nil, false
		}
		return s, true
	}
	return nil, false
}

// dropFromHelper removes the commit statement st (of call) from decl, an
// unexported function the callback calls, when nothing else in the
// package refers to decl: a commit returned (`return cl.CommitUncommittedOffsets(ctx)`)
// becomes `return nil`.
func (c *checker) dropFromHelper(cbBody *ast.BlockStmt, decl *ast.FuncDecl, st ast.Stmt, call *ast.CallExpr) ([]analysis.TextEdit, string, bool) {
	obj := c.pass.TypesInfo.Defs[decl.Name]
	if obj == nil || decl.Name.IsExported() {
		return nil, "", false // other packages may call it
	}
	refs, inCb := 0, 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o == obj {
			refs++
			if cbBody.Pos() <= id.Pos() && id.Pos() < cbBody.End() {
				inCb++
			}
		}
	}
	if refs != 1 || inCb != 1 {
		return nil, "", false
	}
	var sig *types.Signature
	if fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
		sig = fn.Type().(*types.Signature)
	}
	edits, ok := c.dropCommit(decl.Body, sig, st, call)
	if !ok {
		return nil, "", false
	}
	return edits, "Remove the commit from " + decl.Name.Name + ", which only the revoke callback calls, so that the next owner resumes from the last commit made after processing", true
}

// dropCommit returns the edits that remove the commit statement st (of
// call) from body, the body of a function of signature sig that only the
// revoke callback's run reaches: a commit returned alone (`return
// cl.CommitUncommittedOffsets(ctx)`) by a function whose one result is an
// error becomes `return nil`; any other commit statement goes, with the
// statements removing it would leave useless (removable).
func (c *checker) dropCommit(body *ast.BlockStmt, sig *types.Signature, st ast.Stmt, call *ast.CallExpr) ([]analysis.TextEdit, bool) {
	if r, ok := st.(*ast.ReturnStmt); ok && len(r.Results) == 1 && ast.Unparen(r.Results[0]) == call {
		if sig == nil || sig.Results().Len() != 1 || !isError(sig.Results().At(0).Type()) {
			return nil, false
		}
		return []analysis.TextEdit{{Pos: r.Pos(), End: r.End(), NewText: []byte("return nil")}}, true
	}
	if !c.commitStmt(st, call) {
		return nil, false
	}
	drop, ok := edit.Removable(c.pass, body, st)
	if !ok {
		return nil, false
	}
	return edit.RemoveStmts(c.pass, drop)
}

// dropFromLiteral removes the commit statement st (of call) from lit, a
// function literal inside the revoke callback (a closure a retry helper
// runs, or one the callback calls): only the callback's run can reach
// it. A commit returned (`return cl.CommitUncommittedOffsets(ctx)`) from
// a literal whose one result is an error becomes `return nil`.
func (c *checker) dropFromLiteral(lit *ast.FuncLit, st ast.Stmt, call *ast.CallExpr) ([]analysis.TextEdit, string, bool) {
	// The literal does not leave the callback through a field or a
	// package variable, from which other code could call it.
	path := edit.Path(c.pass, lit.Pos())
	for i, n := range path {
		if n != lit || i+1 >= len(path) {
			continue
		}
		switch p := path[i+1].(type) {
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					return nil, "", false
				}
				if v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var); !ok || v.Parent() == c.pass.Pkg.Scope() {
					return nil, "", false
				}
			}
		case *ast.CallExpr, *ast.ValueSpec, *ast.ParenExpr:
		default:
			return nil, "", false
		}
		break
	}
	sig, _ := c.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	edits, ok := c.dropCommit(lit.Body, sig, st, call)
	if !ok {
		return nil, "", false
	}
	return edits, "Remove the commit from the function literal in the revoke callback, so that the next owner resumes from the last commit made after processing", true
}

// moveFromHelper takes the commit statement st (of call) out of decl, an
// unexported function of the package that the revoke callback calls and
// other code calls too: st, decl's last statement (decl has no results
// and no return), goes after each other call of decl, a statement of
// its own in decl's file, with decl's receiver and parameters written as
// that call's receiver and arguments (without effects, or
// context.Background()). Those callers commit
// as before; the callback no longer does.
func (c *checker) moveFromHelper(cb *ssa.Function, cbBody *ast.BlockStmt, decl *ast.FuncDecl, st ast.Stmt, call *ast.CallExpr) ([]analysis.TextEdit, string, bool) {
	obj, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if obj == nil || decl.Name.IsExported() || decl.Type.Results.NumFields() > 0 {
		return nil, "", false
	}
	list := decl.Body.List
	if len(list) == 0 || list[len(list)-1] != st || !c.commitStmt(st, call) {
		return nil, "", false
	}
	if drop, ok := edit.Removable(c.pass, decl.Body, st); !ok || len(drop) != 1 {
		return nil, "", false
	}
	if edit.HasReturn(decl.Body) {
		return nil, "", false
	}
	// decl's receiver and parameters, by index: the receiver first.
	var params []types.Object
	if decl.Recv != nil {
		for _, f := range decl.Recv.List {
			if len(f.Names) != 1 {
				params = append(params, nil)
				continue
			}
			params = append(params, c.pass.TypesInfo.Defs[f.Names[0]])
		}
	}
	recvN := len(params)
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			params = append(params, nil)
		}
		for _, id := range f.Names {
			params = append(params, c.pass.TypesInfo.Defs[id])
		}
	}
	// st names no other variable of decl than those.
	index := map[types.Object]int{}
	for i, p := range params {
		if p != nil {
			index[p] = i
		}
	}
	for _, id := range idents(st) {
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Parent() == c.pass.Pkg.Scope() {
			continue
		}
		if _, isParam := index[v]; !isParam && !(st.Pos() <= v.Pos() && v.Pos() < st.End()) {
			return nil, "", false
		}
	}
	declFile := edit.File(c.pass, decl.Pos())
	reached := c.reachedFrom(cb, nil)
	removed, ok := edit.RemoveStmt(c.pass, st)
	if !ok {
		return nil, "", false
	}
	edits := []analysis.TextEdit{removed}
	others := 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o != obj || (cbBody.Pos() <= id.Pos() && id.Pos() < cbBody.End()) {
			continue
		}
		path := edit.Path(c.pass, id.Pos())
		var ce *ast.CallExpr
		var recv ast.Expr
		for i, n := range path {
			if x, ok := n.(*ast.SelectorExpr); ok && x.Sel == id && i+1 < len(path) {
				if cx, ok := path[i+1].(*ast.CallExpr); ok && cx.Fun == x {
					ce, recv = cx, x.X
				}
				break
			}
			if cx, ok := n.(*ast.CallExpr); ok && ast.Unparen(cx.Fun) == id {
				ce = cx
				break
			}
		}
		if ce == nil || edit.File(c.pass, ce.Pos()) != declFile || ce.Ellipsis.IsValid() {
			return nil, "", false
		}
		// A caller the callback reaches would still commit in it.
		fnNode, _ := c.funcOf(path)
		fd, ok := fnNode.(*ast.FuncDecl)
		if !ok {
			return nil, "", false
		}
		if fobj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); !ok || reached[c.m.SSA.Pkg.Prog.FuncValue(fobj)] {
			return nil, "", false
		}
		cst, _ := edit.Stmt(edit.Path(c.pass, ce.Lparen))
		es, ok := cst.(*ast.ExprStmt)
		if !ok || ast.Unparen(es.X) != ce {
			return nil, "", false
		}
		args := ce.Args
		if recvN > 0 {
			if recv == nil {
				return nil, "", false
			}
			args = append([]ast.Expr{recv}, args...)
		}
		if len(args) != len(params) {
			return nil, "", false
		}
		// st written with the call's receiver and arguments.
		var reps []analysis.TextEdit
		for _, x := range idents(st) {
			i, isParam := index[c.pass.TypesInfo.Uses[x]]
			if !isParam {
				continue
			}
			a := ast.Unparen(args[i])
			if !pureExpr(a) && !c.isEmptyContext(a) {
				return nil, "", false
			}
			text := c.text(a)
			switch a.(type) {
			case *ast.Ident, *ast.SelectorExpr, *ast.BasicLit, *ast.CallExpr:
			default:
				text = "(" + text + ")"
			}
			reps = append(reps, analysis.TextEdit{Pos: x.Pos(), End: x.End(), NewText: []byte(text)})
		}
		moved := strings.Split(c.rewritten(st, reps), "\n")
		for i := 1; i < len(moved); i++ {
			moved[i] = strings.TrimPrefix(moved[i], edit.Indent(c.pass, st.Pos()))
		}
		edits = append(edits, c.insertAfter(es, strings.Join(moved, "\n")))
		others++
	}
	if others == 0 {
		return nil, "", false
	}
	return edits, "Move the commit out of " + decl.Name.Name + " to its other callers, so that the revoke callback no longer commits records still being processed", true
}

// reachedFrom returns the functions of the package fn calls, directly or
// through others and closures, fn included. It walks them depth first,
// each once, a function's closures before its blocks; onCall, unless nil,
// is given each call instruction of a function walked, in order, before
// the walk enters the call's static callee.
func (c *checker) reachedFrom(fn *ssa.Function, onCall func(ssa.CallInstruction)) map[*ssa.Function]bool {
	seen := map[*ssa.Function]bool{}
	var walk func(*ssa.Function)
	walk = func(f *ssa.Function) {
		if f == nil || seen[f] || !c.m.Flow.InPackage(f) {
			return
		}
		seen[f] = true
		for _, anon := range f.AnonFuncs {
			walk(anon)
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					if onCall != nil {
						onCall(ci)
					}
					walk(ci.Common().StaticCallee())
				}
			}
		}
	}
	walk(fn)
	return seen
}

// rewritten returns the text of n with the edits (inside it, in any
// order) applied.
func (c *checker) rewritten(n ast.Node, edits []analysis.TextEdit) string {
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	text := c.text(n)
	var b strings.Builder
	at := n.Pos()
	for _, e := range edits {
		b.WriteString(text[at-n.Pos() : e.Pos-n.Pos()])
		b.Write(e.NewText)
		at = e.End
	}
	b.WriteString(text[at-n.Pos():])
	return b.String()
}

// commitStmt reports whether st is the commit call's own statement: the
// call alone, its results all blank, or an if whose init assigns them and
// that has no else.
func (c *checker) commitStmt(st ast.Stmt, call *ast.CallExpr) bool {
	isCall := func(e ast.Expr) bool { return ast.Unparen(e) == call }
	allCall := func(as *ast.AssignStmt) bool { return len(as.Rhs) == 1 && isCall(as.Rhs[0]) }
	switch st := st.(type) {
	case *ast.ExprStmt:
		return isCall(st.X)
	case *ast.AssignStmt:
		if !allCall(st) {
			return false
		}
		for _, l := range st.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		as, ok := st.Init.(*ast.AssignStmt)
		return ok && allCall(as) && st.Else == nil
	}
	return false
}

// onlyCommits reports whether a function body is the commit statements
// and logging.
func (c *checker) onlyCommits(body *ast.BlockStmt, commit ...ast.Stmt) bool {
	for _, st := range body.List {
		if slices.Contains(commit, st) {
			continue
		}
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok || !c.isLogging(call) {
			return false
		}
	}
	return true
}
