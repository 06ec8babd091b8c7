package autocommit

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- the one worker of a channel held in a field ----

// fieldQueue is workerQueue for a message sent on a channel held in a
// field (s.jobs <- msg, s a pointer to a struct of the package): the
// field is unexported, every value of the struct makes its own channel
// (set only to make(...), by key in a literal or by assignment), and
// the channel has one send (this one) and one receive, the worker's: a
// range over it, or a case `case m := <-w.jobs:` of a select in a loop.
// The worker is a function literal started once by a go statement, or a
// function or method of the package that one go statement runs (go
// s.work(ctx)), started once or by a counted loop (the pool is
// returned, to make one worker of). The rebaser spells the loop's
// expressions rooted at s (s.c, the consumer) at the worker's own value
// of the struct, and a context the worker cannot see as the worker's own
// context parameter.
func (c *checker) fieldQueue(sel *ast.SelectorExpr) (string, []ast.Stmt, *pool, rebaser) {
	fail := func() (string, []ast.Stmt, *pool, rebaser) { return "", nil, nil, nil }
	sendBase, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return fail()
	}
	ch, named := c.ownField(sel)
	if ch == nil {
		return fail()
	}
	var worker ast.Node
	var v, wbase *ast.Ident
	var body []ast.Stmt
	uses, bad := 0, false
	found := func(n ast.Node, key ast.Expr, list []ast.Stmt, base ast.Expr) {
		if worker != nil {
			bad = true
		}
		worker, body = n, list
		v, _ = key.(*ast.Ident)
		wbase, _ = ast.Unparen(base).(*ast.Ident)
	}
	isField := func(e ast.Expr) (ast.Expr, bool) {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok || c.pass.TypesInfo.Uses[s.Sel] != ch {
			return nil, false
		}
		return s.X, true
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if t := c.pass.TypesInfo.TypeOf(n); t != nil && types.Identical(t, named) {
					for _, el := range n.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							bad = true // set by position: not checked
							continue
						}
						if id, ok := kv.Key.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == ch && !c.makes(kv.Value) {
							bad = true
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if _, ok := isField(l); ok {
						if len(n.Lhs) != len(n.Rhs) || !c.makes(n.Rhs[i]) {
							bad = true
						}
						uses-- // not a use of the channel
					}
				}
			case *ast.SelectorExpr:
				if c.pass.TypesInfo.Uses[n.Sel] == ch {
					uses++
					if b, ok := ast.Unparen(n.X).(*ast.Ident); !ok || !types.Identical(c.pass.TypesInfo.TypeOf(b), types.NewPointer(named)) {
						bad = true
					}
				}
			case *ast.RangeStmt:
				if base, ok := isField(n.X); ok && n.Value == nil && n.Key != nil {
					found(n, n.Key, n.Body.List, base)
				}
			case *ast.CommClause:
				if key, base := c.receivesFromField(n, isField); key != nil {
					found(n, key, n.Body, base)
				}
			}
			return true
		})
	}
	if bad || worker == nil || uses != 2 || v == nil || wbase == nil || v.Name == "_" || len(body) == 0 || c.handedOn(body, v.Name) {
		return fail()
	}
	pl, once := c.workerStarted(worker)
	if !once {
		return fail()
	}
	at := body[0].Pos()
	if !c.visibleAt(wbase, at) {
		return fail()
	}
	rb := func(e ast.Expr) (string, []analysis.TextEdit, bool) {
		if root := rootIdent(e); root != nil && c.pass.TypesInfo.Uses[root] == c.pass.TypesInfo.Uses[sendBase] {
			src := edit.Source(c.pass, e)
			return wbase.Name + src[len(root.Name):], nil, true
		}
		if c.rootVisibleAt(e, at) {
			return edit.Source(c.pass, e), nil, true
		}
		// A context of the loop: the worker's own.
		t := c.pass.TypesInfo.TypeOf(e)
		if ft, _ := edit.FuncOf(edit.Path(c.pass, at)); ft != nil && t != nil && ssaflow.IsContext(t) {
			for _, fld := range ft.Params.List {
				for _, id := range fld.Names {
					obj := c.pass.TypesInfo.Defs[id]
					if obj == nil || !types.Identical(obj.Type(), t) {
						continue
					}
					if _, seen := c.scopeAt(at).LookupParent(id.Name, at); seen == obj {
						return id.Name, nil, true
					}
				}
			}
		}
		return "", nil, false
	}
	return v.Name, body, pl, rb
}

// ownField returns the field sel selects when it is an unexported field
// of a struct type of the package (not generic), selected through a
// pointer to that type, with the type.
func (c *checker) ownField(sel *ast.SelectorExpr) (*types.Var, *types.Named) {
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil, nil
	}
	v := s.Obj().(*types.Var)
	ptr, ok := types.Unalias(s.Recv()).(*types.Pointer)
	if !ok || v.Exported() || v.Pkg() != c.pass.Pkg {
		return nil, nil
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeParams().Len() > 0 {
		return nil, nil
	}
	return v, named
}

