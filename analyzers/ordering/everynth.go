package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// A commit every Nth record (if n%100 == 0 { commit(rec) }) made before
// the record is processed does not dominate the processing, but on the
// path where it runs it comes first: a crash between them loses the
// record. A guard on a counter is not the operator's choice of
// at-most-once (a config flag: if h.autoAck { mark(rec) }), which stays
// silent.

// everyNth returns the if statement guarding p on a counter, and the
// statement of its list after it that processes site, when p reaches
// site without o being fetched anew (def) and the guarded commit is the
// guard's whole body (with its error check). The guard has no init and
// no else, its condition is a threshold on the function's own state
// (countsEvery), and what follows the commit in its body only resets that
// state (resetsState).
func (c *checker) everyNth(p *position, site ssa.Instruction, def ssa.Instruction) (*ast.IfStmt, ast.Stmt, []ast.Stmt, bool) {
	if p.helper || p.marked || p.row != nil || !reachesStopping(p.instr, site, func(x ssa.Instruction) bool { return x == def }) {
		return nil, nil, nil, false
	}
	if o, ok := def.(ssa.Value); ok && p.arg != nil && !fromCurrent(p.arg, o, 0) {
		// A record kept from an earlier fetch (prev = &m), committed
		// before the one just fetched is processed: that one is done.
		return nil, nil, nil, false
	}
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	stmt, _ := edit.Stmt(path)
	if stmt == nil {
		return nil, nil, nil, false
	}
	var guard *ast.IfStmt
	for i, n := range path {
		if n != ast.Node(stmt) {
			continue
		}
		if i+2 < len(path) {
			body, ok1 := path[i+1].(*ast.BlockStmt)
			ifs, ok2 := path[i+2].(*ast.IfStmt)
			if ok1 && ok2 && ifs.Body == body {
				guard = ifs
			}
		}
		path = path[i+2:]
		break
	}
	if guard == nil || guard.Init != nil || guard.Else != nil || !c.countsEvery(guard.Cond, path) {
		return nil, nil, nil, false
	}
	body := guard.Body.List
	held := 1
	if len(body) >= 2 && isErrCheckOf(body[1]) && definesErr(stmt) {
		held = 2
	}
	if len(body) < held || body[0] != stmt {
		return nil, nil, nil, false
	}
	for _, s := range body[held:] {
		if !c.resetsState(s) {
			return nil, nil, nil, false
		}
	}
	g, listp := edit.Stmt(path)
	if g != ast.Stmt(guard) || listp == nil {
		return nil, nil, nil, false
	}
	list := *listp
	at := indexOf(list, guard)
	for i := at + 1; i < len(list); i++ {
		if list[i].Pos() <= site.Pos() && site.Pos() < list[i].End() {
			return guard, list[i], list, true
		}
	}
	return nil, nil, nil, false
}

