package autocommit

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// successBlock returns the block of `if err == nil { ... }` right after
// fetch in list, where err is the fetch's error: the block runs only with
// a message, and its end is after the processing when it does not hand
// msg on. nil for any other shape.
func (c *checker) successBlock(list []ast.Stmt, fetch ast.Stmt, msg string, errExpr ast.Expr) *ast.BlockStmt {
	errID, ok := errExpr.(*ast.Ident)
	if !ok || errID.Name == "_" {
		return nil
	}
	ifs, ok := c.checkAfter(list, fetch).(*ast.IfStmt)
	if !ok || ifs.Init != nil || len(ifs.Body.List) == 0 {
		return nil
	}
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return nil
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	if !ok1 || !ok2 || c.pass.TypesInfo.Uses[x] != c.pass.TypesInfo.ObjectOf(errID) || y.Name != "nil" || c.handedOn(ifs.Body.List, msg) {
		return nil
	}
	return ifs.Body
}

// checkAfter returns the statement after the fetch s in list that can
// check its error: the next one, past guards that leave (if ctx.Err() !=
// nil { return }: an if without init or else whose body returns, breaks,
// continues or exits) and use none of the names s assigns. A message such
// a guard leaves with is not processed, and not stored by the fix.
func (c *checker) checkAfter(list []ast.Stmt, s ast.Stmt) ast.Stmt {
	as, ok := s.(*ast.AssignStmt)
	if !ok {
		return edit.Next(list, s)
	}
	for {
		g := edit.Next(list, s)
		if !c.leavingGuard(g) {
			return g
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" && c.usesName(g, id.Name) {
				return g
			}
		}
		s = g
	}
}

// leavingGuard reports whether st is a guard checkAfter passes: an if
// without init or else whose body leaves, or a select each of whose cases
// is an empty default or a receive without assignment whose body leaves
// other than by a break (which would leave only the select):
//
//	select {
//	case <-ctx.Done():
//		return
//	default:
//	}
func (c *checker) leavingGuard(st ast.Stmt) bool {
	nr := noreturn.Of(c.pass)
	switch st := st.(type) {
	case *ast.IfStmt:
		return st.Init == nil && st.Else == nil && nr.EndsWithLeave(st.Body.List)
	case *ast.SelectStmt:
		for _, cl := range st.Body.List {
			cc := cl.(*ast.CommClause)
			if cc.Comm == nil {
				if len(cc.Body) != 0 {
					return false
				}
				continue
			}
			es, ok := cc.Comm.(*ast.ExprStmt)
			if !ok || !nr.EndsWithLeave(cc.Body) {
				return false
			}
			if u, ok := ast.Unparen(es.X).(*ast.UnaryExpr); !ok || u.Op != token.ARROW {
				return false
			}
			if br, ok := cc.Body[len(cc.Body)-1].(*ast.BranchStmt); ok && br.Tok == token.BREAK && br.Label == nil {
				return false
			}
		}
		return true
	}
	return false
}

// workerScope returns the worker's message variable and loop body when
// the fetch at path (`msg, err := fetch` whose error check leaves) hands
// the message to one worker (workerQueue), with the fetch statement.
func (c *checker) workerScope(path []ast.Node) (string, []ast.Stmt, ast.Stmt, *pool, rebaser) {
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return "", nil, nil, nil, nil
	}
	msg, ok := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	if !ok || !ok2 || msg.Name == "_" {
		return "", nil, nil, nil, nil
	}
	ifs, ok := c.checkAfter(*listp, stmt).(*ast.IfStmt)
	if !ok || ifs.Init != nil || !edit.IsNilCheckOf(c.pass, ifs.Cond, errID) || !noreturn.Of(c.pass).EndsWithLeave(ifs.Body.List) {
		return "", nil, nil, nil, nil
	}
	name, body, pl, rb := c.workerQueue(path, *listp, stmt, msg.Name)
	return name, body, stmt, pl, rb
}

