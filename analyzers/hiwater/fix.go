package hiwater

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// fix builds the fix of a finding:
//   - a position call inside a goroutine (or errgroup function) started per
//     record of a batch whose goroutines are, or can be, joined in the same
//     function: move the call after the join, for the whole batch;
//   - otherwise, a goroutine started per record: remove the go statement,
//     so that records are processed one at a time, in order;
//   - a worker pool started by a counting loop: start a single worker.
//
// Routing completions through a low-water-mark tracker keeps the
// concurrency, but needs code the user's module may not have; doc.go
// shows it.
func (c *checker) fix(f *finding) (analysis.SuggestedFix, bool) {
	s := f.site
	switch s.kind {
	case pool:
		if c.fedConcurrently(s) {
			// One worker would still take the records in whatever order
			// several feeding goroutines send them: no fix here.
			return analysis.SuggestedFix{}, false
		}
		if fix, ok := c.singleWorker(s); ok {
			return fix, true
		}
		if fix, ok := c.firstWorkerOnly(f); ok {
			return fix, true
		}
		return c.loopOnce(f)
	case lanes:
		return c.laneFix(s)
	}
	if f.category == CategoryConcurrent {
		if fix, ok := c.batchFix(f); ok {
			return fix, true
		}
	}
	if f.category == CategoryArrival {
		if fix, ok := c.collectorLowWater(f); ok {
			return fix, true
		}
	}
	if s.l.group {
		if fix, ok := c.inlineGroupFunc(s); ok {
			return fix, true
		}
		if fix, ok := c.limitGroup(s); ok {
			return fix, true
		}
		return c.groupInPlace(s)
	}
	// A collector that is the loop's own function makes the goroutine's
	// send wait for a receive after the loop: dropGo refuses it (it would
	// wait for itself), bufferSends gives the sends room.
	if fix, ok := c.dropGo(s); ok {
		return fix, true
	}
	if fix, ok := c.bufferSends(s); ok {
		return fix, true
	}
	if fix, ok := c.waitEachIteration(s); ok {
		return fix, true
	}
	if fix, ok := c.goroutineLowWater(f); ok {
		return fix, true
	}
	return c.asyncLoopSends(s)
}

// ---- remove the go statement ----

// dropGo removes the go keyword of a per-record go statement, when the
// goroutine can run in place (runsInPlace).
func (c *checker) dropGo(s *site) (analysis.SuggestedFix, bool) {
	if sc, ok := s.l.instr.(*ssa.Call); ok {
		return c.callInPlace(s, sc)
	}
	g, ok := s.l.instr.(*ssa.Go)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var gs *ast.GoStmt
	for _, n := range edit.Path(c.pass, g.Pos()) {
		if x, ok := n.(*ast.GoStmt); ok && x.Go == g.Pos() {
			gs = x
			break
		}
	}
	if gs == nil {
		return analysis.SuggestedFix{}, false
	}
	drop := analysis.TextEdit{Pos: gs.Go, End: gs.Call.Pos()}
	if c.runsInPlace(s) {
		return analysis.SuggestedFix{
			Message:   "Process records one at a time: remove the go statement",
			TextEdits: []analysis.TextEdit{drop},
		}, true
	}
	edits, ok := c.nonBlockingLoopSends(s)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Process records one at a time: remove the go statement, and send to the loop's channel without waiting",
		TextEdits: append([]analysis.TextEdit{drop}, edits...),
	}, true
}

// callInPlace is dropGo for a call of a spawner of the package
// (spawn(func() {...})), made as a statement: the function literal it is
// given is called in place instead, when the goroutine can run in place
// (runsInPlace). Not for a spawner that returns something (its call is
// used), nor for one that recovers a panic (GoSafe: in place, a panic
// would end the consume loop), nor for one of another package, whose body
// is out of sight.
func (c *checker) callInPlace(s *site, sc *ssa.Call) (analysis.SuggestedFix, bool) {
	call, path := edit.CallAt(c.pass, sc.Pos())
	spawner := sc.Common().StaticCallee()
	if call == nil || len(path) < 2 || spawner == nil || !c.m.Flow.InPackage(spawner) || recovers(spawner) ||
		spawner.Signature.Results().Len() > 0 || !c.runsInPlace(s) {
		return analysis.SuggestedFix{}, false
	}
	if es, ok := path[1].(*ast.ExprStmt); !ok || es.X != ast.Expr(call) {
		return analysis.SuggestedFix{}, false
	}
	var lit *ast.FuncLit
	for _, a := range call.Args {
		if l, ok := ast.Unparen(a).(*ast.FuncLit); ok && c.pass.TypesInfo.Types[l].Type != nil && lit == nil {
			lit = l
		}
	}
	started := ssaflow.Literal(c.m.Flow.Started(sc))
	if lit == nil || started == nil || started.Pos() != lit.Type.Func {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Process records one at a time: call the function in place of " + edit.Source(c.pass, call.Fun),
		TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: lit.Pos()}, {Pos: lit.End(), End: call.End(), NewText: []byte("()")}},
	}, true
}

// recovers reports whether fn or a function literal of it calls recover.
func recovers(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(ssa.CallInstruction); ok {
				if bi, ok := c.Common().Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
					return true
				}
			}
		}
	}
	return slices.ContainsFunc(fn.AnonFuncs, recovers)
}

