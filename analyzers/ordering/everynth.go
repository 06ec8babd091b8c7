package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
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
// state (resetsState). A guard that only checks there is something to
// commit (last != nil, len(batch) > 0: presence) counts too: on the path
// where it runs the commit still comes first.
func (c *checker) everyNth(p *position, site ssa.Instruction, def ssa.Instruction) *nthGuard {
	if p.helper || p.marked || p.row != nil || !ssaflow.ReachesStopping(p.instr, site, func(x ssa.Instruction) bool { return x == def }) {
		return nil
	}
	// A record kept from an earlier fetch (prev = &m), committed before
	// the one just fetched is processed: that one is done. Not so for
	// the last record of a batch fetched in a loop before the commit
	// (the fetch does not dominate it): the batch is processed after.
	current := true
	if o, ok := def.(ssa.Value); ok && p.arg != nil && !fromCurrent(p.arg, o, 0) {
		current = false
	}
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	stmt, _ := edit.Stmt(path)
	if stmt == nil {
		return nil
	}
	// The guard: an if statement whose body holds stmt, or a loop
	// retrying stmt while there is something to commit (for last != nil
	// { commit; if err != nil { sleep; continue }; break }).
	var guard ast.Stmt
	var cond ast.Expr
	var body []ast.Stmt
	loop := false
	for i, n := range path {
		if n != ast.Node(stmt) {
			continue
		}
		if i+2 < len(path) {
			blk, ok := path[i+1].(*ast.BlockStmt)
			switch g := path[i+2].(type) {
			case *ast.IfStmt:
				if ok && g.Body == blk && g.Init == nil && g.Else == nil {
					guard, cond, body = g, g.Cond, blk.List
				}
			case *ast.ForStmt:
				if ok && g.Body == blk && g.Init == nil && g.Post == nil && g.Cond != nil {
					guard, cond, body, loop = g, g.Cond, blk.List, true
				}
			}
		}
		path = path[i+2:]
		break
	}
	if guard == nil {
		return nil
	}
	presence := false
	switch {
	case !loop && current && c.countsEvery(cond, path):
	case c.checksPresence(cond, stmt) && (current || def != nil && !ssaflow.Dominates(def, p.instr) || lastOfBatch(p.arg) != nil):
		presence = true
	default:
		return nil
	}
	if loop {
		// A retry loop: it ends with the break taken once the commit
		// went through, and leaves in no other way than its condition,
		// that break, or its error check's branches.
		n := len(body)
		if n < 2 || !isPlainBreak(body[n-1]) || branchesOut(guard) {
			return nil
		}
		body = body[:n-1]
	}
	held := 1
	if len(body) >= 2 && isErrCheckOf(body[1]) && definesErr(stmt) {
		held = 2
	}
	if len(body) < held || body[0] != stmt {
		return nil
	}
	for _, s := range body[held:] {
		if !c.resetsState(s) {
			return nil
		}
	}
	g, listp := edit.Stmt(path)
	if g != guard || listp == nil {
		return nil
	}
	list := *listp
	at := indexOf(list, guard)
	for i := at + 1; i < len(list); i++ {
		if list[i].Pos() <= site.Pos() && site.Pos() < list[i].End() {
			return &nthGuard{guard: guard, target: list[i], list: list, presence: presence, last: presence && (!current || lastOfBatch(p.arg) != nil), loop: loop}
		}
	}
	return nil
}

// isPlainBreak reports whether s is a break without a label.
func isPlainBreak(s ast.Stmt) bool {
	b, ok := s.(*ast.BranchStmt)
	return ok && b.Tok == token.BREAK && b.Label == nil
}

// lastOfBatch returns the slice v is the last element of (batch[len(batch)-1],
// loaded or not), or nil.
func lastOfBatch(v ssa.Value) ssa.Value {
	var x, idx ssa.Value
	switch e := v.(type) {
	case *ssa.Index:
		x, idx = e.X, e.Index
	case *ssa.UnOp:
		ia, ok := e.X.(*ssa.IndexAddr)
		if !ok || e.Op != token.MUL {
			return nil
		}
		x, idx = ia.X, ia.Index
	default:
		return nil
	}
	sub, ok := idx.(*ssa.BinOp)
	if !ok || sub.Op != token.SUB {
		return nil
	}
	if k, ok := sub.Y.(*ssa.Const); !ok || k.Int64() != 1 {
		return nil
	}
	call, ok := sub.X.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 || call.Call.Args[0] != x {
		return nil
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
		return nil
	}
	return x
}

