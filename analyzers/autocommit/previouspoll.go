package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- the timer commits the previous poll (TimerPreviousPoll) ----

func (c *checker) previousPoll(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if c.greedyArg(k) {
		return
	}
	if !s.Is(cl, clientmodel.Group) {
		return
	}
	if mayBeOn(s, clientmodel.Greedy) && !surely(s, clientmodel.AutoCommit, false) && !surely(s, clientmodel.MarksOnly, true) {
		// The client rejects the greedy option next to a disabled or
		// marks-only auto-commit, so on every path that builds a client
		// with it, it commits greedily.
		c.greedy(k)
		return
	}
	// Auto-commit disabled on some paths only is on, the default, on
	// the others: the analyzers report what may be set.
	autoOn := s.Is(cl, clientmodel.AutoCommit) || s.Cond[clientmodel.AutoCommit] && !s.Opaque && cl.Config.Defaults[clientmodel.AutoCommit]
	if !autoOn || s.Is(cl, clientmodel.MarksOnly) {
		return
	}
	if _, known := s.Get(cl, clientmodel.MarksOnly); !known {
		return
	}
	if _, known := s.Get(cl, clientmodel.Greedy); !known {
		return
	}
	for _, f := range callsWith(k, clientmodel.Fetch) {
		c.outlivePoll(k, f)
	}
}

// mayBeOn reports whether k is set on, on every path or some only (Cond).
func mayBeOn(s *consumer.Settings, k clientmodel.Setting) bool {
	v, ok := s.Set[k]
	return ok && v.On
}

// surely reports whether k is set to on on every path to the consumer.
func surely(s *consumer.Settings, k clientmodel.Setting, on bool) bool {
	v, ok := s.Set[k]
	return ok && v.On == on && !s.Cond[k]
}

func (c *checker) greedy(k *consumer.Consumer) {
	v := k.Settings.Set[clientmodel.Greedy]
	if !v.Pos.IsValid() {
		return // set in another package: reported there (greedyHelpers)
	}
	call, path := edit.CallAt(c.pass, v.Pos)
	if call == nil || len(path) < 2 {
		return
	}
	fix, ok := c.greedyFix(k.Client, call, path)
	if !ok {
		return
	}
	rel := []analysis.RelatedInformation{related(k.Site.Pos(), "client created here")}
	msg := fmt.Sprintf("%s commits each poll as soon as it is returned, every %s, before its records are processed: a crash loses them (at-most-once)",
		k.Client.Spell(clientmodel.Greedy), consumer.Interval(c.pass, k.Client, call.Pos(), k.From == nil))
	if k.Settings.Cond[clientmodel.Greedy] {
		msg = fmt.Sprintf("%s commits each poll as soon as it is returned, every %s, before its records are processed: on the paths that set it, a crash loses them (at-most-once)",
			k.Client.Spell(clientmodel.Greedy), consumer.Interval(c.pass, k.Client, call.Pos(), k.From == nil))
	}
	// The fix leaves the default auto-commit, which commits every poll
	// before the latest: records the loop hands to goroutines or workers
	// would still be committed before they are processed, so the fix
	// also makes the next poll wait for them (the edits their own
	// finding would make under the default).
	handed, edits, unfixed := c.outliveUnderDefault(k)
	if len(handed) > 0 {
		fix.TextEdits = dedupEdits(append(fix.TextEdits, edits...))
		fix.Message += ", and wait for the workers to process each poll's records before the next poll"
		for _, d := range handed {
			rel = append(rel, related(d.Pos, "records handed over here, which the default auto-commit would still commit before they are processed: the fix makes the next poll wait for them"))
		}
	}
	fixes := []analysis.SuggestedFix{fix}
	if len(unfixed) > 0 {
		// Without the option the default would still commit the records
		// these hand-offs pass on before they are processed, and no
		// wait for their workers can be built: a fix of the option
		// alone would leave the loss.
		fixes = nil
		for _, d := range unfixed {
			rel = append(rel, related(d.Pos, "records handed over here, which the default auto-commit would still commit before they are processed"))
		}
		msg += fmt.Sprintf("; no automatic fix: without it, the default auto-commit would still commit the records the loop hands to workers (line %d) before they are processed, and the fix cannot make the next poll wait for those workers; remove %s and make the loop wait until the workers have processed the poll's records before it polls again",
			c.pass.Fset.Position(unfixed[0].Pos).Line, k.Client.Spell(clientmodel.Greedy))
	}
	c.greedyAt[call.Pos()] = true
	c.report(k, analysis.Diagnostic{
		Pos:            call.Pos(),
		End:            call.End(),
		Category:       CategoryGreedy,
		Message:        msg,
		Related:        rel,
		SuggestedFixes: fixes,
	})
}

