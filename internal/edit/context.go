package edit

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// LiveContext returns the context a commit made for a record should take,
// given e, the context the record's fetch was given: e, or, when e is a
// variable derived for the fetch (rctx, cancel := context.WithTimeout(ctx,
// d), or WithDeadline, WithCancel and their Cause forms), the context it
// derives from, climbing such derivations. The derived one is cancelled
// when the fetch's helper returns (defer cancel()), when the loop calls
// cancel() after the fetch, or when its deadline passes, and a commit made
// with it then fails at once (fix-quality hunt 47x/D8: every commit of the
// fixed service failed, 294 of 300 lost).
func LiveContext(pass *analysis.Pass, e ast.Expr) ast.Expr {
	for range 4 {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return e
		}
		obj := pass.TypesInfo.Uses[id]
		if obj == nil {
			return e
		}
		parent := derivedFrom(pass, obj)
		if parent == nil {
			return e
		}
		e = parent
	}
	return e
}

// derivedFrom returns the parent context argument of the context package
// call that defines obj (obj, cancel := context.WithTimeout(parent, d)),
// or nil.
func derivedFrom(pass *analysis.Pass, obj types.Object) ast.Expr {
	f := File(pass, obj.Pos())
	if f == nil {
		return nil
	}
	var parent ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		var lhs []ast.Expr
		var rhs []ast.Expr
		switch x := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = x.Lhs, x.Rhs
		case *ast.ValueSpec:
			for _, name := range x.Names {
				lhs = append(lhs, name)
			}
			rhs = x.Values
		}
		if parent != nil || len(lhs) != 2 || len(rhs) != 1 {
			return parent == nil
		}
		id, ok := lhs[0].(*ast.Ident)
		if !ok || pass.TypesInfo.ObjectOf(id) != obj {
			return true
		}
		call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
			return true
		}
		switch fn.Name() {
		case "WithTimeout", "WithDeadline", "WithCancel", "WithTimeoutCause", "WithDeadlineCause", "WithCancelCause":
			parent = call.Args[0]
		}
		return parent == nil
	})
	return parent
}
