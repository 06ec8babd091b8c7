package ordering

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/midpoll"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// checkShutdowns reports a commit of everything polled (franz-go's
// CommitUncommittedOffsets) deferred by the function whose loop polls
// and sends the records to workers on a channel, directly or in a
// deferred closure, the final commit at shutdown (audit 35b/D3): when
// the function returns, records are still queued for the workers, and
// the commit writes their positions unprocessed. The process exits
// after it, so they are never processed: every graceful stop loses
// them (at-most-once). A wait for the workers (a receive, a WaitGroup's
// Wait) on every path from the send to the function's return, before
// the commit in the closure, or in another deferred call, is not
// reported.
//
// The fix, when the consumer commits marks (kgo.AutoCommitMarks) and so
// its workers mark what they processed, commits the marks instead
// (CommitMarkedOffsets): what the workers processed, nothing queued.
// Otherwise no fix is built: waiting for the workers needs the channel
// closed and their exit awaited, which the function's shape decides.
func (c *checker) checkShutdowns() {
	for _, call := range c.m.Calls {
		if call.Role != clientmodel.Commit || call.Scope != clientmodel.ScopePolled {
			continue
		}
		g, def := deferredBy(call)
		if g == nil {
			g, def = c.deferredHelper(call)
		}
		if g == nil {
			report.Guard(c.pass, call.Pos(), func() { c.checkAfterLoop(call) })
			continue
		}
		if c.defersWait(g, def) {
			continue
		}
		if _, inClosure := call.Instr.(*ssa.Call); inClosure && waitsBefore(call.Instr) {
			continue
		}
		report.Guard(c.pass, call.Pos(), func() { c.checkShutdown(call, g) })
	}
}

// checkShutdown reports call, a commit of everything polled deferred by
// g (checkShutdowns), when g sends the records of a poll of call's
// consumer on a channel and may return after it with no wait.
func (c *checker) checkShutdown(call *consumer.Call, g *ssa.Function) {
	reach := map[*ssa.Function]bool{}
	c.flow.Reach(g, reach)
	for _, fc := range c.m.Calls {
		ci, ok := fc.Instr.(*ssa.Call)
		if !ok || fc.Role != clientmodel.Fetch || !reach[fc.Fn] || fc.Client != call.Client {
			continue
		}
		if call.Consumer != nil && fc.Consumer != nil && call.Consumer != fc.Consumer {
			continue
		}
		if fc.Fn != g {
			// The poll in a function g calls (for c.pollOnce(ctx) {}:
			// review 36-1/D6): its own sends, made where g calls it.
			if len(c.processingSites(fc.Fn, ci)) > 0 {
				// Processed in place there: a return of it mid-poll
				// that g goes on from to its own return (review
				// 38-2/D11: main defers s.flush() and calls s.run).
				if at := c.leftMidPoll(call, fc.Fn); at != nil {
					if from := callerIn(g, fc.Fn, c.flow); from != nil && returnsAfter(from) {
						c.reportMidPoll(call, g, at)
						return
					}
				}
				continue
			}
			if send, _ := c.sentAway(fc.Fn, ci); send != nil {
				if from := callerIn(g, fc.Fn, c.flow); from != nil && returnsAfter(from) {
					c.reportShutdown(call, g, send)
					return
				}
			}
			continue
		}
		if len(c.processingSites(g, ci)) > 0 {
			// Processed in place (a channel may carry copies): a
			// return mid-poll leaves the rest to the commit.
			if at := c.leftMidPoll(call, g); at != nil {
				c.reportMidPoll(call, g, at)
				return
			}
			continue
		}
		send, from := c.sentAway(g, ci)
		if send == nil {
			// Sent by a helper given the poll (dispatch(fs, queue)).
			send, from = c.sentByHelper(g, ci)
		}
		if send == nil || !returnsAfter(from) {
			continue
		}
		c.reportShutdown(call, g, send)
		return
	}
}

// callerIn returns a call of g that reaches fn (fn itself, or a function
// of the package that calls it), or nil.
func callerIn(g, fn *ssa.Function, flow *ssaflow.Flow) ssa.Instruction {
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(*ssa.Call)
			if !ok || ci.Common().StaticCallee() == nil {
				continue
			}
			reach := map[*ssa.Function]bool{}
			flow.Reach(ci.Common().StaticCallee(), reach)
			if reach[fn] {
				return ci
			}
		}
	}
	return nil
}