// dedupEdits drops the edits equal to an earlier one (the same import
// added by two folded fixes).
func dedupEdits(edits []analysis.TextEdit) []analysis.TextEdit {
	var out []analysis.TextEdit
	for _, e := range edits {
		dup := false
		for _, o := range out {
			dup = dup || o.Pos == e.Pos && o.End == e.End && string(o.NewText) == string(e.NewText)
		}
		if !dup {
			out = append(out, e)
		}
	}
	return out
}

// outliveUnderDefault returns what records-outlive-poll would report for
// k's fetches under the default auto-commit: the findings that have a
// fix, with the edits of those fixes, and the findings that have none.
func (c *checker) outliveUnderDefault(k *consumer.Consumer) (handed []analysis.Diagnostic, edits []analysis.TextEdit, unfixed []analysis.Diagnostic) {
	var sink []analysis.Diagnostic
	prev := c.sink
	c.sink = &sink
	defer func() { c.sink = prev }()
	for _, f := range callsWith(k, clientmodel.Fetch) {
		c.outlivePoll(k, f)
	}
	for _, d := range sink {
		if len(d.SuggestedFixes) == 0 {
			unfixed = append(unfixed, d)
			continue
		}
		handed = append(handed, d)
		edits = append(edits, d.SuggestedFixes[0].TextEdits...)
	}
	return handed, edits, unfixed
}

// removeOption returns an edit removing the option call x (path[0]) from
// the list it is an element of: a variadic options argument, a slice
// literal, or the elements appended by append (the whole `opts =
// append(opts, x)` statement when x is its only element). An option passed
// to a non-variadic parameter or bound to a variable is not removable.
func (c *checker) removeOption(path []ast.Node, x *ast.CallExpr) (analysis.TextEdit, bool) {
	switch p := path[1].(type) {
	case *ast.CompositeLit:
		return edit.RemoveElement(c.pass, p, x)
	case *ast.CallExpr:
		if p.Ellipsis.IsValid() {
			return analysis.TextEdit{}, false
		}
		if edit.IsBuiltin(c.pass, p.Fun, "append") {
			if len(p.Args) < 2 || p.Args[0] == x {
				return analysis.TextEdit{}, false
			}
			if len(p.Args) > 2 {
				return edit.RemoveElement(c.pass, p, x)
			}
			// opts = append(opts, x): remove the statement.
			if len(path) < 4 {
				return analysis.TextEdit{}, false
			}
			as, ok := path[2].(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != p {
				return analysis.TextEdit{}, false
			}
			l, ok1 := ast.Unparen(as.Lhs[0]).(*ast.Ident)
			r, ok2 := ast.Unparen(p.Args[0]).(*ast.Ident)
			if !ok1 || !ok2 || c.pass.TypesInfo.ObjectOf(l) == nil || c.pass.TypesInfo.ObjectOf(l) != c.pass.TypesInfo.ObjectOf(r) {
				return analysis.TextEdit{}, false
			}
			if _, inBlock := path[3].(*ast.BlockStmt); !inBlock {
				if _, inClause := path[3].(*ast.CaseClause); !inClause {
					return analysis.TextEdit{}, false
				}
			}
			if ifs := c.onlyStmtOfIf(path[3:]); ifs != nil {
				if e, ok := edit.RemoveStmt(c.pass, ifs); ok {
					return e, true
				}
			}
			return edit.RemoveStmt(c.pass, as)
		}
		sig, ok := c.pass.TypesInfo.TypeOf(p.Fun).(*types.Signature)
		if !ok || !sig.Variadic() {
			return analysis.TextEdit{}, false
		}
		for i, a := range p.Args {
			if a == x && i >= sig.Params().Len()-1 {
				return edit.RemoveElement(c.pass, p, x)
			}
		}
	}
	return analysis.TextEdit{}, false
}

// onlyStmtOfIf returns the if statement whose body is path[0] when that
// body holds one statement, the if has no init and no else, and its
// condition calls nothing (removing the if then drops no effect): removing
// the option's append removes the whole if, not leaving an empty block.
func (c *checker) onlyStmtOfIf(path []ast.Node) *ast.IfStmt {
	if len(path) < 3 {
		return nil
	}
	body, ok := path[0].(*ast.BlockStmt)
	if !ok || len(body.List) != 1 {
		return nil
	}
	ifs, ok := path[1].(*ast.IfStmt)
	if !ok || ifs.Body != body || ifs.Init != nil || ifs.Else != nil || !c.pure(ifs.Cond) {
		return nil
	}
	switch path[2].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return ifs
	}
	return nil
}

