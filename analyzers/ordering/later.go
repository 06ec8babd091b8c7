package ordering

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
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// Work a call starts for later: beside a go statement of the function
// itself, a record is handed on, not processed, by a call that passes a
// function processing it to a function that only queues that function
// for another goroutine (pool.Schedule(func() { handle(rec) }), a
// handsoff fact for its function-typed parameter), and by a call of a
// client function passing a function literal (fetches.EachRecord(func(r
// *kgo.Record) { go save(r) })) whose only processing of the record is
// such work.

// laterWork is a processing site of a function that starts the
// processing for later, elsewhere, other than a go statement of the
// function itself.
type laterWork struct {
	// inner is the go statement, or the call queuing a function
	// (queue), that starts the work: in a function literal the site
	// passes (callback), or the site itself.
	inner ssa.CallInstruction
	// queue is set when inner passes a function processing the record
	// to queue, which only hands that function to a channel or a
	// goroutine.
	queue *types.Func
	// callback is the function the site passes the literal holding
	// inner to (EachRecord), or nil when inner is the site.
	callback *types.Func
	// helpers are the functions of the package, outermost first, the
	// site calls and they call in turn that start the work (the site
	// processFetch(fetches), whose callback calls consumeRecords, which
	// starts a goroutine: helperLater); inner is in the last one.
	helpers []*ssa.Function
}

// queuedClosure returns the function cc calls when it passes, for a
// parameter that function only queues for another goroutine (a
// handsoff fact, of this package or another), a function literal that
// processes tainted values, or nil.
func (c *checker) queuedClosure(cc *ssa.CallCommon, tainted map[ssa.Value]bool, depth int) *types.Func {
	callee := ssaflow.Callee(cc)
	if callee == nil || depth >= 3 {
		return nil
	}
	f, ok := c.ho.Of(callee)
	if !ok {
		return nil
	}
	recv := 0 // the receiver of a static method call is its first argument
	if !cc.IsInvoke() && callee.Type().(*types.Signature).Recv() != nil {
		recv = 1
	}
	for i, a := range cc.Args {
		lit := ssaflow.Literal(a)
		if lit == nil || !slices.Contains(f.Params, i-recv) {
			continue
		}
		if _, isFunc := a.Type().Underlying().(*types.Signature); isFunc && c.funcProcesses(lit, tainted, depth+1) {
			return callee
		}
	}
	return nil
}

// spawnsProcessing reports whether call is a library's spawner (an
// errgroup's Go, a worker pool's Submit: ssaflow.Started, not a spawner
// of the package, whose go statement is the site) given a function
// literal that processes the record: it runs in a goroutine of its own.
func (c *checker) spawnsProcessing(call ssa.CallInstruction, tainted map[ssa.Value]bool, depth int) bool {
	f := c.flow.Started(call)
	if f == nil || ssaflow.Spawned(call) != nil || ssaflow.Callee(call.Common()) == nil || depth >= 3 {
		return false
	}
	lit := ssaflow.Literal(f)
	return lit != nil && c.funcProcesses(lit, tainted, depth+1)
}

// laterOf returns what site, a processing site of a value that taints
// tainted, starts for later, or nil when it processes in place (or is a
// go statement: those are handled as such). A callback's call of another
// client function passing a literal (p.EachRecord in the function passed
// to EachPartition) is followed, depth levels at most.
func (c *checker) laterOf(site ssa.Instruction, tainted map[ssa.Value]bool) *laterWork {
	return c.laterAt(site, tainted, 0)
}

// laterAt is laterOf at depth.
func (c *checker) laterAt(site ssa.Instruction, tainted map[ssa.Value]bool, depth int) *laterWork {
	call, ok := site.(*ssa.Call)
	if !ok {
		return nil
	}
	cc := call.Common()
	if q := c.queuedClosure(cc, tainted, 0); q != nil {
		return &laterWork{inner: call, queue: q}
	}
	callee := ssaflow.Callee(cc)
	if c.spawnsProcessing(call, tainted, 0) {
		return &laterWork{inner: call, queue: callee}
	}
	if sc := cc.StaticCallee(); sc != nil && !cc.IsInvoke() && c.flow.InPackage(sc) {
		return c.helperLater(cc, sc, tainted, depth)
	}
	if callee == nil || !c.isClient(callee) {
		return nil // a function of the application may process what it is given itself
	}
	var lw *laterWork
	for _, a := range cc.Args {
		lit := ssaflow.Literal(a)
		if lit == nil {
			continue
		}
		for _, b := range lit.Blocks {
			for _, instr := range b.Instrs {
				if ssaflow.IsWait(instr) {
					return nil // the literal waits for what it started
				}
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !c.processes_(instr, tainted, 1) {
					continue
				}
				if lw != nil {
					return nil // one start of work, the literal's only processing
				}
				switch x := ci.(type) {
				case *ssa.Go:
					lw = &laterWork{inner: x, callback: callee}
				case *ssa.Call:
					if q := c.queuedClosure(x.Common(), tainted, 1); q != nil {
						lw = &laterWork{inner: x, queue: q, callback: callee}
					} else if depth < 2 {
						lw = c.laterAt(x, tainted, depth+1)
					}
					if lw == nil {
						return nil
					}
				default:
					return nil
				}
			}
		}
	}
	return lw
}

