package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// produceFix builds the fix of a position call made after an asynchronous
// produce of its record: the produce call is replaced by the client's
// synchronous form (clientmodel.Produce.Sync), which waits for the
// delivery and hands its outcome to the callback the code passed, so the
// position call that follows comes after the effect. A nil callback gets
// the form without one.
//
// When the position call comes before the produce, it also moves after
// the produce statement, with its error check.
func (c *checker) produceFix(p *position, h *handOff, path []ast.Node) (analysis.SuggestedFix, bool) {
	pr := h.produce
	if h.flush && pr.FlushCall == "" {
		return c.eachWaitFix(p, h, path)
	}
	if h.flush {
		return c.flushFix(p, h, path)
	}
	if !pr.Async && pr.AsyncField != "" {
		return c.syncFieldFix(p, h, path)
	}
	if pr.Wait != "" && !h.after {
		return c.waitFix(h, "delivered")
	}
	if pr.ReplyWait != "" {
		name := clientmodel.ShortName(p.client.Func)
		if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
			name = fn.Name()
		}
		return c.replyFix(p, h, path, name)
	}
	call, ppath := edit.CallAt(c.pass, h.instr.Pos())
	if call == nil {
		return analysis.SuggestedFix{}, false
	}
	text, ok := edit.SyncProduce(c.pass, call, clientmodel.FixRecv, pr.Sync, pr.SyncNoDone, pr.Done)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits := []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}}
	title := fmt.Sprintf("Replace %s with a produce that waits for the delivery", ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name)
	return c.commitAfterProduce(p, h, path, ppath, title, edits)
}

// commitAfterProduce completes a fix that makes the produce at ppath wait
// for its delivery: when the commit at path came before the produce
// (h.after), it also moves the commit's statement after the produce's,
// and the title says so.
func (c *checker) commitAfterProduce(p *position, h *handOff, path, ppath []ast.Node, title string, edits []analysis.TextEdit) (analysis.SuggestedFix, bool) {
	if h.after {
		move, ok := c.moveAfterStmt(path, ppath)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, move...)
		name := clientmodel.ShortName(p.client.Func)
		if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
			name = fn.Name()
		}
		title += fmt.Sprintf(", and call %s after it", name)
	}
	return analysis.SuggestedFix{Message: title, TextEdits: edits}, true
}

// moveAfterStmt returns the edits moving the statement of the call of
// path (with its error check) after the statement of the call of later,
// when both sit in one list and the statements between them neither set
// what the moved ones use nor use what they set.
func (c *checker) moveAfterStmt(path, later []ast.Node) ([]analysis.TextEdit, bool) {
	stmt, listp := edit.Stmt(path)
	target, tlistp := edit.Stmt(later)
	if stmt == nil || target == nil || listp == nil || tlistp == nil || &(*listp)[0] != &(*tlistp)[0] {
		return nil, false
	}
	list := *listp
	idx, at := indexOf(list, stmt), indexOf(list, target)
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	if idx < 0 || at <= last {
		return nil, false
	}
	moved, between := list[idx:last+1], list[last+1:at+1]
	for _, s := range between {
		if c.definesUsedIn(s, moved, nil) {
			return nil, false
		}
	}
	for _, s := range moved {
		if c.definesUsedIn(s, between, list[at+1:]) {
			return nil, false
		}
	}
	text, cut, ok := c.cutLines(list[idx], list[last])
	if !ok {
		return nil, false
	}
	_, after, ok := c.cutLines(target, target)
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{cut, {Pos: after.End, End: after.End, NewText: []byte(text)}}, true
}