// sameGoroutine returns fn and the functions enclosing it that run in
// the goroutine fn runs in: its parent when fn is a literal the parent
// calls (fs.EachRecord(func(r) { ... })), not when the parent starts it
// with a go statement, and so on outwards.
func sameGoroutine(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for fn != nil {
		out = append(out, fn)
		parent := fn.Parent()
		if parent == nil {
			break
		}
		for _, b := range parent.Blocks {
			for _, in := range b.Instrs {
				g, ok := in.(*ssa.Go)
				if !ok {
					continue
				}
				if v := g.Call.Value; v == fn || ssaflow.Literal(v) == fn {
					return out
				}
			}
		}
		fn = parent
	}
	return out
}

// polledBuffered reports whether each of roots is a channel made with a
// constant room of at least one, and the functions enclosing the
// goroutine only poll it: every receive from it is a case of a select
// with a default (the loop checks it between polls; a loop that waits
// on it collects completions, and a send made not to wait would drop
// them).
func (c *checker) polledBuffered(s *site, roots []ssa.Value) bool {
	for _, r := range roots {
		mc, ok := r.(*ssa.MakeChan)
		if !ok {
			return false
		}
		size, ok := mc.Size.(*ssa.Const)
		if !ok || size.Int64() < 1 {
			return false
		}
	}
	for _, fn := range sameGoroutine(s.spawner()) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.UnOp:
					if x.Op == token.ARROW && ssaflow.Intersects(c.roots(x.X), roots) {
						return false
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.RecvOnly && x.Blocking && ssaflow.Intersects(c.roots(st.Chan), roots) {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// nonBlockingLoopSends returns the edits that make the goroutine's own
// send statements on channels its loop receives from (`errs <- err`, the
// loop checking errs at the top of each poll) not wait: `select { case
// errs <- err: default: }`. Run in place, a send the buffer has no room
// for would wait for the loop, which waits for it; without waiting, a
// value the buffer has no room for is dropped, as the goroutine that
// would have waited forever for it dropped it. False unless these are
// all that stops the goroutine from running in place, and each is a
// plain statement of the goroutine's function (not in a select, not in
// a function it calls).
func (c *checker) nonBlockingLoopSends(s *site) ([]analysis.TextEdit, bool) {
	var recv []ssa.Value
	for _, fn := range sameGoroutine(s.spawner()) {
		recv = append(recv, c.recvChans(fn)...)
	}
	var roots []ssa.Value
	var sends []*ssa.Send
	for _, b := range s.l.fn.Blocks {
		for _, in := range b.Instrs {
			if x, ok := in.(*ssa.Send); ok && ssaflow.Intersects(c.roots(x.Chan), recv) {
				sends = append(sends, x)
				roots = append(roots, c.roots(x.Chan)...)
			}
		}
	}
	if len(sends) == 0 || !c.runsInPlaceSending(s, roots) || !c.polledBuffered(s, roots) {
		return nil, false
	}
	// No function the goroutine calls may send on them too.
	for _, b := range s.l.fn.Blocks {
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			var callee *ssa.Function
			if mc, ok := ci.Common().Value.(*ssa.MakeClosure); ok {
				callee, _ = mc.Fn.(*ssa.Function)
			} else if f := ssaflow.Body(ci.Common().StaticCallee()); f != nil && c.m.Flow.InPackage(f) {
				callee = f
			}
			if callee != nil && ssaflow.Intersects(c.sentChansDeep(callee, map[*ssa.Function]bool{}, 0), roots) {
				return nil, false
			}
		}
	}
	var edits []analysis.TextEdit
	for _, x := range sends {
		var st *ast.SendStmt
		path := edit.Path(c.pass, x.Pos())
		for i, n := range path {
			if ss, ok := n.(*ast.SendStmt); ok && ss.Arrow == x.Pos() {
				if i+1 < len(path) {
					if _, inSelect := path[i+1].(*ast.CommClause); inSelect {
						return nil, false
					}
				}
				st = ss
				break
			}
		}
		if st == nil {
			return nil, false
		}
		indent := edit.Indent(c.pass, st.Pos())
		text := "select {\n" + indent + "case " + edit.Source(c.pass, st) + ":\n" + indent + "default:\n" + indent + "}"
		edits = append(edits, analysis.TextEdit{Pos: st.Pos(), End: st.End(), NewText: []byte(text)})
	}
	return edits, true
}

// inlineGroupFunc runs a per-record errgroup function in place, in a
// function returning just an error: `g.Go(func() error { ... })` becomes
// `if err := func() error { ... }(); err != nil { return err }`, so that
// the records are processed one at a time, in order, and the first error
// is returned as Wait would have returned it.
func (c *checker) inlineGroupFunc(s *site) (analysis.SuggestedFix, bool) {
	ce, path := edit.CallAt(c.pass, s.l.instr.Pos())
	if ce == nil || len(path) < 2 || len(ce.Args) != 1 || !c.runsInPlace(s) {
		return analysis.SuggestedFix{}, false
	}
	stmt, end, kept, after, ok := c.groupStmt(s, path)
	lit, isLit := ast.Unparen(ce.Args[0]).(*ast.FuncLit)
	if !ok || !isLit {
		return analysis.SuggestedFix{}, false
	}
	var sig *types.Signature
	for _, n := range path[2:] {
		if fl, ok := n.(*ast.FuncLit); ok {
			sig, _ = c.pass.TypesInfo.TypeOf(fl).(*types.Signature)
			break
		}
		if fd, ok := n.(*ast.FuncDecl); ok {
			if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				sig = fn.Type().(*types.Signature)
			}
			break
		}
	}
	errType := types.Universe.Lookup("error").Type()
	if sig == nil || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), errType) {
		return analysis.SuggestedFix{}, false
	}
	if sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr); !ok || !c.waitReturned(path, edit.Source(c.pass, sel.X)) {
		// The group's error is logged, or dropped: returning it would
		// stop where the code carried on (groupInPlace hands it to the
		// group instead).
		return analysis.SuggestedFix{}, false
	}
	tf := c.pass.Fset.File(lit.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.SuggestedFix{}, false
	}
	// The literal as written, comments kept, its lines where they were.
	src := string(content[tf.Offset(lit.Pos()):tf.Offset(lit.End())])
	indent := edit.Indent(c.pass, stmt.Pos())
	tail, ok := c.keptText(kept, indent)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	text := "if err := " + src + "(); err != nil {\n" + indent + "\treturn err\n" + indent + "}" + tail
	if after != "" {
		text += "\n" + indent + after
	}
	return analysis.SuggestedFix{
		Message:   "Process records one at a time: call the group function in place",
		TextEdits: []analysis.TextEdit{{Pos: stmt.Pos(), End: end, NewText: []byte(text)}},
	}, true
}

