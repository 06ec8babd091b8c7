package edit

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// SingleIteration reports whether pos sits in a counting loop that
// runs once (for i := 0; i < 1; i++, for range 1), or in a range over
// the first element of a slice (for range workers[:1]), or over a count
// or slice set to one right before the loop: one worker.
func SingleIteration(pass *analysis.Pass, pos token.Pos) bool {
	loop, _ := LoopOf(Path(pass, pos))
	n, ok := LoopCount(pass, pos)
	if !ok {
		rs, isRange := loop.(*ast.RangeStmt)
		if !isRange {
			return false
		}
		if setToOne(pass, loop, rs.X) {
			return true
		}
		se, isSlice := ast.Unparen(rs.X).(*ast.SliceExpr)
		if !isSlice || se.Low != nil || se.High == nil || se.Slice3 {
			return false
		}
		n = se.High
	}
	if setToOne(pass, loop, n) {
		return true
	}
	return atMostOne(pass, n)
}

// atMostOne reports whether e is a constant no greater than 1.
func atMostOne(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return exact && v <= 1
}

// setToOne reports whether the statement right before loop sets the
// variable e, its count or slice of workers, to one worker: n = 1,
// n := 1, workers = workers[:1] (as the single-worker fixes do).
func setToOne(pass *analysis.Pass, loop ast.Stmt, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || loop == nil {
		return false
	}
	obj := pass.TypesInfo.ObjectOf(id)
	if _, isVar := obj.(*types.Var); !isVar {
		return false
	}
	_, listp := Stmt(Path(pass, loop.Pos()))
	if listp == nil {
		return false
	}
	list := *listp
	i := slices.Index(list, loop)
	if i < 1 {
		return false
	}
	as, ok := list[i-1].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	if lid, ok := as.Lhs[0].(*ast.Ident); !ok || pass.TypesInfo.ObjectOf(lid) != obj {
		return false
	}
	rhs := ast.Unparen(as.Rhs[0])
	if cv, ok := rhs.(*ast.CallExpr); ok && len(cv.Args) == 1 {
		rhs = ast.Unparen(cv.Args[0]) // a conversion: int32(1)
	}
	if se, ok := rhs.(*ast.SliceExpr); ok {
		return se.Low == nil && se.High != nil && !se.Slice3 && atMostOne(pass, se.High)
	}
	return atMostOne(pass, rhs)
}

// LoopCount returns the bound of the counting loop directly around pos:
// N in `for i := 0; i < N; i++`, `for i := 1; i <= N; i++`,
// `for i := N; i > 0; i--` or `for [i :=] range N` with an integer N.
func LoopCount(pass *analysis.Pass, pos token.Pos) (ast.Expr, bool) {
	loop, _ := LoopOf(Path(pass, pos))
	switch l := loop.(type) {
	case *ast.ForStmt:
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
			return nil, false
		}
		id, ok := init.Lhs[0].(*ast.Ident)
		if !ok {
			return nil, false
		}
		isVar := func(e ast.Expr) bool {
			x, ok := ast.Unparen(e).(*ast.Ident)
			return ok && pass.TypesInfo.ObjectOf(x) == pass.TypesInfo.ObjectOf(id)
		}
		isLit := func(e ast.Expr, v string) bool {
			lit, ok := ast.Unparen(e).(*ast.BasicLit)
			return ok && lit.Value == v
		}
		cond, ok := l.Cond.(*ast.BinaryExpr)
		inc, ok2 := l.Post.(*ast.IncDecStmt)
		if !ok || !ok2 || !isVar(inc.X) {
			return nil, false
		}
		switch {
		case inc.Tok == token.INC && isVar(cond.X) && isLit(init.Rhs[0], "0") && cond.Op == token.LSS,
			inc.Tok == token.INC && isVar(cond.X) && isLit(init.Rhs[0], "1") && cond.Op == token.LEQ:
			// for i := 0; i < N; i++, for i := 1; i <= N; i++
			return cond.Y, true
		case inc.Tok == token.DEC && isVar(cond.X) && isLit(cond.Y, "0") && cond.Op == token.GTR:
			// for i := N; i > 0; i--
			return init.Rhs[0], true
		}
		return nil, false
	case *ast.RangeStmt:
		if l.Value != nil {
			return nil, false
		}
		t := pass.TypesInfo.TypeOf(l.X)
		if b, ok := t.(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			return l.X, true
		}
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			return l.X, true
		}
	}
	return nil, false
}

// StartsWorker reports whether g starts a worker rather than one piece of
// work: its function literal receives from a channel in a loop (for v :=
// range ch, or <-ch inside a for; not a timer's or a context's, which the
// runtime fills), or its call is given a channel. Run in
// place, such a goroutine blocks where it was started, waiting for values
// only the code after it sends (audit 32d/3: a lane's worker, started
// for a new partition inside EachRecord, deadlocked the poll loop).
func StartsWorker(pass *analysis.Pass, g *ast.GoStmt) bool {
	for _, a := range g.Call.Args {
		if _, ch := pass.TypesInfo.TypeOf(a).Underlying().(*types.Chan); ch {
			return true
		}
	}
	lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
	if !ok {
		return false
	}
	found := false
	var inLoop func(n ast.Node, loop bool)
	inLoop = func(n ast.Node, loop bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return m == n
			case *ast.RangeStmt:
				if _, ch := pass.TypesInfo.TypeOf(m.X).Underlying().(*types.Chan); ch {
					found = true
					return false
				}
				if m != n {
					inLoop(m.Body, true)
					return false
				}
			case *ast.ForStmt:
				if m != n {
					inLoop(m.Body, true)
					return false
				}
			case *ast.UnaryExpr:
				// Not a timer's (<-time.After(d), <-t.C) or a context's
				// (<-ctx.Done()): those the runtime fills.
				if sel, ok := ast.Unparen(m.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
					return true
				}
				_, call := ast.Unparen(m.X).(*ast.CallExpr)
				found = found || loop && m.Op == token.ARROW && !call
			}
			return true
		})
	}
	inLoop(lit, false)
	return found
}
