package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// deferredCommit reports a plain commit deferred directly (`defer
// cl.CommitUncommittedOffsets(ctx)`, a final commit at shutdown), whose
// error nothing can read: a failed final commit goes unnoticed, and the
// partitions' next owner replays everything since the last successful
// commit. The fix defers a closure that logs the error. The closure
// evaluates what it mentions when it runs, not at the defer statement, so
// a receiver or argument that is not made of names and fields of
// variables the function does not assign after the defer is passed to
// the closure as an argument, evaluated at the defer statement as before.
func (c *checker) deferredCommit(f *ast.File, call *ast.CallExpr, ref clientmodel.ResultRef) {
	if ref.Swallow != clientmodel.SwallowReplays {
		return // a transaction's error in a defer: not modelled
	}
	def, fn, ok := c.deferIn(call)
	if !ok {
		return
	}
	if k := c.consumerOf(call); k != nil && k.Settings.IsNot(k.Client, clientmodel.Group) && !groupCommit(ref) {
		return
	}
	if ref.NeedsSetting != "" && !c.settingHolds(call, ref) {
		return
	}
	short := clientmodel.ShortName(ref.Func)
	c.reportDeferred(f, call, ref, fn, def, short, fmt.Sprintf("the error of %s is discarded: %s", short, cost(ref)), nil)
}

// deferIn returns the defer statement whose call is call and the
// function it is deferred in (the innermost around it), false when call
// is not deferred, or is deferred in a loop of that function: statements
// before the defer would run after it too.
func (c *checker) deferIn(call *ast.CallExpr) (*ast.DeferStmt, ast.Node, bool) {
	_, path := edit.CallAt(c.pass, call.Lparen)
	if len(path) < 2 {
		return nil, nil, false
	}
	def, ok := path[1].(*ast.DeferStmt)
	if !ok || def.Call != call {
		return nil, nil, false
	}
	fn, _ := c.funcOf(path)
	if fn == nil {
		return nil, nil, false
	}
	if loop, _ := edit.LoopOf(path); loop != nil && fn.Pos() <= loop.Pos() {
		return nil, nil, false
	}
	return def, fn, true
}

// reportDeferred reports the deferred call whose error is discarded, with
// msg and rel, and the fix deferring a closure that logs the error
// (named callName in the fix's title).
func (c *checker) reportDeferred(f *ast.File, call *ast.CallExpr, ref clientmodel.ResultRef, fn ast.Node, def *ast.DeferStmt, callName, msg string, rel []analysis.RelatedInformation) {
	// The closure evaluates what is stable when it runs; the rest is
	// passed to it, evaluated at the defer statement as before.
	callText, params, args, ok := c.deferredArgs(f, call, fn, def)
	if !ok {
		return
	}
	name, imports := edit.Import(c.pass, f, "log")
	sig, _ := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if sig == nil {
		return
	}
	lhs := "err"
	if n := sig.Results().Len(); n > 1 {
		lhs = ""
		for i := range n {
			if i > 0 {
				lhs += ", "
			}
			if i == ref.Err {
				lhs += "err"
			} else {
				lhs += "_"
			}
		}
	}
	text := fmt.Sprintf("defer func(%s) {\n\tif %s := %s; err != nil {\n\t\t%s.Printf(\"%s: %%v\", err)\n\t}\n}(%s)", params, lhs, callText, name, what(ref), args)
	c.reportSwallowedAt(call, msg, rel, "Log the "+callName+" error", append(imports, c.replaceStmt(def, text)...))
}