// waitReturned reports whether the function around path returns the
// error of group's Wait: `return group.Wait()`, or an if whose init
// assigns it and whose body ends returning a value that names it. A
// function literal that is itself one of group's functions
// (group.Go(func() error { ... })) returns into the group: the function
// around it is asked.
func (c *checker) waitReturned(path []ast.Node, group string) bool {
	isWait := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Wait" && edit.Source(c.pass, sel.X) == group
	}
	for i, n := range path {
		var body *ast.BlockStmt
		switch x := n.(type) {
		case *ast.FuncLit:
			body = x.Body
		case *ast.FuncDecl:
			body = x.Body
		default:
			continue
		}
		if returnsWait(body, isWait) {
			return true
		}
		if _, lit := n.(*ast.FuncLit); !lit || i+1 >= len(path) || !c.groupGo(path[i+1], group) {
			return false
		}
	}
	return false
}

// groupGo reports whether n is a call of group's Go.
func (c *checker) groupGo(n ast.Node, group string) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Go" && edit.Source(c.pass, sel.X) == group
}

// returnsWait reports whether body (outside function literals) returns
// what isWait matches, or an if whose init assigns it and whose body ends
// returning a value that names the variable.
func returnsWait(body *ast.BlockStmt, isWait func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = found || slices.ContainsFunc(x.Results, isWait)
		case *ast.IfStmt:
			as, ok := x.Init.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || !isWait(as.Rhs[0]) || len(as.Lhs) != 1 || len(x.Body.List) == 0 {
				return true
			}
			id, ok := as.Lhs[0].(*ast.Ident)
			ret, isRet := x.Body.List[len(x.Body.List)-1].(*ast.ReturnStmt)
			if ok && isRet && slices.ContainsFunc(ret.Results, func(e ast.Expr) bool {
				named := false
				ast.Inspect(e, func(m ast.Node) bool {
					if mid, ok := m.(*ast.Ident); ok && mid.Name == id.Name {
						named = true
					}
					return !named
				})
				return named
			}) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isTryGo reports whether launch l is a call of errgroup's TryGo.
func isTryGo(l *launch) bool {
	if !l.group {
		return false
	}
	fn := ssaflow.Callee(l.instr.Common())
	return fn != nil && fn.Name() == "TryGo"
}

// groupStmt returns the statement starting the group function of s that
// a fix calling it in place replaces, path being the path of the call, and
// for TryGo the block of statements run when the group had room, kept
// after the call: the call's own statement (g.Go(f), g.TryGo(f)), or for
// TryGo an if statement without init whose condition is !g.TryGo(f) or
// g.TryGo(f) (run in place, the function always runs, so the branch for a
// full group is dropped, the other kept), or a loop `for !g.TryGo(f) {
// ... }` waiting for room (the function runs at once, the loop goes). Not
// when the dropped branch holds the last use of an import or a variable,
// is an else-if, or the kept one declares a name at its top. A variable
// defined by a statement of its own (started := g.TryGo(f)) and read only
// by the condition of the if statement right after it (if !started { ...
// }) counts as that if's init: the replaced statements then run from the
// definition to the end of the if, end. Otherwise, a statement of its
// own assigning the result to one variable (started := g.TryGo(f), read
// elsewhere) is replaced alone, and the variable is then set to true,
// after: the function did start.
func (c *checker) groupStmt(s *site, path []ast.Node) (stmt ast.Stmt, end token.Pos, kept *ast.BlockStmt, after string, ok bool) {
	if st, ok := path[1].(*ast.ExprStmt); ok {
		return st, st.End(), nil, "", true
	}
	if !isTryGo(s.l) || len(path) < 3 {
		return nil, token.NoPos, nil, "", false
	}
	cond, parent, neg := ast.Expr(path[0].(*ast.CallExpr)), path[1], false
	var init ast.Stmt
	if u, ok := path[1].(*ast.UnaryExpr); ok && u.Op == token.NOT {
		cond, parent, neg = u, path[2], true
	} else if as, ok := path[1].(*ast.AssignStmt); ok {
		if _, i := stmtListOf(c.pass, as); i >= 0 {
			// A statement of its own: started := g.TryGo(f).
			if is, isIf := c.ownResultIf(as); isIf {
				// if !started { ... } right after, its only reader.
				if cond, neg, ok := c.initResult(as, is); ok {
					if _, end, kept, ok := c.groupStmtAt(is, cond, nil, neg, as); ok {
						return as, end, kept, "", true
					}
				}
			}
			if len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.DEFINE && as.Tok != token.ASSIGN {
				return nil, token.NoPos, nil, "", false
			}
			lhs := c.src(as.Lhs[0])
			if lhs == "" || strings.Contains(lhs, "err") {
				return nil, token.NoPos, nil, "", false
			}
			return as, as.End(), nil, lhs + " " + as.Tok.String() + " true // the function ran", true
		}
		// if ok := g.TryGo(f); !ok { ... }: ok read by the condition alone.
		cond, neg, ok = c.initResult(as, path[2])
		if !ok {
			return nil, token.NoPos, nil, "", false
		}
		init, parent = as, path[2]
	}
	st, end, kept, ok := c.groupStmtAt(parent, cond, init, neg, nil)
	return st, end, kept, "", ok
}

// groupStmtAt is groupStmt's statement for a TryGo call in condition
// cond (negated: neg) of statement parent, with init (if ok :=
// g.TryGo(f); !ok), the replaced statements starting at first when not
// nil.
func (c *checker) groupStmtAt(parent ast.Node, cond ast.Expr, init ast.Stmt, neg bool, first ast.Stmt) (ast.Stmt, token.Pos, *ast.BlockStmt, bool) {
	switch st := parent.(type) {
	case *ast.IfStmt:
		if st.Cond != cond || st.Init != init {
			return nil, token.NoPos, nil, false
		}
		if first == nil {
			first = st
		}
		var full, room ast.Stmt = st.Else, st.Body
		if neg {
			full, room = room, full
		}
		if full != nil {
			if _, isBlock := full.(*ast.BlockStmt); !isBlock || c.lastUseIn(full) {
				return nil, token.NoPos, nil, false
			}
		}
		if room == nil {
			return first, st.End(), nil, true
		}
		b, isBlock := room.(*ast.BlockStmt)
		if !isBlock || declaresAtTop(b) {
			return nil, token.NoPos, nil, false
		}
		return first, st.End(), b, true
	case *ast.ForStmt:
		if !neg || st.Cond != cond || st.Init != nil || st.Post != nil || c.lastUseIn(st.Body) {
			return nil, token.NoPos, nil, false
		}
		return st, st.End(), nil, true
	}
	return nil, token.NoPos, nil, false
}

// ownResultIf returns the if statement right after as, a statement of its
// own defining one variable (started := g.TryGo(f)), when the if has no
// init and its condition is the only reader of the variable in the block.
func (c *checker) ownResultIf(as *ast.AssignStmt) (*ast.IfStmt, bool) {
	if as.Tok != token.DEFINE || len(as.Lhs) != 1 {
		return nil, false
	}
	list, i := stmtListOf(c.pass, as)
	if i < 0 || i+1 >= len(list) {
		return nil, false
	}
	is, ok := list[i+1].(*ast.IfStmt)
	id, isID := as.Lhs[0].(*ast.Ident)
	if !ok || !isID || is.Init != nil {
		return nil, false
	}
	v := c.pass.TypesInfo.Defs[id]
	if v == nil {
		return nil, false
	}
	uses := 0
	for _, st := range list[i+1:] {
		uses += c.count(st, v)
	}
	return is, uses == 1
}

// initResult returns the condition of the if statement parent when as is
// its init (or, ownResultIf, the statement right before it) defining one
// variable that only that condition reads, as itself or negated: if ok :=
// g.TryGo(f); !ok.
func (c *checker) initResult(as *ast.AssignStmt, parent ast.Node) (ast.Expr, bool, bool) {
	is, ok := parent.(*ast.IfStmt)
	if !ok || is.Init != nil && is.Init != ast.Stmt(as) || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, false, false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, false, false
	}
	v := c.pass.TypesInfo.Defs[id]
	if v == nil {
		return nil, false, false
	}
	cond, neg := ast.Unparen(is.Cond), false
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		cond, neg = ast.Unparen(u.X), true
	}
	if cid, ok := cond.(*ast.Ident); !ok || c.pass.TypesInfo.Uses[cid] != v || c.count(is, v) != 1 {
		return nil, false, false
	}
	return is.Cond, neg, true
}

