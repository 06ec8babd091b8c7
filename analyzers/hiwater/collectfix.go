package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// collectorLowWater builds the fix of an arrival-order finding whose
// collector is the consume loop itself (a select receiving both records
// and completions): the goroutines keep running, and the loop writes a
// low-water mark instead of each completion's own position. A tracker (the
// one the fix declares: edit.DeclareTracker) is made before the loop, each record is started in
// it right before its goroutine, and the statement of the position call
// becomes
//
//	if next, ok := tracker.Done(lowWaterKey{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
//		sess.MarkOffset(m.Topic, m.Partition, next, "")
//	}
//
// A Start that fails meets a partition consumed again from an earlier
// offset (a rebalance gave it back, or the client rewound it): the
// partition is forgotten and started over, so that a rebalance does not
// end the loop; the records still running from before it complete
// offsets a finished record of the new run would complete too. The
// second Start fails only on an invalid offset (negative, or the largest
// int64), which no fetched record has: its result is discarded.
//
// It requires the client to spell the low-water write
// (clientmodel.LowWaterWriteOf), the goroutine to be a go statement of the
// loop sending the record it captures or is given as an argument (alone,
// or in a field of a struct: result{msg: msg, err: err}), and the
// position call to take one record, that variable or field (m, res.msg),
// in a statement of its own or the init of an if statement without else.
func (c *checker) collectorLowWater(f *finding) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	call, s := f.call, f.site
	lw := clientmodel.LowWaterWriteOf(call.Client)
	if lw == nil || lw.Calls[call.Func] == "" || s.kind != perRecord || call.Fn != s.spawner() {
		return fail()
	}
	g, ok := s.l.instr.(*ssa.Go)
	if !ok {
		return fail()
	}
	gs := goStmtAt(c.pass, g.Pos())
	if gs == nil {
		return fail()
	}
	if _, i := stmtListOf(c.pass, gs); i < 0 {
		return fail()
	}
	// The record the goroutine sends to the loop: a variable of the loop
	// it captures.
	ci, ok := call.Instr.(*ssa.Call)
	if !ok {
		return fail()
	}
	// (The one record of a variadic call is a leaf of its slice.)
	arg0 := ssaflow.Arg(ci.Common(), call.Record)
	var ch ssa.Value
	for _, v := range append([]ssa.Value{arg0}, c.leavesOf(arg0).recs...) {
		if kind, o := c.origin(call.Fn, v); kind == originRecv {
			ch = o
			break
		}
	}
	if ch == nil {
		return fail()
	}
	// The record written: the completion received (m), or a field of it
	// (res.msg, the goroutine sending result{msg: msg, err: err}).
	ce, _ := edit.CallAt(c.pass, call.Pos())
	if ce == nil || call.Record >= len(ce.Args) {
		return fail()
	}
	var field *ast.SelectorExpr
	switch x := ast.Unparen(ce.Args[call.Record]).(type) {
	case *ast.Ident:
	case *ast.SelectorExpr:
		if _, ok := ast.Unparen(x.X).(*ast.Ident); !ok {
			return fail()
		}
		field = x
	default:
		return fail()
	}
	var rec *ast.Ident
	for _, send := range c.sends {
		if send.Parent() != s.l.fn || !ssaflow.Intersects(c.roots(send.Chan), c.roots(ch)) {
			continue
		}
		ss, ok := edit.Path(c.pass, send.Pos())[0].(*ast.SendStmt)
		if !ok {
			return fail()
		}
		val := ast.Unparen(ss.Value)
		if field != nil {
			val = c.fieldValue(val, field)
		}
		id, ok := val.(*ast.Ident)
		if !ok || rec != nil && id.Name != rec.Name {
			return fail()
		}
		rec = id
	}
	if rec == nil {
		return fail()
	}
	obj := c.pass.TypesInfo.Uses[rec]
	if obj != nil && c.lookupAt(gs.Pos(), rec.Name) != obj {
		// A parameter of the goroutine (go func(m *Msg) { ... }(msg)):
		// the argument the go statement passes.
		rec = c.goArg(gs, obj)
		if rec == nil {
			return fail()
		}
		obj = c.pass.TypesInfo.Uses[rec]
	}
	if obj == nil || c.lookupAt(gs.Pos(), rec.Name) != obj {
		return fail()
	}
	return c.trackerFix(call, gs, rec, nil)
}