// helperLater returns the work sc, a function of the package that cc
// calls with tainted arguments, starts for later with what they carry:
// when each of its instructions processing the parameters given them
// starts work for later (a go statement, or laterWork, followed through
// the package's functions it calls, depth levels at most) and sc waits
// for nothing, the call hands the record on, it does not process it
// (processFetch(fetches) starting a goroutine per partition: moved above
// a commit it would leave the commit before the processing, audit 33b/8).
func (c *checker) helperLater(cc *ssa.CallCommon, sc *ssa.Function, tainted map[ssa.Value]bool, depth int) *laterWork {
	if depth >= 3 || len(sc.Blocks) == 0 {
		return nil
	}
	var lw *laterWork
	for i, a := range cc.Args {
		if !tainted[a] || i >= len(sc.Params) {
			continue
		}
		t := c.taint(sc.Params[i])
		for _, b := range sc.Blocks {
			for _, instr := range b.Instrs {
				if d, ok := instr.(*ssa.Defer); ok && (ssaflow.IsJoin(ssaflow.Callee(d.Common())) || ssaflow.JoinsInBody(d.Common().StaticCallee())) {
					return nil
				}
				if ssaflow.IsWait(instr) {
					return nil // sc waits for something, perhaps the work
				}
				if !c.processes_(instr, t, 0) {
					continue
				}
				var w *laterWork
				switch x := instr.(type) {
				case *ssa.Go:
					if communicates(x) {
						// The goroutine answers on a channel, or marks a
						// group done: the caller may wait for it after
						// the call (review 34-1/H1, H2).
						return nil
					}
					w = &laterWork{inner: x}
				case *ssa.Call:
					w = c.laterAt(x, t, depth+1)
				}
				if w == nil {
					return nil // processed in place (or deferred to its return)
				}
				if lw == nil {
					lw = w
				}
			}
		}
	}
	if lw == nil {
		return nil
	}
	out := *lw
	out.helpers = append([]*ssa.Function{sc}, lw.helpers...)
	return &out
}

// communicates reports whether the function g starts sends on a
// channel, closes one, or calls a Done (a WaitGroup's or another
// group's), directly or in what it calls of the package: work whose end
// someone may wait for. A receive or a select alone (a backoff's wait on
// ctx.Done or a timer) signals nothing (review 34-2/D10).
func communicates(g *ssa.Go) bool {
	fn := g.Call.StaticCallee()
	if mc, ok := g.Call.Value.(*ssa.MakeClosure); ok {
		fn, _ = mc.Fn.(*ssa.Function)
	}
	if fn == nil {
		return true // not in sight
	}
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, depth int) bool
	visit = func(f *ssa.Function, depth int) bool {
		if f == nil || seen[f] || depth > 3 {
			return false
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Send:
					return true
				case *ssa.Select:
					if slices.ContainsFunc(x.States, func(st *ssa.SelectState) bool { return st.Dir == types.SendOnly }) {
						return true
					}
				case ssa.CallInstruction:
					cc := x.Common()
					if b, ok := cc.Value.(*ssa.Builtin); ok && b.Name() == "close" {
						return true
					}
					if callee := ssaflow.Callee(cc); callee != nil && callee.Name() == "Done" && cc.Signature().Results().Len() == 0 {
						return true // a group's Done, not a context's
					}
					if visit(cc.StaticCallee(), depth+1) {
						return true
					}
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			if visit(anon, depth+1) {
				return true
			}
		}
		return false
	}
	return visit(fn, 0)
}

// startsLater reports whether site, a processing site, starts the work
// for later: a go statement, or laterWork.
func (c *checker) startsLater(site ssa.Instruction) bool {
	_, goes := site.(*ssa.Go)
	return goes || c.later[site] != nil
}

