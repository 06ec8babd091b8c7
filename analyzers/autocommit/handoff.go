package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// ---- records handed to workers over a channel outlive their poll ----

// A handoff is a channel that a poll loop sends records on, with the
// workers that receive them. The fix counts the records in flight on a
// sync.WaitGroup: Add(1) before each send, Done in the worker once it has
// processed the record (at the end of its loop body, and before each
// continue of it), Wait after the statement of the poll loop body that
// sends, so that the next poll (which makes the records of this one
// committable) starts only once the workers have processed them. The
// default revoke commits only what a poll has made committable, so it
// commits no record still in a worker either.
type handoff struct {
	ch    types.Object // the channel: a local variable or an unexported field
	field bool
	sends []*ast.SendStmt
	// selects are the select statements whose case is a send, with the
	// other cases (a context's Done, a default), where the record is not
	// sent.
	selects map[*ast.SendStmt]*ast.SelectStmt
	// stops are the empty `case <-ctx.Done():` clauses of those selects
	// (the record dropped, the loop carrying on to poll again), with the
	// return the fix gives them: the loop then polls no more, so the
	// record it skips is never made committable.
	stops map[*ast.CommClause]string
	// calls are the statements calling a send helper with the channel
	// (sendhelper.go), which the fix rewrites into its select.
	calls []*helperCall
	work  []*workerLoop
	// decl is the statement declaring a local channel (the WaitGroup is
	// declared after it); for a field, chanField is its declaration in
	// the struct and named the struct type.
	decl      ast.Stmt
	chanField *ast.Field
	named     *types.Named
	// unbuffered: every make of the channel has no buffer, so a record
	// sent has been received by a worker, which processes it whole.
	unbuffered bool
}

// workerLoop is the loop of a worker receiving from the channel: the body
// handling one record (a range body, or the case `case r := <-ch:` of a
// select in a for loop), the continues that end it early, and, for a
// field, the variable the worker reaches the channel through.
type workerLoop struct {
	body  []ast.Stmt
	end   token.Pos
	conts []*ast.BranchStmt
	base  *ast.Ident
	// fn is the function the channel is passed to (go worker(ctx, work)),
	// which gains the WaitGroup as a parameter that call passes.
	fn   *ast.FuncDecl
	call *ast.CallExpr
	// inCase: the worker receives in a case of a select, which a closed
	// channel would run again and again with no record.
	inCase bool
	closed bool // the worker function closes the channel it is passed
}

