package ordering

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// startedElsewhereLoop returns the loop of the workers receiving from a
// channel held in a field (h.jobs) when another function of the package,
// F, starts them and hands the channel to the sender in a composite
// literal (run: `go saveAll(db, jobs)` ... `handler{db: db, jobs: jobs}`),
// and the texts that stand for the loop's free names at the send, pos:
// the receiver's fields F sets beside the channel. It requires:
//
//   - every composite literal setting the field is keyed, in F, with the
//     same local channel ch for it, and every other use of the field
//     sends to it or closes it;
//   - ch's receivers are the workers workersLoop finds in F's body (a
//     function literal of F, or a function of the package started by one
//     go statement with ch);
//   - each local of F the workers use (the go statement's arguments, or
//     the literal's free variables) is never assigned in F and is the
//     value of a field (of the same type) in each of those literals, a
//     field set nowhere else, or, when no field holds it, gets one: the
//     handler's struct (declared in the package) gains a field of its
//     name and type, and each literal sets it to the variable (the edits
//     returned, addField); a name declared outside F must mean the same
//     at pos.
func (c *checker) startedElsewhereLoop(sel *ast.SelectorExpr, pos token.Pos) (*ast.RangeStmt, map[types.Object]string, []analysis.TextEdit) {
	recvID, ok := ast.Unparen(sel.X).(*ast.Ident)
	selection := c.pass.TypesInfo.Selections[sel]
	if !ok || selection == nil || selection.Kind() != types.FieldVal {
		return nil, nil, nil
	}
	field, _ := selection.Obj().(*types.Var)
	if field == nil {
		return nil, nil, nil
	}
	var fdecl *ast.FuncDecl
	var ch types.Object
	var lits []*ast.CompositeLit
	bad := false
	for _, f := range c.pass.Files {
		var stack []ast.Node
		var decl *ast.FuncDecl
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if d, ok := n.(*ast.FuncDecl); ok {
				decl = d
			}
			parent := ast.Node(nil)
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, n)
			switch x := n.(type) {
			case *ast.CompositeLit:
				if !c.setsField(x, field) {
					return true
				}
				for _, e := range x.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						bad = true // positional: every field set
						continue
					}
					if c.pass.TypesInfo.Uses[keyIdent(kv.Key)] != field {
						continue
					}
					obj := c.pass.TypesInfo.Uses[keyIdent(ast.Unparen(kv.Value))]
					if decl == nil || decl.Body == nil || x.Pos() < decl.Body.Pos() || x.End() > decl.Body.End() || fdecl != nil && fdecl != decl || ch != nil && ch != obj || obj == nil {
						bad = true
						continue
					}
					if obj.Pos() < decl.Body.Pos() || obj.Pos() >= decl.Body.End() {
						bad = true // not a local of F
						continue
					}
					fdecl, ch = decl, obj
					lits = append(lits, x)
				}
			case *ast.SelectorExpr:
				s := c.pass.TypesInfo.Selections[x]
				if s == nil || s.Obj() != field {
					return true
				}
				switch p := parent.(type) {
				case *ast.SendStmt:
					if p.Chan == ast.Expr(x) {
						return true
					}
				case *ast.CallExpr:
					if id, ok := p.Fun.(*ast.Ident); ok && id.Name == "close" && len(p.Args) == 1 {
						return true
					}
				}
				bad = true
			}
			return true
		})
	}
	if bad || fdecl == nil || len(lits) == 0 {
		return nil, nil, nil
	}
	loop, inF := c.workersLoop(fdecl.Body, ch, fdecl.Body.Rbrace, field)
	if loop == nil {
		return nil, nil, nil
	}
	subst := map[types.Object]string{}
	var edits []analysis.TextEdit
	added := map[string]bool{}
	// via returns the text standing at pos for v, a variable the workers
	// read in F: its own name when it means the same there (a package
	// variable), else the receiver's field holding it, added when none
	// does.
	via := func(v types.Object) (string, bool) {
		if edit.ObjectAt(c.pass, pos, v.Name()) == v {
			return v.Name(), true
		}
		f, ok := c.fieldOf(lits, v, fdecl)
		if !ok {
			var es []analysis.TextEdit
			f, es, ok = c.addField(lits, v, fdecl, added)
			if !ok {
				return "", false
			}
			edits = append(edits, es...)
		}
		return recvID.Name + "." + f, true
	}
	for obj, text := range inF {
		v := edit.ObjectAt(c.pass, fdecl.Body.Rbrace, text)
		if v == nil {
			return nil, nil, nil // not a plain variable of F
		}
		t, ok := via(v)
		if !ok {
			return nil, nil, nil
		}
		subst[obj] = t
	}
	// Free variables of a function literal's loop: locals and parameters
	// of F that the body reads.
	if lit := enclosingLit(fdecl.Body, loop); lit != nil {
		ok := true
		ast.Inspect(loop.Body, func(n ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !ok || !isID {
				return ok
			}
			v, isVar := c.pass.TypesInfo.Uses[id].(*types.Var)
			if !isVar || v.IsField() || v.Pos() >= lit.Pos() && v.Pos() < lit.End() || v.Pos() < fdecl.Pos() || v.Pos() >= fdecl.End() {
				return true // the literal's own, or declared outside F: edit.InPlace.Lines checks it
			}
			if _, done := subst[v]; done {
				return true
			}
			t, found := via(v)
			if !found {
				ok = false
				return false
			}
			subst[v] = t
			return true
		})
		if !ok {
			return nil, nil, nil
		}
	}
	return loop, subst, edits
}