// checksPresence reports whether cond only checks that a variable the
// position call stmt uses holds something to commit: v != nil, len(v) > 0,
// len(v) != 0 or len(v) >= 1.
func (c *checker) checksPresence(cond ast.Expr, stmt ast.Stmt) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	uses := func(e ast.Expr) bool {
		id := identOf(e)
		if id == nil {
			return false
		}
		obj, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		return ok && c.mentions(stmt, obj)
	}
	isConst := func(e ast.Expr, want string) bool {
		if want == "nil" {
			id := identOf(e)
			return id != nil && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil")
		}
		lit, ok := ast.Unparen(e).(*ast.BasicLit)
		return ok && lit.Kind == token.INT && lit.Value == want
	}
	lenOf := func(e ast.Expr) ast.Expr {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil
		}
		if b, ok := c.pass.TypesInfo.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "len" {
			return nil
		}
		return call.Args[0]
	}
	switch be.Op {
	case token.NEQ:
		if isConst(be.Y, "nil") && uses(be.X) || isConst(be.X, "nil") && uses(be.Y) {
			return true
		}
		if v := lenOf(be.X); v != nil && isConst(be.Y, "0") && uses(v) {
			return true
		}
	case token.GTR:
		if v := lenOf(be.X); v != nil && isConst(be.Y, "0") && uses(v) {
			return true
		}
	case token.GEQ:
		if v := lenOf(be.X); v != nil && isConst(be.Y, "1") && uses(v) {
			return true
		}
	}
	return false
}

// fromCurrent reports whether v is o or computed from it directly
// (fields, elements, conversions, a call's arguments such as
// append(batch, m), a load of o when o is the variable fetched into),
// not through a phi or another load: the record the function has just
// fetched, not one kept from an earlier iteration.
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
	case *ssa.UnOp:
		// The variable just fetched into, kept in memory because a
		// field of it is read (log.Printf("%d", m.Offset)): a load of
		// it, not of a pointer kept from an earlier iteration.
		_, local := o.(*ssa.Alloc)
		return local && x.Op == token.MUL && x.X == o
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
// of path keeps about the records it fetched: the remainder of a counter
// the function increments (n%100 == 0), a comparison with such a counter
// (n >= 100) or with the length of a slice it appends to (len(batch) >=
// size), or a comparison with the time elapsed since a time it sets to
// time.Now() (time.Since(last) > interval); the counter, slice or time is
// a local variable or a field of a variable (c.processed, the receiver's)
// that the function itself increments, appends to or sets. The remainder
// of a record's offset (m.Offset%100 == 0) counts too: it holds on some
// records. A flag (a config field, a bool) is none of these.
func (c *checker) countsEvery(cond ast.Expr, path []ast.Node) bool {
	_, body := edit.FuncOf(path)
	if body == nil {
		return false
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
			if s := c.stateOf(be.X, body); s != nil && c.increments(body, s) {
				found = true
			}
			if c.isOffset(be.X) {
				found = true
			}
		case token.GTR, token.GEQ, token.LSS, token.LEQ:
			for _, side := range []ast.Expr{be.X, be.Y} {
				if s := c.stateOf(side, body); s != nil && c.increments(body, s) {
					found = true
				}
				if s := c.lenOf(side, body); s != nil && c.appends(body, s) {
					found = true
				}
				if s := c.sinceOf(side, body); s != nil && c.setsNow(body, s) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// state is what a threshold reads: a local variable of the function, or
// field f of variable v (h.n).
type state struct {
	v, f *types.Var
}

// stateOf returns the state e reads: a variable declared in body, or a
// field of a variable (x.f), or nil.
func (c *checker) stateOf(e ast.Expr, body *ast.BlockStmt) *state {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[x].(*types.Var)
		if !ok || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return nil
		}
		return &state{v: v}
	case *ast.SelectorExpr:
		sel := c.pass.TypesInfo.Selections[x]
		id := identOf(x.X)
		if sel == nil || sel.Kind() != types.FieldVal || id == nil {
			return nil
		}
		v, ok1 := c.pass.TypesInfo.Uses[id].(*types.Var)
		f, ok2 := sel.Obj().(*types.Var)
		if !ok1 || !ok2 {
			return nil
		}
		return &state{v: v, f: f}
	}
	return nil
}

// is reports whether e reads (or, on the left of an assignment, writes)
// state s.
func (c *checker) is(e ast.Expr, s *state) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := c.pass.TypesInfo.Uses[x]
		if obj == nil {
			obj = c.pass.TypesInfo.Defs[x]
		}
		return s.f == nil && obj == types.Object(s.v)
	case *ast.SelectorExpr:
		id := identOf(x.X)
		sel := c.pass.TypesInfo.Selections[x]
		return s.f != nil && id != nil && sel != nil && c.pass.TypesInfo.Uses[id] == types.Object(s.v) && sel.Obj() == types.Object(s.f)
	}
	return false
}