// waitFix builds the fix of a position call made after an asynchronous
// produce with a nil delivery channel (confluent Produce(msg, nil)): the
// produce gets a channel of its own, and the delivery report is awaited
// on it, its error handled as the produce's own error is:
//
//	if err := p.Produce(m, nil); err != nil {    delivered := make(chan kafka.Event, 1)
//		return err                              if err := p.Produce(m, delivered); err != nil {
//	}                                               return err
//	                                            }
//	                                            if err := (<-delivered).(*kafka.Message).TopicPartition.Error; err != nil {
//	                                            	return err
//	                                            }
//
// It requires the produce to be checked by `if err := ...; err != nil`
// with no else. The channel is named base, or base with a number where
// that is taken.
func (c *checker) waitFix(h *handOff, base string) (analysis.SuggestedFix, bool) {
	pr := h.produce
	call, path := edit.CallAt(c.pass, h.instr.Pos())
	if call == nil || pr.Done >= len(call.Args) {
		return analysis.SuggestedFix{}, false
	}
	done := call.Args[pr.Done]
	if !edit.IsNil(c.pass, done) {
		return analysis.SuggestedFix{}, false
	}
	stmt, _ := edit.Stmt(path)
	ifs, ok := stmt.(*ast.IfStmt)
	if !ok || ifs.Else != nil || ifs.Init == nil || len(ifs.Body.List) == 0 || !isErrCond(ifs.Cond) {
		return analysis.SuggestedFix{}, false
	}
	if as, ok := ifs.Init.(*ast.AssignStmt); !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return analysis.SuggestedFix{}, false
	}
	f := edit.File(c.pass, call.Pos())
	fn, _ := typeutilCallee(c, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if f == nil || fn == nil || !isSel {
		return analysis.SuggestedFix{}, false
	}
	sig := fn.Type().(*types.Signature)
	pkg := edit.Qualifier(c.pass, f, fn.Pkg())
	if pkg == "" {
		return analysis.SuggestedFix{}, false
	}
	chType := types.TypeString(sig.Params().At(pr.Done).Type(), func(p *types.Package) string { return edit.Qualifier(c.pass, f, p) })
	name := edit.FreeName(c.pass, stmt.Pos(), base)
	first, last := ifs.Body.List[0], ifs.Body.List[len(ifs.Body.List)-1]
	lines, ok := c.dedent(c.rawRange(first.Pos(), last.End()), first.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	wait := strings.NewReplacer(clientmodel.FixDone, name, clientmodel.FixPkg, pkg).Replace(pr.Wait)
	check := fmt.Sprintf("if err := %s; err != nil {\n\t%s\n}", wait, strings.Join(lines, "\n\t"))
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Wait for the delivery of what %s queues before going on", sel.Sel.Name),
		TextEdits: []analysis.TextEdit{
			edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s := make(%s, 1)", name, chType)),
			{Pos: done.Pos(), End: done.End(), NewText: []byte(name)},
			edit.InsertAfter(c.pass, stmt, check),
		},
	}, true
}

// isErrCond reports whether e is `err != nil`.
func isErrCond(e ast.Expr) bool {
	be, ok := e.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "err" && y.Name == "nil"
}

// typeutilCallee returns the function call calls, if static.
func typeutilCallee(c *checker, call *ast.CallExpr) (*types.Func, bool) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return fn, ok
}

// flushFix builds the fix of a commit reached by asynchronous produces
// that need not run right before it (a loop producing a poll's records,
// then a commit of the poll): the producer is flushed before the commit
// (clientmodel.Produce.FlushCall), its error handled as the commit's:
//
//	for _, r := range fetches.Records() {        for _, r := range fetches.Records() {
//		cl.Produce(ctx, copyOf(r), promise)          cl.Produce(ctx, copyOf(r), promise)
//	}                                            }
//	if err := cl.CommitUncommittedOffsets(ctx);  if err := cl.Flush(ctx); err != nil {
//	    err != nil {                             	return err
//		return err                               }
//	}                                            if err := cl.CommitUncommittedOffsets(ctx); err != nil {
//	                                             	return err
//	                                             }
//
// The flush returns once every queued record is delivered or failed and
// its callback has run, so the commit follows the effects as it would
// after synchronous produces. It requires:
//
//   - the commit's error checked by `if err := ...; err != nil` with no
//     else, or by `if err != nil` right after `err := ...` or `err = ...`
//     (the flush's error goes the same way), or, unchecked, in a function
//     returning exactly an error (the flush's error is returned);
//   - every asynchronous produce of the function with this flush made on
//     the same receiver, a variable or field path, with the same first
//     argument (its context), each meaning at the commit what it means
//     at the produce.
func (c *checker) flushFix(p *position, h *handOff, path []ast.Node) (analysis.SuggestedFix, bool) {
	pr := h.produce
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp == nil {
		return analysis.SuggestedFix{}, false
	}
	var body []ast.Stmt
	switch s := stmt.(type) {
	case *ast.IfStmt:
		as, ok := s.Init.(*ast.AssignStmt)
		if !ok || s.Else != nil || len(s.Body.List) == 0 || !isErrCond(s.Cond) || !definesErr(as) {
			return analysis.SuggestedFix{}, false
		}
		body = s.Body.List
	case *ast.AssignStmt:
		list := *listp
		idx := indexOf(list, s)
		if idx < 0 || idx+1 >= len(list) || !isErrCheckOf(list[idx+1]) || !definesErr(s) {
			return analysis.SuggestedFix{}, false
		}
		check := list[idx+1].(*ast.IfStmt)
		if check.Else != nil || len(check.Body.List) == 0 {
			return analysis.SuggestedFix{}, false
		}
		body = check.Body.List
	case *ast.ExprStmt:
		if !c.returnsError(path) {
			return analysis.SuggestedFix{}, false
		}
	default:
		return analysis.SuggestedFix{}, false
	}
	fd := outermostDecl(path)
	if fd == nil {
		return analysis.SuggestedFix{}, false
	}
	recv, ctx := "", ""
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall || !ok {
			return ok
		}
		fn, _ := typeutilCallee(c, call)
		if fn == nil {
			return true
		}
		other, isProduce := clientmodel.Default.Produce(fn)
		if !isProduce || !other.Async || other.Flush != pr.Flush {
			return true
		}
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel || !c.isPure(sel.X) || len(call.Args) == 0 || !c.isPure(call.Args[0]) {
			ok = false
			return false
		}
		r, x := c.raw(sel.X), c.raw(call.Args[0])
		if recv != "" && (r != recv || x != ctx) || !edit.MeansSameAt(c.pass, sel.X, stmt.Pos()) || !edit.MeansSameAt(c.pass, call.Args[0], stmt.Pos()) {
			ok = false
			return false
		}
		recv, ctx = r, x
		return true
	})
	if !ok || recv == "" {
		return analysis.SuggestedFix{}, false
	}
	call := strings.NewReplacer(clientmodel.FixRecv, recv, "$0", ctx).Replace(pr.FlushCall)
	handle := "return err"
	if body != nil {
		first, last := body[0], body[len(body)-1]
		lines, ok := c.dedent(c.rawRange(first.Pos(), last.End()), first.Pos())
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		handle = strings.Join(lines, "\n\t")
	}
	text := fmt.Sprintf("if err := %s; err != nil {\n\t%s\n}", call, handle)
	name := clientmodel.ShortName(p.client.Func)
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Flush the producer before calling %s", name),
		TextEdits: []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, text)},
	}, true
}