// addField returns the name of a field added to the struct of lits (a
// named type declared in the package) to hold v, a variable of F (fd)
// not assigned there once the workers or literals may read it
// (settledBefore) and in scope at every literal, and the edits
// declaring it (after the struct's last field) and setting it to v in
// each literal. The field takes v's name, which the type must not have
// as a field or method, nor added already; its type must be spelled in
// the struct's file.
func (c *checker) addField(lits []*ast.CompositeLit, v types.Object, fd *ast.FuncDecl, added map[string]bool) (string, []analysis.TextEdit, bool) {
	if !c.settledBefore(fd.Body, v, c.firstStart(fd.Body, lits)) || added[v.Name()] || v.Name() == "_" {
		return "", nil, false
	}
	named, ok := c.pass.TypesInfo.TypeOf(lits[0]).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg {
		return "", nil, false
	}
	if obj, _, _ := types.LookupFieldOrMethod(named, true, c.pass.Pkg, v.Name()); obj != nil {
		return "", nil, false
	}
	var st *ast.StructType
	var file *ast.File
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && c.pass.TypesInfo.Defs[ts.Name] == named.Obj() {
				st, _ = ts.Type.(*ast.StructType)
				file = f
			}
			return st == nil
		})
	}
	if st == nil || st.Fields == nil || len(st.Fields.List) == 0 {
		return "", nil, false
	}
	spelled := true
	typ := types.TypeString(v.Type(), func(p *types.Package) string {
		q := edit.Qualifier(c.pass, file, p)
		if q == "" && p != c.pass.Pkg {
			spelled = false
		}
		return q
	})
	if !spelled {
		return "", nil, false
	}
	var edits []analysis.TextEdit
	for _, lit := range lits {
		if !types.Identical(c.pass.TypesInfo.TypeOf(lit), named) || edit.ObjectAt(c.pass, lit.Pos(), v.Name()) != v {
			return "", nil, false
		}
		e, ok := c.addKey(lit, v.Name(), v.Name())
		if !ok {
			return "", nil, false
		}
		edits = append(edits, e)
	}
	last := st.Fields.List[len(st.Fields.List)-1]
	tf := c.pass.Fset.File(st.Pos())
	decl := v.Name() + " " + typ
	if tf.Line(last.End()) == tf.Line(st.Fields.Closing) {
		edits = append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("; " + decl)})
	} else {
		// A line of its own before the closing brace's (the last field's
		// comment stays with it).
		at := tf.LineStart(tf.Line(st.Fields.Closing))
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(edit.Indent(c.pass, last.Pos()) + decl + "\n")})
	}
	added[v.Name()] = true
	return v.Name(), edits, true
}