// A rebaser spells, in the worker's body, an expression of the loop that
// sends to it (the consumer, a context), with the edits that bring it
// there (a parameter the worker gains), or says it cannot.
type rebaser func(e ast.Expr) (string, []analysis.TextEdit, bool)

// workerQueue finds, for a message fetched by `msg, err := fetch` in list
// and then only sent on a local channel (`jobs <- msg`), the one worker
// that processes it: a function literal started once (its go statement
// in no loop) in the same function, ranging over the channel or
// receiving from it in a case of a select in a loop (`for { select { case
// m := <-jobs: ...; case <-tick.C: ... } }`), the channel used nowhere
// else. It returns the worker's message variable and its loop body (the
// case's body), whose end is after the processing; "" when the shape is
// any other (several workers would finish messages out of order). A pool
// of identical workers started by a counted loop (for i := 0; i < n; i++,
// for range n) is accepted with the pool to make one worker of. A
// channel held in a field is fieldQueue's. The rebaser spells the loop's
// expressions in the worker.
func (c *checker) workerQueue(path []ast.Node, list []ast.Stmt, fetch ast.Stmt, msg string) (string, []ast.Stmt, *pool, rebaser) {
	fd, ok := enclosingDecl(path)
	if !ok {
		return "", nil, nil, nil
	}
	if name, body, rb := c.laneQueue(list, fetch, msg); name != "" {
		// Sent on its partition's lane, whose one worker processes the
		// partition's messages in order.
		return name, body, nil, rb
	}
	var send *ast.SendStmt
	var derived ast.Expr     // the value sent, made from the message (jobs <- msg.Value)
	var decl *ast.AssignStmt // the variable sent that holds it (v := msg.Value; jobs <- v)
	made := map[types.Object]*ast.AssignStmt{}
	for _, s := range after(list, fetch) {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 && c.madeFrom(as.Rhs[0], msg) {
			if obj := c.pass.TypesInfo.Defs[identOf(as.Lhs[0])]; obj != nil {
				made[obj] = as
				continue
			}
		}
		if ss, ok := s.(*ast.SendStmt); ok && send == nil {
			if id, ok := ast.Unparen(ss.Value).(*ast.Ident); ok && id.Name == msg {
				send = ss
				continue
			}
			if c.madeFrom(ss.Value, msg) {
				send, derived = ss, ss.Value
				continue
			}
			if id := identOf(ss.Value); id != nil {
				if as := made[c.pass.TypesInfo.Uses[id]]; as != nil && c.usesOf(fd.Body, c.pass.TypesInfo.Uses[id]) == 1 {
					send, derived, decl = ss, as.Rhs[0], as
					continue
				}
			}
		}
		if c.handedOn([]ast.Stmt{s}, msg) {
			return "", nil, nil, nil
		}
	}
	if send == nil {
		return "", nil, nil, nil
	}
	if sel, ok := ast.Unparen(send.Chan).(*ast.SelectorExpr); ok {
		if derived != nil {
			return "", nil, nil, nil
		}
		return c.fieldQueue(sel)
	}
	chID, ok := ast.Unparen(send.Chan).(*ast.Ident)
	if !ok {
		return "", nil, nil, nil
	}
	ch := c.pass.TypesInfo.Uses[chID]
	if ch == nil || ch.Parent() == c.pass.Pkg.Scope() {
		return "", nil, nil, nil
	}
	var worker ast.Node
	var v *ast.Ident
	var body []ast.Stmt
	var pl *pool
	uses := 0
	found := func(n ast.Node, key ast.Expr, list []ast.Stmt) {
		if rs, ok := n.(*ast.RangeStmt); ok && rs.Tok != token.DEFINE {
			uses = -1 << 20 // ranging into variables declared elsewhere
		}
		p, once := c.startedOnce(n, fd)
		if worker != nil || !once {
			uses = -1 << 20 // a second worker, or one started per iteration
		}
		worker, pl, body = n, p, list
		v, _ = key.(*ast.Ident)
	}
	n := c.takesFrom(fd.Body, ch, found)
	uses += n
	if worker == nil && uses == 2 && derived == nil {
		// Passed to a worker function: go worker(ctx, c, jobs).
		return c.paramQueue(fd, ch)
	}
	if worker == nil || uses != 2 || v == nil {
		return "", nil, nil, nil
	}
	if v.Name == "_" || len(body) == 0 || c.handedOn(body, v.Name) {
		return "", nil, nil, nil
	}
	at := body[0].Pos()
	name := v.Name
	var carry []analysis.TextEdit
	if derived != nil {
		var ok bool
		if name, carry, ok = c.carryMessage(fetch, msg, ch, send, derived, decl, v, body); !ok {
			return "", nil, nil, nil
		}
	}
	return name, body, pl, func(e ast.Expr) (string, []analysis.TextEdit, bool) {
		once := carry // the first expression spelled carries the edits
		carry = nil
		return edit.Source(c.pass, e), once, c.rootVisibleAt(e, at)
	}
}