// sendsIn returns the positions (of the arrow) of the channel sends in
// fn (and its closures) of a tainted value, cases of selects included.
func sendsIn(fn *ssa.Function, tainted map[ssa.Value]bool) []token.Pos {
	var out []token.Pos
	var visit func(*ssa.Function)
	visit = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Send:
					if tainted[in.X] {
						out = append(out, in.Pos())
					}
				case *ssa.Select:
					for _, st := range in.States {
						if st.Dir == types.SendOnly && tainted[st.Send] {
							out = append(out, st.Pos)
						}
					}
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

// outliveSends reports records of poll f (in the loop with body body)
// sent on a channel to workers, with no join before the next poll.
func (c *checker) outliveSends(k *consumer.Consumer, f *consumer.Call, poll *ssa.Call, body *ast.BlockStmt, tainted map[ssa.Value]bool) {
	done := map[types.Object]bool{}
	doneMaps := map[types.Object]bool{}
	// doneUnseen are the channels (as written) whose sends are reported
	// without a fix, once each.
	doneUnseen := map[string]bool{}
	unseen := func(ch ast.Expr, pos, end token.Pos, why string) {
		if text := edit.Source(c.pass, ch); !doneUnseen[text] {
			doneUnseen[text] = true
			c.reportOutliveSend(k, f, pos, end, nil, "no automatic fix: "+why+"; make the loop wait until the workers have processed the poll's records before it calls "+clientmodel.ShortName(f.Func)+" again")
		}
	}
	for _, pos := range sendsIn(f.Fn, tainted) {
		if pos < body.Pos() || pos > body.End() {
			continue
		}
		if c.joined(f.Fn, poll) {
			return
		}
		path := edit.Path(c.pass, pos)
		var ss *ast.SendStmt
		for _, n := range path {
			if x, ok := n.(*ast.SendStmt); ok {
				ss = x
				break
			}
		}
		fd := outerDecl(path)
		if ss == nil || fd == nil {
			continue
		}
		h, top, ok := c.handoffOf(ss.Chan, ss.Pos(), body, fd)
		if !ok {
			if m := c.mapOfChannels(ss.Chan); m != nil && !doneMaps[m] {
				doneMaps[m] = true
				if fix, l, ok := c.laneMarkFix(k, f, ss); ok {
					// A lane per partition, each with one worker: the
					// workers mark, and only marks are committed.
					c.reportOutliveSend(k, f, ss.Pos(), ss.Arrow, fix, "", related(l.body[0].Pos(), "the partition's worker processes the record here, after the loop may have polled again"))
					continue
				}
				if edits, l, ok := c.laneWaitFix(ss, body, fd); ok {
					// A lane per key (or per partition where the marks
					// cannot be added), each with one worker: the
					// workers count their records done, and the next
					// poll waits for them.
					c.reportOutliveSend(k, f, ss.Pos(), ss.Arrow, &analysis.SuggestedFix{
						Message:   "Wait for the workers to process the poll's records before the next poll",
						TextEdits: edits,
					}, "", related(l.body[0].Pos(), "the lane's worker processes the record here, after the loop may have polled again"))
					continue
				}
				// Channels made or used otherwise: which workers take a
				// record is out of sight, so the fix cannot count them.
				c.reportOutliveSend(k, f, ss.Pos(), ss.Arrow, nil, fmt.Sprintf("no automatic fix: the records go to a channel held in a map that is not a lane made with its one worker where the lookup finds none (or that is used otherwise), so the fix cannot tell which workers take them; make the loop wait until the workers have processed the poll's records before it calls %s again", clientmodel.ShortName(f.Func)))
			} else if c.mapOfChannels(ss.Chan) == nil {
				unseen(ss.Chan, ss.Pos(), ss.Arrow, noWorkersFixWhy)
			}
			continue
		}
		if done[h.ch] {
			continue
		}
		done[h.ch] = true
		edits, ok := c.handoffFix(h, top, body, fd)
		if ok {
			edits, ok = c.sharedWorkerFix(h, fd, edits)
		}
		if !ok {
			unseen(ss.Chan, ss.Pos(), ss.Arrow, noWorkersFixWhy)
			continue
		}
		c.reportOutliveSend(k, f, ss.Pos(), ss.Arrow, &analysis.SuggestedFix{
			Message:   "Wait for the workers to process the poll's records before the next poll",
			TextEdits: edits,
		}, "", related(h.work[0].body[0].Pos(), "a worker processes the record here, after the loop may have polled again"))
	}
	// Records handed over by a context-aware send helper (sendhelper.go).
	for _, pos := range c.helperSendsIn(f.Fn, tainted) {
		if pos < body.Pos() || pos > body.End() {
			continue
		}
		if c.joined(f.Fn, poll) {
			return
		}
		call, path := edit.CallAt(c.pass, pos)
		fd := outerDecl(path)
		if call == nil || fd == nil {
			continue
		}
		hs, ok := c.sendHelperOf(calleeOf(c.pass, call))
		if !ok || hs.Ch >= len(call.Args) {
			continue
		}
		h, top, ok := c.handoffOf(call.Args[hs.Ch], call.Pos(), body, fd)
		if !ok {
			unseen(call.Args[hs.Ch], call.Pos(), call.Lparen, noWorkersFixWhy)
			continue
		}
		if done[h.ch] {
			continue
		}
		done[h.ch] = true
		edits, ok := c.handoffFix(h, top, body, fd)
		if ok {
			edits, ok = c.sharedWorkerFix(h, fd, edits)
		}
		if !ok {
			unseen(call.Args[hs.Ch], call.Pos(), call.Lparen, noWorkersFixWhy)
			continue
		}
		c.reportOutliveSend(k, f, call.Pos(), call.Lparen, &analysis.SuggestedFix{
			Message:   "Wait for the workers to process the poll's records before the next poll",
			TextEdits: edits,
		}, "", related(h.work[0].body[0].Pos(), "a worker processes the record here, after the loop may have polled again"))
	}
}

// noWorkersFixWhy says why a send of records to workers has no fix: the
// channel's every use or worker is not in sight or cannot count what it
// finishes.
const noWorkersFixWhy = "the fix cannot find or count every worker that takes the records from this channel (a channel passed in, held by a package variable or used in ways the fix does not follow, or a worker that stops receiving, hands the record on, or is also started elsewhere or with another channel)"

// reportOutliveSend reports the send (at pos, end) of a record of poll f to workers
// with fix, or without one, saying why.
func (c *checker) reportOutliveSend(k *consumer.Consumer, f *consumer.Call, pos, end token.Pos, fix *analysis.SuggestedFix, why string, rel ...analysis.RelatedInformation) {
	d := analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: CategoryOutlivePoll,
		Message: fmt.Sprintf("record handed to workers over a channel while the loop polls again: %s%s's auto-commit commits every poll before the latest, so the next %s makes this record committable while a worker may still hold it; a crash loses it (at-most-once)",
			c.assumption(k), k.Client.Name, clientmodel.ShortName(f.Func)),
		Related: append(c.outliveRelated(k, f), rel...),
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	} else {
		d.Message += "; " + why
	}
	c.report(k, d)
}

