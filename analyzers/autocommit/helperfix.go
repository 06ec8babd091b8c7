package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// recordLeaves reports whether the record msg, fetched by fetch in list,
// or a value derived from it (assigned from it, or decoded into through a
// pointer: json.Unmarshal(m.Value, &ev)) is returned after fetch: then
// the record is processed by the caller, after the function returns, and
// a commit at the end of list would still come before the processing.
func (c *checker) recordLeaves(list []ast.Stmt, fetch ast.Stmt, msg types.Object) bool {
	tracked := map[types.Object]bool{msg: true}
	mentions := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && tracked[c.pass.TypesInfo.ObjectOf(id)] {
				found = true
			}
			return !found
		})
		return found
	}
	track := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil && !implementsError(obj.Type()) {
				tracked[obj] = true
			}
		}
	}
	leaves := false
	for _, s := range after(list, fetch) {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for _, r := range n.Rhs {
					if mentions(r) {
						for _, l := range n.Lhs {
							track(l)
						}
					}
				}
			case *ast.CallExpr:
				if mentions(n) {
					for _, a := range n.Args {
						if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
							track(u.X)
						}
					}
				}
			case *ast.ReturnStmt:
				for _, r := range n.Results {
					if t := c.pass.TypesInfo.TypeOf(r); t != nil && !implementsError(t) && mentions(r) {
						leaves = true
					}
				}
			}
			return !leaves
		})
	}
	return leaves
}

// callerCommits builds the fix for a fetch that commits inside a helper
// returning what it decoded from the record (`ev, err := s.next(ctx)`
// in the caller, which processes ev): the helper fetches without
// committing and returns the message as well, and each caller commits it
// after processing, on its success path. It handles a function declared
// in the package with results (T, error), the fetch in its body's own
// list, returns of two results, a reader that is a field path of the
// receiver (or a package-level variable) and a context that is a
// parameter; every use of the function must be a call `v, err :=
// f(...)` whose result is processed in the caller's list (processedAfter)
// and does not leave it. fetch is the fetch statement, msg the message
// variable, commitName and fetchName the client's calls.
func (c *checker) callerCommits(path []ast.Node, fetch *ast.AssignStmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg *ast.Ident, fetchName, commitName string) ([]analysis.TextEdit, bool) {
	fd, ok := enclosingDecl(path)
	if !ok || len(fd.Body.List) == 0 || fd.Type.Results == nil || len(fd.Type.Results.List) != 2 || len(fd.Type.Results.List[0].Names) > 0 {
		return nil, false
	}
	if _, listp := edit.Stmt(pathTo(path, fetch)); listp == nil || &(*listp)[0] != &fd.Body.List[0] {
		return nil, false
	}
	fnObj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fnObj == nil {
		return nil, false
	}
	sig := fnObj.Type().(*types.Signature)
	if sig.Results().Len() != 2 || !isErrorType(sig.Results().At(1).Type()) {
		return nil, false
	}
	msgObj := c.pass.TypesInfo.ObjectOf(msg)
	if msgObj == nil {
		return nil, false
	}
	file := edit.File(c.pass, fd.Pos())
	msgType := types.TypeString(msgObj.Type(), func(p *types.Package) string { return edit.Qualifier(c.pass, file, p) })
	zero := msgType + "{}"
	if _, isStruct := msgObj.Type().Underlying().(*types.Struct); !isStruct {
		return nil, false
	}
	// The reader and the context as the caller can spell them.
	root, rest, ok := c.fieldPath(sel.X)
	if !ok {
		return nil, false
	}
	recvIsRoot := fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 &&
		c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]] == root
	if !recvIsRoot && root.Parent() != c.pass.Pkg.Scope() {
		return nil, false
	}
	ctxIdx := -1
	if id, isID := ast.Unparen(call.Args[0]).(*ast.Ident); isID {
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == c.pass.TypesInfo.Uses[id] {
				ctxIdx = i
			}
		}
	}
	if ctxIdx < 0 {
		return nil, false
	}
	// The helper: fetch without committing, return the message too.
	edits := []analysis.TextEdit{
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetchName)},
		{Pos: fd.Type.Results.List[1].Pos(), End: fd.Type.Results.List[1].Pos(), NewText: []byte(msgType + ", ")},
	}
	rets, ok := ownReturns(fd.Body, 2)
	if !ok {
		return nil, false
	}
	for _, n := range rets {
		m := zero
		if _, obj := c.scopeAt(n.Pos()).LookupParent(msg.Name, n.Pos()); obj == msgObj && n.Pos() > fetch.End() {
			m = msg.Name
		}
		edits = append(edits, analysis.TextEdit{Pos: n.Results[0].End(), End: n.Results[0].End(), NewText: []byte(", " + m)})
	}
	// The callers: every use of the function is a call whose result is
	// processed right there.
	callers := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fnObj {
			continue
		}
		e, ok := c.commitInCaller(id, fnObj, ctxIdx, recvIsRoot, edit.Source(c.pass, sel.X), rest, commitName, true)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
		callers++
	}
	return edits, callers > 0
}