// fromCurrent reports whether v is o or computed from it directly
// (fields, elements, conversions, a call's arguments such as
// append(batch, m)), not through a phi or a load: the record the
// function has just fetched, not one kept from an earlier iteration.
func fromCurrent(v, o ssa.Value, depth int) bool {
	if v == o {
		return true
	}
	if depth > 8 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Extract:
		return fromCurrent(x.Tuple, o, depth+1)
	case *ssa.Field:
		return fromCurrent(x.X, o, depth+1)
	case *ssa.Index:
		return fromCurrent(x.X, o, depth+1)
	case *ssa.Slice:
		return fromCurrent(x.X, o, depth+1)
	case *ssa.MakeInterface:
		return fromCurrent(x.X, o, depth+1)
	case *ssa.ChangeType:
		return fromCurrent(x.X, o, depth+1)
	case *ssa.Convert:
		return fromCurrent(x.X, o, depth+1)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if fromCurrent(a, o, depth+1) {
				return true
			}
		}
	case *ssa.Alloc:
		// A varargs or literal slice built here: what is stored in it.
		for _, ref := range *x.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok {
				for _, rr := range *ia.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == ssa.Value(ia) && fromCurrent(st.Val, o, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// countsEvery reports whether cond is a threshold on state the function
// of path keeps about the records it fetched: the remainder of a local
// variable the function increments (n%100 == 0), a comparison with such
// a counter (n >= 100) or with the length of a local slice it appends to
// (len(batch) >= size), or a comparison with the time elapsed since a
// local variable it sets to time.Now() (time.Since(last) > interval). A
// flag (a config field, a bool) is none of these.
func (c *checker) countsEvery(cond ast.Expr, path []ast.Node) bool {
	_, body := edit.FuncOf(path)
	if body == nil {
		return false
	}
	local := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return nil
		}
		return v
	}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if found {
			return false
		}
		be, ok := n.(*ast.BinaryExpr)
		if !ok {
			return true
		}
		switch be.Op {
		case token.REM:
			if v := local(be.X); v != nil && c.increments(body, v) {
				found = true
			}
		case token.GTR, token.GEQ, token.LSS, token.LEQ:
			for _, side := range []ast.Expr{be.X, be.Y} {
				if v := local(side); v != nil && c.increments(body, v) {
					found = true
				}
				if v := c.lenOf(side, local); v != nil && c.appends(body, v) {
					found = true
				}
				if v := c.sinceOf(side, local); v != nil && c.setsNow(body, v) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// increments reports whether body increments v (v++, v += k).
func (c *checker) increments(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.IncDecStmt:
			if xid, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Tok == token.INC && c.pass.TypesInfo.Uses[xid] == v {
				found = true
			}
		case *ast.AssignStmt:
			if xid, ok := ast.Unparen(x.Lhs[0]).(*ast.Ident); ok && len(x.Lhs) == 1 && x.Tok == token.ADD_ASSIGN && c.pass.TypesInfo.Uses[xid] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// lenOf returns the local variable e takes the length of (len(v)), or nil.
func (c *checker) lenOf(e ast.Expr, local func(ast.Expr) *types.Var) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if b, ok := c.pass.TypesInfo.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "len" {
		return nil
	}
	return local(call.Args[0])
}

// appends reports whether body assigns append(v, ...) to v.
func (c *checker) appends(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(m ast.Node) bool {
		as, ok := m.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return !found
		}
		call, ok := as.Rhs[0].(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return !found
		}
		if b, ok := c.pass.TypesInfo.Uses[identOf(call.Fun)].(*types.Builtin); ok && b.Name() == "append" &&
			c.pass.TypesInfo.Uses[identOf(as.Lhs[0])] == v && c.pass.TypesInfo.Uses[identOf(call.Args[0])] == v {
			found = true
		}
		return !found
	})
	return found
}

// sinceOf returns the local variable e measures the time elapsed since
// (time.Since(v), time.Now().Sub(v)), or nil.
func (c *checker) sinceOf(e ast.Expr, local func(ast.Expr) *types.Var) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return nil
	}
	switch fn.FullName() {
	case "time.Since", "(time.Time).Sub":
		return local(call.Args[0])
	}
	return nil
}

// setsNow reports whether body assigns time.Now() to v.
func (c *checker) setsNow(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(m ast.Node) bool {
		as, ok := m.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return !found
		}
		for i, l := range as.Lhs {
			id := identOf(l)
			if id == nil || (c.pass.TypesInfo.Uses[id] != v && c.pass.TypesInfo.Defs[id] != v) {
				continue
			}
			if call, ok := as.Rhs[i].(*ast.CallExpr); ok {
				if fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok && fn.FullName() == "time.Now" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// resetsState reports whether s only resets the threshold's state after
// the commit: plain assignments to variables of values computed by no
// call but time.Now() (last = time.Now(), n = 0, batch = batch[:0]).
func (c *checker) resetsState(s ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN {
		return false
	}
	for _, l := range as.Lhs {
		if identOf(l) == nil {
			return false
		}
	}
	ok = true
	for _, r := range as.Rhs {
		ast.Inspect(r, func(n ast.Node) bool {
			if call, isCall := n.(*ast.CallExpr); isCall {
				if fn, isFunc := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); !isFunc || fn.FullName() != "time.Now" {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// identOf returns e as an identifier, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// moveGuardAfter returns the fix moving the guard (the whole if
// statement) after target, the statement of its list processing the
// record, when the statements from the guard to target neither set what
// the guard uses nor use what it sets.
func (c *checker) moveGuardAfter(guard *ast.IfStmt, target ast.Stmt, list []ast.Stmt, name string) (analysis.SuggestedFix, bool) {
	idx, at := indexOf(list, guard), indexOf(list, target)
	if idx < 0 || at <= idx {
		return analysis.SuggestedFix{}, false
	}
	between := list[idx+1 : at+1]
	for _, s := range between {
		if c.definesUsedIn(s, []ast.Stmt{guard}, nil) {
			return analysis.SuggestedFix{}, false
		}
	}
	if c.definesUsedIn(guard, between, list[at+1:]) {
		return analysis.SuggestedFix{}, false
	}
	text, cut, ok := c.cutLines(guard, guard)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	_, after, ok := c.cutLines(target, target)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Move the periodic %s after the processing", name),
		TextEdits: []analysis.TextEdit{cut, {Pos: after.End, End: after.End, NewText: []byte(text)}},
	}, true
}
