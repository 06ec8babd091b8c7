package hiwater

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- the batch a launch belongs to, and its join ----

// launchStmt returns the statement that starts the goroutine: the go
// statement, or the expression statement calling g.Go.
func (c *checker) launchStmt(l *launch) ast.Stmt {
	if !l.group {
		if gs := goStmtAt(c.pass, l.instr.Pos()); gs != nil {
			return gs
		}
		return nil
	}
	call, path := edit.CallAt(c.pass, l.instr.Pos())
	if call == nil || len(path) < 2 {
		return nil
	}
	if es, ok := path[1].(*ast.ExprStmt); ok && es.X == call {
		return es
	}
	return nil
}

// batchOf finds the batch loop around a launch statement: a range over a
// slice of records whose value variable is u, or a per-record callback
// with parameter u passed to a method of a value that also has a method
// returning the batch as a slice (fetches.EachRecord / fetches.Records).
func (c *checker) batchOf(launch ast.Stmt, lit *ast.FuncLit, u types.Object) *batch {
	file := edit.File(c.pass, launch.Pos())
	path, _ := astutil.PathEnclosingInterval(file, launch.Pos(), launch.End())
	for i, n := range path {
		if i == 0 {
			continue
		}
		switch x := n.(type) {
		case *ast.BlockStmt, *ast.IfStmt, *ast.ExprStmt:
			continue
		case *ast.RangeStmt:
			id, ok := x.Value.(*ast.Ident)
			if !ok || c.pass.TypesInfo.Defs[id] != u || !c.pure(x.X) {
				return nil
			}
			xt := c.pass.TypesInfo.TypeOf(x.X)
			if xt == nil {
				return nil
			}
			var elem types.Type
			switch t := xt.Underlying().(type) {
			case *types.Slice:
				elem = t.Elem()
			case *types.Array:
				elem = t.Elem()
			default:
				return nil
			}
			if !types.Identical(elem, u.Type()) {
				return nil
			}
			return c.batchAt(x, edit.Source(c.pass, x.X))
		case *ast.FuncLit:
			if x == lit {
				continue
			}
			if len(x.Type.Params.List) != 1 || len(x.Type.Params.List[0].Names) != 1 ||
				c.pass.TypesInfo.Defs[x.Type.Params.List[0].Names[0]] != u {
				return nil
			}
			if i+2 >= len(path) {
				return nil
			}
			call, ok := path[i+1].(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || call.Args[0] != x {
				return nil
			}
			es, ok := path[i+2].(*ast.ExprStmt)
			if !ok {
				return nil
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || !c.pure(sel.X) {
				return nil
			}
			xt := c.pass.TypesInfo.TypeOf(sel.X)
			if xt == nil {
				return nil
			}
			m := c.batchMethod(xt, u.Type())
			if m == "" {
				return nil
			}
			return c.batchAt(es, edit.Source(c.pass, sel.X)+"."+m+"()")
		default:
			return nil
		}
	}
	return nil
}

func (c *checker) batchAt(loop ast.Stmt, src string) *batch {
	list, idx := stmtListOf(c.pass, loop)
	if list == nil || src == "" {
		return nil
	}
	return &batch{loop: loop, src: src, list: list, idx: idx}
}

// batchMethod returns the name of the one method of t taking nothing and
// returning a slice of elem (kgo.Fetches.Records), or "".
func (c *checker) batchMethod(t types.Type, elem types.Type) string {
	ms := types.NewMethodSet(t)
	found := ""
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		if s, ok := sig.Results().At(0).Type().Underlying().(*types.Slice); ok && types.Identical(s.Elem(), elem) {
			if found != "" {
				return ""
			}
			found = fn.Name()
		}
	}
	return found
}

// pure reports whether evaluating e again gives the same batch: a
// variable, a field path, or a method call without arguments on one
// (fetches.Records()).
func (c *checker) pure(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := c.pass.TypesInfo.Uses[x].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if sel := c.pass.TypesInfo.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			return c.pure(x.X)
		}
	case *ast.CallExpr:
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || len(x.Args) != 0 {
			return false
		}
		if s := c.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
			return false
		}
		return c.pure(sel.X)
	}
	return false
}

// stmtListOf returns the statement list holding s and its index.
func stmtListOf(pass *analysis.Pass, s ast.Stmt) ([]ast.Stmt, int) {
	file := edit.File(pass, s.Pos())
	path, _ := astutil.PathEnclosingInterval(file, s.Pos(), s.End())
	for i, n := range path {
		if n != s || i+1 >= len(path) {
			continue
		}
		var list []ast.Stmt
		switch p := path[i+1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		default:
			return nil, -1
		}
		for j, x := range list {
			if x == s {
				return list, j
			}
		}
	}
	return nil, -1
}

