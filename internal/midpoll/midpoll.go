// Package midpoll finds where a poll loop can leave a poll half
// processed: the records it abandons are what a commit of everything
// polled, made as the loop's function returns (a deferred commit) or as
// the client closes (a revoke callback run by Close), commits unprocessed.
package midpoll

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// A poll loop that can leave a poll half processed (a return after the
// poll, its records not all processed: a failed write, a cancelled
// context) hands the rest to the client's Close, which runs the revoke
// callback as the member leaves its group: a commit of everything polled
// there (franz-go's CommitUncommittedOffsets) commits the records the loop
// abandoned (audit 37c/D4, D10: 222 to 278 of 300 lost on a SIGTERM or a
// few failed writes, where the loop alone lost none).

// Leaves returns the first statement by which a poll loop of k
// (or the helper making the poll, called from the loop) leaves its
// function (or the loop) after its poll, before the next: a return, a
// panic or a break of that loop, outside function literals, and not on
// a branch testing that the client is closed; nil if none, or if k is
// not polled in this package.
func Leaves(pass *analysis.Pass, k *consumer.Consumer) ast.Stmt {
	for _, call := range k.Calls {
		if call.Role != clientmodel.Fetch {
			continue
		}
		_, path := edit.CallAt(pass, call.Pos())
		_, body := edit.LoopOf(path)
		helper := body == nil
		if helper {
			// A poll in a helper the loop calls (step(ctx)): a return
			// of the helper from the loop over its records leaves the
			// poll half processed too (review 37-1/D8); one returning
			// the records hands them back.
			if _, body = edit.FuncOf(path); body == nil {
				continue
			}
		}
		inLoop := func(stack []ast.Node) bool {
			return !helper || slices.ContainsFunc(stack, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					return true
				}
				return false
			})
		}
		pending := pendingTest(pass.TypesInfo, body, path)
		var found ast.Stmt
		var stack []ast.Node
		ast.Inspect(body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				stack = stack[:len(stack)-1]
				return false
			case *ast.ReturnStmt:
				if n.Pos() > call.Pos() && inLoop(stack) && !emptyBranch(pass.TypesInfo, k.Client, stack) && !commitFailed(pass.TypesInfo, stack) && pending(stack) {
					found = n
				}
			case *ast.ExprStmt:
				// A panic unwinds through the deferred Close too (review
				// 37-1/D7).
				if call2, ok := n.X.(*ast.CallExpr); ok && n.Pos() > call.Pos() && inLoop(stack) && isPanic(pass.TypesInfo, call2) && !commitFailed(pass.TypesInfo, stack) && pending(stack) {
					found = n
				}
			case *ast.BranchStmt:
				if n.Tok == token.BREAK && n.Pos() > call.Pos() && leavesLoop(stack, n) && !emptyBranch(pass.TypesInfo, k.Client, stack) && !commitFailed(pass.TypesInfo, stack) && pending(stack) {
					found = n
				}
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// pendingTest returns a test of whether the statement at the top of a
// stack (the nodes from body down to it) leaves records of the poll at
// path unprocessed: it is inside a statement that handles them (a loop
// over the records, an if on a record's processing), or records of the
// poll are used after it, or a condition it is under tests what their
// processing set (countErr, set in EachRecord's function). A leave once
// the poll is all processed (a check of the context at the bottom of the
// loop) is not (review 38-1/D1, D2, D4).
func pendingTest(info *types.Info, body *ast.BlockStmt, path []ast.Node) func([]ast.Node) bool {
	// The poll's variables and those computed from them.
	recs := map[types.Object]bool{}
	if as, ok := path[1].(*ast.AssignStmt); ok {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) != nil {
				recs[info.ObjectOf(id)] = true
			}
		}
	}
	mentions := func(n ast.Node, set map[types.Object]bool) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && set[info.Uses[id]] {
				found = true
			}
			if m == ast.Node(path[0]) {
				found = true // the poll's call itself (range cl.PollFetches(ctx).Records())
			}
			return !found
		})
		return found
	}
	// Variables assigned by statements that handle records: what their
	// processing set.
	tainted := map[types.Object]bool{}
	for range 3 {
		ast.Inspect(body, func(m ast.Node) bool {
			as, ok := m.(*ast.AssignStmt)
			if !ok || len(as.Rhs) == 0 {
				return true
			}
			if slices.ContainsFunc(as.Rhs, func(e ast.Expr) bool { return mentions(e, recs) }) {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) != nil {
						recs[info.ObjectOf(id)] = true
					}
				}
			}
			return true
		})
		for _, st := range body.List {
			if !mentions(st, recs) {
				continue
			}
			// What they set: assigned, incremented, or through a
			// mutating method (failed.Store(true)), a variable or a
			// field (review 38-2/D3).
			taint := func(e ast.Expr) {
				var id *ast.Ident
				switch e := ast.Unparen(e).(type) {
				case *ast.Ident:
					id = e
				case *ast.SelectorExpr:
					id = e.Sel
				}
				if id != nil && info.ObjectOf(id) != nil && !recs[info.ObjectOf(id)] {
					tainted[info.ObjectOf(id)] = true
				}
			}
			ast.Inspect(st, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.AssignStmt:
					for _, l := range m.Lhs {
						taint(l)
					}
				case *ast.IncDecStmt:
					taint(m.X)
				case *ast.CallExpr:
					if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok && slices.Contains([]string{"Store", "Add", "Swap", "CompareAndSwap", "Inc", "Set"}, sel.Sel.Name) {
						taint(sel.X)
					}
				}
				return true
			})
		}
	}
	// Whether a statement handling the records gives up on the rest on a
	// failure or a cancellation (a break out of a loop over them, a
	// return from EachRecord's function, under a check of an error or of
	// the context): records may be left behind whatever follows (review
	// 38-2/D1, D2).
	givesUp := func(st ast.Stmt) bool {
		found := false
		var conds []ast.Expr
		ast.Inspect(st, func(m ast.Node) bool {
			if found {
				return false
			}
			switch m := m.(type) {
			case *ast.IfStmt:
				conds = append(conds, m.Cond)
			case *ast.BranchStmt, *ast.ReturnStmt:
				if m.Pos() >= st.Pos() && slices.ContainsFunc(conds, func(c ast.Expr) bool {
					return c.Pos() < m.Pos() && failureTest(info, c)
				}) {
					found = true
				}
			}
			return true
		})
		return found
	}
	return func(stack []ast.Node) bool {
		leave := stack[len(stack)-1]
		for _, n := range stack[1 : len(stack)-1] {
			switch n := n.(type) {
			case *ast.RangeStmt, *ast.ForStmt:
				if mentions(n, recs) {
					return true
				}
			case *ast.IfStmt:
				if n.Init != nil && (mentions(n.Init, recs) || mentions(n.Init, tainted)) || mentions(n.Cond, recs) || mentions(n.Cond, tainted) {
					return true
				}
			case *ast.SwitchStmt:
				// switch err := save(r); { case err != nil: return } (review 38-2/D4)
				if n.Init != nil && (mentions(n.Init, recs) || mentions(n.Init, tainted)) || n.Tag != nil && (mentions(n.Tag, recs) || mentions(n.Tag, tainted)) {
					return true
				}
			case *ast.CaseClause:
				if slices.ContainsFunc(n.List, func(e ast.Expr) bool { return mentions(e, recs) || mentions(e, tainted) }) {
					return true
				}
			}
		}
		for _, st := range body.List {
			if st.End() <= leave.Pos() && mentions(st, recs) && givesUp(st) {
				return true
			}
		}
		used := false
		ast.Inspect(body, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && id.Pos() >= leave.End() && recs[info.Uses[id]] {
				used = true
			}
			return !used
		})
		return used
	}
}