// mapOfChannels returns the map variable or field whose element the
// channel expression e indexes (chans[p], or consumers[tp].recs), or nil.
func (c *checker) mapOfChannels(e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
			continue
		case *ast.IndexExpr:
			if _, isMap := c.pass.TypesInfo.TypeOf(x.X).Underlying().(*types.Map); !isMap {
				return nil
			}
			switch m := ast.Unparen(x.X).(type) {
			case *ast.Ident:
				return c.pass.TypesInfo.Uses[m]
			case *ast.SelectorExpr:
				return c.pass.TypesInfo.Uses[m.Sel]
			}
		}
		return nil
	}
}

// handoffOf returns the handoff of the send ss in the poll loop body
// (in fd), with the statement of body that holds every send on the
// channel. False unless every use of the channel is known: sends inside
// that statement, workers ranging over it (or receiving from it in a case
// of a select in a for loop) that never stop receiving while the loop
// runs, close, len and cap; and for a field, a fresh channel made for
// each value of its struct.
func (c *checker) handoffOf(chanExpr ast.Expr, at token.Pos, body *ast.BlockStmt, fd *ast.FuncDecl) (*handoff, ast.Stmt, bool) {
	h := &handoff{}
	var scope []ast.Node
	switch x := ast.Unparen(chanExpr).(type) {
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[x].(*types.Var)
		if !ok || v.Parent() == c.pass.Pkg.Scope() || v.Pos() < fd.Body.Pos() || v.Pos() > fd.Body.End() {
			return nil, nil, false
		}
		stmt, _ := edit.Stmt(edit.Path(c.pass, v.Pos()))
		switch s := stmt.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				return nil, nil, false
			}
		case *ast.DeclStmt:
		default:
			return nil, nil, false
		}
		h.ch, h.decl, scope = v, stmt, []ast.Node{fd.Body}
	case *ast.SelectorExpr:
		sel := c.pass.TypesInfo.Selections[x]
		if sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return nil, nil, false
		}
		v := sel.Obj().(*types.Var)
		ptr, ok := types.Unalias(sel.Recv()).(*types.Pointer)
		if !ok || v.Exported() || v.Pkg() != c.pass.Pkg {
			return nil, nil, false
		}
		named, ok := types.Unalias(ptr.Elem()).(*types.Named)
		if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeParams().Len() > 0 {
			return nil, nil, false
		}
		fpath := edit.Path(c.pass, v.Pos())
		if len(fpath) < 2 {
			return nil, nil, false
		}
		fld, ok := fpath[1].(*ast.Field)
		if !ok || len(fld.Names) != 1 {
			return nil, nil, false
		}
		for i := 0; i < named.NumMethods(); i++ {
			if _, ptrRecv := named.Method(i).Type().(*types.Signature).Recv().Type().(*types.Pointer); !ptrRecv {
				return nil, nil, false // a value receiver copies the WaitGroup the fix adds
			}
		}
		h.ch, h.field, h.chanField, h.named = v, true, fld, named
		for _, f := range c.pass.Files {
			scope = append(scope, f)
		}
	default:
		return nil, nil, false
	}
	h.unbuffered = c.unbuffered(h, scope)
	var uses []*ast.Ident
	for _, n := range scope {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == h.ch {
				uses = append(uses, id)
			}
			return true
		})
	}
	var top ast.Stmt
	for _, s := range body.List {
		if s.Pos() <= at && at < s.End() {
			top = s
		}
	}
	if top == nil || jumpsOut(top) {
		return nil, nil, false
	}
	closed := false
	for _, id := range uses {
		path := edit.Path(c.pass, id.Pos())
		if len(path) < 3 {
			return nil, nil, false
		}
		e, rest := ast.Expr(id), path[1:]
		var base *ast.Ident
		if h.field {
			switch p := rest[0].(type) {
			case *ast.SelectorExpr:
				b, ok := ast.Unparen(p.X).(*ast.Ident)
				if !ok || p.Sel != id || !types.Identical(c.pass.TypesInfo.TypeOf(b), types.NewPointer(h.named)) {
					return nil, nil, false
				}
				e, base, rest = p, b, rest[1:]
			case *ast.KeyValueExpr:
				// &service{work: make(chan T, n)}: a channel of its own.
				if p.Key != id || !c.makes(p.Value) {
					return nil, nil, false
				}
				continue
			default:
				return nil, nil, false
			}
		}
		if len(rest) == 0 {
			return nil, nil, false
		}
		switch p := rest[0].(type) {
		case *ast.SendStmt:
			if p.Chan != e || p.Pos() < top.Pos() || p.End() > top.End() {
				return nil, nil, false
			}
			if h.field && !c.visibleAt(base, top.End()) {
				return nil, nil, false
			}
			if cc, ok := rest[1].(*ast.CommClause); ok && cc.Comm == p {
				// select { case ch <- r: ...; case <-ctx.Done(): ... }
				sel, stops, ok := c.cancellableSend(rest)
				if !ok {
					return nil, nil, false
				}
				if h.selects == nil {
					h.selects = map[*ast.SendStmt]*ast.SelectStmt{}
					h.stops = map[*ast.CommClause]string{}
				}
				h.selects[p] = sel
				for cc, ret := range stops {
					h.stops[cc] = ret
				}
			} else if s, _ := edit.Stmt(rest); s != p {
				return nil, nil, false
			}
			h.sends = append(h.sends, p)
		case *ast.RangeStmt:
			if p.X != e {
				return nil, nil, false
			}
			w, ok := c.rangeWorker(p, func(n ast.Node) bool { return c.startedApart(n, fd, h) })
			if !ok {
				return nil, nil, false
			}
			w.base = base
			h.work = append(h.work, w)
		case *ast.UnaryExpr:
			if p.Op != token.ARROW || len(rest) < 3 {
				return nil, nil, false
			}
			cc, ok := rest[2].(*ast.CommClause)
			if !ok {
				return nil, nil, false
			}
			w, ok := c.caseWorker(cc, p, func(n ast.Node) bool { return c.startedApart(n, fd, h) }, h.unbuffered)
			if !ok {
				return nil, nil, false
			}
			w.base = base
			h.work = append(h.work, w)
		case *ast.CallExpr:
			if edit.IsBuiltin(c.pass, p.Fun, "close") {
				closed = true
				break
			}
			if edit.IsBuiltin(c.pass, p.Fun, "len") || edit.IsBuiltin(c.pass, p.Fun, "cap") {
				break
			}
			if hc, ok := c.helperCallOf(path); ok && !h.field {
				// safeSend(ctx, ch, r): a send, rewritten by the fix.
				if hc.stmt.Pos() < top.Pos() || hc.stmt.End() > top.End() {
					return nil, nil, false
				}
				h.calls = append(h.calls, hc)
				break
			}
			if gs, ok := rest[1].(*ast.GoStmt); !ok || gs.Call != p || h.field {
				return nil, nil, false
			}
			ws, ok := c.paramWorkers(p, e, h)
			if !ok {
				return nil, nil, false
			}
			h.work = append(h.work, ws...)
		case *ast.AssignStmt:
			// s.work = make(chan T, n)
			if !h.field || len(p.Lhs) != 1 || len(p.Rhs) != 1 || p.Lhs[0] != e || !c.makes(p.Rhs[0]) {
				return nil, nil, false
			}
		default:
			return nil, nil, false
		}
	}
	if len(h.sends)+len(h.calls) == 0 || len(h.work) == 0 {
		return nil, nil, false
	}
	for _, w := range h.work {
		if w.inCase && (closed || w.closed) {
			return nil, nil, false // the case would run with no record, and count it done
		}
	}
	for _, w := range h.work {
		if h.field && w.base == nil {
			return nil, nil, false
		}
	}
	return h, top, true
}

