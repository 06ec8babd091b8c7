package fencing

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// More ways to take an in-flight commit out of a franz-go revoke
// callback's run (revokedrop.go), for the shapes its moves do not cover
// (#13): a commit in a function literal of a function only the callback
// calls; a commit in an exported function that does more, whose call
// the callback makes as a statement (the callback then runs that
// function's other statements in its place); and a commit whose removal
// would leave unused a variable declared by a call with other effects
// (the call stays, as a statement of its own).

// onlyCalledFrom reports whether decl is an unexported function that the
// package refers to once, from cbBody.
func (c *checker) onlyCalledFrom(cbBody *ast.BlockStmt, decl *ast.FuncDecl) bool {
	obj := c.pass.TypesInfo.Defs[decl.Name]
	if obj == nil || decl.Name.IsExported() {
		return false // other packages may call it
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
	return refs == 1 && inCb == 1
}

// dropFromHelperLiteral removes the commit statement st (of call) from
// lit, a function literal of decl, an unexported function only the
// callback calls: only the callback's run reaches the literal.
func (c *checker) dropFromHelperLiteral(cbBody *ast.BlockStmt, lit *ast.FuncLit, st ast.Stmt, call *ast.CallExpr) ([]analysis.TextEdit, string, bool) {
	var decl *ast.FuncDecl
	for _, n := range edit.Path(c.pass, lit.Pos()) {
		if d, ok := n.(*ast.FuncDecl); ok {
			decl = d
		}
	}
	if decl == nil || decl.Body == nil || !c.onlyCalledFrom(cbBody, decl) {
		return nil, "", false
	}
	edits, _, ok := c.dropFromLiteral(lit, st, call)
	if !ok {
		return nil, "", false
	}
	return edits, "Remove the commit from the function literal in " + decl.Name.Name + ", which only the revoke callback calls, so that the next owner resumes from the last commit made after processing", true
}

// removableKeeping is removable, but a variable the removed statements
// alone use may also be declared by a call with other effects (`tctx :=
// b.deadline(ctx)`, which flushes a buffer): that statement stays as the
// call alone (keep holds the edits dropping its left-hand side), when
// every variable it declares is then unused.
func (c *checker) removableKeeping(body *ast.BlockStmt, st ast.Stmt) (drop []ast.Stmt, keep []analysis.TextEdit, ok bool) {
	if d, ok := c.removable(body, st); ok {
		return d, nil, true
	}
	drop = []ast.Stmt{st}
	kept := map[types.Object]bool{}
	for round := 0; round < 4; round++ {
		var unused []types.Object
		for _, v := range c.leftUnused(body, drop) {
			if !kept[v] {
				unused = append(unused, v)
			}
		}
		if len(unused) == 0 {
			if c.usedOutside(body, drop) {
				return nil, nil, false
			}
			return drop, keep, true
		}
		for _, v := range unused {
			if kept[v] {
				continue
			}
			if decl := c.declaringStmt(body, v); decl != nil {
				if containsStmt(drop, decl) {
					return nil, nil, false
				}
				drop = append(drop, decl)
				for _, other := range c.declaredBy(decl) {
					for _, s := range body.List {
						if ds, ok := s.(*ast.DeferStmt); ok && !containsStmt(drop, s) && len(ds.Call.Args) == 0 && c.isVar(ds.Call.Fun, other) {
							drop = append(drop, s)
						}
					}
				}
				continue
			}
			as := c.callDeclaring(body, v)
			if as == nil {
				return nil, nil, false
			}
			for _, o := range c.declaredBy(as) {
				if c.usedBesides(body, o, drop) {
					return nil, nil, false
				}
				kept[o] = true
			}
			keep = append(keep, analysis.TextEdit{Pos: as.Pos(), End: as.Rhs[0].Pos()})
		}
	}
	return nil, nil, false
}

// callDeclaring returns the statement of body's own list declaring v
// with := from one call (not a conversion or builtin), or nil.
func (c *checker) callDeclaring(body *ast.BlockStmt, v types.Object) *ast.AssignStmt {
	for _, s := range body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 || !declares(c.pass.TypesInfo, as, v) {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || c.calleeOf(call) == nil {
			return nil // a conversion, a builtin or a function value
		}
		return as
	}
	return nil
}

// usedBesides reports whether obj is used in body outside the drop
// statements.
func (c *checker) usedBesides(body *ast.BlockStmt, obj types.Object, drop []ast.Stmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && containsStmt(drop, st) {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// inlineHelper takes the commit statement st (of call) out of decl, a
// function of the package without results that the revoke callback
// calls as a statement of its body, and that other code may call too
// (exported, or called elsewhere): the callback's statement is replaced
// by decl's other statements, written with the call's receiver and
// arguments (without effects, or context.Background()), so the callback
// keeps doing what decl does but the commit, and decl's other callers
// are unchanged. Built when decl has no return, defer, go, label or
// result, assigns none of its parameters, and the names its remaining
// statements use mean the same at the callback's statement.
func (c *checker) inlineHelper(cbBody *ast.BlockStmt, decl *ast.FuncDecl, st ast.Stmt, call *ast.CallExpr) ([]analysis.TextEdit, string, bool) {
	obj, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if obj == nil || decl.Type.Results.NumFields() > 0 || decl.Type.TypeParams != nil || !c.commitStmt(st, call) {
		return nil, "", false
	}
	// The callback's one statement calling decl.
	var cs *ast.ExprStmt
	var ce *ast.CallExpr
	calls := 0
	ast.Inspect(cbBody, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			calls++
		}
		return true
	})
	for _, s := range cbBody.List {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			continue
		}
		if x, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && c.calleeOf(x) == obj {
			cs, ce = es, x
		}
	}
	if calls != 1 || cs == nil || ce.Ellipsis.IsValid() {
		return nil, "", false
	}
	// decl's body: no statement that means something else inlined.
	bad := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.DeferStmt, *ast.GoStmt, *ast.LabeledStmt, *ast.BranchStmt:
			bad = true
		}
		return !bad
	})
	if bad {
		return nil, "", false
	}
	drop, keep, ok := c.removableKeeping(decl.Body, st)
	if !ok {
		return nil, "", false
	}
	var rest []ast.Stmt
	for _, s := range decl.Body.List {
		if !containsStmt(drop, s) {
			rest = append(rest, s)
		}
	}
	if len(rest) == 0 {
		return nil, "", false // helperCallStmt's case
	}
	// decl's receiver and parameters, by index, and the call's values.
	var params []types.Object
	var args []ast.Expr
	if decl.Recv != nil {
		sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
		if !ok || len(decl.Recv.List) != 1 {
			return nil, "", false
		}
		var p types.Object
		if len(decl.Recv.List[0].Names) == 1 {
			p = c.pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]]
		}
		// A method value of a pointer receiver called on an addressable
		// value is written the same way.
		params, args = append(params, p), append(args, sel.X)
	}
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			params = append(params, nil)
		}
		for _, id := range f.Names {
			params = append(params, c.pass.TypesInfo.Defs[id])
		}
	}
	if decl.Recv != nil {
		args = append(args, ce.Args...)
	} else {
		args = ce.Args
	}
	if len(args) != len(params) {
		return nil, "", false
	}
	index := map[types.Object]int{}
	for i, p := range params {
		if p != nil {
			index[p] = i
		}
	}
	// No parameter is assigned or has its address taken.
	assigned := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		var xs []ast.Expr
		switch x := n.(type) {
		case *ast.AssignStmt:
			xs = x.Lhs
		case *ast.IncDecStmt:
			xs = []ast.Expr{x.X}
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				xs = []ast.Expr{x.X}
			}
		case *ast.RangeStmt:
			xs = []ast.Expr{x.Key, x.Value}
		}
		for _, e := range xs {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				if _, isParam := index[c.pass.TypesInfo.Uses[id]]; isParam {
					assigned = true
				}
			}
		}
		return !assigned
	})
	if assigned {
		return nil, "", false
	}
	scope := c.scopeAt(cs.Pos())
	if scope == nil {
		return nil, "", false
	}
	declares := false
	var texts []string
	indent := edit.Indent(c.pass, decl.Body.List[0].Pos())
	for _, s := range rest {
		if len(c.declaredBy(s)) > 0 {
			declares = true
		}
		var reps []analysis.TextEdit
		for _, e := range keep {
			if s.Pos() <= e.Pos && e.End <= s.End() {
				reps = append(reps, e)
			}
		}
		for _, x := range idents(s) {
			o := c.pass.TypesInfo.Uses[x]
			if o == nil {
				continue
			}
			if i, isParam := index[o]; isParam {
				a := ast.Unparen(args[i])
				if !pureExpr(a) && !c.isEmptyContext(a) || !types.Identical(c.pass.TypesInfo.TypeOf(a), o.Type()) {
					return nil, "", false // the argument may mean something else in its place
				}
				text := c.text(a)
				switch a.(type) {
				case *ast.Ident, *ast.SelectorExpr, *ast.BasicLit, *ast.CallExpr:
				default:
					text = "(" + text + ")"
				}
				reps = append(reps, analysis.TextEdit{Pos: x.Pos(), End: x.End(), NewText: []byte(text)})
				continue
			}
			if !c.sameAt(scope, x, o, cs.Pos()) {
				return nil, "", false
			}
		}
		lines := strings.Split(c.rewritten(s, reps), "\n")
		for i := 1; i < len(lines); i++ {
			lines[i] = strings.TrimPrefix(lines[i], indent)
		}
		texts = append(texts, strings.Join(lines, "\n"))
	}
	text := strings.Join(texts, "\n")
	if declares {
		// Its own block: its names do not meet the callback's.
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			if l != "" {
				lines[i] = "\t" + l
			}
		}
		text = "{\n" + strings.Join(lines, "\n") + "\n}"
	}
	return c.replaceStmt(cs, text), "Run " + decl.Name.Name + " without its commit in the revoke callback, so that the next owner resumes from the last commit made after processing", true
}

// sameAt reports whether the identifier x, referring to o in a function
// body, refers to it at pos too: o is declared inside that body (written
// with it), a field or method, or found by the same name at pos (an
// imported package: the same package imported).
func (c *checker) sameAt(scope *types.Scope, x *ast.Ident, o types.Object, pos token.Pos) bool {
	if v, ok := o.(*types.Var); ok && v.IsField() {
		return true
	}
	if f, ok := o.(*types.Func); ok && f.Type().(*types.Signature).Recv() != nil {
		return true
	}
	if o.Parent() != nil && o.Parent() != types.Universe && o.Parent() != c.pass.Pkg.Scope() {
		if _, isPkg := o.(*types.PkgName); !isPkg {
			// A local of the inlined body: declared by the statements
			// written with it (a parameter was substituted before).
			return true
		}
	}
	_, found := scope.LookupParent(x.Name, pos)
	if pn, ok := o.(*types.PkgName); ok {
		fpn, ok := found.(*types.PkgName)
		return ok && fpn.Imported() == pn.Imported()
	}
	return found == o
}