// sentByHelper returns a send of records in a function of the package g
// gives the poll o to (dispatch(fs, queue) ranging over fs.Records()),
// and g's call of it; nils when there is none.
func (c *checker) sentByHelper(g *ssa.Function, o ssa.Value) (ssa.Instruction, ssa.Instruction) {
	tainted := c.taint(o)
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			sc := ci.Common().StaticCallee()
			if sc == nil || !c.flow.InPackage(sc) {
				continue
			}
			for i, a := range ci.Common().Args {
				if !tainted[a] || i >= len(sc.Params) {
					continue
				}
				if send, _ := c.sentAway(sc, sc.Params[i]); send != nil {
					return send, ci
				}
			}
		}
	}
	return nil, nil
}

// deferredBy returns the function that defers call and the defer
// statement: call itself (`defer cl.CommitUncommittedOffsets(ctx)`), or
// a call in a function literal its parent defers (`defer func() { if
// err := cl.CommitUncommittedOffsets(ctx); ... }()`); nil when call is
// not deferred so.
func deferredBy(call *consumer.Call) (*ssa.Function, *ssa.Defer) {
	if d, ok := call.Instr.(*ssa.Defer); ok {
		return call.Fn, d
	}
	g := call.Fn.Parent()
	if g == nil {
		return nil, nil
	}
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok && ssaflow.Literal(d.Call.Value) == call.Fn {
				return g, d
			}
		}
	}
	return nil, nil
}

// deferredHelper returns the function that defers call.Fn, a function
// of the package making the commit (`defer s.flush()`: review 38-1/D6),
// and the defer; nil when no caller defers it.
func (c *checker) deferredHelper(call *consumer.Call) (*ssa.Function, *ssa.Defer) {
	if call.Fn == nil || call.Fn.Parent() != nil {
		return nil, nil
	}
	for _, site := range c.flow.Callers(call.Fn) {
		if d, ok := site.(*ssa.Defer); ok && d.Call.StaticCallee() == call.Fn {
			return d.Parent(), d
		}
	}
	return nil, nil
}

// defersWait reports whether g defers, after def (so that it runs
// before def's call: defers run last in, first out), a call that waits
// for work: a WaitGroup's Wait, a closure or a function of the package
// receiving from a channel or waiting (p.drain(): review 36-1/D4, D5).
func (c *checker) defersWait(g *ssa.Function, def *ssa.Defer) bool {
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || d == def || !ssaflow.ReachesStopping(def, d, func(ssa.Instruction) bool { return false }) {
				continue
			}
			if fn := ssaflow.Callee(&d.Call); fn != nil && ssaflow.IsJoin(fn) {
				return true
			}
			if lit := ssaflow.Literal(d.Call.Value); lit != nil && ssaflow.HasWait(lit) {
				return true
			}
			if sc := d.Call.StaticCallee(); sc != nil && c.flow.InPackage(sc) && (ssaflow.HasWait(sc) || ssaflow.JoinsInBody(sc)) {
				return true
			}
		}
	}
	return false
}

// waitsBefore reports whether a wait of instr's function reaches instr.
func waitsBefore(instr ssa.Instruction) bool {
	for _, b := range instr.Parent().Blocks {
		for _, in := range b.Instrs {
			if ssaflow.IsWait(in) && ssaflow.ReachesStopping(in, instr, func(ssa.Instruction) bool { return false }) {
				return true
			}
		}
	}
	return false
}

// sentAway returns a send in g of a record of fetch o (or a value built
// from it), or one in a function literal g passes to a call
// (fetches.EachRecord(func(r) { queue <- r })), and the instruction of g
// it is made at (the send, or that call); nil when there is none.
func (c *checker) sentAway(g *ssa.Function, o ssa.Value) (ssa.Instruction, ssa.Instruction) {
	carried := c.carriedValues(o)
	tainted := c.taint(o)
	sent := func(x ssa.Value) bool { return carried[x] || tainted[x] && payload(x.Type()) }
	sendIn := func(fn *ssa.Function) ssa.Instruction {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Send:
					if sent(x.X) && !c.requeued(o, x.Chan) {
						return x
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.SendOnly && sent(st.Send) {
							return x
						}
					}
				}
			}
		}
		return nil
	}
	if s := sendIn(g); s != nil {
		return s, s
	}
	for call, lit := range literalArgs(g, nil) {
		if s := sendIn(lit); s != nil {
			return s, call
		}
	}
	return nil, nil
}

// returnsAfter reports whether a return of from's function is reached
// from it with no wait for work between.
func returnsAfter(from ssa.Instruction) bool {
	for _, b := range from.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && ssaflow.ReachesStopping(from, ret, ssaflow.IsWait) {
			return true
		}
	}
	return false
}