// declaresAtTop reports whether a statement of b declares a name in b's
// scope (moved out of b, it could clash with the enclosing block's).
func declaresAtTop(b *ast.BlockStmt) bool {
	for _, st := range b.List {
		switch x := st.(type) {
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				return true
			}
		case *ast.DeclStmt, *ast.LabeledStmt:
			return true
		}
	}
	return false
}

// keptText returns the statements of kept, if any, as text following a
// statement at indent: a newline and each line at indent.
func (c *checker) keptText(kept *ast.BlockStmt, indent string) (string, bool) {
	if kept == nil || len(kept.List) == 0 {
		return "", true
	}
	src := c.sourceOfList(kept)
	if src == "" {
		return "", false
	}
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = indent + l
		}
	}
	return "\n" + strings.Join(lines, "\n"), true
}

// lastUseIn reports whether n holds the only uses in its file of an
// imported package or of a variable declared outside n: dropping n would
// leave an import or a variable unused.
func (c *checker) lastUseIn(n ast.Node) bool {
	f := edit.File(c.pass, n.Pos())
	if f == nil {
		return true
	}
	inside := map[types.Object]bool{}
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			switch obj := c.pass.TypesInfo.Uses[id].(type) {
			case *types.PkgName:
				inside[obj] = true
			case *types.Var:
				if !obj.IsField() && obj.Parent() != c.pass.Pkg.Scope() && (obj.Pos() < n.Pos() || obj.Pos() >= n.End()) {
					inside[obj] = true
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(x ast.Node) bool {
		if x == n {
			return false
		}
		if id, ok := x.(*ast.Ident); ok {
			delete(inside, c.pass.TypesInfo.Uses[id])
		}
		return len(inside) > 0
	})
	return len(inside) > 0
}

// runsInPlace reports whether the goroutine of s can run in the loop's
// goroutine instead: it (or what it calls) sends to or closes no channel
// the loop receives from (run in place, the send would wait for a receive
// that comes only after it), and waits for nothing the loop sends or
// closes after starting it (a start signal).
func (c *checker) runsInPlace(s *site) bool { return c.runsInPlaceSending(s, nil) }

// runsInPlaceSending is runsInPlace where the goroutine's sends on the
// channels whose roots are nonBlocking are made not to wait (dropGo).
func (c *checker) runsInPlaceSending(s *site, nonBlocking []ssa.Value) bool {
	g := s.l.instr
	var sent []ssa.Value
	for _, r := range c.sentChansDeep(s.l.fn, map[*ssa.Function]bool{}, 0) {
		if !slices.Contains(nonBlocking, r) {
			sent = append(sent, r)
		}
	}
	// The goroutine sends on a channel the loop receives from (an error
	// channel checked at the top of the poll loop, around the literal
	// that starts it): run in place, a send the buffer has no room for
	// would wait for the loop, which waits for it.
	for _, fn := range sameGoroutine(s.spawner()) {
		if ssaflow.Intersects(sent, c.recvChans(fn)) {
			return false
		}
	}
	// The same through a struct field (h.failures in the loop, w.failures
	// in a method the goroutine runs): the loads have no common root.
	sentFields := map[*types.Var]bool{}
	c.chanOps(s.l.fn, true, nonBlocking, sentFields, map[*ssa.Function]bool{}, 0)
	if len(sentFields) > 0 {
		for _, fn := range sameGoroutine(s.spawner()) {
			recvFields := map[*types.Var]bool{}
			c.chanOps(fn, false, nil, recvFields, map[*ssa.Function]bool{}, ssaflow.MaxCallDepth) // fn alone, as recvChans
			for f := range recvFields {
				if sentFields[f] {
					return false
				}
			}
		}
	}
	// The goroutine waits for something the loop sends or closes after
	// starting it (a start signal): run in place it would wait forever. A
	// send before the go statement (a semaphore acquired) is fine.
	recv := c.recvChansDeep(s.l.fn, map[*ssa.Function]bool{}, 0)
	for _, b := range s.spawner().Blocks {
		for _, in := range b.Instrs {
			var ch ssa.Value
			switch x := in.(type) {
			case *ssa.Send:
				ch = x.Chan
			case ssa.CallInstruction:
				cc := x.Common()
				if bi, ok := cc.Value.(*ssa.Builtin); ok && bi.Name() == "close" && len(cc.Args) == 1 {
					ch = cc.Args[0]
				}
			}
			if ch != nil && ssaflow.Intersects(c.roots(ch), recv) && !ssaflow.Dominates(in, g) {
				return false
			}
		}
	}
	return true
}

// chanOps adds to fields the struct fields holding the channels fn sends
// to or closes (send), or receives from (!send), and, up to the call
// depth, those of the in-package functions it calls. Channels whose roots
// are all in nonBlocking (sends made not to wait) are left out.
func (c *checker) chanOps(fn *ssa.Function, send bool, nonBlocking []ssa.Value, fields map[*types.Var]bool, seen map[*ssa.Function]bool, depth int) {
	if seen[fn] || depth > ssaflow.MaxCallDepth {
		return
	}
	seen[fn] = true
	add := func(ch ssa.Value) {
		f := fieldOf(ch)
		if f == nil {
			return
		}
		if roots := c.roots(ch); len(roots) > 0 && len(nonBlocking) > 0 && !slices.ContainsFunc(roots, func(r ssa.Value) bool { return !slices.Contains(nonBlocking, r) }) {
			return
		}
		fields[f] = true
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Send:
				if send {
					add(x.Chan)
				}
			case *ssa.UnOp:
				if !send && x.Op == token.ARROW {
					add(x.X)
				}
			case *ssa.Select:
				for _, st := range x.States {
					if (st.Dir == types.SendOnly) == send {
						add(st.Chan)
					}
				}
			case ssa.CallInstruction:
				cc := x.Common()
				if bi, ok := cc.Value.(*ssa.Builtin); ok && bi.Name() == "close" && len(cc.Args) == 1 {
					if send {
						add(cc.Args[0])
					}
					continue
				}
				if callee := ssaflow.Body(cc.StaticCallee()); callee != nil && c.m.Flow.InPackage(callee) {
					c.chanOps(callee, send, nonBlocking, fields, seen, depth+1)
				}
				if mc, ok := cc.Value.(*ssa.MakeClosure); ok {
					if callee, ok := mc.Fn.(*ssa.Function); ok {
						c.chanOps(callee, send, nonBlocking, fields, seen, depth+1)
					}
				}
			}
		}
	}
}