// pure reports whether evaluating e has no effect: it calls nothing but
// conversions and receives from no channel.
func (c *checker) pure(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, found := c.pass.TypesInfo.Types[n.Fun]; !found || !tv.IsType() {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.FuncLit:
			return false
		}
		return ok
	})
	return ok
}

// outlivePoll reports records of poll f handed to goroutines inside the
// poll loop with no join before the next poll.
func (c *checker) outlivePoll(k *consumer.Consumer, f *consumer.Call) {
	call, ok := f.Instr.(*ssa.Call)
	if !ok {
		return
	}
	_, pollPath := edit.CallAt(c.pass, call.Pos())
	var loop ast.Stmt
	var body *ast.BlockStmt
	// A helper returning the records it polled (once, or in a loop of
	// its own until there are some): each caller's loop polls again.
	for _, site := range c.pollReturnedTo(f, call) {
		c.outlivePoll(k, site)
	}
	if ssaflow.InLoop(call.Block()) {
		loop, body = edit.LoopOf(pollPath)
	} else {
		body = c.pollOnceBody(f, call, pollPath)
	}
	if body == nil {
		return
	}
	tainted := c.recordsOf(call)
	for _, g := range c.goStmtsIn(f.Fn, tainted) {
		if g.Pos() < body.Pos() || g.Pos() > body.End() {
			continue
		}
		if c.joined(f.Fn, call) {
			return
		}
		c.reportOutlive(k, f, g, loop, body)
	}
	c.outliveSends(k, f, call, body, tainted)
	c.outliveProduces(k, f, call, body, tainted)
	c.outliveQueues(k, f, call, body, tainted)
	c.outliveHeld(k, f)
}

// outliveHeld reports the records of poll f that its loop keeps in a
// slice across polls (semantics' HeldAcrossPolls: buf = append(buf,
// fs.Records()...), flushed when it holds 40): the next poll makes them
// committable, written or not (audits 32d/26, 33d/1: the row said
// neither, and lint was silent; the greedy option's fix, which counts
// these findings as hand-offs it cannot fix, is withheld when the loop
// is in its package). No fix is built: a wait before the next poll
// would flush the buffer every poll.
func (c *checker) outliveHeld(k *consumer.Consumer, f *consumer.Call) {
	ev := semantics.For(c.pass, k)
	if ev == nil || ev.HeldIn == "" || ev.HeldPoll != c.pass.Fset.Position(f.Pos()) {
		return
	}
	poll := clientmodel.ShortName(f.Func)
	mark := k.Client.CallName(clientmodel.Mark, clientmodel.ScopeArgs) + "(" + ev.HeldIn + "...)"
	if strings.Contains(ev.HeldIn, " ") {
		mark = k.Client.CallName(clientmodel.Mark, clientmodel.ScopeArgs) // "a slice": no name to give
	}
	c.report(k, analysis.Diagnostic{
		Pos:      f.Pos(),
		Category: CategoryOutlivePoll,
		Message: fmt.Sprintf("records of %s kept in %s across polls: %s%s's auto-commit commits every poll before the latest, so the next %s makes the records still held committable before they are written; a crash loses them (at-most-once); no automatic fix: the buffer is written when it decides, not before the next poll; add %s() and mark the buffer's records (%s) once they are written, before it is emptied",
			poll, ev.HeldIn, c.assumption(k), k.Client.Name, poll, k.Client.Spell(clientmodel.MarksOnly), mark),
		Related: c.outliveRelated(k, f),
	})
}

// pollOnceBody returns the body of the function declaration that polls
// once (call, not in a loop of its own) when a caller of the package
// calls it in a loop: its next call polls again (tempo's readKafka, the
// caller's loop calling it), so what it hands on outlives the poll as in
// a loop's body. Not when a return follows the poll: a wait placed after
// the hand-off would not be on that path to the next call.
func (c *checker) pollOnceBody(f *consumer.Call, call *ssa.Call, pollPath []ast.Node) *ast.BlockStmt {
	fd := outerDecl(pollPath)
	if fd == nil || call.Parent() != f.Fn || f.Fn.Parent() != nil ||
		!slices.ContainsFunc(c.m.Flow.Callers(f.Fn), func(site ssa.CallInstruction) bool { return ssaflow.InLoop(site.Block()) }) {
		return nil
	}
	returns := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns = returns || n.Pos() > call.Pos()
		}
		return !returns
	})
	if returns {
		return nil
	}
	return fd.Body
}