// goArg returns the argument go statement gs passes for parameter param of
// the function it starts (a function literal or a named function), when
// it is a variable; or nil.
func (c *checker) goArg(gs *ast.GoStmt, param types.Object) *ast.Ident {
	sig, ok := c.pass.TypesInfo.TypeOf(gs.Call.Fun).(*types.Signature)
	if !ok || sig.Variadic() || gs.Call.Ellipsis.IsValid() || len(gs.Call.Args) != sig.Params().Len() {
		return nil
	}
	idx := -1
	if lit, isLit := ast.Unparen(gs.Call.Fun).(*ast.FuncLit); isLit {
		i := 0
		for _, f := range lit.Type.Params.List {
			for _, n := range f.Names {
				if c.pass.TypesInfo.Defs[n] == param {
					idx = i
				}
				i++
			}
		}
	} else {
		// A named function's parameters are those of its declaration.
		var fn *types.Func
		switch x := ast.Unparen(gs.Call.Fun).(type) {
		case *ast.Ident:
			fn, _ = c.pass.TypesInfo.Uses[x].(*types.Func)
		case *ast.SelectorExpr:
			fn, _ = c.pass.TypesInfo.Uses[x.Sel].(*types.Func)
		}
		if fn == nil {
			return nil
		}
		ps := fn.Type().(*types.Signature).Params()
		for i := 0; i < ps.Len(); i++ {
			if ps.At(i) == param {
				idx = i
			}
		}
	}
	if idx < 0 {
		return nil
	}
	id, _ := ast.Unparen(gs.Call.Args[idx]).(*ast.Ident)
	return id
}

// fieldValue returns the value composite literal e (or &e) gives the
// field sel selects (result{msg: msg} for res.msg), when e is of the type
// sel selects from, or nil.
func (c *checker) fieldValue(e ast.Expr, sel *ast.SelectorExpr) ast.Expr {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	deref := func(t types.Type) types.Type {
		if p, ok := t.(*types.Pointer); ok {
			return p.Elem()
		}
		return t
	}
	lt, st := c.pass.TypesInfo.TypeOf(cl), c.pass.TypesInfo.TypeOf(sel.X)
	if lt == nil || st == nil || !types.Identical(deref(lt), deref(st)) {
		return nil
	}
	for _, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == sel.Sel.Name {
				return ast.Unparen(kv.Value)
			}
		}
	}
	return nil
}