// sentChansDeep is sentChans of fn and the in-package functions it calls.
func (c *checker) sentChansDeep(fn *ssa.Function, seen map[*ssa.Function]bool, depth int) []ssa.Value {
	if seen[fn] || depth > ssaflow.MaxCallDepth {
		return nil
	}
	seen[fn] = true
	out := c.sentChans(fn)
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := ssaflow.Body(ci.Common().StaticCallee()); callee != nil && c.m.Flow.InPackage(callee) {
				out = append(out, c.sentChansDeep(callee, seen, depth+1)...)
			}
			if mc, ok := ci.Common().Value.(*ssa.MakeClosure); ok {
				if callee, ok := mc.Fn.(*ssa.Function); ok {
					out = append(out, c.sentChansDeep(callee, seen, depth+1)...)
				}
			}
		}
	}
	return out
}

// recvChansDeep is recvChans of fn and the in-package functions it calls.
func (c *checker) recvChansDeep(fn *ssa.Function, seen map[*ssa.Function]bool, depth int) []ssa.Value {
	if seen[fn] || depth > ssaflow.MaxCallDepth {
		return nil
	}
	seen[fn] = true
	out := c.recvChans(fn)
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := ssaflow.Body(ci.Common().StaticCallee()); callee != nil && c.m.Flow.InPackage(callee) {
				out = append(out, c.recvChansDeep(callee, seen, depth+1)...)
			}
			if mc, ok := ci.Common().Value.(*ssa.MakeClosure); ok {
				if callee, ok := mc.Fn.(*ssa.Function); ok {
					out = append(out, c.recvChansDeep(callee, seen, depth+1)...)
				}
			}
		}
	}
	return out
}