// everyRecord reports whether the statement starting the work at pos (a
// go statement, or a call starting work for later) runs for every
// record: it is a statement of the body of a range loop over records, or
// (callback set) of a function literal passed to a call (an EachRecord
// callback), that nothing before it in that body may skip (a return,
// break, continue or goto). A send made in a select whose other cases
// give up when a context is done (edit.GivesUp) is the select's.
func (c *checker) everyRecord(pos token.Pos, callback bool) bool {
	path := edit.Path(c.pass, pos)
	for i, n := range path {
		s, ok := n.(ast.Stmt)
		if !ok {
			continue
		}
		if ss, isSend := s.(*ast.SendStmt); isSend && i+3 < len(path) {
			if sel, ok := path[i+3].(*ast.SelectStmt); ok && edit.GivesUp(c.pass, sel, ss) {
				s, i = sel, i+3
			}
		}
		switch s.(type) {
		case *ast.GoStmt, *ast.ExprStmt, *ast.SendStmt, *ast.SelectStmt:
		default:
			return false
		}
		if i+2 >= len(path) {
			return false
		}
		body, ok := path[i+1].(*ast.BlockStmt)
		if !ok {
			return false
		}
		switch outer := path[i+2].(type) {
		case *ast.RangeStmt:
			if t := c.pass.TypesInfo.TypeOf(outer.X); t == nil || !c.isRecordish(t) {
				return false
			}
		case *ast.FuncLit:
			if !callback || i+3 >= len(path) {
				return false
			}
			if _, isCall := path[i+3].(*ast.CallExpr); !isCall {
				return false
			}
		default:
			return false
		}
		for _, before := range body.List {
			if before == s {
				return true
			}
			if mayLeave(before) {
				return false
			}
		}
		return false
	}
	return false
}

// mayLeave reports whether s holds a return, break, continue or goto
// outside the function literals it holds.
func mayLeave(s ast.Stmt) bool {
	leaves := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			leaves = true
		}
		return !leaves
	})
	return leaves
}

// callStmt reports whether s is the call ce as a statement of its own.
func callStmt(s ast.Stmt, ce *ast.CallExpr) bool {
	es, ok := s.(*ast.ExprStmt)
	return ok && ast.Unparen(es.X) == ast.Expr(ce)
}

// blankAssign reports whether s is `_ = ce`.
func blankAssign(s ast.Stmt, ce *ast.CallExpr) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(ce) {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	return ok && id.Name == "_"
}

// laterWhy says why no fix was built for a position call (called name)
// after lw started the work for later, and what to do instead.
func (c *checker) laterWhy(lw *laterWork, name, noun string) string {
	if len(lw.helpers) > 0 {
		_, _, why := c.helperFix(lw, name, noun)
		return why
	}
	if g, ok := lw.inner.(*ssa.Go); ok {
		for _, n := range edit.Path(c.pass, g.Pos()) {
			if gs, ok := n.(*ast.GoStmt); ok && gs.Go == g.Pos() && edit.StartsWorker(c.pass, gs) {
				return "the goroutine is a worker receiving from a channel, which run in place would wait for what only the code after it sends; wait for the workers to process the " + noun + "s handed to them before calling " + name
			}
		}
	}
	if ssaflow.MayDrop(lw.queue) {
		return lw.queue.Name() + " drops a function not started by its deadline, so a wait for it may never end; process the " + noun + " before calling " + name + ", or use a form of the pool that runs every function it accepts"
	}
	if lw.queue == nil {
		return "the goroutine's call returns a failure that cannot be kept for the statement after the one calling " + lw.callback.Name() + " to leave on (the function's results, or a variable's name, do not allow it); process the " + noun + "s in a loop over them that stops before " + name + " on a failure"
	}
	return "the functions queued on " + lw.queue.Name() + " cannot be counted here (the queuing call returns a result other than an error, or is no statement of its own, or what it queues is not a function literal written in it); wait for them to finish before calling " + name
}

// laterWhere returns how a message says that lw hands the records on
// (after "the records are"), the related information at the call
// starting the work, whether the records are plural (handed on by a
// callback given each), and the position of that call.
func (c *checker) laterWhere(lw *laterWork, noun string) (where, related string, each bool, at token.Pos) {
	if len(lw.helpers) > 0 {
		first, last := lw.helpers[0].Name(), lw.helpers[len(lw.helpers)-1].Name()
		starts, related := "starts goroutines processing them", noun+"s handed to a goroutine here, in "+last+", which waits for none"
		if lw.queue != nil {
			q := ssaflow.ShortFunc(lw.queue)
			starts, related = "queues them on "+q, noun+"s queued here, in "+last+": "+q+" only hands the function processing them to another goroutine"
		}
		if first != last {
			starts += " (in " + last + ")"
		}
		return "handed to " + first + ", which only " + starts + " and returns", related, true, lw.inner.Pos()
	}
	where, related = "handed to goroutines", "each "+noun+" handed to a goroutine here"
	if lw.queue != nil {
		q := ssaflow.ShortFunc(lw.queue)
		where = "queued by " + q
		related = noun + "s queued here: " + q + " only sends the function processing them on a channel or starts a goroutine with it, and waits for nothing"
	}
	if lw.callback != nil {
		where += " in the function passed to " + lw.callback.Name()
	}
	if lw.queue != nil {
		where += " (" + lw.queue.Name() + " only hands the function processing them to another goroutine)"
	}
	return where, related, lw.callback != nil || c.everyRecord(lw.inner.Pos(), false), lw.inner.Pos()
}