// madeFrom reports whether e is made from the message named msg by
// selectors and conversions only (msg.Value, string(msg.Key)): it can be
// computed from the message in the worker as well, with no other effect.
func (c *checker) madeFrom(e ast.Expr, msg string) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
			return id.Name == msg && c.pass.TypesInfo.Selections[e] != nil
		}
		return c.madeFrom(e.X, msg)
	case *ast.CallExpr:
		tv, ok := c.pass.TypesInfo.Types[e.Fun]
		return ok && tv.IsType() && len(e.Args) == 1 && c.madeFrom(e.Args[0], msg)
	}
	return false
}

// carryMessage returns the edits that make the local channel ch, made in
// its declaration (ch := make(chan T, ...)) and used only by send and the
// worker's receive into v, carry the message instead of the value derived
// from it: the channel's element type becomes the message's, the send
// sends msg, and the worker receives the message into a fresh name and
// computes v from it first. It returns that name, which the worker's
// store takes.
func (c *checker) carryMessage(fetch ast.Stmt, msg string, ch types.Object, send *ast.SendStmt, derived ast.Expr, decl *ast.AssignStmt, v *ast.Ident, body []ast.Stmt) (string, []analysis.TextEdit, bool) {
	as, ok := fetch.(*ast.AssignStmt)
	if !ok {
		return "", nil, false
	}
	msgID, ok := as.Lhs[0].(*ast.Ident)
	if !ok || msgID.Name != msg {
		return "", nil, false
	}
	msgType := c.pass.TypesInfo.TypeOf(msgID)
	if msgType == nil {
		return "", nil, false
	}
	// The channel's declaration: ch := make(chan T[, n]).
	dpath := edit.Path(c.pass, ch.Pos())
	var elem ast.Expr
	for i, n := range dpath {
		decl, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		if decl.Tok == token.DEFINE && len(decl.Lhs) == len(decl.Rhs) && i == 1 {
			for j, l := range decl.Lhs {
				if l != dpath[i-1] {
					continue
				}
				mk, ok := ast.Unparen(decl.Rhs[j]).(*ast.CallExpr)
				if !ok || len(mk.Args) == 0 {
					break
				}
				if b, ok := c.pass.TypesInfo.Uses[identOf(mk.Fun)].(*types.Builtin); !ok || b.Name() != "make" {
					break
				}
				if ct, ok := mk.Args[0].(*ast.ChanType); ok && ct.Dir == ast.SEND|ast.RECV {
					elem = ct.Value
				}
			}
		}
		break
	}
	if elem == nil {
		return "", nil, false
	}
	f := edit.File(c.pass, elem.Pos())
	spell := true
	typ := types.TypeString(msgType, func(p *types.Package) string {
		q := edit.Qualifier(c.pass, f, p)
		if q == "" && p != c.pass.Pkg {
			spell = false
		}
		return q
	})
	if !spell {
		return "", nil, false
	}
	name := edit.FreeName(c.pass, body[0].Pos(), "m")
	// derived, with name for msg.
	src := edit.Source(c.pass, derived)
	var b strings.Builder
	last := derived.Pos()
	ast.Inspect(derived, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == msg {
			b.WriteString(src[last-derived.Pos() : id.Pos()-derived.Pos()])
			b.WriteString(name)
			last = id.End()
		}
		return true
	})
	b.WriteString(src[last-derived.Pos():])
	indent := edit.Indent(c.pass, body[0].Pos())
	edits := []analysis.TextEdit{
		{Pos: elem.Pos(), End: elem.End(), NewText: []byte(typ)},
		{Pos: send.Value.Pos(), End: send.Value.End(), NewText: []byte(msg)},
		{Pos: v.Pos(), End: v.End(), NewText: []byte(name)},
		{Pos: body[0].Pos(), End: body[0].Pos(), NewText: []byte(v.Name + " := " + b.String() + "\n" + indent)},
	}
	if decl != nil {
		// The variable that held the value goes: the worker computes it.
		e, ok := edit.RemoveStmt(c.pass, decl)
		if !ok {
			return "", nil, false
		}
		edits = append(edits, e)
	}
	return name, edits, true
}