// trackerFix builds the low-water fix of position call call: a tracker
// made before the loop around go statement gs, the record rec (a variable
// visible at gs) started in it right before gs, and the statement of the
// call, whose record is a variable, writing what the tracker's Done
// returns. When captured is not nil, the call's record must be that
// variable.
func (c *checker) trackerFix(call *consumer.Call, gs *ast.GoStmt, rec *ast.Ident, captured types.Object) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	lw := clientmodel.LowWaterWriteOf(call.Client)
	if lw == nil || lw.Calls[call.Func] == "" {
		return fail()
	}
	// The position call, and its record.
	ce, cpath := edit.CallAt(c.pass, call.Pos())
	if ce == nil || len(cpath) < 2 || call.Record >= len(ce.Args) || ce.Ellipsis.IsValid() {
		return fail()
	}
	if sig, ok := c.pass.TypesInfo.TypeOf(ce.Fun).(*types.Signature); !ok ||
		sig.Variadic() && call.Record == sig.Params().Len()-1 && len(ce.Args) != call.Record+1 {
		return fail() // several records, one write
	}
	stmt, ok := c.positionStmt(ce, cpath)
	sel, ok2 := ce.Fun.(*ast.SelectorExpr)
	// The record written: a variable, or a field of one (res.msg).
	done := ""
	switch x := ast.Unparen(ce.Args[call.Record]).(type) {
	case *ast.Ident:
		if captured == nil || c.pass.TypesInfo.Uses[x] == captured {
			done = x.Name
		}
	case *ast.SelectorExpr:
		if _, isID := ast.Unparen(x.X).(*ast.Ident); isID && captured == nil {
			done = c.src(x)
		}
	}
	if !ok || !ok2 || done == "" || rec.Name == "err" {
		return fail()
	}
	recv := c.src(sel.X)
	if recv == "" {
		return fail()
	}
	// next and ok, declared around the statement, must not hide a name it
	// uses.
	hides := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && (id.Name == "next" || id.Name == "ok") {
			hides = true
		}
		return !hides
	})
	if hides {
		return fail()
	}
	arg := ""
	if call.Record > 0 {
		if arg = c.src(ce.Args[0]); arg == "" {
			return fail()
		}
	}
	// The loop around the go statement and the collector, and the
	// function's results.
	loop, _ := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	if loop == nil || !(loop.Pos() <= stmt.Pos() && stmt.End() <= loop.End()) {
		return fail()
	}
	outer := ast.Stmt(loop)
	if ls, ok := edit.Path(c.pass, loop.Pos())[1].(*ast.LabeledStmt); ok && ls.Stmt == loop {
		outer = ls
	}
	tracker := edit.FreeName(c.pass, outer.Pos(), "tracker")
	if strings.Contains(recv, tracker) || strings.Contains(arg, tracker) ||
		c.lookupAt(gs.Pos(), tracker) != nil || c.lookupAt(stmt.Pos(), tracker) != nil {
		return fail() // a name of the loop's would hide it
	}
	tc, imports, ok := c.trackerCode(lw, outer, stmt, tracker)
	if !ok {
		return fail()
	}
	// A completion the collecting case drops (a failure logged and
	// skipped) is done all the same, when the case reads nothing of the
	// record but scalar fields (it cannot hand it on for a retry): the
	// case calls Done first, and the statement writes the mark if it
	// advanced. Otherwise the statement calls Done, and a record it skips
	// holds the mark.
	nextName, early := "next", ""
	var first ast.Stmt
	if captured == nil {
		if cc := c.completionCase(stmt, ce, ce.Args[call.Record]); cc != nil && cc.Body[0] != stmt {
			first = cc.Body[0]
			nextName = edit.FreeName(c.pass, first.Pos(), "next")
			early = edit.FreeName(c.pass, first.Pos(), "advanced")
			if nextName == early || strings.Contains(recv, nextName) || strings.Contains(recv, early) {
				return fail()
			}
		}
	}
	// The statement, its call replaced by the write.
	stmtSrc := c.src(stmt)
	callSrc := c.src(ce)
	if stmtSrc == "" || callSrc == "" {
		return fail()
	}
	at := int(ce.Pos() - stmt.Pos())
	written := stmtSrc[:at] + tc.Write(call.Func, recv, arg, done, nextName) + stmtSrc[at+len(callSrc):]
	key := edit.FreeName(c.pass, gs.Pos(), "tp")
	if key == tracker || strings.Contains(recv, key) {
		return fail()
	}
	edits := append(imports,
		edit.InsertBefore(c.pass, outer, tc.Make()),
		edit.InsertBefore(c.pass, gs, tc.Start(rec.Name, key)),
	)
	if early != "" {
		edits = append(edits,
			edit.InsertBefore(c.pass, first, fmt.Sprintf("%s, %s := %s.Done(%s, %s)", nextName, early, tracker, tc.Key(done), tc.Offset(done))),
			c.replaceStmt(stmt, fmt.Sprintf("if %s {\n\t%s\n}", early, strings.ReplaceAll(written, "\n", "\n\t"))))
	} else {
		edits = append(edits, c.replaceStmt(stmt, tc.Done(done, written)))
	}
	if captured != nil {
		// A goroutine's early returns dropping its record (a failure
		// reported and skipped) are done as before.
		for _, ret := range c.droppingReturns(stmt, captured) {
			edits = append(edits, edit.InsertBefore(c.pass, ret, fmt.Sprintf("%s.Done(%s, %s) // dropped as before: done, so that it does not hold the mark", tracker, tc.Key(done), tc.Offset(done))))
		}
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Track the %ss in flight and %s the low-water mark", call.Client.RecordNoun, roleWord(call.Role)),
		TextEdits: edits,
	}, true
}