// partitionHolder returns the value of a client's partition type (one
// partition's records, franz-go's FetchTopicPartition, or the
// FetchPartition it embeds: the outermost) that o, a record or a slice of
// them, is read from through fields, or nil.
func partitionHolder(o ssa.Value) ssa.Value {
	var holder ssa.Value
	for {
		switch x := o.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return holder
			}
			o = x.X
			continue
		case *ssa.Field:
			o = x.X
		case *ssa.FieldAddr:
			o = x.X
		default:
			return holder
		}
		if clientmodel.Default.Partition(ssaflow.Deref(o.Type())) != nil {
			holder = o
		}
	}
}

// laterFix builds the fix of a position call p (called name) made after
// h.later started the work for later: a go statement in a callback
// (EachRecord) runs its call in place, the go keyword dropped (not one
// starting a worker: edit.StartsWorker); when the
// call's last result is an error, the callback keeps the failure in a
// variable declared before the statement making the callback's call,
// and p's function leaves after that statement when it is set, so p
// passes no failed record (callbackErrFix); work queued on a pool is
// awaited (poolWaitFix).
func (c *checker) laterFix(p *position, h *handOff, name string) (analysis.SuggestedFix, bool) {
	if len(h.later.helpers) > 0 {
		edits, msg, why := c.helperFix(h.later, name, p.client.Client.RecordNoun)
		return analysis.SuggestedFix{Message: msg, TextEdits: edits}, why == ""
	}
	g, ok := h.later.inner.(*ssa.Go)
	if !ok {
		return c.poolWaitFix(p, h, name)
	}
	path := edit.Path(c.pass, g.Pos())
	var lit *ast.FuncLit
	var gs *ast.GoStmt
	for _, n := range path {
		switch n := n.(type) {
		case *ast.GoStmt:
			if gs == nil {
				gs = n
			}
		case *ast.FuncLit:
			if lit == nil {
				lit = n
			}
		}
	}
	if gs == nil || lit == nil || edit.StartsWorker(c.pass, gs) {
		return analysis.SuggestedFix{}, false // a worker, run in place, would wait for what only the code after it sends
	}
	sig, ok := c.pass.TypesInfo.TypeOf(gs.Call.Fun).Underlying().(*types.Signature)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if fix, ok := c.waitFirstFix(p, lit, name); ok {
		return fix, true
	}
	if n := sig.Results().Len(); n > 0 && isError(sig.Results().At(n-1).Type()) {
		return c.callbackErrFix(p, gs, n, name)
	}
	move, ok := c.afterResult(p, gs, lit)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Process the %s before calling %s, not in a goroutine%s", p.client.Client.RecordNoun, name, oneAtATime),
		TextEdits: append([]analysis.TextEdit{{Pos: gs.Go, End: gs.Call.Pos()}}, move...),
	}, true
}

// afterResult returns the edits moving p's statement after the check of
// the result the goroutine gs runs (lit) sends on a channel (resultCheck):
// none and true when there is no such result received after p; false
// when its check cannot be found.
func (c *checker) afterResult(p *position, gs *ast.GoStmt, lit *ast.FuncLit) ([]analysis.TextEdit, bool) {
	pst, lp := edit.Stmt(edit.Path(c.pass, p.instr.Pos()))
	if pst == nil || lp == nil || !slices.Contains(*lp, ast.Stmt(gs)) {
		return nil, true
	}
	check, ok := c.resultCheck(lit, *lp, slices.Index(*lp, pst))
	if !ok || check == nil {
		return nil, ok
	}
	text, cut, ok := c.cutLines(pst, pst)
	if !ok {
		return nil, false
	}
	_, after, ok := c.cutLines(check, check)
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{cut, {Pos: after.End, End: after.End, NewText: []byte(text)}}, true
}