// isOffset reports whether e reads the offset field of a client type
// (m.Offset, msg.TopicPartition.Offset).
func (c *checker) isOffset(e ast.Expr) bool {
	x, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	sel := c.pass.TypesInfo.Selections[x]
	if sel == nil || sel.Kind() != types.FieldVal {
		return false
	}
	f, ok := sel.Obj().(*types.Var)
	if !ok || f.Pkg() == nil {
		return false
	}
	cl := clientmodel.Default.Client(f.Pkg().Path())
	return cl != nil && f.Name() == cl.OffsetField
}

// increments reports whether body increments s (n++, n += k).
func (c *checker) increments(body *ast.BlockStmt, s *state) bool {
	found := false
	ast.Inspect(body, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.IncDecStmt:
			if x.Tok == token.INC && c.is(x.X, s) {
				found = true
			}
		case *ast.AssignStmt:
			if len(x.Lhs) == 1 && x.Tok == token.ADD_ASSIGN && c.is(x.Lhs[0], s) {
				found = true
			}
		}
		return !found
	})
	return found
}

// lenOf returns the state e takes the length of (len(batch)), or nil.
func (c *checker) lenOf(e ast.Expr, body *ast.BlockStmt) *state {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if b, ok := c.pass.TypesInfo.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "len" {
		return nil
	}
	return c.stateOf(call.Args[0], body)
}

// appends reports whether body assigns append(s, ...) to s.
func (c *checker) appends(body *ast.BlockStmt, s *state) bool {
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
			c.is(as.Lhs[0], s) && c.is(call.Args[0], s) {
			found = true
		}
		return !found
	})
	return found
}

// sinceOf returns the state e measures the time elapsed since
// (time.Since(last), time.Now().Sub(last)), or nil.
func (c *checker) sinceOf(e ast.Expr, body *ast.BlockStmt) *state {
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
		return c.stateOf(call.Args[0], body)
	}
	return nil
}

// setsNow reports whether body assigns time.Now() to s.
func (c *checker) setsNow(body *ast.BlockStmt, s *state) bool {
	found := false
	ast.Inspect(body, func(m ast.Node) bool {
		as, ok := m.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return !found
		}
		for i, l := range as.Lhs {
			if !c.is(l, s) {
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
// the commit, or logs it: plain assignments to variables, or to fields
// of variables, of values computed by no call but time.Now() (last =
// time.Now(), n = 0, h.batch = h.batch[:0]), or a call of logging
// (log.Printf("committed %d", m.Offset)), which processes nothing.
func (c *checker) resetsState(s ast.Stmt) bool {
	if es, ok := s.(*ast.ExprStmt); ok {
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok || !c.ignored(fn) {
			return false
		}
		// Its arguments compute nothing else.
		ok = true
		for _, a := range call.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				if inner, isCall := n.(*ast.CallExpr); isCall {
					if tv, conv := c.pass.TypesInfo.Types[inner.Fun]; conv && tv.IsType() {
						return ok
					}
					if f, isFunc := typeutil.Callee(c.pass.TypesInfo, inner).(*types.Func); !isFunc || !c.ignored(f) {
						ok = false
					}
				}
				return ok
			})
		}
		return ok
	}
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN {
		return false
	}
	for _, l := range as.Lhs {
		if identOf(l) == nil {
			sel, isSel := ast.Unparen(l).(*ast.SelectorExpr)
			if !isSel || identOf(sel.X) == nil {
				return false
			}
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
func (c *checker) moveGuardAfter(g *nthGuard, name string) (analysis.SuggestedFix, bool) {
	guard, target, list := g.guard, g.target, g.list
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
	title := fmt.Sprintf("Move the periodic %s after the processing", name)
	switch {
	case g.loop:
		title = fmt.Sprintf("Move the loop retrying %s after the processing", name)
	case g.presence:
		title = fmt.Sprintf("Move %s and its guard after the processing", name)
	}
	// On the processing's success path: a failure logged and carried on
	// from (`if err := save(batch); err != nil { log... }`) skips the
	// guard (a continue) or has it in an else.
	upto := list[:at+1]
	if e, ok := edit.AppendOnSuccess(c.pass, upto, guard, strings.TrimSuffix(reindent(text, edit.Indent(c.pass, guard.Pos())), "\n")); ok && !plainAppend(e, upto) {
		return analysis.SuggestedFix{
			Message:   title + ", on its success path",
			TextEdits: append([]analysis.TextEdit{cut}, e...),
		}, true
	}
	_, after, ok := c.cutLines(target, target)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   title,
		TextEdits: []analysis.TextEdit{cut, {Pos: after.End, End: after.End, NewText: []byte(text)}},
	}, true
}