// pollReturnedTo returns, for poll f made by a function of the package
// that returns its records (a helper `recs, ok := poll(ctx, cl)`
// returning fs.Records(), polling once or until there are some), each
// call of that
// function in the package's loops as the poll: the caller's next call
// polls again, so what it hands on outlives the poll as if it polled
// itself. Two helpers deep at most.
func (c *checker) pollReturnedTo(f *consumer.Call, call *ssa.Call) []*consumer.Call {
	if f.Fn.Parent() != nil || call.Parent() != f.Fn {
		return nil
	}
	recs := c.recordsOf(call)
	returns := false
	for _, b := range f.Fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && slices.ContainsFunc(r.Results, func(v ssa.Value) bool {
			_, basic := v.Type().Underlying().(*types.Basic)
			return recs[v] && !basic && !isErrorType(v.Type())
		}) {
			returns = true
		}
	}
	if !returns {
		return nil
	}
	var out []*consumer.Call
	for _, site := range c.m.Flow.Callers(f.Fn) {
		sc, ok := site.(*ssa.Call)
		if !ok || sc.Common().StaticCallee() != f.Fn || sc.Parent() == f.Fn || !ssaflow.InLoop(sc.Block()) {
			continue
		}
		out = append(out, &consumer.Call{CallRef: f.CallRef, Instr: sc, Fn: sc.Parent(), Consumer: f.Consumer})
	}
	return out
}