// usesOf counts the uses of obj in n.
func (c *checker) usesOf(n ast.Node, obj types.Object) int {
	k := 0
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			k++
		}
		return true
	})
	return k
}

// takesFrom returns the number of uses of the channel variable ch in
// body, and gives take each place there that takes its values one at a
// time, with the variable it declares for each and the statements that
// handle it: a range over ch with a key alone, or a select case receiving
// from it (receivesFrom).
func (c *checker) takesFrom(body ast.Node, ch types.Object, take func(n ast.Node, key ast.Expr, list []ast.Stmt)) int {
	uses := 0
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == ch {
			uses++
		}
		switch n := n.(type) {
		case *ast.RangeStmt:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Value == nil && n.Key != nil && c.pass.TypesInfo.Uses[x] == ch {
				take(n, n.Key, n.Body.List)
			}
		case *ast.CommClause:
			if key := c.receivesFrom(n, ch); key != nil {
				take(n, key, n.Body)
			}
		}
		return true
	})
	return uses
}

// receivesFrom returns the variable that the case `case m := <-ch:` of a
// select in a loop (a worker that does other work between messages: a
// ticker, a flush) declares, or nil for any other clause. The channel is
// never closed (the caller counts its uses: the send and this receive),
// so m is always a message.
func (c *checker) receivesFrom(cc *ast.CommClause, ch types.Object) ast.Expr {
	as, ok := cc.Comm.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	if x, ok := ast.Unparen(u.X).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[x] != ch {
		return nil
	}
	path := edit.Path(c.pass, cc.Pos())
	// CommClause, select body, SelectStmt, loop body, loop.
	if len(path) < 5 {
		return nil
	}
	if _, ok := path[2].(*ast.SelectStmt); !ok {
		return nil
	}
	if l, ok := path[4].(*ast.ForStmt); !ok || l.Body != path[3] {
		return nil
	}
	return as.Lhs[0]
}

// startedOnce reports whether rs is in a function literal started by a go
// statement (go func() { ... }()) that runs once in fd: no loop and no
// other function literal between it and fd's body; or, with the pool, by
// a go statement in the body of a counted loop that only starts workers
// (poolOf), itself run once.
func (c *checker) startedOnce(rs ast.Node, fd *ast.FuncDecl) (*pool, bool) {
	path := edit.Path(c.pass, rs.Pos())
	i := 0
	for i < len(path) {
		if _, ok := path[i].(*ast.FuncLit); ok {
			break
		}
		i++
	}
	if i+2 >= len(path) {
		return nil, false
	}
	gs, ok := path[i+2].(*ast.GoStmt)
	if !ok {
		return nil, false
	}
	pl, decl := c.goRunsOnce(gs, path[i+3:])
	if decl == nil {
		return nil, false
	}
	return pl, decl == fd
}

