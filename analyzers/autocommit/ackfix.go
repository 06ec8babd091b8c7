package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- a helper that returns its record's commit (used other than called) ----

// ackCommits builds the fix for a fetch that commits inside a helper
// returning what it decoded from the record, when callerCommits cannot
// rewrite every use of the helper as a call that takes the message: the
// helper is taken as a value (next := s.next, then next(ctx)), passed to
// a function of the package (run(ctx, s.next)), where the reader is out
// of sight, or stored in a field (ackField). The helper fetches without
// committing and returns, before its error, a function that commits the
// message (nil with an error); every call, through the helper, a
// variable bound to it, the parameter it is passed as or the field it is
// stored in, takes that function and calls it after processing, on the
// success path. The parameter's or field's function type gains the
// result. It is built when every use of the helper is one of these,
// every call of a function it is passed to passes it, and the result of
// every call is processed where it is taken (processedAfter) and does
// not leave.
func (c *checker) ackCommits(path []ast.Node, fetch *ast.AssignStmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg *ast.Ident, fetchName, commitName string) ([]analysis.TextEdit, bool) {
	fd, ok := enclosingDecl(path)
	if !ok || len(fd.Body.List) == 0 || fd.Type.Results == nil || len(fd.Type.Results.List) != 2 || len(fd.Type.Results.List[0].Names) > 0 {
		return nil, false
	}
	if _, listp := edit.Stmt(pathTo(path, fetch)); listp == nil || &(*listp)[0] != &fd.Body.List[0] {
		return nil, false
	}
	fnObj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	msgObj := c.pass.TypesInfo.ObjectOf(msg)
	if fnObj == nil || msgObj == nil {
		return nil, false
	}
	sig := fnObj.Type().(*types.Signature)
	if sig.Results().Len() != 2 || !isErrorType(sig.Results().At(1).Type()) || fnObj.Exported() || c.interfaceMethodNamed(fnObj.Name()) {
		return nil, false // another package's calls, or an interface's, would not compile
	}
	// The helper: fetch without committing, return the commit.
	reader, ctx := edit.Source(c.pass, sel.X), edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0]))
	edits := []analysis.TextEdit{
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetchName)},
		{Pos: fd.Type.Results.List[1].Pos(), End: fd.Type.Results.List[1].Pos(), NewText: []byte("func() error, ")},
	}
	rets, ok := ownReturns(fd.Body, 2)
	if !ok {
		return nil, false
	}
	for _, n := range rets {
		ack := "nil"
		_, obj := c.scopeAt(n.Pos()).LookupParent(msg.Name, n.Pos())
		if id, isNil := ast.Unparen(n.Results[1]).(*ast.Ident); isNil && id.Name == "nil" && obj == msgObj && n.Pos() > fetch.End() {
			if !c.rootVisibleAt(sel.X, n.Pos()) || !c.sameAt(edit.LiveContext(c.pass, call.Args[0]), n.Pos()) {
				return nil, false
			}
			ack = fmt.Sprintf("func() error { return %s.%s(%s, %s) }", reader, commitName, ctx, msg.Name)
			if c.inGroup != "" {
				ack = fmt.Sprintf("func() error {\n\tif %s {\n\t\treturn %s.%s(%s, %s)\n\t}\n\treturn nil // outside any group: nothing to commit\n}", fmt.Sprintf(c.inGroup, reader), reader, commitName, ctx, msg.Name)
			}
		}
		edits = append(edits, analysis.TextEdit{Pos: n.Results[0].End(), End: n.Results[0].End(), NewText: []byte(", " + ack)})
	}
	// The uses.
	passedTo := map[types.Object]bool{}
	calls := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fnObj {
			continue
		}
		e, n, ok := c.ackUse(id, fnObj, passedTo)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
		calls += n
	}
	return dedupe(edits), calls > 0
}

// ackUse returns the edits at one use id of the helper fn (ackCommits) and
// the number of calls they take the commit at. passedTo holds the
// functions of the package fn is passed to, and the fields it is stored
// in, whose edits are made once.
func (c *checker) ackUse(id *ast.Ident, fn *types.Func, passedTo map[types.Object]bool) ([]analysis.TextEdit, int, bool) {
	path := edit.Path(c.pass, id.Pos())
	if len(path) < 2 {
		return nil, 0, false
	}
	var expr ast.Expr = id
	i := 1
	if s, ok := path[1].(*ast.SelectorExpr); ok && s.Sel == id {
		expr, i = s, 2
	}
	for i < len(path) {
		if _, ok := path[i].(*ast.ParenExpr); !ok {
			break
		}
		expr, i = path[i].(*ast.ParenExpr), i+1
	}
	if i >= len(path) {
		return nil, 0, false
	}
	switch p := path[i].(type) {
	case *ast.CallExpr:
		if p.Fun == expr {
			e, ok := c.ackAtCall(p, fn)
			return e, 1, ok
		}
		// Passed to a function of the package.
		g := typeutil.StaticCallee(c.pass.TypesInfo, p)
		if g == nil || g.Pkg() != c.pass.Pkg {
			return nil, 0, false
		}
		j := -1
		for k, a := range p.Args {
			if a == expr {
				j = k
			}
		}
		if passedTo[g] {
			return nil, 0, c.passes(p, j, fn)
		}
		passedTo[g] = true
		return c.ackParam(g, j, fn)
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) {
			return nil, 0, false
		}
		for k, r := range p.Rhs {
			if r != expr {
				continue
			}
			if p.Tok == token.ASSIGN {
				// Stored in a field: w.next = s.next.
				return c.ackFieldOnce(fieldOf(c.pass, p.Lhs[k]), fn, passedTo)
			}
			// Bound to a variable: next := s.next.
			lid, ok := p.Lhs[k].(*ast.Ident)
			if p.Tok != token.DEFINE || !ok {
				return nil, 0, false
			}
			return c.ackVar(c.pass.TypesInfo.Defs[lid])
		}
	case *ast.KeyValueExpr:
		// Stored in a field: &worker{next: s.next}.
		if key, ok := p.Key.(*ast.Ident); ok && p.Value == expr {
			f, _ := c.pass.TypesInfo.Uses[key].(*types.Var)
			return c.ackFieldOnce(f, fn, passedTo)
		}
	}
	return nil, 0, false
}