// fedConcurrently reports whether the pool's channel is sent on by code
// that several goroutines run at once (fetchers started in a loop, or by
// several launches, each sending what it fetches): the channel's order is
// then not the partition's, and a single worker would commit out of order
// all the same.
func (c *checker) fedConcurrently(s *site) bool {
	if s.ch == nil {
		return false
	}
	roots := c.roots(s.ch)
	var senders []*ssa.Function
	for _, send := range c.sends {
		if ssaflow.Intersects(c.roots(send.Chan), roots) {
			senders = append(senders, send.Parent())
		}
	}
	if len(senders) == 0 {
		return false
	}
	for fn, ls := range c.launches {
		concurrent := len(ls) > 1
		for _, l := range ls {
			concurrent = concurrent || c.sameCycle(l.instr.Block(), l.instr.Block())
		}
		if !concurrent || fn == s.l.fn {
			continue
		}
		reach := map[*ssa.Function]bool{}
		c.m.Flow.Reach(fn, reach)
		for _, f := range senders {
			if reach[f] {
				return true
			}
		}
	}
	return false
}

// ---- a single worker ----

// singleWorker replaces the worker count of the loop that starts a pool
// with 1: one worker receives the records in channel order, one at a time.
func (c *checker) singleWorker(s *site) (analysis.SuggestedFix, bool) {
	if !c.sameCycle(s.l.instr.Block(), s.l.instr.Block()) {
		return c.dropExtraWorkers(s)
	}
	if len(c.launches[s.l.fn]) != 1 {
		return analysis.SuggestedFix{}, false // workers started elsewhere too
	}
	n, ok := edit.LoopCount(c.pass, s.l.instr.Pos())
	if !ok {
		return c.firstWorker(s)
	}
	if _, isLit := ast.Unparen(n).(*ast.BasicLit); isLit {
		bounds, ok := c.literalCountLoops(n)
		if !ok {
			return analysis.SuggestedFix{}, false // a loop awaiting the workers' signals would wait for the ones gone
		}
		edits := []analysis.TextEdit{{Pos: n.Pos(), End: n.End(), NewText: []byte("1")}}
		for _, b := range bounds {
			edits = append(edits, analysis.TextEdit{Pos: b.Pos(), End: b.End(), NewText: []byte("1")})
		}
		return analysis.SuggestedFix{Message: "Start a single worker", TextEdits: edits}, true
	}
	adds, ok := c.countUsedElsewhere(n)
	if !ok || !c.removable(n) {
		return c.assignOne(s, n, "1")
	}
	edits := []analysis.TextEdit{{Pos: n.Pos(), End: n.End(), NewText: []byte("1")}}
	for _, a := range adds {
		edits = append(edits, analysis.TextEdit{Pos: a.Pos(), End: a.End(), NewText: []byte("1")})
	}
	return analysis.SuggestedFix{
		Message:   "Start a single worker",
		TextEdits: edits,
	}, true
}

// dropExtraWorkers starts the first worker only, for a pool started by
// several go statements (go h.work(jobs); go h.work(jobs)): the other go
// statements are deleted, and so is their count in a WaitGroup: a
// wg.Add(n) before them counting them all (n = the number of go
// statements) becomes wg.Add(1), a wg.Add(1) right before each deleted go
// statement goes with it. Not when another Add of a WaitGroup is in the
// function, when a go statement shares its line, or when deleting it would
// leave an import or a variable unused.
func (c *checker) dropExtraWorkers(s *site) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	spawner := s.l.instr.Parent()
	var gos []*ast.GoStmt
	for _, l := range c.launches[s.l.fn] {
		if l.instr.Parent() != spawner || c.sameCycle(l.instr.Block(), l.instr.Block()) {
			continue
		}
		gs := goStmtAt(c.pass, l.instr.Pos())
		if gs == nil {
			return fail()
		}
		gos = append(gos, gs)
	}
	if len(gos) < 2 || gos[0] != goStmtAt(c.pass, s.l.instr.Pos()) {
		return fail()
	}
	_, body := edit.FuncOf(edit.Path(c.pass, gos[0].Pos()))
	if body == nil {
		return fail()
	}
	var adds []*ast.ExprStmt
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false // a worker's own calls
		}
		if call, isCall := n.(*ast.CallExpr); isCall && c.isWaitGroupAdd(call) {
			path := edit.Path(c.pass, call.Lparen)
			st, isStmt := path[1].(*ast.ExprStmt)
			if !isStmt || path[0] != ast.Node(call) {
				ok = false
				return false
			}
			adds = append(adds, st)
		}
		return ok
	})
	if !ok {
		return fail()
	}
	var edits []analysis.TextEdit
	for _, gs := range gos[1:] {
		if c.lastUseIn(gs) {
			return fail()
		}
		e, ok := edit.RemoveStmt(c.pass, gs)
		if !ok {
			return fail()
		}
		edits = append(edits, e)
	}
	switch {
	case len(adds) == 0:
	case len(adds) == 1 && c.constantIs(adds[0].X.(*ast.CallExpr).Args[0], int64(len(gos))):
		arg := adds[0].X.(*ast.CallExpr).Args[0]
		edits = append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte("1")})
	case len(adds) == len(gos):
		// wg.Add(1) right before each go statement.
		for i, gs := range gos {
			list, at := stmtListOf(c.pass, gs)
			if at < 1 || list[at-1] != ast.Stmt(adds[i]) || !c.constantIs(adds[i].X.(*ast.CallExpr).Args[0], 1) {
				return fail()
			}
			if i == 0 {
				continue
			}
			e, ok := edit.RemoveStmt(c.pass, adds[i])
			if !ok {
				return fail()
			}
			edits = append(edits, e)
		}
	default:
		return fail()
	}
	return analysis.SuggestedFix{
		Message:   "Start a single worker",
		TextEdits: edits,
	}, true
}