// recordsOf returns the values derived from a poll's result in the
// function and its closures: the fetches, their records, fields of those.
func (c *checker) recordsOf(poll *ssa.Call) map[ssa.Value]bool {
	tainted := map[ssa.Value]bool{poll: true}
	work := []ssa.Value{poll}
	add := func(v ssa.Value) {
		if v != nil && !tainted[v] {
			tainted[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch r := ref.(type) {
			case *ssa.Call:
				cc := r.Common()
				add(r)
				// A closure passed with a tainted receiver (EachRecord,
				// EachPartition) receives tainted parameters.
				for _, a := range cc.Args {
					if mc, ok := a.(*ssa.MakeClosure); ok {
						for _, p := range mc.Fn.(*ssa.Function).Params {
							add(p)
						}
					}
					if fn, ok := a.(*ssa.Function); ok {
						for _, p := range fn.Params {
							add(p)
						}
					}
				}
			case *ssa.MakeClosure:
				for i, bnd := range r.Bindings {
					if bnd == v {
						add(r.Fn.(*ssa.Function).FreeVars[i])
					}
				}
			case *ssa.Store:
				if r.Val == v {
					add(r.Addr)
					// A struct built around the record or what it says
					// (Delivery{source: msg}, job{event: decode(r.Value)}),
					// sent whole to the workers; not one of its
					// coordinates or a number (a lag exporter's
					// position{r.Topic, r.Partition, r.Offset}).
					if al := ssaflow.LocalAggregate(r.Addr); al != nil && !coordinateOrNumber(v) {
						add(al)
					}
				}
			case *ssa.Lookup:
				// What a map holds under a record's key (a worker
				// looked up by its topic) is not the record.
				if _, isMap := r.X.Type().Underlying().(*types.Map); !isMap || r.X == v {
					add(r)
				}
			case ssa.Value:
				add(r)
			}
		}
	}
	return tainted
}

// coordinateOrNumber reports whether v is a number or a bool (an
// offset, a count), or a record's coordinate read from it (its topic:
// clientmodel.Coordinates), rather than the record or what it says.
func coordinateOrNumber(v ssa.Value) bool {
	if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&(types.IsNumeric|types.IsBoolean) != 0 {
		return true
	}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	coord, record := clientmodel.Default.RecordField(fa.X.Type(), fa.Field)
	return record && coord
}

// goStmtsIn returns the go statements in fn (and its closures) that pass a
// tainted value to the new goroutine.
func (c *checker) goStmtsIn(fn *ssa.Function, tainted map[ssa.Value]bool) []*ssa.Go {
	var out []*ssa.Go
	var visit func(*ssa.Function)
	visit = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				g, ok := instr.(*ssa.Go)
				if !ok {
					continue
				}
				// A channel (one looked up by a record's partition) is
				// no record: the records sent on it are the sends'
				// finding (outliveSends), and its worker outlives every
				// poll, so no wait for it could end.
				carries := func(v ssa.Value) bool {
					t := v.Type().Underlying()
					if p, ok := t.(*types.Pointer); ok {
						t = p.Elem().Underlying() // a captured variable
					}
					_, isChan := t.(*types.Chan)
					return tainted[v] && !isChan
				}
				// A worker that receives in a loop outlives every poll
				// too, whatever it is started with.
				if ssaflow.ReceivesInLoop(g.Call.StaticCallee()) {
					continue
				}
				hit := false
				for _, a := range g.Call.Args {
					hit = hit || carries(a)
				}
				if mc, ok := g.Call.Value.(*ssa.MakeClosure); ok {
					for _, bnd := range mc.Bindings {
						hit = hit || carries(bnd)
					}
				}
				if hit {
					out = append(out, g)
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	visit(fn)
	return out
}

// joined reports whether fn waits for goroutines (sync.WaitGroup.Wait,
// errgroup's Wait) or receives from a channel in the poll loop (a select
// too, unless it only sends or gives up on a context's Done): a join
// before the next poll. Waits in the in-package functions the loop calls
// and in the function literals it passes to calls (EachPartition(func(…)
// {…; wg.Wait()})) count too, not those in go or defer statements. Any
// such wait counts; when in doubt, stay silent.
func (c *checker) joined(fn *ssa.Function, poll *ssa.Call) bool {
	seen := map[*ssa.Function]bool{}
	var waits func(instr ssa.Instruction) bool
	waitsIn := func(f *ssa.Function) bool {
		if f == nil || seen[f] || !c.m.Flow.InPackage(f) {
			return false
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if waits(instr) {
					return true
				}
			}
		}
		return false
	}
	waits = func(instr ssa.Instruction) bool {
		switch in := instr.(type) {
		case *ssa.Go, *ssa.Defer:
			return false // runs elsewhere or later
		case ssa.CallInstruction:
			if c.m.Flow.IsJoin(ssaflow.Callee(in.Common())) {
				return true
			}
			if waitsIn(in.Common().StaticCallee()) {
				return true
			}
			for _, a := range in.Common().Args {
				switch a := a.(type) {
				case *ssa.MakeClosure:
					if f, ok := a.Fn.(*ssa.Function); ok && waitsIn(f) {
						return true
					}
				case *ssa.Function:
					if waitsIn(a) {
						return true
					}
				}
			}
		case *ssa.UnOp:
			return in.Op == token.ARROW
		case *ssa.Select:
			// A default or a timer's case gives up waiting.
			return in.Blocking && !cancelOnly(in) && !slices.ContainsFunc(in.States, func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly && ssaflow.IsTimerChan(st.Chan) })
		}
		return false
	}
	// The blocks on the way back to the poll; for a function polling
	// once per call (pollOnceBody), every block after the poll.
	inLoop := ssaflow.InLoop(poll.Block())
	loop := ssaflow.Reachable(poll.Block())
	for b := range loop {
		if inLoop && !ssaflow.Reachable(b)[poll.Block()] {
			continue
		}
		for _, instr := range b.Instrs {
			if waits(instr) {
				return true
			}
		}
	}
	if !inLoop {
		// Polling once per call: a wait in the loop of a caller, after
		// the call and before the next, joins too.
		for _, site := range c.m.Flow.Callers(fn) {
			if sc, ok := site.(*ssa.Call); ok && ssaflow.InLoop(sc.Block()) && c.joined(sc.Parent(), sc) {
				return true
			}
		}
	}
	return false
}

// cancelOnly reports whether select s only sends, or receives from a
// context's Done channel: it hands values over, or gives up when the
// context is cancelled, and waits for no goroutine's work.
func cancelOnly(s *ssa.Select) bool {
	for _, st := range s.States {
		if st.Dir != types.SendOnly && !ssaflow.IsCtxDone(st.Chan) {
			return false
		}
	}
	return true
}

// jumpsOut reports whether s contains a labelled continue or a goto, which
// may leave s for the next iteration of an enclosing loop.
func jumpsOut(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && (b.Tok == token.GOTO || b.Tok == token.CONTINUE && b.Label != nil) {
			found = true
		}
		return !found
	})
	return found
}