// fieldOf returns the field that e (x.f) selects, or nil.
func fieldOf(pass *analysis.Pass, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return nil
	}
	f, _ := pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return f
}

// ackFieldOnce is ackField for a field first met, and no edits (the
// field's are made) for one met again.
func (c *checker) ackFieldOnce(f *types.Var, fn *types.Func, passedTo map[types.Object]bool) ([]analysis.TextEdit, int, bool) {
	if f == nil {
		return nil, 0, false
	}
	if passedTo[f] {
		return nil, 0, true
	}
	passedTo[f] = true
	return c.ackField(f, fn)
}

// ackField returns the edits for the helper fn stored in the field f of a
// struct of the package: f is unexported (no other package reads or sets
// it), every value stored in it is fn (keyed composite literals, or an
// assignment; a struct literal without keys could store another
// function unseen), every other use is a call, the field's function type
// gains the commit result, and its calls take it.
func (c *checker) ackField(f *types.Var, fn *types.Func) ([]analysis.TextEdit, int, bool) {
	if !f.IsField() || f.Pkg() != c.pass.Pkg || f.Exported() || f.Embedded() {
		return nil, 0, false
	}
	ft := c.funcTypeDecl(f)
	if ft == nil {
		return nil, 0, false
	}
	for _, file := range c.pass.Files {
		unkeyed := false
		ast.Inspect(file, func(n ast.Node) bool {
			if cl, ok := n.(*ast.CompositeLit); ok && len(cl.Elts) > 0 && !unkeyed {
				if _, keyed := cl.Elts[0].(*ast.KeyValueExpr); !keyed && holdsField(c.pass.TypesInfo.TypeOf(cl), f) {
					unkeyed = true
				}
			}
			return !unkeyed
		})
		if unkeyed {
			return nil, 0, false
		}
	}
	edits := []analysis.TextEdit{{Pos: ft.Results.List[1].Pos(), End: ft.Results.List[1].Pos(), NewText: []byte("func() error, ")}}
	n := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if v, ok := obj.(*types.Var); ok && v != f && v.Origin() == f.Origin() {
			return nil, 0, false // a field of a generic struct's instance
		}
		if obj != f {
			continue
		}
		path := edit.Path(c.pass, id.Pos())
		if len(path) < 3 {
			return nil, 0, false
		}
		if c.storesHelper(path, fn) {
			continue
		}
		sel, ok1 := path[1].(*ast.SelectorExpr)
		call, ok2 := path[2].(*ast.CallExpr)
		if !ok1 || !ok2 || call.Fun != sel {
			return nil, 0, false
		}
		e, ok := c.ackAtCall(call, f)
		if !ok {
			return nil, 0, false
		}
		edits = append(edits, e...)
		n++
	}
	return edits, n, n > 0
}

// storesHelper reports whether the use of a field at path[0] stores the
// helper fn in it: `f: s.next` in a composite literal, or `x.f = s.next`.
func (c *checker) storesHelper(path []ast.Node, fn *types.Func) bool {
	switch p := path[1].(type) {
	case *ast.KeyValueExpr:
		return p.Key == path[0] && c.isHelper(p.Value, fn)
	case *ast.SelectorExpr:
		as, ok := path[2].(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for k, l := range as.Lhs {
			if l == p {
				return c.isHelper(as.Rhs[k], fn)
			}
		}
	}
	return false
}

// holdsField reports whether t is (or points to) a struct with field f.
func holdsField(t types.Type, f *types.Var) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// funcTypeDecl returns the declared type of v, a parameter or field
// declared alone in its field list entry, when it is a function type
// with two unnamed results; else nil.
func (c *checker) funcTypeDecl(v *types.Var) *ast.FuncType {
	for _, n := range edit.Path(c.pass, v.Pos()) {
		if f, ok := n.(*ast.Field); ok {
			ft, _ := f.Type.(*ast.FuncType)
			if len(f.Names) != 1 || ft == nil || ft.Results == nil || len(ft.Results.List) != 2 || len(ft.Results.List[0].Names) > 0 {
				return nil
			}
			return ft
		}
	}
	return nil
}

// ackVar returns the edits at each use of v, a variable holding the
// helper: every use must be a call.
func (c *checker) ackVar(v types.Object) ([]analysis.TextEdit, int, bool) {
	if v == nil {
		return nil, 0, false
	}
	var edits []analysis.TextEdit
	n := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != v {
			continue
		}
		path := edit.Path(c.pass, id.Pos())
		if len(path) < 2 {
			return nil, 0, false
		}
		ce, ok := path[1].(*ast.CallExpr)
		if !ok || ce.Fun != id {
			return nil, 0, false
		}
		e, ok := c.ackAtCall(ce, v)
		if !ok {
			return nil, 0, false
		}
		edits = append(edits, e...)
		n++
	}
	return edits, n, n > 0
}