// outerDecl returns the function declaration path is in, through any
// function literals, or nil.
func outerDecl(path []ast.Node) *ast.FuncDecl {
	for i := len(path) - 1; i >= 0; i-- {
		if fd, ok := path[i].(*ast.FuncDecl); ok && fd.Body != nil {
			return fd
		}
	}
	return nil
}

// cancellableSend returns the select statement whose case's send is
// rest[0] (rest[1] the case), when it is a statement of a list in the
// poll function (not a callback) and its other cases only receive from a
// context's Done channel (discarding the value) or are a default, and
// leave the function: a case that skips the record and carries on would
// let the next poll make it committable, unprocessed. An empty `case
// <-ctx.Done():` (the record dropped at shutdown, the loop carrying on)
// is accepted with the return the fix gives it (stops): a bare return,
// or, in a function whose last result is an error, the zero values and
// the context's Err(); none other is.
func (c *checker) cancellableSend(rest []ast.Node) (*ast.SelectStmt, map[*ast.CommClause]string, bool) {
	if len(rest) < 4 {
		return nil, nil, false
	}
	sel, ok := rest[3].(*ast.SelectStmt)
	if !ok {
		return nil, nil, false
	}
	if s, _ := edit.Stmt(rest[3:]); s != sel {
		return nil, nil, false
	}
	// The select is in the poll function itself (not in a callback,
	// whose return would let the loop poll again).
	for _, n := range rest[3:] {
		if _, lit := n.(*ast.FuncLit); lit {
			return nil, nil, false
		}
		if _, decl := n.(*ast.FuncDecl); decl {
			break
		}
	}
	var stops map[*ast.CommClause]string
	for _, x := range sel.Body.List {
		cc := x.(*ast.CommClause)
		switch comm := cc.Comm.(type) {
		case nil:
		case *ast.SendStmt:
			if comm != rest[0] {
				return nil, nil, false
			}
		case *ast.ExprStmt:
			u, ok := ast.Unparen(comm.X).(*ast.UnaryExpr)
			if !ok || u.Op != token.ARROW || !c.isDoneCall(u.X) {
				return nil, nil, false
			}
			if len(cc.Body) == 0 {
				ret, ok := c.stopReturn(rest[3:], u.X)
				if !ok {
					return nil, nil, false
				}
				if stops == nil {
					stops = map[*ast.CommClause]string{}
				}
				stops[cc] = ret
				continue
			}
		default:
			return nil, nil, false
		}
		if cc.Comm != rest[0] && !c.returns(cc.Body) {
			return nil, nil, false // the record skipped, the loop would poll again and commit it
		}
	}
	return sel, stops, true
}