// unusedName returns name, or name with a numeric suffix, that is neither
// declared where block starts nor spelled anywhere inside it, so that a
// variable declared at the top of block shadows nothing the block uses
// and collides with no later declaration.
func (c *checker) unusedName(block *ast.BlockStmt, name string) string {
	used := map[string]bool{}
	ast.Inspect(block, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	cand := name
	for i := 2; used[cand] || edit.FreeName(c.pass, block.Lbrace+1, cand) != cand; i++ {
		cand = name + strconv.Itoa(i)
	}
	return cand
}

func (c *checker) reportOutlive(k *consumer.Consumer, f *consumer.Call, g *ssa.Go, loop ast.Stmt, body *ast.BlockStmt) {
	path := edit.Path(c.pass, g.Pos())
	var gs *ast.GoStmt
	for _, n := range path {
		if s, ok := n.(*ast.GoStmt); ok {
			gs = s
			break
		}
	}
	if gs == nil {
		return
	}
	lit, isLit := gs.Call.Fun.(*ast.FuncLit)
	var params []string
	bound := false // the call's function and arguments are bound to variables first
	if !isLit {
		var ok bool
		if params, ok = c.goWrapParams(gs); !ok {
			bound = true
		}
	} else if len(lit.Body.List) == 0 {
		return
	}
	// Wait right after the statement of the loop body that starts the
	// goroutines, so that no path (a later continue) reaches the next
	// poll without the join; a labelled continue or goto inside that
	// statement could still skip it.
	var top ast.Stmt
	for _, s := range body.List {
		if s.Pos() <= gs.Pos() && gs.Pos() < s.End() {
			top = s
		}
	}
	if top == nil || jumpsOut(top) {
		c.reportOutliveGo(k, f, gs, nil, "; no automatic fix: a labelled continue or a goto in the loop body's statement that starts the goroutine could skip a wait placed after it; make the loop wait for the goroutines before it polls again")
		return
	}
	file := edit.File(c.pass, g.Pos())
	syncName, imp := edit.Import(c.pass, file, "sync")
	wg := c.unusedName(body, "wg")
	var edits []analysis.TextEdit
	edits = append(edits, imp...)
	first := body.List[0]
	edits = append(edits, edit.InsertBefore(c.pass, first, fmt.Sprintf("var %s %s.WaitGroup", wg, syncName)))
	edits = append(edits, edit.InsertBefore(c.pass, gs, wg+".Add(1)"))
	var e analysis.TextEdit
	ok := true
	switch {
	case isLit:
		e, ok = edit.PrependToBody(c.pass, lit.Body, "defer "+wg+".Done()")
	case bound:
		e, ok = c.wrapGoBound(gs, "defer "+wg+".Done()")
	default:
		e = c.wrapGo(gs, params, "defer "+wg+".Done()")
	}
	if !ok {
		c.reportOutliveGo(k, f, gs, nil, "; no automatic fix: the goroutine's function cannot be wrapped to count it done (an argument of several values); make the loop wait for the goroutines before it polls again")
		return
	}
	edits = append(edits, e, edit.InsertAfter(c.pass, top, wg+".Wait()"))
	c.reportOutliveGo(k, f, gs, &analysis.SuggestedFix{
		Message:   "Wait for the goroutines before the next poll",
		TextEdits: edits,
	}, "")
}

// reportOutliveGo reports the go statement gs handing a record of poll f
// on, with fix, or without one and the message ending with noFix.
func (c *checker) reportOutliveGo(k *consumer.Consumer, f *consumer.Call, gs *ast.GoStmt, fix *analysis.SuggestedFix, noFix string) {
	d := analysis.Diagnostic{
		Pos:      gs.Pos(),
		End:      gs.Call.Lparen,
		Category: CategoryOutlivePoll,
		Message: fmt.Sprintf("record handed to a goroutine while the loop polls again: %s%s's auto-commit commits every poll before the latest, so the next %s makes this record committable before it is processed; a crash loses it (at-most-once)",
			c.assumption(k), k.Client.Name, clientmodel.ShortName(f.Func)) + noFix,
		Related: c.outliveRelated(k, f),
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	c.report(k, d)
}

// outliveRelated names the poll and, for a received client, where it is
// received.
func (c *checker) outliveRelated(k *consumer.Consumer, f *consumer.Call) []analysis.RelatedInformation {
	rel := []analysis.RelatedInformation{related(f.Pos(), "records polled here; the next iteration polls again without waiting")}
	if c.assumed[k] {
		rel = append(rel, c.origin(k, "client created here, with options out of sight"))
	}
	return rel
}