// droppingReturns returns the returns of the goroutine making position
// statement stmt that skip it and drop the record v: each the last
// statement of an if statement without else and init that comes before
// stmt in a statement list enclosing it within the goroutine, where the
// if's body uses v only through selections carrying no record (it cannot
// hand the record on for a retry) and sends no failure to a loop that
// may end on it (the session ends and the record comes back: not a drop;
// stopsOnSend). The original goroutine skipped the
// position call there while later records' calls passed it: marking it
// done keeps that policy, and keeps the tracker from holding every later
// offset.
func (c *checker) droppingReturns(stmt ast.Stmt, v types.Object) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	path := edit.Path(c.pass, stmt.Pos())
	for i, n := range path {
		if _, isLit := n.(*ast.FuncLit); isLit {
			break
		}
		b, ok := n.(*ast.BlockStmt)
		if !ok || i == 0 {
			continue
		}
		child := path[i-1]
		for _, st := range b.List {
			if st == child {
				break
			}
			ifs, ok := st.(*ast.IfStmt)
			if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 {
				continue
			}
			ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
			if !ok || len(ret.Results) > 0 || !c.onlyScalars(ifs.Body.List, v) || c.stopsOnSend(ifs.Body, stmt) {
				// A failure sent to a loop that ends on it (the session
				// ends, and the record comes back) is not dropped.
				continue
			}
			out = append(out, ret)
		}
	}
	return out
}

// stopsOnSend reports whether b sends on a channel that a loop of the
// function declaring at (outside the goroutine) may end on: a receive
// from it in a select case whose body leaves (case err := <-failures:
// return err) or keeps the failure (failed = err), a receive outside a
// select, or none found there (where the
// receiver is not seen, the failure is not taken for a drop).
func (c *checker) stopsOnSend(b *ast.BlockStmt, at ast.Node) bool {
	var chans []types.Object
	ast.Inspect(b, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			chans = append(chans, c.namedVar(x.Chan))
		}
		return true
	})
	if len(chans) == 0 {
		return false
	}
	var decl *ast.FuncDecl
	for _, n := range edit.Path(c.pass, at.Pos()) {
		if fd, ok := n.(*ast.FuncDecl); ok {
			decl = fd
		}
	}
	if decl == nil || slices.Contains(chans, nil) {
		return true
	}
	received, stops := false, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CommClause:
			var recv ast.Expr
			switch comm := x.Comm.(type) {
			case *ast.AssignStmt:
				if len(comm.Rhs) == 1 {
					recv = comm.Rhs[0]
				}
			case *ast.ExprStmt:
				recv = comm.X
			}
			if u, ok := ast.Unparen(recv).(*ast.UnaryExpr); ok && u.Op == token.ARROW && slices.Contains(chans, c.namedVar(u.X)) {
				received = true
				stops = stops || c.leavesIn(x.Body) || !edit.OnlyReports(x.Body)
				return false
			}
		case *ast.UnaryExpr:
			if x.Op == token.ARROW && slices.Contains(chans, c.namedVar(x.X)) {
				received, stops = true, true
			}
		}
		return true
	})
	return !received || stops
}

// namedVar returns the variable or field an expression names (a channel,
// a collection), or nil.
func (c *checker) namedVar(e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		return c.pass.TypesInfo.Uses[x.Sel]
	}
	return nil
}