// wgWait finds the join of a batch's goroutines: `wg.Wait()` after the
// loop in the same list, where the goroutine calls wg.Done.
func (c *checker) wgWait(b *batch, lit *ast.FuncLit) ast.Stmt {
	wg := c.hasDone(lit)
	if wg == nil {
		return nil
	}
	for _, s := range b.list[b.idx+1:] {
		if es, ok := s.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" && len(call.Args) == 0 && c.isIdentOf(sel.X, wg) {
					return es
				}
			}
		}
		if ret, jump, top := branches(s); ret || jump || top {
			return nil
		}
	}
	return nil
}

// hasDone returns the sync.WaitGroup variable whose Done the goroutine
// calls at its top level (wg.Done() or defer wg.Done()), or nil.
func (c *checker) hasDone(lit *ast.FuncLit) types.Object {
	for _, s := range lit.Body.List {
		var call *ast.CallExpr
		switch x := s.(type) {
		case *ast.DeferStmt:
			call = x.Call
		case *ast.ExprStmt:
			call, _ = ast.Unparen(x.X).(*ast.CallExpr)
		}
		if call == nil {
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Done" {
			continue
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok {
			continue
		}
		obj := c.pass.TypesInfo.Uses[id]
		if obj == nil {
			continue
		}
		if ssaflow.IsWaitGroup(obj.Type()) {
			return obj
		}
	}
	return nil
}

// groupWait finds the join of an errgroup batch after the loop in the same
// list: `if err := g.Wait(); err != nil { ... }` or `err := g.Wait()`
// followed by `if err != nil { ... }`, whose body leaves (so nothing after
// it runs when a function failed). It returns the statement to insert
// after, the error check's body and the error variable's name.
func (c *checker) groupWait(b *batch, l *launch) (ast.Stmt, *ast.BlockStmt, string, string) {
	call, _ := edit.CallAt(c.pass, l.instr.Pos())
	if call == nil {
		return nil, nil, "", ""
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, nil, "", ""
	}
	gid, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, nil, "", ""
	}
	g := c.pass.TypesInfo.Uses[gid]
	isWaitOfG := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return false
		}
		s, ok := call.Fun.(*ast.SelectorExpr)
		return ok && s.Sel.Name == "Wait" && c.isIdentOf(s.X, g)
	}
	rest := b.list[b.idx+1:]
	for i, s := range rest {
		switch x := s.(type) {
		case *ast.IfStmt:
			if as, ok := x.Init.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && isWaitOfG(as.Rhs[0]) {
				id, ok := as.Lhs[0].(*ast.Ident)
				if ok && x.Else == nil && isNotNil(x.Cond, id.Name) && c.leaves(x.Body) {
					return x, x.Body, id.Name, gid.Name + ".Wait()"
				}
				return nil, nil, "", ""
			}
		case *ast.AssignStmt:
			if len(x.Lhs) == 1 && len(x.Rhs) == 1 && isWaitOfG(x.Rhs[0]) {
				id, ok := x.Lhs[0].(*ast.Ident)
				if !ok || i+1 >= len(rest) {
					return nil, nil, "", ""
				}
				ifs, ok := rest[i+1].(*ast.IfStmt)
				if ok && ifs.Init == nil && ifs.Else == nil && isNotNil(ifs.Cond, id.Name) && c.leaves(ifs.Body) {
					return ifs, ifs.Body, id.Name, gid.Name + ".Wait()"
				}
				return nil, nil, "", ""
			}
		}
		if ret, jump, top := branches(s); ret || jump || top {
			return nil, nil, "", ""
		}
	}
	return nil, nil, "", ""
}

// leaves reports whether a block ends by leaving its list (return,
// branch, or a call that never returns).
func (c *checker) leaves(b *ast.BlockStmt) bool {
	return noreturn.Of(c.pass).EndsWithLeave(b.List)
}

// branches reports the statements in n that leave it for somewhere else
// (function literals are not entered): ret for return, jump for goto and
// labeled break or continue, top for an unlabeled break or continue that
// is not inside a loop, switch or select of n (it binds to a statement
// around n).
func branches(n ast.Node) (ret, jump, top bool) {
	var walk func(x ast.Node, inLoop, inBreakable bool)
	walk = func(x ast.Node, inLoop, inBreakable bool) {
		ast.Inspect(x, func(y ast.Node) bool {
			if y == x {
				return true
			}
			switch s := y.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				ret = true
			case *ast.BranchStmt:
				switch {
				case s.Label != nil || s.Tok == token.GOTO:
					jump = true
				case s.Tok == token.BREAK && !inBreakable, s.Tok == token.CONTINUE && !inLoop:
					top = true
				}
			case *ast.ForStmt, *ast.RangeStmt:
				walk(s, true, true)
				return false
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				walk(s, inLoop, true)
				return false
			}
			return true
		})
	}
	walk(n, false, false)
	return
}