// constantIs reports whether e is the integer constant v.
func (c *checker) constantIs(e ast.Expr, v int64) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	n, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return exact && n == v
}

// firstWorker starts the pool's first worker only, for a pool started by
// a range over a slice (for _, w := range workers): the slice becomes
// workers[:1]. Not when the slice appears elsewhere in the function (a
// loop collecting len(workers) results would wait for workers that are
// not started).
func (c *checker) firstWorker(s *site) (analysis.SuggestedFix, bool) {
	loop, _ := edit.LoopOf(edit.Path(c.pass, s.l.instr.Pos()))
	rs, ok := loop.(*ast.RangeStmt)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if _, slice := c.pass.TypesInfo.TypeOf(rs.X).Underlying().(*types.Slice); !slice {
		return analysis.SuggestedFix{}, false
	}
	x := ast.Unparen(rs.X)
	switch x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return analysis.SuggestedFix{}, false // a call or literal: no name to check the other uses of
	}
	if adds, ok := c.countUsedElsewhere(x); !ok || len(adds) > 0 {
		return c.assignOne(s, x, edit.Source(c.pass, x)+"[:1]")
	}
	return analysis.SuggestedFix{
		Message:   "Start a single worker",
		TextEdits: []analysis.TextEdit{{Pos: x.End(), End: x.End(), NewText: []byte("[:1]")}},
	}, true
}

// countUsedElsewhere returns the other uses of the worker count in the
// function starting the workers that the fix changes with it: the
// argument of a WaitGroup's Add (wg.Add(n) then waits for the one
// worker). ok is false when the count appears elsewhere, other than as a
// channel's capacity: a loop collecting n results would wait for workers
// that a single worker never becomes.
func (c *checker) countUsedElsewhere(n ast.Expr) (adds []ast.Expr, ok bool) {
	_, body := edit.FuncOf(edit.Path(c.pass, n.Pos()))
	if body == nil {
		return nil, false
	}
	text := edit.Source(c.pass, n)
	if _, isLit := ast.Unparen(n).(*ast.BasicLit); isLit {
		return nil, true // literalCountLoops
	}
	ok = true
	ast.Inspect(body, func(x ast.Node) bool {
		if !ok {
			return false
		}
		if call, isCall := x.(*ast.CallExpr); isCall {
			if id, isID := ast.Unparen(call.Fun).(*ast.Ident); isID && id.Name == "make" {
				return false
			}
			if c.isWaitGroupAdd(call) && edit.Source(c.pass, call.Args[0]) == text {
				adds = append(adds, call.Args[0])
				return false
			}
		}
		e, isExpr := x.(ast.Expr)
		if !isExpr || e == n || e.Pos() >= n.Pos() && e.End() <= n.End() {
			return true
		}
		switch e.(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr:
			if edit.Source(c.pass, e) == text {
				ok = false
			}
		}
		return true
	})
	return adds, ok
}