// onlyScalars reports whether stmts use variable v only through
// selections that carry no record (m.Offset, res.err).
func (c *checker) onlyScalars(stmts []ast.Stmt, v types.Object) bool {
	clean := true
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				if c.usesObj(x, v) {
					clean = false
				}
				return false
			case *ast.SelectorExpr:
				if r := selectorRoot(x); r != nil && c.pass.TypesInfo.Uses[r] == v {
					if t := c.pass.TypesInfo.TypeOf(x); t != nil && !c.isRecord(t) && !c.carriesRecords(types.NewChan(types.SendRecv, t)) {
						return false
					}
				}
			case *ast.Ident:
				if c.pass.TypesInfo.Uses[x] == v {
					clean = false
				}
			}
			return clean
		})
	}
	return clean
}

// usesObj reports whether n mentions v.
func (c *checker) usesObj(n ast.Node, v types.Object) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// completionCase returns the select case receiving the completion whose
// record rec (a variable, or a field of one) position call ce writes in
// statement stmt, a statement of the case's body, when the case uses the
// received variable otherwise only through selections that carry no
// record (res.err, res.msg.Offset); or nil.
func (c *checker) completionCase(stmt ast.Stmt, ce *ast.CallExpr, rec ast.Expr) *ast.CommClause {
	root := ast.Unparen(rec)
	if sel, ok := root.(*ast.SelectorExpr); ok {
		root = ast.Unparen(sel.X)
	}
	id, ok := root.(*ast.Ident)
	if !ok {
		return nil
	}
	v := c.pass.TypesInfo.Uses[id]
	var cc *ast.CommClause
	for _, n := range edit.Path(c.pass, stmt.Pos()) {
		if x, isCC := n.(*ast.CommClause); isCC {
			cc = x
			break
		}
	}
	if cc == nil || v == nil {
		return nil
	}
	as, ok := cc.Comm.(*ast.AssignStmt)
	if !ok || len(as.Lhs) == 0 {
		return nil
	}
	if lhs, isID := as.Lhs[0].(*ast.Ident); !isID || c.pass.TypesInfo.ObjectOf(lhs) != v {
		return nil
	}
	in := false
	for _, st := range cc.Body {
		if st == stmt {
			in = true
		}
	}
	if !in {
		return nil
	}
	clean := true
	for _, st := range cc.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if x == ce {
					return false
				}
			case *ast.SelectorExpr:
				if r := selectorRoot(x); r != nil && c.pass.TypesInfo.Uses[r] == v {
					if t := c.pass.TypesInfo.TypeOf(x); t != nil && !c.isRecord(t) && !c.carriesRecords(types.NewChan(types.SendRecv, t)) {
						return false // a scalar of the record (res.err, res.msg.Offset)
					}
				}
			case *ast.Ident:
				if c.pass.TypesInfo.Uses[x] == v {
					clean = false
				}
			}
			return clean
		})
	}
	if !clean {
		return nil
	}
	return cc
}

// positionStmt returns the statement of position call ce (path its
// enclosing nodes): an expression statement, or an if statement (with or
// without else: the whole statement goes in the mark's branch) whose init
// is an assignment of the call's results.
func (c *checker) positionStmt(ce *ast.CallExpr, path []ast.Node) (ast.Stmt, bool) {
	switch st := path[1].(type) {
	case *ast.ExprStmt:
		return st, true
	case *ast.AssignStmt:
		if len(path) < 3 || len(st.Rhs) != 1 || ast.Unparen(st.Rhs[0]) != ast.Expr(ce) {
			return nil, false
		}
		if ifs, ok := path[2].(*ast.IfStmt); ok && ifs.Init == ast.Stmt(st) {
			return ifs, true
		}
	}
	return nil, false
}

// selectorRoot returns the name a selector chain starts from (m in
// m.Value.Key), or nil when it starts from something else.
func selectorRoot(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}