// commitInCaller returns the edits at one use id of the helper fn: take
// the message it now returns (with take; without, the message is the
// call's first result already), and commit it at the end of the caller's
// list, on the success path. reader is the reader as the helper spells
// it; rest its field path after the root, which the caller's receiver
// replaces when recvRoot is set.
func (c *checker) commitInCaller(id *ast.Ident, fn *types.Func, ctxIdx int, recvRoot bool, reader, rest, commitName string, take bool) ([]analysis.TextEdit, bool) {
	path := edit.Path(c.pass, id.Pos())
	var call *ast.CallExpr
	for _, n := range path {
		if ce, ok := n.(*ast.CallExpr); ok {
			call = ce
			break
		}
	}
	if call == nil || typeutil.Callee(c.pass.TypesInfo, call) != fn || ctxIdx >= len(call.Args) {
		return nil, false
	}
	cpath := pathTo(path, call)
	stmt, listp, v, ok := c.processedAssign(cpath, call)
	if !ok {
		return nil, false
	}
	if recvRoot {
		fsel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		reader = edit.Source(c.pass, fsel.X) + rest
	}
	name := v.Name
	if take {
		name = edit.FreeName(c.pass, stmt.Pos(), "msg")
	}
	body, extra, ok := c.errHandling(cpath, stmt, "commit offset")
	if !ok {
		return nil, false
	}
	text := c.groupOnly(reader, fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n%s\n}", reader, commitName, edit.Source(c.pass, call.Args[ctxIdx]), name, body))
	commit, ok := c.appendAfterUses(*listp, stmt, v.Name, text)
	if !ok {
		return nil, false
	}
	edits := extra
	if take {
		edits = append(edits, analysis.TextEdit{Pos: v.End(), End: v.End(), NewText: []byte(", " + name)})
	}
	return append(edits, commit...), true
}