// stopReturn spells the return that leaves the function at path (a
// declaration) when the context whose Done call is done is cancelled: a
// bare return with no results (or named ones), else the zero values and
// done's context's Err() when the last result is an error.
func (c *checker) stopReturn(path []ast.Node, done ast.Expr) (string, bool) {
	call, ok := ast.Unparen(done).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	return c.stopReturnFor(path, edit.Source(c.pass, sel.X))
}

// stopReturnFor is stopReturn for the context spelled ctx.
func (c *checker) stopReturnFor(path []ast.Node, ctx string) (string, bool) {
	fd := outerDecl(path)
	if fd == nil {
		return "", false
	}
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 || len(res.List[0].Names) > 0 {
		return "return", true
	}
	obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return "", false
	}
	sig := obj.Signature()
	last := sig.Results().At(sig.Results().Len() - 1).Type()
	if !types.Identical(last, types.Universe.Lookup("error").Type()) {
		return "", false
	}
	zeros, ok := edit.LeadingZeros(c.pass, sig, edit.File(c.pass, fd.Pos()))
	if !ok {
		return "", false
	}
	return "return " + zeros + ctx + ".Err()", true
}

// returns reports whether list ends by leaving its function: a return,
// or a call that never returns.
func (c *checker) returns(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch last := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		return noreturn.Of(c.pass).Leaves(last)
	}
	return false
}

// isDoneCall reports whether e calls the Done method of a context.
func (c *checker) isDoneCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := calleeOf(c.pass, call)
	return fn != nil && fn.Name() == "Done" && fn.Pkg() != nil && fn.Pkg().Path() == "context"
}

// unbuffered reports whether every make of h's channel (its declaration,
// or for a field the keys and assignments of scope that set it) makes an
// unbuffered channel.
func (c *checker) unbuffered(h *handoff, scope []ast.Node) bool {
	var makes []ast.Expr
	if !h.field {
		as, ok := h.decl.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return false
		}
		makes = append(makes, as.Rhs[0])
	} else {
		for _, n := range scope {
			ast.Inspect(n, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == h.ch {
						makes = append(makes, n.Value)
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if s, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && c.pass.TypesInfo.Uses[s.Sel] == h.ch && len(n.Lhs) == len(n.Rhs) {
							makes = append(makes, n.Rhs[i])
						}
					}
				}
				return true
			})
		}
	}
	for _, m := range makes {
		call, ok := ast.Unparen(m).(*ast.CallExpr)
		if !ok || !edit.IsBuiltin(c.pass, call.Fun, "make") {
			return false
		}
		if len(call.Args) == 2 {
			v := c.pass.TypesInfo.Types[call.Args[1]].Value
			if v == nil || v.String() != "0" {
				return false
			}
		} else if len(call.Args) != 1 {
			return false
		}
	}
	return len(makes) > 0
}

