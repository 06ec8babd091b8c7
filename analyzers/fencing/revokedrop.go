package fencing

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// The fix of revoke-commits-in-flight blocks rebalances while a poll is
// processed, which needs AllowRebalance where the client is polled. When
// that place is out of reach (the client is polled only in another
// package, which this package hands it to), the bug still holds whatever
// that package does: the callback runs while a poll is processed and
// commits it. Its fix then takes the commit out of the callback: the
// partitions' next owner resumes from the last commit made after
// processing (duplicates, not losses). A callback that does nothing else
// (but log the commit's error) is removed instead: franz-go's default
// revoke comes back, which, while auto-commit is on, commits only the
// polls before the latest one, the processed ones (and nothing while it
// is off).

// dropRevokeCommit returns the edits that take the in-flight commit cm out
// of the revoke callback cb registered by the option call opt, and the
// fix's title. ok is false when the commit is not a statement of the
// callback's own body that can go alone.
func (c *checker) dropRevokeCommit(k *consumer.Consumer, opt *ssa.Call, cb *ssa.Function, cm commitCall) ([]analysis.TextEdit, string, bool) {
	_, body := funcSyntax(cb)
	call, path := edit.CallAt(c.pass, cm.instr.Pos())
	if body == nil || call == nil {
		return nil, "", false
	}
	if fn, _ := c.funcOf(path); fn != cb.Syntax() {
		return nil, "", false // in a helper, or a closure inside the callback
	}
	st, list := edit.Stmt(path)
	if st == nil || list == nil || !c.commitStmt(st, call) {
		return nil, "", false
	}
	if c.onlyCommits(body, st) {
		// Without the callback, the default revoke commits only processed
		// polls while auto-commit is on, and nothing while it is off.
		optCall, optPath := edit.CallAt(c.pass, opt.Pos())
		if optCall != nil && len(optPath) > 1 {
			if e, ok := edit.RemoveElement(c.pass, optPath[1], optCall); ok {
				return []analysis.TextEdit{e}, "Remove the revoke callback, which commits records still being processed", true
			}
		}
	}
	if c.lastUse(body, st) {
		return nil, "", false
	}
	e, ok := edit.RemoveStmt(c.pass, st)
	if !ok {
		return nil, "", false
	}
	return []analysis.TextEdit{e}, "Remove the commit from the revoke callback, so that the next owner resumes from the last commit made after processing", true
}

// commitStmt reports whether st is the commit call's own statement: the
// call alone, its results all blank, or an if whose init assigns them and
// that has no else.
func (c *checker) commitStmt(st ast.Stmt, call *ast.CallExpr) bool {
	isCall := func(e ast.Expr) bool { return ast.Unparen(e) == call }
	allCall := func(as *ast.AssignStmt) bool { return len(as.Rhs) == 1 && isCall(as.Rhs[0]) }
	switch st := st.(type) {
	case *ast.ExprStmt:
		return isCall(st.X)
	case *ast.AssignStmt:
		if !allCall(st) {
			return false
		}
		for _, l := range st.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		as, ok := st.Init.(*ast.AssignStmt)
		return ok && allCall(as) && st.Else == nil
	}
	return false
}

// onlyCommits reports whether a callback body is the commit statement and
// logging.
func (c *checker) onlyCommits(body *ast.BlockStmt, commit ast.Stmt) bool {
	for _, st := range body.List {
		if st == commit {
			continue
		}
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok || !c.isLogging(call) {
			return false
		}
	}
	return true
}

// lastUse reports whether st is the only use of a variable declared in
// body outside st: removing st would leave it unused (a compile error).
func (c *checker) lastUse(body *ast.BlockStmt, st ast.Stmt) bool {
	inside := map[types.Object]bool{}
	ast.Inspect(st, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && body.Pos() <= obj.Pos() && obj.Pos() < body.End() && !(st.Pos() <= obj.Pos() && obj.Pos() < st.End()) {
				inside[obj] = true
			}
		}
		return true
	})
	for obj := range inside {
		used := false
		ast.Inspect(body, func(n ast.Node) bool {
			if n == st {
				return false
			}
			if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
				used = true
			}
			return !used
		})
		if !used {
			return true
		}
	}
	return false
}