// callersCommitReturned builds the fix for a helper returning the
// results of a fetch that commits first as they are (`return
// t.r.ReadMessage(ctx)`), its callers processing the message: the helper
// fetches without committing, and each caller commits the message after
// processing it, on its success path (commitInCaller). The helper's
// contract changes (its message is no longer committed), so every caller
// must be in sight: the function is unexported, a method of a name no
// interface of the package declares, and used only in calls `m, err :=
// f(...)` that process m in place; its only return is the fetch's (a
// message it made itself would be committed as well). The reader is a
// field path of the receiver or a package-level variable, the context a
// parameter.
func (c *checker) callersCommitReturned(path []ast.Node, ret *ast.ReturnStmt, call *ast.CallExpr, sel *ast.SelectorExpr, fetchName, commitName string) ([]analysis.TextEdit, bool) {
	fd, ok := enclosingDecl(path)
	if !ok {
		return nil, false
	}
	rets, ok := ownReturns(fd.Body, 1)
	if !ok || len(rets) != 1 || rets[0] != ret {
		return nil, false
	}
	fnObj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fnObj == nil || fnObj.Exported() || c.declaredByInterface(fnObj) {
		return nil, false
	}
	sig := fnObj.Type().(*types.Signature)
	if sig.Results().Len() != 2 || !isErrorType(sig.Results().At(1).Type()) {
		return nil, false
	}
	root, rest, ok := c.fieldPath(sel.X)
	if !ok {
		return nil, false
	}
	recvIsRoot := fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 &&
		c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]] == root
	if !recvIsRoot && root.Parent() != c.pass.Pkg.Scope() {
		return nil, false
	}
	ctxIdx := -1
	if id, isID := ast.Unparen(call.Args[0]).(*ast.Ident); isID {
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == c.pass.TypesInfo.Uses[id] {
				ctxIdx = i
			}
		}
	}
	if ctxIdx < 0 {
		return nil, false
	}
	edits := []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetchName)}}
	callers := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fnObj {
			continue
		}
		e, ok := c.commitInCaller(id, fnObj, ctxIdx, recvIsRoot, edit.Source(c.pass, sel.X), rest, commitName, false)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
		callers++
	}
	return edits, callers > 0
}

// declaredByInterface reports whether fn is a method whose name a method
// of an interface type of the package has: a call through that interface
// may reach it out of sight of its callers' uses.
func (c *checker) declaredByInterface(fn *types.Func) bool {
	if fn.Type().(*types.Signature).Recv() == nil {
		return false
	}
	for _, tv := range c.pass.TypesInfo.Types {
		it, ok := tv.Type.Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := 0; i < it.NumMethods(); i++ {
			if it.Method(i).Name() == fn.Name() {
				return true
			}
		}
	}
	return false
}

// fieldPath splits a reader expression into its root variable and the
// source of the field selections after it (".reader"): a plain variable,
// or fields of one.
func (c *checker) fieldPath(e ast.Expr) (*types.Var, string, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[e].(*types.Var)
		return v, "", ok
	case *ast.SelectorExpr:
		if s := c.pass.TypesInfo.Selections[e]; s == nil || s.Kind() != types.FieldVal {
			return nil, "", false
		}
		root, rest, ok := c.fieldPath(e.X)
		return root, rest + "." + e.Sel.Name, ok
	}
	return nil, "", false
}

// enclosingDecl returns the function declaration around path, if no
// function literal comes first.
func enclosingDecl(path []ast.Node) (*ast.FuncDecl, bool) {
	for _, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			return nil, false
		case *ast.FuncDecl:
			return f, f.Body != nil
		}
	}
	return nil, false
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

// following is after for the statements processing a record fetched by
// s: all of list when s is none of them (the case clause of a type switch
// over a poll's event, the body of a range over its channel).
func following(list []ast.Stmt, s ast.Stmt) []ast.Stmt {
	if !slices.Contains(list, s) {
		return list
	}
	return after(list, s)
}

// scopeAt returns the innermost scope at pos.
func (c *checker) scopeAt(pos token.Pos) *types.Scope {
	f := edit.File(c.pass, pos)
	if f == nil {
		return types.Universe
	}
	if s := c.pass.TypesInfo.Scopes[f]; s != nil {
		return s.Innermost(pos)
	}
	return types.Universe
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// processedAssign returns the statement `v, err := call` at cpath, the
// list holding it and v, when the rest of the list processes v in place
// (v does not leave the function).
func (c *checker) processedAssign(cpath []ast.Node, call *ast.CallExpr) (ast.Stmt, *[]ast.Stmt, *ast.Ident, bool) {
	stmt, listp := edit.Stmt(cpath)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil, nil, nil, false
	}
	v, ok := as.Lhs[0].(*ast.Ident)
	if !ok || v.Name == "_" || !c.processedAfter(*listp, stmt, v.Name, as.Lhs[1]) || c.recordLeaves(*listp, stmt, c.pass.TypesInfo.ObjectOf(v)) {
		return nil, nil, nil, false
	}
	return stmt, listp, v, true
}