// resultCheck returns the statement of list, after list[from], that
// checks the result lit (a goroutine's function) sends on a channel: if
// err := <-done; err != nil { ... }, or err := <-done followed by if err
// != nil. Run in place, the goroutine's failure is known only there, so
// a position written before it passes the failed record (fix-quality
// hunt 44x/D2: 4 of 4 failed records lost after -fix). Nil and true when
// lit sends nothing received there; false when the receive has no check.
func (c *checker) resultCheck(lit *ast.FuncLit, list []ast.Stmt, from int) (ast.Stmt, bool) {
	info := c.pass.TypesInfo
	chans := map[types.Object]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SendStmt); ok {
			if id, ok := ast.Unparen(s.Chan).(*ast.Ident); ok {
				chans[info.Uses[id]] = true
			}
		}
		_, nested := n.(*ast.FuncLit)
		return !nested
	})
	receives := func(st ast.Node) bool {
		found := false
		ast.Inspect(st, func(n ast.Node) bool {
			if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
				if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && chans[info.Uses[id]] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for ri := from + 1; ri < len(list) && len(chans) > 0 && from >= 0; ri++ {
		if !receives(list[ri]) {
			continue
		}
		check := list[ri]
		if as, ok := check.(*ast.AssignStmt); ok && ri+1 < len(list) {
			if ifs, ok := list[ri+1].(*ast.IfStmt); ok && len(as.Lhs) > 0 && mentionsIdent(info, ifs.Cond, as.Lhs[len(as.Lhs)-1]) {
				check = ifs
			}
		}
		if _, ok := check.(*ast.IfStmt); !ok || !c.buffered(lit, chans) {
			// (Unbuffered, the send run in place would wait forever
			// for the receive after it: review 44-2/D1.)
			return nil, false
		}
		return check, true
	}
	return nil, true
}

// buffered reports whether each channel of chans that lit sends on is
// made with a buffer (done := make(chan error, 1)) in lit's function.
func (c *checker) buffered(lit *ast.FuncLit, chans map[types.Object]bool) bool {
	made := map[types.Object]bool{}
	for _, n := range edit.Path(c.pass, lit.Pos()) {
		body := funcBody(n)
		if body == nil || n == ast.Node(lit) {
			continue
		}
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return true
			}
			id, ok := as.Lhs[0].(*ast.Ident)
			mk, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !ok || !isCall || !chans[c.pass.TypesInfo.ObjectOf(id)] || len(mk.Args) != 2 {
				return true
			}
			if b, ok := c.pass.TypesInfo.Uses[identOf(mk.Fun)].(*types.Builtin); !ok || b.Name() != "make" {
				return true
			}
			if tv, ok := c.pass.TypesInfo.Types[mk.Args[1]]; ok && tv.Value != nil && tv.Value.String() != "0" {
				made[c.pass.TypesInfo.ObjectOf(id)] = true
			}
			return true
		})
		break
	}
	return len(made) == len(chans)
}

// funcBody returns the body of n, a function declaration or literal; nil
// for other nodes.
func funcBody(n ast.Node) *ast.BlockStmt {
	switch f := n.(type) {
	case *ast.FuncDecl:
		return f.Body
	case *ast.FuncLit:
		return f.Body
	}
	return nil
}

// mentionsIdent reports whether e uses the variable lhs names.
func mentionsIdent(info *types.Info, e ast.Expr, lhs ast.Expr) bool {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return false
	}
	obj := info.ObjectOf(id)
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(*ast.Ident); ok && info.Uses[x] == obj {
			found = true
		}
		return !found
	})
	return found
}

// oneAtATime ends the message of a fix that drops a go keyword: the work
// no longer runs beside the loop, and where goroutines overlapped the
// consumer slows down (audit 34e/D5: 20 to 30 times for a kafka-go
// reader handing each message to a goroutine). The fix is still the
// sound one; the cost is the user's to weigh against keeping the
// goroutines and committing a low-water mark of what they finished.
const oneAtATime = " (the work then runs one piece at a time: slower where the goroutines overlapped)"