// reportShutdown reports call, deferred by g, which sends records to
// workers at send.
func (c *checker) reportShutdown(call *consumer.Call, g *ssa.Function, send ssa.Instruction) {
	name := clientmodel.ShortName(call.Func)
	noun := call.Client.RecordNoun
	msg := fmt.Sprintf("deferred call to %s commits every %s polled when %s returns, %ss still queued for the workers included, with no wait for them: those are committed but never processed, so every shutdown loses them (at-most-once)",
		name, noun, g.Name(), noun)
	var fixes []analysis.SuggestedFix
	if fix, ok := c.shutdownFix(call); ok {
		fixes = append(fixes, fix)
	} else {
		msg += "; no automatic fix: close the channel and wait for the workers to return before the commit"
		if marks := call.Client.CallName(clientmodel.Commit, clientmodel.ScopeMarked); marks != "" {
			msg += fmt.Sprintf(", or have them mark what they processed (%s, %s) and commit the marks (%s)",
				call.Client.Spell(clientmodel.MarksOnly), call.Client.CallName(clientmodel.Mark, clientmodel.ScopeArgs), marks)
		}
	}
	pos := call.Pos()
	if ce := c.deferredCall(call); ce != nil {
		pos = ce.Lparen
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:            pos,
		Category:       CategoryCommitBefore,
		Message:        msg,
		Related:        []analysis.RelatedInformation{{Pos: send.Pos(), Message: noun + "s sent to the workers here"}},
		SuggestedFixes: fixes,
	})
}

// leftMidPoll returns the statement by which g, polling and processing
// call's consumer's records in place, can leave a poll half processed
// (midpoll.Leaves), nil if there is none in g.
func (c *checker) leftMidPoll(call *consumer.Call, g *ssa.Function) ast.Stmt {
	k := c.callConsumer(call)
	if k == nil || g.Syntax() == nil {
		return nil
	}
	at := midpoll.Leaves(c.pass, k)
	if at == nil || at.Pos() < g.Syntax().Pos() || at.End() > g.Syntax().End() {
		return nil
	}
	return at
}

// namedInTests reports whether a test file of decl's directory names
// it: a test calling the helper would not build without it (review
// 44-2/D6). Unreadable files count as naming it.
func (c *checker) namedInTests(decl *ast.FuncDecl) bool {
	dir := filepath.Dir(c.pass.Fset.File(decl.Pos()).Name())
	tests, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return true
	}
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(decl.Name.Name) + `\b`)
	for _, t := range tests {
		b, err := os.ReadFile(t)
		if err != nil || word.Match(b) {
			return true
		}
	}
	return false
}

// contextSetup reports whether st only makes the context a commit is
// given: ctx, cancel := context.WithTimeout(...), or defer cancel().
func (c *checker) contextSetup(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.AssignStmt:
		if len(st.Rhs) != 1 {
			return false
		}
		ce, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr)
		fn, _ := typeutil.Callee(c.pass.TypesInfo, ce).(*types.Func)
		return ok && fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context"
	case *ast.DeferStmt:
		_, ok := ast.Unparen(st.Call.Fun).(*ast.Ident)
		_, isFunc := c.pass.TypesInfo.TypeOf(st.Call.Fun).Underlying().(*types.Signature)
		return ok && isFunc && len(st.Call.Args) == 0
	}
	return false
}

// callConsumer returns the consumer call is made on: its own, or the
// client the package receives that it is made on (a service given the
// client main builds: hunt 44f/D1, 146 of 300 lost at a failed write).
func (c *checker) callConsumer(call *consumer.Call) *consumer.Consumer {
	if call.Consumer != nil {
		return call.Consumer
	}
	if i := slices.IndexFunc(c.m.Received, func(r *consumer.Consumer) bool { return slices.Contains(r.Calls, call) }); i >= 0 {
		return c.m.Received[i]
	}
	return nil
}

