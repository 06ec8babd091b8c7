package fencing

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
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
	if d, ok := edit.Removable(c.pass, body, st); ok {
		return d, nil, true
	}
	drop = []ast.Stmt{st}
	kept := map[types.Object]bool{}
	for round := 0; round < 4; round++ {
		var unused []types.Object
		for _, v := range edit.LeftUnused(c.pass, body, drop) {
			if !kept[v] {
				unused = append(unused, v)
			}
		}
		if len(unused) == 0 {
			if edit.UsedOutside(c.pass, body, drop) {
				return nil, nil, false
			}
			return drop, keep, true
		}
		for _, v := range unused {
			if kept[v] {
				continue
			}
			if decl := edit.DeclaringStmt(c.pass, body, v); decl != nil {
				if slices.Contains(drop, decl) {
					return nil, nil, false
				}
				drop = append(drop, decl)
				for _, other := range edit.DeclaredBy(c.pass, decl) {
					for _, s := range body.List {
						if ds, ok := s.(*ast.DeferStmt); ok && !slices.Contains(drop, s) && len(ds.Call.Args) == 0 && edit.IsVar(c.pass, ds.Call.Fun, other) {
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
			for _, o := range edit.DeclaredBy(c.pass, as) {
				if edit.UsedBesides(c.pass, body, o, drop) {
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

// inlineHelper takes the commit statement st (of call) out of decl, a
// function of the package that the revoke callback calls as a statement
// of its body, and that other code may call too (exported, or called
// elsewhere): the callback's statement is replaced by decl's other
// statements, written with the call's receiver and arguments (without
// effects, or context.Background()), so the callback keeps doing what
// decl does but the commit, and decl's other callers are unchanged.
// Built when decl has no defer, go, label or branch statement, assigns
// none of its parameters, and the names its remaining statements use
// mean the same at the callback's statement; and either has no result
// nor return, or has one unnamed error result that only the commit
// gives: its returns are in the commit's statement (`if err :=
// cl.CommitUncommittedOffsets(ctx); err != nil { return err }`, or a
// last `return cl.CommitUncommittedOffsets(ctx)`) but a last `return
// nil` and early returns of leading guards (`if len(b.buf) == 0 {
// return nil }`), under whose negated conditions the other statements
// run (`if len(b.buf) != 0 { b.flush() }`). Without the commit such a function returns nil, so the
// callback's statement may also discard its error (`_ =`) or check it
// (`if err := decl(…); err != nil { … }`, without else): the check goes
// with the call.
func (c *checker) inlineHelper(cbBody *ast.BlockStmt, decl *ast.FuncDecl, st ast.Stmt, call *ast.CallExpr) ([]analysis.TextEdit, string, bool) {
	obj, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	errResult := c.onlyErrorResult(decl)
	if obj == nil || decl.Type.Results.NumFields() > 0 && !errResult || decl.Type.TypeParams != nil {
		return nil, "", false
	}
	if !slices.Contains(decl.Body.List, st) {
		return nil, "", false // nested: its enclosing statement would be written with it
	}
	last := decl.Body.List[len(decl.Body.List)-1]
	if r, isRet := st.(*ast.ReturnStmt); !c.commitStmt(st, call) &&
		!(errResult && isRet && st == last && len(r.Results) == 1 && ast.Unparen(r.Results[0]) == call) {
		return nil, "", false
	}
	// The callback's one statement calling decl, and the check of its
	// error that goes with it.
	var cs ast.Stmt
	var ce *ast.CallExpr
	var check *ast.BlockStmt
	calls := 0
	ast.Inspect(cbBody, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			calls++
		}
		return true
	})
	for _, s := range cbBody.List {
		if x, body, ok := c.callStmtOf(s, obj, errResult); ok {
			cs, ce, check = s, x, body
		}
	}
	if calls != 1 || cs == nil || ce.Ellipsis.IsValid() {
		return nil, "", false
	}
	drop, keep, ok := c.removableKeeping(decl.Body, st)
	if !ok {
		return nil, "", false
	}
	// decl's body: no statement that means something else inlined, and
	// no return but the commit's and a last `return nil`.
	var final *ast.ReturnStmt
	if r, isRet := last.(*ast.ReturnStmt); isRet && errResult && !slices.Contains(drop, last) && len(r.Results) == 1 && c.isNil(r.Results[0]) {
		final = r
	}
	guards := c.leadingGuards(decl.Body.List, st, errResult)
	bad := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if s, isStmt := n.(ast.Stmt); isStmt && slices.Contains(drop, s) {
			// The commit's statement goes: its returns with it. A
			// branch or label in it would still be wrong to drop.
			ast.Inspect(s, func(m ast.Node) bool {
				switch m.(type) {
				case *ast.FuncLit:
					return false
				case *ast.DeferStmt, *ast.GoStmt, *ast.LabeledStmt, *ast.BranchStmt:
					bad = true
				}
				return !bad
			})
			return false
		}
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if n != final && !slices.ContainsFunc(guards, func(g *ast.IfStmt) bool { return g.Body.List[0] == n }) {
				bad = true
			}
		case *ast.DeferStmt, *ast.GoStmt, *ast.LabeledStmt, *ast.BranchStmt:
			bad = true
		}
		return !bad
	})
	if bad {
		return nil, "", false
	}
	var rest []ast.Stmt
	for _, s := range decl.Body.List {
		if !slices.Contains(drop, s) && s != final && !slices.ContainsFunc(guards, func(g *ast.IfStmt) bool { return g == s }) {
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
	// inlined writes n of decl at the callback's statement: its
	// parameters replaced by the call's arguments, its lines unindented.
	inlined := func(n ast.Node) (string, bool) {
		var reps []analysis.TextEdit
		for _, e := range keep {
			if n.Pos() <= e.Pos && e.End <= n.End() {
				reps = append(reps, e)
			}
		}
		for _, x := range idents(n) {
			o := c.pass.TypesInfo.Uses[x]
			if o == nil {
				continue
			}
			if i, isParam := index[o]; isParam {
				a := ast.Unparen(args[i])
				if !pureExpr(a) && !c.isEmptyContext(a) || !types.Identical(c.pass.TypesInfo.TypeOf(a), o.Type()) {
					return "", false // the argument may mean something else in its place
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
				return "", false
			}
		}
		lines := strings.Split(c.rewritten(n, reps), "\n")
		for i := 1; i < len(lines); i++ {
			lines[i] = strings.TrimPrefix(lines[i], indent)
		}
		return strings.Join(lines, "\n"), true
	}
	for _, s := range rest {
		if len(edit.DeclaredBy(c.pass, s)) > 0 {
			declares = true
		}
		t, ok := inlined(s)
		if !ok {
			return nil, "", false
		}
		texts = append(texts, t)
	}
	text := strings.Join(texts, "\n")
	if len(guards) > 0 {
		// decl's early returns: the rest runs where none would.
		var conds []string
		for _, g := range guards {
			cond, ok := c.negated(g.Cond, inlined)
			if !ok {
				return nil, "", false
			}
			conds = append(conds, cond)
		}
		text = "if " + strings.Join(conds, " && ") + " {\n" + edit.IndentLines(text, "\t") + "\n}"
		declares = false // the if's block holds the names
	}
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
	edits := c.replaceStmt(cs, text)
	title := "Run " + decl.Name.Name + " without its commit in the revoke callback, so that the next owner resumes from the last commit made after processing"
	if check != nil {
		// The check's branch goes, and the imports only it used; the
		// inlined statements' packages are imported by the callback's
		// file, but may be used only in that branch when decl is in
		// another file.
		imps, ok := edit.UnusedImports(c.pass, []ast.Node{check})
		if !ok || len(imps) > 0 && edit.File(c.pass, decl.Pos()) != edit.File(c.pass, cs.Pos()) {
			return nil, "", false
		}
		edits = append(edits, imps...)
		title = "Run " + decl.Name.Name + " without its commit in the revoke callback, in place of its call and the check of its error (nil without the commit), so that the next owner resumes from the last commit made after processing"
	}
	return edits, title, true
}

// leadingGuards returns the statements of list before st, from its
// first, that only return early: `if cond { return }`, or `if cond {
// return nil }` when the function's one result is an error (errResult),
// without init or else. Inlined without the commit, the statements after
// them run under the negation of their conditions.
func (c *checker) leadingGuards(list []ast.Stmt, st ast.Stmt, errResult bool) []*ast.IfStmt {
	var out []*ast.IfStmt
	for _, s := range list {
		g, ok := s.(*ast.IfStmt)
		if !ok || s == st || g.Init != nil || g.Else != nil || len(g.Body.List) != 1 {
			break
		}
		r, ok := g.Body.List[0].(*ast.ReturnStmt)
		if !ok || errResult != (len(r.Results) == 1) || errResult && !c.isNil(r.Results[0]) {
			break
		}
		out = append(out, g)
	}
	return out
}

// negated writes the negation of cond, its parts written by write: a
// comparison with == or != gets the other operator, another condition
// is wrapped in !( ).
func (c *checker) negated(cond ast.Expr, write func(ast.Node) (string, bool)) (string, bool) {
	if be, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && (be.Op == token.EQL || be.Op == token.NEQ) {
		x, okx := write(be.X)
		y, oky := write(be.Y)
		op := token.NEQ
		if be.Op == token.NEQ {
			op = token.EQL
		}
		return x + " " + op.String() + " " + y, okx && oky
	}
	t, ok := write(cond)
	return "!(" + t + ")", ok
}

// onlyErrorResult reports whether decl has one unnamed result, of type
// error.
func (c *checker) onlyErrorResult(decl *ast.FuncDecl) bool {
	rs := decl.Type.Results
	return rs != nil && len(rs.List) == 1 && len(rs.List[0].Names) == 0 && isError(c.pass.TypesInfo.TypeOf(rs.List[0].Type))
}

// callStmtOf returns the call of fn that statement s makes: the call
// alone; or, when fn returns only an error (errResult), that error
// discarded (`_ = fn(…)`) or checked by an if without else that
// declares it (`if err := fn(…); err != nil { … }`), whose body is
// returned too.
func (c *checker) callStmtOf(s ast.Stmt, fn *types.Func, errResult bool) (*ast.CallExpr, *ast.BlockStmt, bool) {
	callOf := func(e ast.Expr) *ast.CallExpr {
		if x, ok := ast.Unparen(e).(*ast.CallExpr); ok && c.calleeOf(x) == fn {
			return x
		}
		return nil
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		x := callOf(s.X)
		return x, nil, x != nil
	case *ast.AssignStmt:
		if id, ok := s.Lhs[0].(*ast.Ident); errResult && ok && id.Name == "_" && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			x := callOf(s.Rhs[0])
			return x, nil, x != nil
		}
	case *ast.IfStmt:
		as, ok := s.Init.(*ast.AssignStmt)
		if !errResult || !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || s.Else != nil {
			return nil, nil, false
		}
		x := callOf(as.Rhs[0])
		id, isID := as.Lhs[0].(*ast.Ident)
		cond, isBin := ast.Unparen(s.Cond).(*ast.BinaryExpr)
		if x == nil || !isID || !isBin || cond.Op != token.NEQ {
			return nil, nil, false
		}
		errVar := c.pass.TypesInfo.Defs[id]
		if errVar == nil || !(edit.IsVar(c.pass, cond.X, errVar) && c.isNil(cond.Y) || edit.IsVar(c.pass, cond.Y, errVar) && c.isNil(cond.X)) {
			return nil, nil, false
		}
		return x, s.Body, true
	}
	return nil, nil, false
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