// helperFix returns the edits making the functions of the package that
// lw's call runs (lw.helpers) process what they are given before they
// return, so that a position call (called name) after that call follows
// the processing, and the fix's message; or why none is built. The go
// statement starting the work, in the last helper (func handle(fs) {
// go save(fs) }), loses its go keyword when it is a statement of the
// helper's body; one nested in a loop or a callback (a goroutine per
// partition) keeps running beside the others, and the helper waits for
// them all before it returns: a sync.WaitGroup declared before the body
// statement holding it, Add(1) before the go statement, Done deferred
// first in the goroutine's function literal, Wait after that statement.
func (c *checker) helperFix(lw *laterWork, name, noun string) (edits []analysis.TextEdit, msg, why string) {
	helper := lw.helpers[len(lw.helpers)-1]
	where := helper.Name()
	if helper != lw.helpers[0] {
		where += " (called by " + lw.helpers[0].Name() + ")"
	}
	whyNot := func(what string) ([]analysis.TextEdit, string, string) {
		return nil, "", what + "; wait for that work before calling " + name + ", or commit where the " + noun + "s are processed, in order"
	}
	g, ok := lw.inner.(*ssa.Go)
	if !ok {
		return whyNot("the " + noun + "s are queued on " + ssaflow.ShortFunc(lw.queue) + " in " + where + ", whose functions a fix cannot count there")
	}
	decl, _ := helper.Syntax().(*ast.FuncDecl)
	var gs *ast.GoStmt
	for _, n := range edit.Path(c.pass, g.Pos()) {
		if x, ok := n.(*ast.GoStmt); ok && x.Go == g.Pos() {
			gs = x
			break
		}
	}
	if decl == nil || decl.Body == nil || gs == nil {
		return whyNot("the goroutine " + where + " starts is not in a function declared in this package")
	}
	if edit.StartsWorker(c.pass, gs) {
		return whyNot("the goroutine " + where + " starts is a worker receiving from a channel, which run in place would wait for what only the code after it sends")
	}
	goes := 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		_, isGo := n.(*ast.GoStmt)
		if isGo {
			goes++
		}
		return true
	})
	if goes != 1 {
		return whyNot(where + " starts more than one goroutine")
	}
	if sig, ok := c.pass.TypesInfo.TypeOf(gs.Call.Fun).Underlying().(*types.Signature); !ok || sig.Results().Len() > 0 && isError(sig.Results().At(sig.Results().Len()-1).Type()) {
		// Run in place, its failure would still be dropped, and the
		// commit after the call would pass the failed record.
		return whyNot("the goroutine " + where + " starts returns a failure that nothing reads, which run in place would let " + name + " pass a failed " + noun)
	}
	var top ast.Stmt
	for _, s := range decl.Body.List {
		if s.Pos() <= gs.Pos() && gs.End() <= s.End() {
			top = s
		}
	}
	lit, _ := ast.Unparen(gs.Call.Fun).(*ast.FuncLit)
	if top == nil || top == ast.Stmt(gs) {
		// Run in place: the helper returns once it is done.
		return []analysis.TextEdit{{Pos: gs.Go, End: gs.Call.Pos()}},
			fmt.Sprintf("Process the %ss in %s, not in a goroutine, so that %s follows their processing%s", noun, where, name, oneAtATime), ""
	}
	if lit == nil || len(lit.Body.List) == 0 || mayLeave(top) {
		// One goroutine in a loop or a callback (a partition each): run
		// in place, they would run one at a time (audit 34e/D2: 3.2 s
		// to 10 s for 300 records).
		return whyNot("the goroutines " + where + " starts in a loop or a callback are not function literals a wait can be added to (or the statement holding them may leave early), and run in place they would run one at a time")
	}
	wg := edit.FreeName(c.pass, top.Pos(), "wg")
	sync, imp := edit.Import(c.pass, edit.File(c.pass, top.Pos()), "sync")
	first := lit.Body.List[0]
	edits = append(imp,
		edit.InsertBefore(c.pass, top, "var "+wg+" "+sync+".WaitGroup"),
		edit.InsertBefore(c.pass, gs, wg+".Add(1)"),
		edit.InsertBefore(c.pass, first, "defer "+wg+".Done()"),
		edit.InsertAfter(c.pass, top, wg+".Wait()"),
	)
	return edits, fmt.Sprintf("Wait in %s for the goroutines it starts, so that %s follows the processing of the %ss", where, name, noun), ""
}

// waitFirstFix builds the fix of a position call p (called name) made
// before the Wait of the WaitGroup that the goroutine's function lit
// marks Done (wg.Wait() later in the same statement list): the position
// call's statement moves right after the Wait, so that it follows the
// work of every goroutine, and they keep running concurrently (audit
// 28d/6: dropping the go keyword made the partitions run one at a time).
// The Wait stays where it is: statements before it may receive what the
// goroutines send (review 28-4: a Wait moved above them deadlocked).
func (c *checker) waitFirstFix(p *position, lit *ast.FuncLit, name string) (analysis.SuggestedFix, bool) {
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp == nil {
		return analysis.SuggestedFix{}, false
	}
	list := *listp
	at := slices.Index(list, stmt)
	for k, s := range list[at+1:] {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Wait" || !ssaflow.IsWaitGroup(c.pass.TypesInfo.TypeOf(sel.X)) {
			continue
		}
		wg := edit.Source(c.pass, sel.X)
		done := false
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if ce, ok := n.(*ast.CallExpr); ok {
				if ds, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr); ok && ds.Sel.Name == "Done" && edit.Source(c.pass, ds.X) == wg {
					done = true
				}
			}
			return !done
		})
		if !done || c.definesUsedIn(stmt, list[at+1:at+2+k], list[at+2+k:]) {
			continue
		}
		tf := c.pass.Fset.File(stmt.Pos())
		content, err := c.pass.ReadFile(tf.Name())
		if err != nil {
			return analysis.SuggestedFix{}, false
		}
		start := tf.LineStart(tf.Line(stmt.Pos()))
		end := tf.Offset(stmt.End())
		for end < len(content) && content[end] != '\n' {
			end++
		}
		if end < len(content) {
			end++
		}
		moved := strings.TrimSuffix(reindent(string(content[tf.Offset(start):end]), edit.Indent(c.pass, s.Pos())), "\n")
		return analysis.SuggestedFix{
			Message: fmt.Sprintf("Call %s after the Wait for the goroutines", name),
			TextEdits: []analysis.TextEdit{
				{Pos: start, End: tf.Pos(end)},
				edit.InsertAfter(c.pass, s, moved),
			},
		}, true
	}
	return analysis.SuggestedFix{}, false
}