// outermostDecl returns the declared function of path.
func outermostDecl(path []ast.Node) *ast.FuncDecl {
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd
		}
	}
	return nil
}

// eachWaitFix builds the fix of a commit reached by an asynchronous
// produce that need not run right before it (reads and produces in a
// loop, then a commit of everything handed out) on a client with no
// flush to insert (clientmodel.Produce.FlushCounts: confluent's Flush
// counts the delivery reports nobody reads, so it may never reach zero):
// the produce gets a delivery channel of its own and its report is
// awaited right after it, as waitFix does, so each record is delivered
// before the next read and the commit follows every delivery:
//
//	for i := 0; i < n; i++ {                     for i := 0; i < n; i++ {
//		m, err := c.ReadMessage(-1)                  m, err := c.ReadMessage(-1)
//		...                                          ...
//		if err := p.Produce(copyOf(m), nil);         delivered := make(chan kafka.Event, 1)
//		    err != nil {                             if err := p.Produce(copyOf(m), delivered); err != nil {
//			return err                                   return err
//		}                                            }
//	}                                                if err := (<-delivered).(*kafka.Message).TopicPartition.Error; err != nil {
//	if _, err := c.Commit(); err != nil {            	return err
//		return err                                   }
//	}                                            }
//	                                             if _, err := c.Commit(); err != nil { ...
//
// A failed delivery is handled as the produce's own failure, or, when the
// produce is unchecked (it is checked now: a record the producer refused
// never reports), by returning it from a function whose last result is an
// error, or else as the commit's failure. The handling must leave the
// function (a return, or a call that never returns) with no branch
// statement in it, so the commit never comes after a failed delivery; its
// names must mean at the produce what they mean where they are written.
func (c *checker) eachWaitFix(p *position, h *handOff, path []ast.Node) (analysis.SuggestedFix, bool) {
	pr := h.produce
	call, ppath := edit.CallAt(c.pass, h.instr.Pos())
	if call == nil || pr.Wait == "" || pr.Done >= len(call.Args) {
		return analysis.SuggestedFix{}, false
	}
	done := call.Args[pr.Done]
	if !edit.IsNil(c.pass, done) {
		return analysis.SuggestedFix{}, false
	}
	stmt, _ := edit.Stmt(ppath)
	var handling []ast.Stmt
	switch s := stmt.(type) {
	case *ast.IfStmt:
		as, ok := s.Init.(*ast.AssignStmt)
		if !ok || s.Else != nil || len(s.Body.List) == 0 || !isErrCond(s.Cond) || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(call) {
			return analysis.SuggestedFix{}, false
		}
		handling = s.Body.List
	case *ast.ExprStmt:
		if ast.Unparen(s.X) != ast.Expr(call) {
			return analysis.SuggestedFix{}, false
		}
	default:
		return analysis.SuggestedFix{}, false
	}
	handle := ""
	if handling != nil && c.leavesFunc(handling) {
		lines, ok := c.dedent(c.rawRange(handling[0].Pos(), handling[len(handling)-1].End()), handling[0].Pos())
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		handle = strings.Join(lines, "\n\t")
	} else if zeros, ok := c.errorResult(ppath); ok {
		handle = "return " + zeros + "err"
	} else if body, ok := c.commitHandling(path); ok && body != nil && c.leavesFunc(body) && c.meanSameAt(body, stmt.Pos()) {
		lines, ok := c.dedent(c.rawRange(body[0].Pos(), body[len(body)-1].End()), body[0].Pos())
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		handle = strings.Join(lines, "\n\t")
	} else {
		return analysis.SuggestedFix{}, false
	}
	f := edit.File(c.pass, call.Pos())
	fn, _ := typeutilCallee(c, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if f == nil || fn == nil || !isSel {
		return analysis.SuggestedFix{}, false
	}
	pkg := edit.Qualifier(c.pass, f, fn.Pkg())
	if pkg == "" {
		return analysis.SuggestedFix{}, false
	}
	chType := types.TypeString(fn.Type().(*types.Signature).Params().At(pr.Done).Type(), func(p *types.Package) string { return edit.Qualifier(c.pass, f, p) })
	name := edit.FreeName(c.pass, stmt.Pos(), "delivered")
	wait := strings.NewReplacer(clientmodel.FixDone, name, clientmodel.FixPkg, pkg).Replace(pr.Wait)
	check := fmt.Sprintf("if err := %s; err != nil {\n\t%s\n}", wait, handle)
	edits := []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s := make(%s, 1)", name, chType))}
	if handling != nil {
		edits = append(edits,
			analysis.TextEdit{Pos: done.Pos(), End: done.End(), NewText: []byte(name)},
			edit.InsertAfter(c.pass, stmt, check))
	} else {
		produce := c.rawRange(call.Pos(), done.Pos()) + name + c.rawRange(done.End(), call.End())
		text := fmt.Sprintf("if err := %s; err != nil {\n\t%s\n}\n%s", produce, handle, check)
		edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(strings.ReplaceAll(text, "\n", "\n"+edit.Indent(c.pass, stmt.Pos())))})
	}
	cname := clientmodel.ShortName(p.client.Func)
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		cname = fn.Name()
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Wait for the delivery of each %s %s queues before calling %s", p.client.Client.RecordNoun, sel.Sel.Name, cname),
		TextEdits: edits,
	}, true
}