// receivesFromField returns the variable that `case m := <-x.f:` (f the
// field isField matches) of a select in a for loop declares, with x.
func (c *checker) receivesFromField(cc *ast.CommClause, isField func(ast.Expr) (ast.Expr, bool)) (ast.Expr, ast.Expr) {
	as, ok := cc.Comm.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil
	}
	u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil, nil
	}
	base, ok := isField(u.X)
	if !ok {
		return nil, nil
	}
	path := edit.Path(c.pass, cc.Pos())
	// CommClause, select body, SelectStmt, loop body, loop.
	if len(path) < 5 {
		return nil, nil
	}
	if _, ok := path[2].(*ast.SelectStmt); !ok {
		return nil, nil
	}
	if l, ok := path[4].(*ast.ForStmt); !ok || l.Body != path[3] {
		return nil, nil
	}
	return as.Lhs[0], base
}

// workerStarted reports whether the worker loop n runs in one goroutine
// (or a pool of them, returned): in a function literal started once
// (startedOnce), or in a function or method of the package that exactly
// one go statement runs, and nothing else calls or takes as a value, that
// go statement itself in no loop (but a pool's) or function literal.
func (c *checker) workerStarted(n ast.Node) (*pool, bool) {
	path := edit.Path(c.pass, n.Pos())
	decl := outerDecl(path)
	if decl == nil {
		return nil, false
	}
	for _, p := range path {
		if _, ok := p.(*ast.FuncLit); ok {
			return c.startedOnce(n, decl)
		}
		if p == decl {
			break
		}
	}
	fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return nil, false
	}
	var gos []*ast.GoStmt
	other := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(x ast.Node) bool {
			id, ok := x.(*ast.Ident)
			if !ok || c.pass.TypesInfo.Uses[id] != fn {
				return true
			}
			p := edit.Path(c.pass, id.Pos())
			i := 1
			if i < len(p) {
				if s, ok := p[i].(*ast.SelectorExpr); ok && s.Sel == id {
					i++
				}
			}
			if i+1 >= len(p) {
				other = true
				return true
			}
			call, ok1 := p[i].(*ast.CallExpr)
			gs, ok2 := p[i+1].(*ast.GoStmt)
			if !ok1 || !ok2 || call.Fun != p[i-1] || gs.Call != call {
				other = true
				return true
			}
			gos = append(gos, gs)
			return true
		})
	}
	if other || len(gos) != 1 {
		return nil, false
	}
	gs := gos[0]
	rest := edit.Path(c.pass, gs.Pos())
	for len(rest) > 0 && rest[0] != gs {
		rest = rest[1:]
	}
	if len(rest) < 1 {
		return nil, false
	}
	pl, fd := c.goRunsOnce(gs, rest[1:])
	if fd == nil {
		return nil, false
	}
	return pl, fd != decl
}

// rootIdent returns the name a selector chain starts from (s in s.c.r),
// or nil.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// ---- the one worker of a channel passed to a worker function ----