// hasJump reports whether n holds a label or a goto (outside function
// literals).
func hasJump(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			found = true
		case *ast.BranchStmt:
			found = found || x.Tok == token.GOTO || x.Label != nil
		}
		return !found
	})
	return found
}

// makes reports whether e is a call of the built-in make.
func (c *checker) makes(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && edit.IsBuiltin(c.pass, call.Fun, "make")
}

// rangeWorker returns the worker of `for r := range ch { ... }`: a loop in
// a goroutine (a function literal started by a go statement outside the
// poll function's loops, or, for a field, any function) whose body
// processes r in place and leaves only by continue.
func (c *checker) rangeWorker(rs *ast.RangeStmt, started func(ast.Node) bool) (*workerLoop, bool) {
	v, ok := rs.Key.(*ast.Ident)
	if !ok || rs.Value != nil || v.Name == "_" || len(rs.Body.List) == 0 || !started(rs) {
		return nil, false
	}
	conts, ok := c.workerExits(rs.Body)
	if !ok || c.handedOn(rs.Body.List, v.Name) {
		return nil, false
	}
	return &workerLoop{body: rs.Body.List, end: rs.Body.Rbrace, conts: conts}, true
}

// caseWorker returns the worker of `case r := <-ch:` in a select that is
// the body of a for loop with no condition (a worker that also ticks or
// flushes): the for loop never stops (no return, no break of it), and the
// case's body processes r in place and leaves only by continue. With
// mayStop (an unbuffered channel: a record sent is a record received and
// processed), the other cases may return (case <-ctx.Done(): return).
func (c *checker) caseWorker(cc *ast.CommClause, recv *ast.UnaryExpr, started func(ast.Node) bool, mayStop bool) (*workerLoop, bool) {
	as, ok := cc.Comm.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != recv || len(cc.Body) == 0 {
		return nil, false
	}
	v, ok := as.Lhs[0].(*ast.Ident)
	if !ok || v.Name == "_" {
		return nil, false
	}
	path := edit.Path(c.pass, cc.Pos())
	// CommClause, select body, SelectStmt, loop body, loop.
	if len(path) < 5 {
		return nil, false
	}
	sel, ok := path[2].(*ast.SelectStmt)
	if !ok {
		return nil, false
	}
	loop, ok := path[4].(*ast.ForStmt)
	if !ok || loop.Body != path[3] || loop.Cond != nil || len(loop.Body.List) != 1 || loop.Body.List[0] != sel || !started(loop) {
		return nil, false
	}
	// No clause may leave the loop: the worker keeps receiving (or, with
	// mayStop, only another clause does).
	if _, ok := c.workerExits(loop.Body); !ok && !(mayStop && !hasJump(loop.Body)) {
		return nil, false
	}
	blk := &ast.BlockStmt{List: cc.Body}
	conts, ok := c.workerExits(blk)
	if !ok || c.handedOn(cc.Body, v.Name) {
		return nil, false
	}
	return &workerLoop{body: cc.Body, end: cc.End(), conts: conts, inCase: true}, true
}

// workerExits returns the continues of the worker loop in body (the body
// of the loop, or of a select's case, where a break leaves the select),
// false when body can leave otherwise: a return, a break of the loop (or
// of the select), a goto or a label.
func (c *checker) workerExits(body *ast.BlockStmt) ([]*ast.BranchStmt, bool) {
	var conts []*ast.BranchStmt
	ok := true
	loopExits(body, func(s ast.Stmt, loops, switches int) bool {
		switch x := s.(type) {
		case *ast.ReturnStmt, *ast.LabeledStmt:
			ok = false
		case *ast.BranchStmt:
			switch {
			case x.Label != nil || x.Tok == token.GOTO:
				ok = false
			case x.Tok == token.BREAK:
				if loops == 0 && switches == 0 {
					ok = false
				}
			case x.Tok == token.CONTINUE:
				if loops == 0 {
					conts = append(conts, x)
				}
			}
		}
		return ok
	})
	return conts, ok
}