// callbackErrFix builds the fix of a position call p (called name) made
// after go statement gs, in a callback, started a call whose last of n
// results is an error: the call runs in place and keeps its failure in a
// variable declared before the statement of p's block that holds the
// callback's call (the holder); after the holder, p's function returns
// that failure (with the zero values of its other results), or logs it
// and returns when it has no results.
func (c *checker) callbackErrFix(p *position, gs *ast.GoStmt, n int, name string) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	holder, path := c.holderBefore(p, gs)
	sig := edit.Signature(c.pass, path)
	if holder == nil || sig == nil {
		return fail()
	}
	f := edit.File(c.pass, holder.Pos())
	noun := p.client.Client.RecordNoun
	v := edit.FreeName(c.pass, holder.Pos(), "procErr")
	if edit.FreeName(c.pass, gs.Pos(), v) != v {
		return fail()
	}
	var leave string
	var edits []analysis.TextEdit
	switch res := sig.Results(); {
	case res.Len() == 0:
		logged, e := edit.LogErr(c.pass, f, "process "+noun, v)
		leave = logged + "\nreturn"
		edits = e
	case isError(res.At(res.Len() - 1).Type()):
		zeros, ok := edit.LeadingZeros(c.pass, sig, f)
		if !ok {
			return fail()
		}
		leave = "return " + zeros + v
	default:
		return fail()
	}
	lhs := strings.Repeat("_, ", n-1) + "err"
	inPlace, ok := c.lineEdit(gs, edit.IndentLines(errCheckAs(lhs, c.raw(gs.Call), v+" = err"), edit.Indent(c.pass, gs.Pos())))
	if !ok {
		return fail()
	}
	edits = append(edits,
		edit.InsertBefore(c.pass, holder, "var "+v+" error"),
		inPlace,
		edit.InsertAfter(c.pass, holder, "if "+v+" != nil {\n"+edit.IndentLines(leave, "\t")+"\n}"))
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Process the %ss before calling %s, not in goroutines, and do not call it after a failure%s", noun, name, oneAtATime),
		TextEdits: edits,
	}, true
}

// holderBefore returns the statement of p's block, before p's own, that
// holds n (the statement making the callback's or the queuing call), or
// nil; and the syntax path from p's call up.
func (c *checker) holderBefore(p *position, n ast.Node) (ast.Stmt, []ast.Node) {
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return nil, path
	}
	list := *listp
	for _, s := range list[:max(indexOf(list, stmt), 0)] {
		if s.Pos() <= n.Pos() && n.End() <= s.End() {
			return s, path
		}
	}
	return nil, path
}