// reportMidPoll reports call, a commit of everything polled deferred by
// g, whose loop can leave a poll half processed at at (audit 37c/D3: 274
// of 300 lost at a SIGTERM): the commit writes the positions of the
// records it abandoned. The fix commits the marks instead when the
// consumer commits marks only (shutdownFix); otherwise it removes the
// deferred commit when something else commits the processed polls (a
// commit of the consumer's the function makes, or auto-commit, whose
// timer and default revoke commit the polls before the latest): a
// restart then replays since that commit.
func (c *checker) reportMidPoll(call *consumer.Call, g *ssa.Function, at ast.Stmt) {
	name := clientmodel.ShortName(call.Func)
	noun := call.Client.RecordNoun
	msg := fmt.Sprintf("deferred call to %s commits every %s polled when %s returns, and %s can return with a poll half processed (line %d): the %ss it abandoned are committed but never processed, so a failed write or a shutdown loses them (at-most-once)",
		name, noun, g.Name(), g.Name(), c.pass.Fset.Position(at.Pos()).Line, noun)
	var fixes []analysis.SuggestedFix
	if fix, ok := c.shutdownFix(call); ok {
		fixes = append(fixes, fix)
	} else if fix, ok := c.dropCommit(call, g); ok {
		fixes = append(fixes, fix)
	} else {
		msg += fmt.Sprintf("; no automatic fix: nothing else commits the processed polls; commit each poll in the loop once its %ss are processed, and drop the deferred commit", noun)
	}
	pos := call.Pos()
	if ce := c.deferredCall(call); ce != nil {
		pos = ce.Lparen
	}
	rel := []analysis.RelatedInformation{{Pos: at.Pos(), Message: "the loop leaves a poll half processed here"}}
	if f, d := c.deferredHelper(call); f == g && d != nil {
		rel = append(rel, analysis.RelatedInformation{Pos: d.Pos(), Message: g.Name() + " defers the commit's function here"})
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:            pos,
		Category:       CategoryCommitBefore,
		Message:        msg,
		Related:        rel,
		SuggestedFixes: fixes,
	})
}

// checkAfterLoop reports call, a commit of everything polled made once
// after the poll loop of its function (a final flush), when the loop can
// break out with a poll half processed (midpoll.Leaves): the commit
// writes the positions of the records it abandoned (audit 38b/D2: 14 to
// 19 of 300 lost at a SIGTERM). The fix removes the commit when the
// processed polls are committed without it (dropCommit); what follows the
// loop else (a Close, other cleanup) stays (review 38-1/D3).
func (c *checker) checkAfterLoop(call *consumer.Call) {
	k := call.Consumer
	if k == nil || call.Fn.Syntax() == nil || ssaflow.InLoop(call.Instr.Block()) {
		return
	}
	br, ok := midpoll.Leaves(c.pass, k).(*ast.BranchStmt)
	if !ok || br.Pos() < call.Fn.Syntax().Pos() || br.Pos() > call.Pos() {
		return
	}
	name := clientmodel.ShortName(call.Func)
	noun := call.Client.RecordNoun
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		Category: CategoryCommitBefore,
		Message: fmt.Sprintf("call to %s after the poll loop commits every %s polled, and the loop can break out with a poll half processed (line %d): the %ss it abandoned are committed but never processed, so a shutdown loses them (at-most-once)",
			name, noun, c.pass.Fset.Position(br.Pos()).Line, noun),
		Related: []analysis.RelatedInformation{{Pos: br.Pos(), Message: "the loop leaves a poll half processed here"}},
	}
	if fix, ok := c.dropCommit(call, call.Fn); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else {
		d.Message += fmt.Sprintf("; no automatic fix: nothing else commits the processed polls; commit each poll in the loop once its %ss are processed, and drop this commit", noun)
	}
	report.Report(c.pass, d)
}