// literalCountLoops returns, for a worker count written as a literal n,
// the bounds of the loops that wait for the workers' signals as many times
// (for i := 0; i < 4; i++ { <-done } in a deferred cleanup, or in a stop
// method receiving from a field): they change with the count (audit
// 35c/D1: a single worker left them waiting for four, and the claim never
// returned). A loop receives a signal when it receives from a channel a
// worker started in the counting loop sends on; its bound is its
// condition's literal (i < 4), its initial value counting down (left :=
// 4; left > 0; left--) or the integer it ranges over (range 4); a
// WaitGroup's Add(4) before the workers start, whose Done they call, is
// one too. ok is false when such a loop or Add counts otherwise: the fix
// would leave it waiting (review 35-1/D1, D9). Other loops (a worker's
// retries) are not the count's (review 35-1/D2).
func (c *checker) literalCountLoops(n ast.Expr) (bounds []ast.Expr, ok bool) {
	want := c.pass.TypesInfo.Types[n].Value
	var start ast.Node
	for _, x := range edit.Path(c.pass, n.Pos()) {
		if _, isFor := x.(*ast.ForStmt); isFor {
			start = x
			break
		}
		if _, isRange := x.(*ast.RangeStmt); isRange {
			start = x
			break
		}
	}
	if want == nil || start == nil {
		return nil, true
	}
	within := func(x ast.Node) bool { return start.Pos() <= x.Pos() && x.End() <= start.End() }
	signals := map[types.Object]bool{} // channels the workers send on, WaitGroups they mark Done
	// signal records the variable e names; a parameter of a worker
	// function started in the loop stands for what its go statement
	// passes (go work(&wg): review 35-2/D2).
	var signal func(e ast.Expr, args map[types.Object]ast.Expr)
	signal = func(e ast.Expr, args map[types.Object]ast.Expr) {
		obj := c.chanObj(e)
		if a, ok := args[obj]; ok {
			if u, isAddr := ast.Unparen(a).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
				a = u.X
			}
			signal(a, nil)
			return
		}
		if obj != nil {
			signals[obj] = true
		}
	}
	var signalsIn func(n ast.Node, args map[types.Object]ast.Expr, depth int)
	signalsIn = func(n ast.Node, args map[types.Object]ast.Expr, depth int) {
		ast.Inspect(n, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.SendStmt:
				signal(x.Chan, args)
			case *ast.CallExpr:
				if sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr); isSel && sel.Sel.Name == "Done" && ssaflow.IsWaitGroup(c.pass.TypesInfo.TypeOf(sel.X)) {
					signal(sel.X, args)
				}
			case *ast.GoStmt:
				// A worker function or method of the package (go
				// p.worker(): review 35-2/D1): its body's signals.
				fn, _ := typeutil.Callee(c.pass.TypesInfo, x.Call).(*types.Func)
				fd := edit.FuncDecl(c.pass, fn)
				if fd == nil || fd.Body == nil || depth > 0 {
					break
				}
				params := map[types.Object]ast.Expr{}
				i := 0
				for _, f := range fd.Type.Params.List {
					for _, name := range f.Names {
						if obj := c.pass.TypesInfo.Defs[name]; obj != nil && i < len(x.Call.Args) {
							params[obj] = x.Call.Args[i]
						}
						i++
					}
				}
				signalsIn(fd.Body, params, depth+1)
			}
			return true
		})
	}
	signalsIn(start, nil, 0)
	if len(signals) == 0 {
		return nil, true
	}
	ok = true
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(x ast.Node) bool {
			if call, isCall := x.(*ast.CallExpr); ok && isCall && c.isWaitGroupAdd(call) && !within(call) {
				// wg.Add(4) before the workers start: Add(1) for one.
				if sel := ast.Unparen(call.Fun).(*ast.SelectorExpr); signals[c.chanObj(sel.X)] {
					if v := c.pass.TypesInfo.Types[call.Args[0]].Value; v != nil && constant.Compare(v, token.EQL, want) {
						bounds = append(bounds, call.Args[0])
					} else {
						ok = false
					}
				}
				return ok
			}
			u, isRecv := x.(*ast.UnaryExpr)
			if !ok || !isRecv || u.Op != token.ARROW || within(u) || !signals[c.chanObj(u.X)] {
				return ok
			}
			loop, _ := edit.LoopOf(edit.Path(c.pass, u.Pos()))
			if loop == nil {
				return true // one signal awaited: the single worker sends it
			}
			if b := loopBound(loop); b != nil {
				if v := c.pass.TypesInfo.Types[b].Value; v != nil && constant.Compare(v, token.EQL, want) {
					bounds = append(bounds, b)
					return true
				}
			}
			ok = false
			return false
		})
	}
	return bounds, ok
}

// loopBound returns the literal a counting loop is bounded by: its
// condition's (i < 4), its counter's initial value when it counts down
// (left := 4; left > 0; left--), or the integer it ranges over (range 4).
func loopBound(loop ast.Stmt) ast.Expr {
	switch l := loop.(type) {
	case *ast.ForStmt:
		if post, ok := l.Post.(*ast.IncDecStmt); ok && post.Tok == token.DEC {
			if init, ok := l.Init.(*ast.AssignStmt); ok && len(init.Rhs) == 1 {
				if lit, ok := ast.Unparen(init.Rhs[0]).(*ast.BasicLit); ok {
					return lit
				}
			}
			return nil
		}
		if cond, ok := l.Cond.(*ast.BinaryExpr); ok {
			if lit, ok := ast.Unparen(cond.Y).(*ast.BasicLit); ok {
				return lit
			}
		}
	case *ast.RangeStmt:
		if lit, ok := ast.Unparen(l.X).(*ast.BasicLit); ok {
			return lit
		}
	}
	return nil
}

// chanObj returns the variable a channel expression names: a local, or a
// struct field (p.done); nil for others.
func (c *checker) chanObj(e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		return c.pass.TypesInfo.Uses[x.Sel]
	}
	return nil
}

// isWaitGroupAdd reports whether call is wg.Add(x) on a sync.WaitGroup.
func (c *checker) isWaitGroupAdd(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	return ok && fn.FullName() == "(*sync.WaitGroup).Add"
}

// removable reports whether expression e can be deleted without leaving a
// local variable or an import unused.
func (c *checker) removable(e ast.Expr) bool {
	objs := map[types.Object]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.Uses[id]; obj != nil {
				objs[obj] = true
			}
		}
		return true
	})
	for obj := range objs {
		switch o := obj.(type) {
		case *types.PkgName:
		case *types.Var:
			if o.IsField() || o.Parent() == nil || o.Parent() == c.pass.Pkg.Scope() || c.isParam(o) {
				continue
			}
		default:
			continue
		}
		used := false
		for id, u := range c.pass.TypesInfo.Uses {
			if u == obj && (id.Pos() < e.Pos() || id.Pos() >= e.End()) {
				used = true
				break
			}
		}
		if !used {
			return false
		}
	}
	return true
}

// isParam reports whether v is a function parameter or result.
func (c *checker) isParam(v *types.Var) bool {
	for _, n := range edit.Path(c.pass, v.Pos()) {
		switch n.(type) {
		case *ast.FuncType, *ast.FuncDecl: // parameters, results, receiver
			return true
		}
		if _, ok := n.(ast.Stmt); ok {
			return false
		}
	}
	return false
}