// poolWaitFix builds the fix of a position call p (called name) made
// after the records were queued on a pool by h.later.inner, a call in
// (or made by a callback of) S, a statement of p's block before p: a
// sync.WaitGroup declared before S counts the queued functions (Add(1)
// before the queuing call, a deferred Done first in the function literal
// queued), and its Wait follows S, so p follows the processing of every
// record while the pool still runs them concurrently. The queuing call
// must be a statement of its own returning nothing, or return only an
// error (a pool that can refuse the function): checked by the if
// statement it initializes, whose body then calls Done first, or dropped
// (`_ = p.Submit(...)`, or a statement of its own), which the fix turns
// into such a check; else the count would stay unbalanced and the Wait
// blocked. The function queued must be a literal written in the call.
func (c *checker) poolWaitFix(p *position, h *handOff, name string) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	if ssaflow.MayDrop(h.later.queue) {
		return fail() // a wait for a dropped function would never end
	}
	ce, qpath := edit.CallAt(c.pass, h.later.inner.Pos())
	if ce == nil {
		return fail()
	}
	qstmt, _ := edit.Stmt(qpath)
	qsig, ok := c.pass.TypesInfo.TypeOf(ce.Fun).Underlying().(*types.Signature)
	if !ok {
		return fail()
	}
	// A queuing call that returns an error may refuse the function: its
	// check's body (the refusal) balances the count.
	var refused *ast.BlockStmt
	dropped := false // the refusal is dropped: the fix checks it
	switch res := qsig.Results(); {
	case res.Len() == 0:
		if !callStmt(qstmt, ce) {
			return fail()
		}
	case res.Len() == 1 && isError(res.At(0).Type()):
		if ifs, ok := qstmt.(*ast.IfStmt); ok && checksCall(ifs, ce) {
			refused = ifs.Body
		} else if dropped = callStmt(qstmt, ce) || blankAssign(qstmt, ce); !dropped {
			return fail()
		}
	default:
		return fail()
	}
	var lit *ast.FuncLit
	for _, a := range ce.Args {
		if fl, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			if lit != nil {
				return fail()
			}
			lit = fl
		}
	}
	if lit == nil || len(lit.Body.List) == 0 {
		return fail()
	}
	if lsig, ok := c.pass.TypesInfo.TypeOf(lit).(*types.Signature); ok && lsig.Results().Len() > 0 && isError(lsig.Results().At(lsig.Results().Len()-1).Type()) {
		// The pool keeps the function's failure (an errgroup's Go): a
		// wait for it would mark the failed record all the same.
		return c.inPlaceErrFix(p, h, name, qpath, qstmt, ce, lit)
	}
	holder, _ := c.holderBefore(p, ce)
	if holder == nil {
		return fail()
	}
	first := lit.Body.List[0]
	wg := edit.FreeName(c.pass, holder.Pos(), "wg")
	if edit.FreeName(c.pass, qstmt.Pos(), wg) != wg || edit.FreeName(c.pass, first.Pos(), wg) != wg {
		return fail()
	}
	syncName, edits := edit.Import(c.pass, edit.File(c.pass, holder.Pos()), "sync")
	decl := "var " + wg + " " + syncName + ".WaitGroup"
	add := edit.InsertBefore(c.pass, qstmt, wg+".Add(1)")
	if holder == qstmt {
		add = edit.InsertBefore(c.pass, holder, decl+"\n"+wg+".Add(1)")
	} else {
		edits = append(edits, edit.InsertBefore(c.pass, holder, decl))
	}
	if dropped {
		// `_ = p.Submit(f)` becomes `if err := p.Submit(f); err != nil {
		// wg.Done() }`: the statement's text up to the call and after it
		// are replaced, the literal's edits stay within the call.
		errName := edit.FreeName(c.pass, qstmt.Pos(), "err")
		indent := edit.Indent(c.pass, qstmt.Pos())
		add.End = ce.Pos()
		add.NewText = append(add.NewText, "if "+errName+" := "...)
		edits = append(edits, analysis.TextEdit{Pos: ce.End(), End: qstmt.End(),
			NewText: []byte("; " + errName + " != nil {\n" + indent + "\t" + wg + ".Done() // refused: it will not run\n" + indent + "}")})
	}
	edits = append(edits, add)
	done := "defer " + wg + ".Done()"
	tf := c.pass.Fset.File(lit.Pos())
	if tf.Line(lit.Body.Lbrace) == tf.Line(lit.Body.Rbrace) {
		edits = append(edits, analysis.TextEdit{Pos: first.Pos(), End: first.Pos(), NewText: []byte(done + "; ")})
	} else {
		e, ok := edit.PrependToBody(c.pass, lit.Body, done)
		if !ok {
			return fail()
		}
		edits = append(edits, e)
	}
	msg := fmt.Sprintf("Wait for the functions queued on %s to process the %ss before calling %s", h.later.queue.Name(), p.client.Client.RecordNoun, name)
	if refused != nil {
		e, ok := edit.PrependToBody(c.pass, refused, wg+".Done() // refused: it will not run")
		if !ok {
			return fail()
		}
		edits = append(edits, e)
	}
	if refused != nil && !returns(refused) || dropped {
		// A refusal the function returns on writes no position past it.
		msg += fmt.Sprintf(" (a function %s refuses is not run, and its %s is still committed past, as before)", h.later.queue.Name(), p.client.Client.RecordNoun)
	}
	edits = append(edits, edit.InsertAfter(c.pass, holder, wg+".Wait()"))
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// inPlaceErrFix builds the fix of a position call p made after a pool
// that keeps its functions' failures (errgroup.Group.Go) was given lit,
// a statement of its own (qstmt, the call ce): lit runs in place and its
// error is returned, so that p follows only a success. A WaitGroup
// counting the function would let p mark a failed record, its error read
// only by the group's Wait when the loop ends (fix-quality hunt 44x/D1:
// 4 of 4 failed messages lost after -fix). The function of p must return
// an error alone.
func (c *checker) inPlaceErrFix(p *position, h *handOff, name string, qpath []ast.Node, qstmt ast.Stmt, ce *ast.CallExpr, lit *ast.FuncLit) (analysis.SuggestedFix, bool) {
	lsig, _ := c.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	sig := edit.Signature(c.pass, qpath)
	if !callStmt(qstmt, ce) || lsig.Results().Len() != 1 || sig == nil || sig.Results().Len() != 1 || !isError(sig.Results().At(0).Type()) {
		return analysis.SuggestedFix{}, false
	}
	errName := edit.FreeName(c.pass, qstmt.Pos(), "err")
	indent := edit.Indent(c.pass, qstmt.Pos())
	text := "if " + errName + " := " + c.raw(lit) + "(); " + errName + " != nil {\n" + indent + "\treturn " + errName + "\n" + indent + "}"
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Run the function given to %s in place and return its error before calling %s (a failure the group keeps is read only when it is waited for, after %s)%s", ssaflow.ShortFunc(h.later.queue), name, name, oneAtATime),
		TextEdits: []analysis.TextEdit{{Pos: qstmt.Pos(), End: qstmt.End(), NewText: []byte(text)}},
	}, true
}

// returns reports whether block b ends in a return statement.
func returns(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}
