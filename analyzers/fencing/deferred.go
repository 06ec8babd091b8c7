package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// deferredCommit reports a plain commit deferred directly (`defer
// cl.CommitUncommittedOffsets(ctx)`, a final commit at shutdown), whose
// error nothing can read: a failed final commit goes unnoticed, and the
// partitions' next owner replays everything since the last successful
// commit. The fix defers a closure that logs the error. The closure
// evaluates the receiver and arguments when it runs, not at the defer
// statement, so the fix is built only when they are names and fields of
// variables the function does not assign after the defer.
func (c *checker) deferredCommit(f *ast.File, call *ast.CallExpr, ref clientmodel.ResultRef) {
	if ref.Swallow != clientmodel.SwallowReplays {
		return // a transaction's error in a defer: not modelled
	}
	_, path := edit.CallAt(c.pass, call.Lparen)
	if len(path) < 2 {
		return
	}
	def, ok := path[1].(*ast.DeferStmt)
	if !ok || def.Call != call {
		return
	}
	if k := c.consumerOf(call); k != nil && k.Settings.IsNot(k.Client, clientmodel.Group) {
		return
	}
	if ref.NeedsSetting != "" && !c.settingHolds(call, ref) {
		return
	}
	fn, _ := c.funcOf(path)
	if fn == nil {
		return
	}
	if loop, _ := edit.LoopOf(path); loop != nil && fn.Pos() <= loop.Pos() {
		return // a defer in a loop: statements before it run after it too
	}
	exprs := append([]ast.Expr{call.Fun}, call.Args...)
	for _, e := range exprs {
		if !c.stableAfter(e, fn, def.End()) {
			return
		}
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
	text := fmt.Sprintf("defer func() {\n\tif %s := %s; err != nil {\n\t\t%s.Printf(\"%s: %%v\", err)\n\t}\n}()", lhs, c.text(call), name, what(ref))
	short := clientmodel.ShortName(ref.Func)
	c.report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: CategorySwallowed,
		Message:  fmt.Sprintf("the error of %s is discarded: %s", short, cost(ref)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Log the " + short + " error",
			TextEdits: append(imports, c.replaceStmt(def, text)...),
		}},
	})
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