// commitHandling returns the statements handling the error of the commit
// whose call path is: the body of `if _, err := commit(); err != nil`
// with no else, or of `if err != nil` right after the assignment, or nil
// (and true) for an unchecked commit statement.
func (c *checker) commitHandling(path []ast.Node) ([]ast.Stmt, bool) {
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp == nil {
		return nil, false
	}
	switch s := stmt.(type) {
	case *ast.IfStmt:
		as, ok := s.Init.(*ast.AssignStmt)
		if !ok || s.Else != nil || len(s.Body.List) == 0 || !isErrCond(s.Cond) || !definesErr(as) {
			return nil, false
		}
		return s.Body.List, true
	case *ast.AssignStmt:
		list := *listp
		idx := indexOf(list, s)
		if idx < 0 || idx+1 >= len(list) || !isErrCheckOf(list[idx+1]) || !definesErr(s) {
			return nil, false
		}
		check := list[idx+1].(*ast.IfStmt)
		if check.Else != nil || len(check.Body.List) == 0 {
			return nil, false
		}
		return check.Body.List, true
	case *ast.ExprStmt:
		return nil, true
	}
	return nil, false
}

// leavesFunc reports whether body ends the function (its last statement
// a return or a call that never returns) with no branch statement in it
// (outside function literals) that could go on elsewhere.
func (c *checker) leavesFunc(body []ast.Stmt) bool {
	last := body[len(body)-1]
	if _, isBranch := last.(*ast.BranchStmt); isBranch || !c.leaves(last) {
		return false
	}
	for _, s := range body {
		branches := false
		ast.Inspect(s, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				branches = true
			}
			return !branches
		})
		if branches {
			return false
		}
	}
	return true
}

// meanSameAt reports whether every name used in stmts, other than err,
// selected names and struct literal keys, means at pos what it means
// where it is written.
func (c *checker) meanSameAt(stmts []ast.Stmt, pos token.Pos) bool {
	skip := map[*ast.Ident]bool{}
	same := true
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				skip[x.Sel] = true
			case *ast.KeyValueExpr:
				if c.isStructKey(x) {
					skip[x.Key.(*ast.Ident)] = true
				}
			case *ast.Ident:
				if skip[x] || x.Name == "err" || !same {
					return same
				}
				if obj := c.pass.TypesInfo.Uses[x]; obj != nil && obj.Parent() != nil && edit.ObjectAt(c.pass, pos, x.Name) != obj {
					same = false
				}
			}
			return same
		})
	}
	return same
}