// fieldOf returns the name of the field f that every literal of lits
// sets to v, a variable of F (fd) not assigned there once the workers or
// literals may read it (settledBefore), when f has v's
// type and is set nowhere else: the receiver's f holds v wherever the
// literal's channel field holds F's channel.
func (c *checker) fieldOf(lits []*ast.CompositeLit, v types.Object, fd *ast.FuncDecl) (string, bool) {
	if !c.settledBefore(fd.Body, v, c.firstStart(fd.Body, lits)) {
		return "", false
	}
	var f *types.Var
	for _, lit := range lits {
		var found *types.Var
		for _, e := range lit.Elts {
			kv := e.(*ast.KeyValueExpr)
			if id, ok := ast.Unparen(kv.Value).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
				found, _ = c.pass.TypesInfo.Uses[keyIdent(kv.Key)].(*types.Var)
			}
		}
		if found == nil || f != nil && found != f {
			return "", false
		}
		f = found
	}
	if f == nil || !types.Identical(f.Type(), v.Type()) {
		return "", false
	}
	// f is set only by literals of F with v.
	ok := true
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.KeyValueExpr:
				if c.pass.TypesInfo.Uses[keyIdent(x.Key)] == f {
					id, isID := ast.Unparen(x.Value).(*ast.Ident)
					ok = ok && isID && c.pass.TypesInfo.Uses[id] == v
				}
			case *ast.CompositeLit:
				if c.setsField(x, f) {
					for _, e := range x.Elts {
						if _, kv := e.(*ast.KeyValueExpr); !kv {
							ok = false
						}
					}
				}
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if s, isSel := ast.Unparen(l).(*ast.SelectorExpr); isSel && c.pass.TypesInfo.Uses[s.Sel] == f {
						ok = false
					}
				}
			case *ast.IncDecStmt:
				if s, isSel := ast.Unparen(x.X).(*ast.SelectorExpr); isSel && c.pass.TypesInfo.Uses[s.Sel] == f {
					ok = false
				}
			case *ast.UnaryExpr:
				if s, isSel := ast.Unparen(x.X).(*ast.SelectorExpr); isSel && x.Op == token.AND && c.pass.TypesInfo.Uses[s.Sel] == f {
					ok = false
				}
			}
			return ok
		})
	}
	if !ok {
		return "", false
	}
	return f.Name(), true
}

// setsField reports whether lit is a literal of the struct holding field
// f.
func (c *checker) setsField(lit *ast.CompositeLit, f *types.Var) bool {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// enclosingLit returns the function literal of body enclosing loop, or
// nil when the loop is not in one.
func enclosingLit(body *ast.BlockStmt, loop *ast.RangeStmt) *ast.FuncLit {
	var found *ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Pos() <= loop.Pos() && loop.End() <= lit.End() {
			found = lit
		}
		return true
	})
	return found
}

// firstStart returns the position in body of the first go statement or
// literal of lits: before it nothing started there reads F's variables.
func (c *checker) firstStart(body *ast.BlockStmt, lits []*ast.CompositeLit) token.Pos {
	first := body.End()
	for _, l := range lits {
		first = min(first, l.Pos())
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			first = min(first, g.Pos())
		}
		return true
	})
	return first
}

// settledBefore reports whether every assignment of v in body (=, :=
// redeclaring it, op=, ++) ends before limit, outside function literals
// and loops that reach limit, and body neither takes v's address nor
// jumps back with goto: from limit on, v holds the value it has at limit
// (ctx, cancel := context.WithCancel(ctx) before the workers start).
func (c *checker) settledBefore(body *ast.BlockStmt, v types.Object, limit token.Pos) bool {
	ok := true
	var stack []ast.Node
	is := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && c.pass.TypesInfo.Uses[id] == v
	}
	check := func(n ast.Node) {
		if n.End() > limit {
			ok = false
			return
		}
		for _, s := range stack {
			switch s.(type) {
			case *ast.FuncLit:
				ok = false
			case *ast.ForStmt, *ast.RangeStmt:
				if s.End() > limit {
					ok = false
				}
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if is(l) {
					check(x)
				}
			}
		case *ast.IncDecStmt:
			if is(x.X) {
				check(x)
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && is(x.X) {
				ok = false
			}
		case *ast.BranchStmt:
			if x.Tok == token.GOTO {
				ok = false
			}
		}
		stack = append(stack, n)
		return ok
	})
	return ok
}