// failureTest reports whether cond tests an error (err != nil) or the
// context (ctx.Err() != nil, a value of an error type).
func failureTest(info *types.Info, cond ast.Expr) bool {
	found := false
	errType := types.Universe.Lookup("error").Type()
	ast.Inspect(cond, func(m ast.Node) bool {
		if e, ok := m.(ast.Expr); ok && !found {
			if t := info.TypeOf(e); t != nil && types.Identical(t, errType) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isPanic reports whether call is of the builtin panic.
func isPanic(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "panic"
}

// leavesLoop reports whether the break at the top of stack (the nodes
// inside a poll loop's body) leaves that loop: unlabeled, with no loop,
// switch or select between; labeled breaks leave it too.
func leavesLoop(stack []ast.Node, br *ast.BranchStmt) bool {
	if br.Label != nil {
		return true
	}
	for _, n := range stack[:len(stack)-1] {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			return false
		}
	}
	return true
}

// emptyBranch reports whether the statement at the top of stack is one
// of the body of an if whose condition inspects a poll for no records
// (franz-go's IsClientClosed, Empty: the client's FetchInspect): nothing
// is left for a callback to commit.
func emptyBranch(info *types.Info, cl *clientmodel.Client, stack []ast.Node) bool {
	if len(stack) < 3 {
		return false
	}
	ifs, ok := stack[len(stack)-3].(*ast.IfStmt)
	if !ok || stack[len(stack)-2] != ast.Node(ifs.Body) {
		return false
	}
	found := false
	ast.Inspect(ifs.Cond, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			if fn := typeutil.StaticCallee(info, call); fn != nil && slices.Contains(cl.FetchInspect, fn.FullName()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// commitFailed reports whether a statement of stack is an if whose init
// or condition calls a commit of a client (if err :=
// cl.CommitUncommittedOffsets(ctx); err != nil): a commit the loop makes
// once the poll is processed failed.
func commitFailed(info *types.Info, stack []ast.Node) bool {
	for _, n := range stack {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			continue
		}
		found := false
		for _, part := range []ast.Node{ifs.Init, ifs.Cond} {
			if part == nil {
				continue
			}
			ast.Inspect(part, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok {
					if ref, ok := clientmodel.Default.Call(typeutil.StaticCallee(info, call)); ok && ref.Role == clientmodel.Commit {
						found = true
					}
				}
				return !found
			})
		}
		if found {
			return true
		}
	}
	return false
}