// paramQueue is workerQueue for a local channel ch of fd that one go
// statement of fd passes to a function of the package (go worker(ctx, c,
// jobs)), once or from a counted loop (the pool is returned): the
// function is used nowhere else, and its parameter is used only by its
// worker loop, directly in its body (a range over it, or a case of a
// select in a for loop). The rebaser spells the loop's expressions at the
// worker's parameters the go statement passes them to (c, the consumer,
// becomes the parameter it is passed to), or as they are when the worker
// sees them (package-level), a context as the worker's own.
func (c *checker) paramQueue(fd *ast.FuncDecl, ch types.Object) (string, []ast.Stmt, *pool, rebaser) {
	fail := func() (string, []ast.Stmt, *pool, rebaser) { return "", nil, nil, nil }
	var gs *ast.GoStmt
	j := -1
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok {
			return true
		}
		for i, a := range g.Call.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == ch {
				gs, j = g, i
			}
		}
		return true
	})
	if gs == nil || gs.Call.Ellipsis.IsValid() {
		return fail()
	}
	fn := calleeOf(c.pass, gs.Call)
	decl := edit.FuncDecl(c.pass, fn)
	if decl == nil || fn.Type().(*types.Signature).Variadic() {
		return fail()
	}
	uses := 0
	for _, obj := range c.pass.TypesInfo.Uses {
		if obj == fn {
			uses++
		}
	}
	if uses != 1 {
		return fail()
	}
	// The go statement runs once in fd, or starts a pool.
	rest := edit.Path(c.pass, gs.Pos())
	for len(rest) > 0 && rest[0] != gs {
		rest = rest[1:]
	}
	if len(rest) < 3 {
		return fail()
	}
	rest = rest[1:]
	var pl *pool
	if pl = c.poolOf(gs, rest[0], rest[1]); pl != nil {
		rest = rest[2:]
	}
	for _, x := range rest {
		switch x.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return fail()
		}
		if x == fd {
			break
		}
	}
	// Parameters by argument index.
	var params []*ast.Ident
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			return fail()
		}
		params = append(params, f.Names...)
	}
	if j >= len(params) || len(params) != len(gs.Call.Args) {
		return fail()
	}
	param := c.pass.TypesInfo.Defs[params[j]]
	if param == nil {
		return fail()
	}
	var v *ast.Ident
	var body []ast.Stmt
	n := c.takesFrom(decl.Body, param, func(_ ast.Node, key ast.Expr, list []ast.Stmt) {
		v, _ = key.(*ast.Ident)
		body = list
	})
	if n != 1 || v == nil || v.Name == "_" || len(body) == 0 || c.handedOn(body, v.Name) {
		return fail()
	}
	for _, p := range edit.Path(c.pass, body[0].Pos()) {
		if _, lit := p.(*ast.FuncLit); lit {
			return fail()
		}
	}
	at := body[0].Pos()
	added := map[types.Object]string{}
	rb := func(e ast.Expr) (string, []analysis.TextEdit, bool) {
		if c.rootVisibleAt(e, at) {
			return edit.Source(c.pass, e), nil, true
		}
		root := rootIdent(e)
		if root == nil {
			return "", nil, false
		}
		src := edit.Source(c.pass, e)
		obj := c.pass.TypesInfo.Uses[root]
		for k, a := range gs.Call.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj && params[k].Name != "_" {
				if _, seen := c.scopeAt(at).LookupParent(params[k].Name, at); seen != c.pass.TypesInfo.Defs[params[k]] {
					return "", nil, false
				}
				return params[k].Name + src[len(root.Name):], nil, true
			}
		}
		t := c.pass.TypesInfo.TypeOf(e)
		if t != nil && ssaflow.IsContext(t) {
			for _, id := range params {
				if obj := c.pass.TypesInfo.Defs[id]; obj != nil && types.Identical(obj.Type(), t) {
					if _, seen := c.scopeAt(at).LookupParent(id.Name, at); seen == obj {
						return id.Name, nil, true
					}
				}
			}
		}
		// The worker gains a parameter for root, which the go statement
		// passes.
		if name, ok := added[obj]; ok {
			return name + src[len(root.Name):], nil, true
		}
		v, ok := obj.(*types.Var)
		if !ok || v.Parent() == c.pass.Pkg.Scope() || !c.visibleAt(root, gs.Pos()) || fn.Exported() || c.interfaceMethodNamed(fn.Name()) {
			return "", nil, false
		}
		typ, ok := c.typeIn(v.Type(), edit.File(c.pass, decl.Pos()))
		if !ok {
			return "", nil, false
		}
		name := c.unusedName(decl.Body, root.Name)
		for _, p := range params {
			if p.Name == name {
				return "", nil, false
			}
		}
		added[obj] = name
		var edits []analysis.TextEdit
		pl := decl.Type.Params
		if n := len(pl.List); n > 0 {
			edits = append(edits, analysis.TextEdit{Pos: pl.List[n-1].End(), End: pl.List[n-1].End(), NewText: []byte(", " + name + " " + typ)})
		} else {
			edits = append(edits, analysis.TextEdit{Pos: pl.Opening + 1, End: pl.Opening + 1, NewText: []byte(name + " " + typ)})
		}
		if n := len(gs.Call.Args); n > 0 {
			edits = append(edits, analysis.TextEdit{Pos: gs.Call.Args[n-1].End(), End: gs.Call.Args[n-1].End(), NewText: []byte(", " + root.Name)})
		} else {
			edits = append(edits, analysis.TextEdit{Pos: gs.Call.Lparen + 1, End: gs.Call.Lparen + 1, NewText: []byte(root.Name)})
		}
		return name + src[len(root.Name):], edits, true
	}
	return v.Name, body, pl, rb
}

// typeIn spells t in file f of the package, false when f does not import
// a package t names.
func (c *checker) typeIn(t types.Type, f *ast.File) (string, bool) {
	ok := true
	s := types.TypeString(t, func(p *types.Package) string {
		if p == c.pass.Pkg {
			return ""
		}
		q := edit.Qualifier(c.pass, f, p)
		if q == "" {
			ok = false
		}
		return q
	})
	return s, ok && f != nil
}

// mergeInserts merges insertions at the same position (two parameters a
// worker gains) into one edit, in order.
func mergeInserts(edits []analysis.TextEdit) []analysis.TextEdit {
	var out []analysis.TextEdit
	at := map[token.Pos]int{}
	for _, e := range edits {
		if i, seen := at[e.Pos]; seen && e.End == e.Pos && out[i].End == out[i].Pos {
			out[i].NewText = append(append([]byte(nil), out[i].NewText...), e.NewText...)
			continue
		}
		at[e.Pos] = len(out)
		out = append(out, e)
	}
	return out
}