// dropCommit removes call, a commit of g's (deferred, or after its
// loop), when the consumer's processed polls are committed otherwise: by
// another commit g makes (not deferred), or by auto-commit. The defer
// goes, or, in a deferred closure, the commit's statement (the whole
// defer when it is all the closure does); a commit's statement goes with
// the declarations only it used (a context made for it, and its cancel).
func (c *checker) dropCommit(call *consumer.Call, g *ssa.Function) (analysis.SuggestedFix, bool) {
	k := c.callConsumer(call)
	if k == nil {
		return analysis.SuggestedFix{}, false
	}
	reach := map[*ssa.Function]bool{}
	c.flow.Reach(g, reach)
	other := slices.ContainsFunc(c.m.Calls, func(o *consumer.Call) bool {
		if o == call || o.Role != clientmodel.Commit || c.callConsumer(o) != k {
			return false
		}
		f, _ := deferredBy(o)
		return f == nil && (o.Fn == g || reach[o.Fn] && o.Fn != call.Fn)
	})
	if !other && !k.Settings.Is(k.Client, clientmodel.AutoCommit) {
		return analysis.SuggestedFix{}, false
	}
	ce, path := edit.CallAt(c.pass, call.Pos())
	if d, ok := call.Instr.(*ssa.Defer); ok {
		ce, path = c.deferredCall(call), edit.Path(c.pass, d.Pos())
	}
	if ce == nil {
		return analysis.SuggestedFix{}, false
	}
	st, list := edit.Stmt(path)
	if st == nil || list == nil {
		return analysis.SuggestedFix{}, false
	}
	if f, d := c.deferredHelper(call); f == g && d != nil {
		// A helper doing nothing but the commit (and a log of its
		// error), deferred by g: the defer goes.
		decl, ok := call.Fn.Syntax().(*ast.FuncDecl)
		if !ok || decl.Body == nil || !slices.Contains(decl.Body.List, st) || slices.ContainsFunc(decl.Body.List, func(o ast.Stmt) bool { return o != st && !c.contextSetup(o) }) {
			return analysis.SuggestedFix{}, false
		}
		path = edit.Path(c.pass, d.Pos())
		if st, _ = edit.Stmt(path); st == nil {
			return analysis.SuggestedFix{}, false
		}
	}
	if _, ok := st.(*ast.DeferStmt); !ok {
		// In the deferred closure: the whole defer when the commit is
		// all it does.
		for i, n := range path {
			fl, isLit := n.(*ast.FuncLit)
			if !isLit {
				continue
			}
			if len(fl.Body.List) == 1 && fl.Body.List[0] == st {
				for _, m := range path[i+1:] {
					if ds, ok := m.(*ast.DeferStmt); ok && ast.Unparen(ds.Call.Fun) == ast.Expr(fl) {
						st = ds
					}
				}
			}
			break
		}
	}
	var blk *ast.BlockStmt
	for _, n := range path {
		if b, ok := n.(*ast.BlockStmt); ok && slices.Contains(b.List, st) {
			blk = b
			break
		}
	}
	if blk == nil {
		return analysis.SuggestedFix{}, false
	}
	drop, ok := edit.Removable(c.pass, blk, st)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits, ok := edit.RemoveStmts(c.pass, drop)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	what := "deferred " + clientmodel.ShortName(call.Func)
	if f, d := c.deferredHelper(call); f == g && d != nil {
		what = "deferred " + edit.Source(c.pass, st.(*ast.DeferStmt).Call)
		if decl, ok := call.Fn.Syntax().(*ast.FuncDecl); ok && len(c.flow.Callers(call.Fn)) == 1 && !decl.Name.IsExported() && !c.namedInTests(decl) {
			// The helper, called by that defer alone, goes too.
			from := decl.Pos()
			if decl.Doc != nil {
				from = decl.Doc.Pos()
			}
			file := c.pass.Fset.File(decl.Pos())
			to := decl.End()
			if end := file.Base() + file.Size(); int(to) < end {
				to++ // its newline
			}
			edits = append(edits, analysis.TextEdit{Pos: from, End: to})
		}
	} else if _, deferred := deferredBy(call); deferred == nil {
		what = clientmodel.ShortName(call.Func) + " after the loop"
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Remove the %s: the processed polls are committed without it", what),
		TextEdits: edits,
	}, true
}

// shutdownFix commits the marks in place of everything polled, when
// call's consumer commits marks only (kgo.AutoCommitMarks): the marks
// are what the workers processed.
func (c *checker) shutdownFix(call *consumer.Call) (analysis.SuggestedFix, bool) {
	k := c.callConsumer(call)
	if k == nil || k.Settings == nil || !k.Settings.Is(call.Client, clientmodel.MarksOnly) {
		return analysis.SuggestedFix{}, false
	}
	ce := c.deferredCall(call)
	if ce == nil {
		return analysis.SuggestedFix{}, false
	}
	sel, _ := ce.Fun.(*ast.SelectorExpr)
	marks := call.Client.CallName(clientmodel.Commit, clientmodel.ScopeMarked)
	if sel == nil || sel.Sel.Name != clientmodel.BareName(call.Func) || marks == "" {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Commit the workers' marks at shutdown (%s), not every %s polled", marks, call.Client.RecordNoun),
		TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(marks)}},
	}, true
}

// deferredCall returns the call expression of call: the call of a
// defer statement, or the call at its left parenthesis.
func (c *checker) deferredCall(call *consumer.Call) *ast.CallExpr {
	d, ok := call.Instr.(*ssa.Defer)
	if !ok {
		ce, _ := edit.CallAt(c.pass, call.Pos())
		return ce
	}
	for _, n := range edit.Path(c.pass, d.Pos()) {
		if ds, ok := n.(*ast.DeferStmt); ok && ds.Defer == d.Pos() {
			return ds.Call
		}
	}
	return nil
}