// deferredArgs returns the commit call's text for a deferred closure,
// with the receiver and arguments that might change after the defer
// statement (stableAfter) replaced by the closure's parameters, the
// parameters' declarations and the arguments passed to them. ok is false
// for a call the closure cannot make the same way: a function value that
// might change, a receiver whose method takes its address, a type the
// file cannot spell.
func (c *checker) deferredArgs(f *ast.File, call *ast.CallExpr, fn ast.Node, def *ast.DeferStmt) (callText, params, args string, ok bool) {
	type repl struct {
		e    ast.Expr
		name string
	}
	var rs []repl
	taken := map[string]bool{}
	param := func(e ast.Expr, name string) bool {
		t := c.pass.TypesInfo.TypeOf(e)
		ts, ok := c.typeText(t, f)
		if !ok {
			return false
		}
		if id, isID := ast.Unparen(e).(*ast.Ident); isID && !taken[id.Name] {
			name = id.Name // shadows only itself
		} else {
			base := name
			for i := 2; taken[name] || edit.FreeName(c.pass, def.Pos(), name) != name; i++ {
				name = fmt.Sprintf("%s%d", base, i)
			}
		}
		taken[name] = true
		rs = append(rs, repl{e, name})
		if params != "" {
			params, args = params+", ", args+", "
		}
		params += name + " " + ts
		args += c.text(e)
		return true
	}
	if !c.stableAfter(call.Fun, fn, def.End()) {
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel || !c.stableAfter(sel.Sel, fn, def.End()) {
			return "", "", "", false
		}
		selection := c.pass.TypesInfo.Selections[sel]
		if selection == nil || selection.Kind() != types.MethodVal {
			return "", "", "", false
		}
		if _, ptrRecv := selection.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer); ptrRecv && !isPointer(c.pass.TypesInfo.TypeOf(sel.X)) {
			return "", "", "", false // the method takes the address of what it is called on
		}
		if !param(sel.X, "c") {
			return "", "", "", false
		}
	}
	for i, a := range call.Args {
		if c.stableAfter(a, fn, def.End()) || c.isEmptyContext(a) {
			continue
		}
		if !param(a, fmt.Sprintf("arg%d", i)) {
			return "", "", "", false
		}
	}
	if call.Ellipsis.IsValid() && len(rs) > 0 && rs[len(rs)-1].e == call.Args[len(call.Args)-1] {
		return "", "", "", false // a spread slice passed on: not built
	}
	// The call's text with each replaced expression's range rewritten.
	tf := c.pass.Fset.File(call.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", "", "", false
	}
	last := tf.Offset(call.Pos())
	var b []byte
	for _, r := range rs {
		b = append(b, content[last:tf.Offset(r.e.Pos())]...)
		b = append(b, r.name...)
		last = tf.Offset(r.e.End())
	}
	b = append(b, content[last:tf.Offset(call.End())]...)
	return string(b), params, args, true
}

// isEmptyContext reports whether e is context.Background() or
// context.TODO(), the same value whenever it is evaluated.
func (c *checker) isEmptyContext(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	fn := c.calleeOf(call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context" && (fn.Name() == "Background" || fn.Name() == "TODO")
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// typeText spells t in file f: ok is false when it names a package the
// file does not import (or imports with a dot or blank name).
func (c *checker) typeText(t types.Type, f *ast.File) (string, bool) {
	if t == nil {
		return "", false
	}
	if b, isBasic := t.(*types.Basic); isBasic && b.Info()&types.IsUntyped != 0 {
		return "", false
	}
	ok := true
	text := types.TypeString(t, func(p *types.Package) string {
		if p == c.pass.Pkg {
			return ""
		}
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == p.Path() {
				if imp.Name != nil && (imp.Name.Name == "." || imp.Name.Name == "_") {
					break
				}
				if imp.Name != nil {
					return imp.Name.Name
				}
				return p.Name()
			}
		}
		ok = false
		return p.Name()
	})
	return text, ok
}

// stableAfter reports whether e is made of names, fields, constants and
// package names only, and no variable it mentions is assigned (or has its
// address taken) in fn after pos: evaluating it later gives the same
// value.
func (c *checker) stableAfter(e ast.Expr, fn ast.Node, pos token.Pos) bool {
	var vars []*types.Var
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			switch obj := c.pass.TypesInfo.Uses[n].(type) {
			case *types.Var:
				if obj.Pkg() == c.pass.Pkg && obj.Parent() == c.pass.Pkg.Scope() {
					ok = false // a package variable: anything may assign it
				}
				vars = append(vars, obj)
			case *types.Const, *types.PkgName, *types.Func, *types.Nil, nil:
			default:
				ok = false
			}
		case nil, *ast.SelectorExpr, *ast.BasicLit, *ast.ParenExpr:
		default:
			ok = false
		}
		return ok
	})
	if !ok {
		return false
	}
	assigned := false
	ast.Inspect(fn, func(n ast.Node) bool {
		mark := func(x ast.Expr) {
			for {
				switch y := x.(type) {
				case *ast.SelectorExpr:
					x = y.X
					continue
				case *ast.ParenExpr:
					x = y.X
					continue
				case *ast.StarExpr:
					x = y.X
					continue
				case *ast.IndexExpr:
					x = y.X
					continue
				case *ast.Ident:
					for _, v := range vars {
						if c.pass.TypesInfo.ObjectOf(y) == v {
							assigned = true
						}
					}
				}
				return
			}
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Pos() > pos {
				for _, l := range n.Lhs {
					mark(l)
				}
			}
		case *ast.IncDecStmt:
			if n.Pos() > pos {
				mark(n.X)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X) // the address escapes: anything may assign it
			}
		case *ast.RangeStmt:
			if n.Pos() > pos {
				if n.Key != nil {
					mark(n.Key)
				}
				if n.Value != nil {
					mark(n.Value)
				}
			}
		}
		return !assigned
	})
	return !assigned
}