// paramWorkers returns the worker loops of the function that a go
// statement passes the local channel ch to (go worker(ctx, work), ch the
// argument arg): a function or method of the package, unexported, not
// named by an interface of the package, not variadic, whose only use is
// this call (or whose every use is such a go statement passing a local
// channel: a worker shared by several loops, sharedworker.go), with a
// named parameter for the channel
// that its body only ranges over or receives from in its worker loops
// (directly in its body, not in function literals), closes or measures.
func (c *checker) paramWorkers(call *ast.CallExpr, arg ast.Expr, h *handoff) ([]*workerLoop, bool) {
	fn := calleeOf(c.pass, call)
	decl := edit.FuncDecl(c.pass, fn)
	if decl == nil || call.Ellipsis.IsValid() || fn.Type().(*types.Signature).Variadic() {
		return nil, false
	}
	if fn.Exported() || c.interfaceMethodNamed(fn.Name()) {
		return nil, false // its new parameter could break calls out of sight
	}
	j := -1
	for i, a := range call.Args {
		if a == arg {
			j = i
		}
	}
	var param types.Object
	i := 0
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			return nil, false
		}
		for _, id := range f.Names {
			if i == j && id.Name != "_" {
				param = c.pass.TypesInfo.Defs[id]
			}
			i++
		}
	}
	if param == nil {
		return nil, false
	}
	if _, ok := c.goCallsOf(fn, j); !ok {
		return nil, false
	}
	inBody := func(n ast.Node) bool {
		for _, p := range edit.Path(c.pass, n.Pos()) {
			switch p.(type) {
			case *ast.FuncLit:
				return false
			case *ast.FuncDecl:
				return p == decl
			}
		}
		return false
	}
	var out []*workerLoop
	ok, closedHere := true, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || c.pass.TypesInfo.Uses[id] != param {
			return ok
		}
		path := edit.Path(c.pass, id.Pos())
		if len(path) < 4 {
			ok = false
			return false
		}
		switch p := path[1].(type) {
		case *ast.RangeStmt:
			w, wok := c.rangeWorker(p, inBody)
			if p.X != id || !wok {
				ok = false
				return false
			}
			out = append(out, w)
		case *ast.UnaryExpr:
			cc, isCC := path[3].(*ast.CommClause)
			if p.Op != token.ARROW || !isCC {
				ok = false
				return false
			}
			w, wok := c.caseWorker(cc, p, inBody, h.unbuffered)
			if !wok {
				ok = false
				return false
			}
			out = append(out, w)
		case *ast.CallExpr:
			if edit.IsBuiltin(c.pass, p.Fun, "close") {
				closedHere = true
			} else if !edit.IsBuiltin(c.pass, p.Fun, "len") && !edit.IsBuiltin(c.pass, p.Fun, "cap") {
				ok = false
			}
		default:
			ok = false
		}
		return ok
	})
	if !ok || len(out) == 0 {
		return nil, false
	}
	for _, w := range out {
		w.fn, w.call, w.closed = decl, call, closedHere
	}
	return out, true
}

// startedApart reports whether the worker loop n runs in a goroutine of
// its own: for a local channel, in a function literal that a go
// statement of fd starts outside the loops that send (anywhere before
// them); for a field, in any function of the package (a method started
// by another).
func (c *checker) startedApart(n ast.Node, fd *ast.FuncDecl, h *handoff) bool {
	path := edit.Path(c.pass, n.Pos())
	for i, p := range path {
		switch p := p.(type) {
		case *ast.FuncLit:
			if i+2 >= len(path) {
				return false
			}
			call, ok := path[i+1].(*ast.CallExpr)
			gs, ok2 := path[i+2].(*ast.GoStmt)
			if !ok || !ok2 || call.Fun != p || gs.Call != call {
				return false
			}
			for _, s := range h.sends {
				if gs.Pos() <= s.Pos() && s.Pos() < gs.End() {
					return false
				}
			}
			return h.field || outerDecl(path) == fd
		case *ast.FuncDecl:
			return h.field && p != fd
		}
	}
	return false
}