// ackParam returns the edits for the helper passed as parameter j of g, a
// function declared in the package: g's every call passes the helper
// there, the parameter's function type gains the commit result, and its
// calls in g take it.
func (c *checker) ackParam(g *types.Func, j int, fn *types.Func) ([]analysis.TextEdit, int, bool) {
	gsig := g.Type().(*types.Signature)
	if g.Exported() || c.interfaceMethodNamed(g.Name()) {
		return nil, 0, false // another package's calls would pass the old type
	}
	if j < 0 || j >= gsig.Params().Len() || gsig.Variadic() && j == gsig.Params().Len()-1 {
		return nil, 0, false
	}
	pv := gsig.Params().At(j)
	// Every call of g passes fn there.
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != g {
			continue
		}
		ce := callOf(edit.Path(c.pass, id.Pos()))
		if ce == nil || !c.passes(ce, j, fn) {
			return nil, 0, false
		}
	}
	// The parameter's declared type: a function type with two results.
	ft := c.funcTypeDecl(pv)
	if ft == nil {
		return nil, 0, false
	}
	edits := []analysis.TextEdit{{Pos: ft.Results.List[1].Pos(), End: ft.Results.List[1].Pos(), NewText: []byte("func() error, ")}}
	e, n, ok := c.ackVar(pv)
	if !ok {
		return nil, 0, false
	}
	return append(edits, e...), n, true
}

// passes reports whether argument j of call ce is the helper fn (s.next,
// or next for a function).
func (c *checker) passes(ce *ast.CallExpr, j int, fn *types.Func) bool {
	return j >= 0 && j < len(ce.Args) && c.isHelper(ce.Args[j], fn)
}

// isHelper reports whether e is the helper fn (s.next, or next for a
// function).
func (c *checker) isHelper(e ast.Expr, fn *types.Func) bool {
	switch a := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.pass.TypesInfo.Uses[a] == fn
	case *ast.SelectorExpr:
		return c.pass.TypesInfo.Uses[a.Sel] == fn
	}
	return false
}

// ackAtCall returns the edits at a call of the helper (through callee, the
// helper or a variable holding it): `v, err := call` takes the commit
// function too, and calls it at the end of the caller's list, on the
// success path.
func (c *checker) ackAtCall(call *ast.CallExpr, callee types.Object) ([]analysis.TextEdit, bool) {
	if typeutil.Callee(c.pass.TypesInfo, call) != callee {
		return nil, false
	}
	cpath := edit.Path(c.pass, call.Pos())
	cpath = pathTo(cpath, call)
	stmt, listp := edit.Stmt(cpath)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil, false
	}
	v, ok := as.Lhs[0].(*ast.Ident)
	if !ok || v.Name == "_" || !c.processedAfter(*listp, stmt, v.Name, as.Lhs[1]) || c.recordLeaves(*listp, stmt, c.pass.TypesInfo.ObjectOf(v)) {
		return nil, false
	}
	name := edit.FreeName(c.pass, stmt.Pos(), "commit")
	body, extra, ok := c.errHandling(cpath, stmt, "commit offset")
	if !ok {
		return nil, false
	}
	text := fmt.Sprintf("if err := %s(); err != nil {\n%s\n}", name, body)
	commit, ok := c.appendAfterUses(*listp, stmt, v.Name, text)
	if !ok {
		return nil, false
	}
	edits := append(extra, analysis.TextEdit{Pos: v.End(), End: v.End(), NewText: []byte(", " + name)})
	return append(edits, commit...), true
}

// sameAt reports whether e is a name that means the same variable at pos
// (a context the commit function captures).
func (c *checker) sameAt(e ast.Expr, pos token.Pos) bool {
	if _, ok := ast.Unparen(e).(*ast.Ident); !ok {
		return false
	}
	return c.visibleAt(e, pos)
}

// interfaceMethodNamed reports whether an interface of the package
// declares a method called name: a type whose method of that name
// changes signature might no longer implement it.
func (c *checker) interfaceMethodNamed(name string) bool {
	for _, obj := range c.pass.TypesInfo.Defs {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Name() != name {
			continue
		}
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
			return true
		}
	}
	return false
}