// goRunsOnce returns the function declaration in which the go statement
// gs, under the nodes outer (innermost first), runs once: no loop and no
// function literal between them, but for a counted loop right around gs
// that only starts workers (poolOf), returned too. It returns nil for a
// go statement that may run more than once.
func (c *checker) goRunsOnce(gs *ast.GoStmt, outer []ast.Node) (*pool, *ast.FuncDecl) {
	var pl *pool
	if len(outer) >= 2 {
		if pl = c.poolOf(gs, outer[0], outer[1]); pl != nil {
			outer = outer[2:]
		}
	}
	for _, n := range outer {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return nil, nil
		case *ast.FuncDecl:
			return pl, n
		}
	}
	return nil, nil
}

// visibleAt reports whether e is a name that means the same variable at
// pos.
func (c *checker) visibleAt(e ast.Expr, pos token.Pos) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, obj := c.scopeAt(pos).LookupParent(id.Name, pos)
	return obj != nil && obj == c.pass.TypesInfo.Uses[id]
}

// goScope finds, for a fetch at path (`msg, err := fetch` whose error
// check leaves, or followed by `if err == nil { ... }` with no else), a
// message handed to goroutines of its own: go statements of the loop
// body (of the if's body) mention msg (one, or several: a fan-out to
// sinks), and nothing else hands it on. It returns the message, the loop
// body (the if's body) and the fetch statement with the go statements, which the fix
// turns into plain calls (processing in place, one after the other), so
// that the end of the body is after the processing.
func (c *checker) goScope(path []ast.Node) (string, []ast.Stmt, ast.Stmt, []*ast.GoStmt) {
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return "", nil, nil, nil
	}
	msg, ok := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	if !ok || !ok2 || msg.Name == "_" {
		return "", nil, nil, nil
	}
	ifs, ok := c.checkAfter(*listp, stmt).(*ast.IfStmt)
	if !ok || ifs.Init != nil {
		return "", nil, nil, nil
	}
	// The message's statements: those after `if err != nil { leave }`,
	// or the body of `if err == nil { ... }` (no else), which nothing
	// after it hands the message on from.
	list, stmts := *listp, after(*listp, ifs)
	switch {
	case edit.IsNilCheckOf(c.pass, ifs.Cond, errID) && noreturn.Of(c.pass).EndsWithLeave(ifs.Body.List):
	case ifs.Else == nil && edit.IsNilEqOf(c.pass, ifs.Cond, errID) && !c.handedOn(stmts, msg.Name):
		list, stmts = ifs.Body.List, ifs.Body.List
	default:
		return "", nil, nil, nil
	}
	var g []*ast.GoStmt
	for _, s := range stmts {
		if gs, ok := s.(*ast.GoStmt); ok && c.handedOn([]ast.Stmt{gs}, msg.Name) {
			g = append(g, gs)
			continue
		}
		if c.handedOn([]ast.Stmt{s}, msg.Name) {
			// Go statements nested in s (an if, a switch, a loop over
			// sinks) run in place too, when they are all s hands on.
			nested := c.nestedGo(s, msg.Name)
			if nested == nil || c.handedOnBut([]ast.Stmt{s}, msg.Name, nested) {
				return "", nil, nil, nil
			}
			g = append(g, nested...)
		}
	}
	if g == nil {
		return "", nil, nil, nil
	}
	return msg.Name, list, stmt, g
}

// nestedGo returns the go statements nested in s (outside function
// literals) that hand msg to a goroutine and whose function literal, run
// in place, hands it on no further; nil when one does.
func (c *checker) nestedGo(s ast.Stmt, msg string) []*ast.GoStmt {
	var out []*ast.GoStmt
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			if c.handedOn([]ast.Stmt{n}, msg) {
				if lit, isLit := n.Call.Fun.(*ast.FuncLit); isLit && c.handedOn(lit.Body.List, msg) {
					ok = false
				}
				out = append(out, n)
			}
			return false
		}
		return ok
	})
	if !ok {
		return nil
	}
	return out
}

// inPlace returns the edits that run the go statements' calls in place,
// one after the other.
func inPlace(gs []*ast.GoStmt) []analysis.TextEdit {
	var out []analysis.TextEdit
	for _, g := range gs {
		out = append(out, analysis.TextEdit{Pos: g.Pos(), End: g.Call.Pos()})
	}
	return out
}