// handoffFix returns the edits counting h's records on a WaitGroup: Add
// before each send, Done at the end of each worker's body and before its
// continues, Wait after top (the statement of the poll loop body that
// sends).
func (c *checker) handoffFix(h *handoff, top ast.Stmt, body *ast.BlockStmt, fd *ast.FuncDecl) ([]analysis.TextEdit, bool) {
	file := edit.File(c.pass, top.Pos())
	syncName, imp := edit.Import(c.pass, file, "sync")
	edits := append([]analysis.TextEdit(nil), imp...)
	var wg string
	ref := func(base *ast.Ident) string { return wg }
	if h.field {
		wg = "pending"
		for i := 2; ; i++ {
			if obj, _, _ := types.LookupFieldOrMethod(h.named, true, c.pass.Pkg, wg); obj == nil {
				break
			}
			wg = "pending" + strconv.Itoa(i)
		}
		ref = func(base *ast.Ident) string { return base.Name + "." + wg }
		indent := edit.Indent(c.pass, h.chanField.Pos())
		edits = append(edits, analysis.TextEdit{Pos: h.chanField.End(), End: h.chanField.End(),
			NewText: []byte(fmt.Sprintf("\n%s%s %s.WaitGroup // records handed to the workers and not yet processed", indent, wg, syncName))})
	} else {
		wg = c.unusedName(fd.Body, "wg")
		edits = append(edits, edit.InsertAfter(c.pass, h.decl, fmt.Sprintf("var %s %s.WaitGroup // records handed to the workers and not yet processed", wg, syncName)))
	}
	var sendBase *ast.Ident
	for _, s := range h.sends {
		var base *ast.Ident
		if h.field {
			base, _ = ast.Unparen(ast.Unparen(s.Chan).(*ast.SelectorExpr).X).(*ast.Ident)
			if sendBase != nil && c.pass.TypesInfo.Uses[base] != c.pass.TypesInfo.Uses[sendBase] {
				return nil, false
			}
			sendBase = base
		}
		sel := h.selects[s]
		if sel == nil {
			edits = append(edits, edit.InsertBefore(c.pass, s, ref(base)+".Add(1)"))
			continue
		}
		// The record is counted before the select, and the cases that
		// do not send it count it done.
		edits = append(edits, edit.InsertBefore(c.pass, sel, ref(base)+".Add(1)"))
		for _, x := range sel.Body.List {
			cc := x.(*ast.CommClause)
			if cc.Comm == s {
				continue
			}
			if len(cc.Body) > 0 {
				edits = append(edits, edit.InsertBefore(c.pass, cc.Body[0], ref(base)+".Done()"))
			} else {
				indent := edit.Indent(c.pass, cc.Pos())
				text := "\n" + indent + "\t" + ref(base) + ".Done()"
				if ret := h.stops[cc]; ret != "" {
					text += "\n" + indent + "\t" + ret
				}
				edits = append(edits, analysis.TextEdit{Pos: cc.Colon + 1, End: cc.Colon + 1, NewText: []byte(text)})
			}
		}
	}
	for _, hc := range h.calls {
		e, ok := c.helperCallFix(hc, ref(nil))
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	// The worker function takes the WaitGroup as a parameter, which each
	// go statement starting it passes (go worker(ch) twice: two workers).
	params := map[*ast.FuncDecl]string{}
	passed := map[*ast.CallExpr]bool{}
	for _, w := range h.work {
		if w.fn == nil || passed[w.call] {
			continue
		}
		passed[w.call] = true
		arg := "&" + wg
		if n := len(w.call.Args); n > 0 {
			edits = append(edits, analysis.TextEdit{Pos: w.call.Args[n-1].End(), End: w.call.Args[n-1].End(), NewText: []byte(", " + arg)})
		} else {
			edits = append(edits, analysis.TextEdit{Pos: w.call.Lparen + 1, End: w.call.Lparen + 1, NewText: []byte(arg)})
		}
		if params[w.fn] != "" {
			continue
		}
		name := c.unusedName(w.fn.Body, "wg")
		params[w.fn] = name
		fsync, fimp := edit.Import(c.pass, edit.File(c.pass, w.fn.Pos()), "sync")
		if edit.File(c.pass, w.fn.Pos()) != file {
			edits = append(edits, fimp...)
		}
		pl := w.fn.Type.Params
		decl := fmt.Sprintf("%s *%s.WaitGroup", name, fsync)
		if n := len(pl.List); n > 0 {
			edits = append(edits, analysis.TextEdit{Pos: pl.List[n-1].End(), End: pl.List[n-1].End(), NewText: []byte(", " + decl)})
		} else {
			edits = append(edits, analysis.TextEdit{Pos: pl.Opening + 1, End: pl.Opening + 1, NewText: []byte(decl)})
		}
	}
	counted := map[token.Pos]bool{} // worker loops edited: one per function body
	for _, w := range h.work {
		if counted[w.end] {
			continue
		}
		counted[w.end] = true
		if h.field {
			for _, ct := range w.conts {
				if !c.visibleAt(w.base, ct.Pos()) {
					return nil, false
				}
			}
			if !c.visibleAt(w.base, w.end) {
				return nil, false
			}
		}
		done := ref(w.base) + ".Done()"
		if w.fn != nil {
			done = params[w.fn] + ".Done()"
		}
		for _, ct := range w.conts {
			edits = append(edits, edit.InsertBefore(c.pass, ct, done))
		}
		last := w.body[len(w.body)-1]
		if b, ok := last.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE {
			continue // Done inserted before it
		}
		e, ok := edit.AppendToList(c.pass, w.body, w.end, done)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	edits = append(edits, edit.InsertAfter(c.pass, top, ref(sendBase)+".Wait()"))
	return edits, true
}
