package semantics

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// launches records the goroutines that handle records.
func (g *gatherer) launches() {
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				var call *ssa.CallCommon
				switch x := in.(type) {
				case *ssa.Go:
					call = &x.Call
				case *ssa.Call:
					// errgroup's Go, a WaitGroup's Go: the function
					// argument runs in a goroutine of its own
					if f := g.m.Flow.Started(x); f != nil {
						call = &ssa.CallCommon{Value: f}
					}
				}
				if call == nil {
					continue
				}
				l := g.launch(call)
				if l != nil {
					l.Pos = g.posn(in.Pos())
					l.goStmt, _ = in.(*ssa.Go)
					l.run = call.StaticCallee()
					if mc, ok := call.Value.(*ssa.MakeClosure); ok {
						l.run, _ = mc.Fn.(*ssa.Function)
					}
					l.Joined = g.joins(in)
					if l.Pool && l.Joined && g.pollsRepeatedly(fn) && !waitsInLoop(g.m.Flow, fn) {
						// A pool waited for after the loop that polls
						// again and again: at shutdown, not before each
						// next poll.
						l.Joined = false
					}
					if l.Joined && g.positionBeforeJoin(in) {
						// Goroutines the function waits for only after
						// it writes a position (a commit every 100
						// records in the loop, the Wait after it).
						l.Joined = false
					}
					if gs, ok := in.(*ssa.Go); ok && !l.Pool && !l.Joined {
						l.Joined = g.answered(gs)
					}
					if gs, ok := in.(*ssa.Go); ok && !l.Joined {
						l.Joined = countedJoined(gs)
					}
					g.ev.Launches = append(g.ev.Launches, l)
				} else if g.touchesRecords(call) {
					g.ev.Untied = true
				}
			}
		}
	}
	g.singleWorker()
	g.workerSkips()
	g.shedSkips()
	g.iterErrSkips()
	if send, by := g.sentAway(); send != nil {
		g.ev.SentAway = g.posn(send.pos)
		g.ev.SentTo = g.receiverOf(send.ch)
		if by != nil {
			g.ev.SentTo = consumer.DisplayName(by)
		}
	} else if at, fn := g.queuedAway(); fn != nil {
		g.ev.SentAway = g.posn(at)
		g.ev.QueuedBy = ssaflow.ShortFunc(fn)
	}
}

// shedSkips adds to the positions the errgroup TryGo calls of the
// consumer's code starting a record's goroutine that go on without the
// record when the group is full (shed): TryGo then runs nothing, and the
// position written after passes the record, with no fault at all (hunt
// 45f/D2: 296 of 300 lost).
func (g *gatherer) shedSkips() {
	var skips []Skip
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if call, ok := in.(*ssa.Call); ok && g.m.Flow.Started(call) != nil && shed(call) && slices.ContainsFunc(g.ev.Launches, func(l *Launch) bool { return l.Pos == g.posn(call.Pos()) }) {
					skips = append(skips, Skip{Call: ssaflow.ShortFunc(ssaflow.Callee(call.Common())), Pos: g.posn(call.Pos()), Shed: true})
				}
			}
		}
	}
	g.ev.addSkips(skips)
}

// ownChannel reports whether the goroutine gs starts is given a channel
// its function makes (an argument, or a variable its literal captures).
func (g *gatherer) ownChannel(gs *ssa.Go) bool {
	vals := slices.Clone(gs.Call.Args)
	if mc, ok := gs.Call.Value.(*ssa.MakeClosure); ok {
		vals = append(vals, mc.Bindings...)
	}
	for _, v := range vals {
		if a, ok := v.(*ssa.Alloc); ok {
			// A captured variable: the channel stored in it.
			for _, ref := range *a.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == ssa.Value(a) {
					v = st.Val
				}
			}
		}
		if slices.ContainsFunc(g.m.Flow.Roots(v), func(r ssa.Value) bool {
			mk, ok := r.(*ssa.MakeChan)
			return ok && mk.Parent() == gs.Parent()
		}) {
			return true
		}
	}
	return false
}

// iterErrSkips adds to the positions the iterators the consumer's code
// ranges over that keep their failure for an Err method (bufio.Scanner's
// contract: for r := range ap.All(ctx, recs), the sequence ending at the
// first failure) when the function never calls that Err: the loop cannot
// tell a failure from the end, and the position after it passes the
// records not applied (hunt 45f/D5: 62 and 146 of 300 lost).
func (g *gatherer) iterErrSkips() {
	var skips []Skip
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				seq, ok := in.(*ssa.Call) // ap.All(ctx, recs), the iterator the range calls
				if !ok || !isSeq(seq.Type()) || len(*seq.Referrers()) == 0 {
					continue
				}
				m := ssaflow.Callee(seq.Common())
				if m == nil || !slices.ContainsFunc(*seq.Referrers(), func(r ssa.Instruction) bool {
					c, ok := r.(*ssa.Call)
					return ok && c.Call.Value == ssa.Value(seq)
				}) {
					continue
				}
				recv := ssaflow.Recv(seq.Common())
				if recv == nil || clientmodel.Default.IsClientPath(m.Pkg().Path()) || !hasErrMethod(recv.Type()) || callsErr(fn, seq, g.m.Flow.Roots(recv), g.m.Flow) {
					continue // (not the client's own iterators, franz-go's Fetches.RecordsAll: review 45-2/D1)
				}
				skips = append(skips, Skip{Call: ssaflow.ShortFunc(m), Pos: g.posn(seq.Pos()), IterErr: true})
			}
		}
	}
	g.ev.addSkips(skips)
}

// isSeq reports whether t is a range-over-func iterator: a function
// taking one yield function returning bool (iter.Seq, iter.Seq2).
func isSeq(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	y, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	return ok && y.Results().Len() == 1 && types.Identical(y.Results().At(0).Type(), types.Typ[types.Bool])
}

// hasErrMethod reports whether t has a method Err() error.
func hasErrMethod(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Err")
	f, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := f.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && isError(sig.Results().At(0).Type())
}

// callsErr reports whether fn, or a literal in it, calls Err on a value
// with one of roots, or gives such a value to a call other than seq (a
// helper that may check it: s.failed(ap), review 45-2/D2).
func callsErr(fn *ssa.Function, seq *ssa.Call, roots []ssa.Value, flow *ssaflow.Flow) bool {
	found := false
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				c, ok := in.(*ssa.Call)
				if !ok || c == seq {
					continue
				}
				if m := ssaflow.Callee(c.Common()); m != nil && m.Name() == "Err" {
					if r := ssaflow.Recv(c.Common()); r != nil && ssaflow.Intersects(flow.Roots(r), roots) {
						found = true
					}
					continue
				}
				if slices.ContainsFunc(c.Call.Args, func(a ssa.Value) bool { return ssaflow.Intersects(flow.Roots(a), roots) }) {
					found = true
				}
			}
		}
		for _, lit := range f.AnonFuncs {
			visit(lit)
		}
	}
	visit(fn)
	return found
}

// shed reports whether call, an errgroup Group's TryGo, goes on when the
// group is full and the function does not run: its answer dropped, or
// the branch taken on false only logging, not coming back to call (for
// !g.TryGo(f) { sleep }: a wait), returning or stopping.
func shed(call *ssa.Call) bool {
	callee := ssaflow.Callee(call.Common())
	if callee == nil || callee.Name() != "TryGo" || !ssaflow.IsErrgroup(callee) {
		return false
	}
	// The function handed to another call as well (if !g.TryGo(book) {
	// g.Go(book) }: a wait for a slot, review 45-2/D3).
	if fv := call.Call.Args[len(call.Call.Args)-1]; slices.ContainsFunc(*fv.Referrers(), func(in ssa.Instruction) bool {
		c, ok := in.(ssa.CallInstruction)
		return ok && in != ssa.Instruction(call) && slices.Contains(c.Common().Args, fv)
	}) {
		return false
	}
	if len(*call.Referrers()) == 0 {
		return true
	}
	for _, ref := range *call.Referrers() {
		v := ssa.Value(call)
		if not, ok := ref.(*ssa.UnOp); ok && not.Op == token.NOT && len(*not.Referrers()) == 1 {
			ref, v = (*not.Referrers())[0], not
		}
		iff, ok := ref.(*ssa.If)
		if !ok {
			return false // kept, or tested otherwise: not judged
		}
		full := iff.Block().Succs[1] // TryGo answered false
		if v != ssa.Value(call) {
			full = iff.Block().Succs[0]
		}
		if len(full.Preds) != 1 || !onlyLogs(full.Instrs) || returns(full) {
			return false
		}
		// Back to call without taking the next record: the values the
		// function binds are not made anew on the way (a retry loop).
		var bound []ssa.Value
		if len(call.Call.Args) > 0 {
			if mc, ok := call.Call.Args[len(call.Call.Args)-1].(*ssa.MakeClosure); ok {
				bound = mc.Bindings
			}
		}
		anew := func(in ssa.Instruction) bool {
			if st, ok := in.(*ssa.Store); ok && slices.Contains(bound, st.Addr) {
				return true
			}
			v, ok := in.(ssa.Value)
			return ok && slices.Contains(bound, v)
		}
		if len(full.Succs) > 0 && ssaflow.ReachesStopping(full.Succs[0].Instrs[0], call, anew) {
			return false // tried again
		}
	}
	return true
}

// workerSkips adds the failures the goroutines handling records go on
// from (dropped: only logged) to the skips of the positions written
// outside them, and, for a client whose timer commits every poll before
// the latest, to the poll's: a worker that logs a failed save and takes
// the next record leaves the failed one behind, and the loop's commit
// (or next poll) passes it, however the workers are joined (audit
// 34b/3: at-least-once was said of a pool joined before each poll whose
// worker dropped every failed record).
func (g *gatherer) workerSkips() {
	var skips []Skip
	seen := map[*ssa.Function]bool{}
	for _, l := range g.ev.Launches {
		fn := l.run
		if fn == nil || seen[fn] {
			continue
		}
		seen[fn] = true
		never := noreturn.Of(g.pass)
		for _, b := range fn.Blocks {
			_, call, fail := failureCheck(b)
			if call == nil || !g.appCall(call) || len(fail.Preds) != 1 || retriedInPlace(call, fail) || !onlyLogs(fail.Instrs) ||
				backToCall(fail, call) || slices.ContainsFunc(fail.Instrs, func(in ssa.Instruction) bool {
				c, ok := in.(ssa.CallInstruction)
				return ok && ssaflow.Callee(c.Common()) != nil && never.Func(ssaflow.Callee(c.Common())) // log.Fatal: the process stops
			}) {
				continue
			}
			if _, jumps := fail.Instrs[len(fail.Instrs)-1].(*ssa.Jump); !jumps || failureKept(fail) || answered(fail, call) {
				continue // returns, branches on, counts or answers the failure: not only dropped
			}
			if !slices.ContainsFunc(call.Call.Args, g.handlerArg) {
				continue
			}
			skips = append(skips, Skip{Call: callName(call), Pos: g.posn(call.Pos()), In: consumer.DisplayName(fn), Worker: true})
		}
		// A handler of the package given the record that logs a failure
		// and returns without it (go func() { handle(st, r) }(), go
		// handle(st, r): audit 37c/D5), and a call given it whose error
		// the goroutine drops, no other result of it answered either
		// (ok, _ := save(v); res <- ok, only counted: review 40-3/D5b).
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if call, ok := in.(*ssa.Call); ok && g.appCall(call) {
					if errorDiscarded(call) && !quiet(call) && slices.ContainsFunc(call.Call.Args, g.handlerArg) && !answered(fn.Blocks[0], call) {
						skips = append(skips, Skip{Call: callName(call), Pos: g.posn(call.Pos()), In: consumer.DisplayName(fn), Worker: true, Discarded: true})
					}
					for _, s := range g.swallowedIn(call, g.handlerArg, 1, map[*ssa.Function]bool{}, g.stops()) {
						if s.In == "" {
							s.In = consumer.DisplayName(fn)
						}
						s.Worker = true
						skips = append(skips, s)
					}
				}
			}
		}
	}
	g.ev.addSkips(skips)
}

// loopPoll returns the consumer's poll in a loop, for a client whose timer
// commits every poll before the latest: the next poll makes a record
// whose processing failed committable. Nil if none.
func (g *gatherer) loopPoll() *PositionCall {
	if g.c.Client.Timer != clientmodel.TimerPreviousPoll {
		return nil
	}
	for _, c := range g.ownCalls() {
		if c.Role == clientmodel.Fetch && ssaflow.InLoop(c.Instr.Block()) {
			return &PositionCall{Role: c.Role, Func: c.Func[strings.LastIndex(c.Func, ".")+1:], Pos: g.posn(c.Pos())}
		}
	}
	return nil
}

// addSkips adds failures the consumer's code goes on from outside the
// position calls' own code (a worker's, a handler's another package
// passes) to the skips of the positions written outside goroutines, and
// to the poll's (loopPoll).
func (ev *Evidence) addSkips(skips []Skip) {
	if len(skips) == 0 {
		return
	}
	for _, pc := range ev.Calls {
		if !pc.InGoroutine && len(pc.Skips) == 0 && (pc.Role == clientmodel.Commit || pc.Role == clientmodel.Mark || pc.Role == clientmodel.Store) {
			pc.Skips = skips
		}
	}
	if ev.loopPoll != nil && ev.PollSkips == nil {
		ev.PollSkips, ev.PollSkipAt = skips, ev.loopPoll
	}
}

// backToCall reports whether the failure branch fail of call goes back to
// the call itself, through blocks that only jump (for apply(r) != nil {
// log }): the record is retried, not dropped (audit 35b/D4).
func backToCall(fail *ssa.BasicBlock, call *ssa.Call) bool {
	b := fail
	for range 4 {
		if len(b.Succs) != 1 {
			return false
		}
		b = b.Succs[0]
		if b == call.Block() {
			return true
		}
		if _, jumps := b.Instrs[len(b.Instrs)-1].(*ssa.Jump); !jumps || !onlyLogs(b.Instrs) {
			return false
		}
	}
	return false
}

// mayWait reports whether the function starting l (the outermost of the
// function literals around its go statement), or a function of the
// package it calls, may wait for it in a way Joined does not see: a
// receive from a channel other than a timer's or a context's Done, or a
// group's Wait (the goroutines each signal done, received once for each:
// review 34-1/S2, 34-2/D2, D3).
func mayWait(l *Launch) bool {
	if l.goStmt == nil {
		return true
	}
	fn := l.goStmt.Parent()
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	work := func(ch ssa.Value) bool { return !ssaflow.IsTimerChan(ch) && !ssaflow.IsCtxDone(ch) }
	var waits func(f *ssa.Function, depth int) bool
	waits = func(f *ssa.Function, depth int) bool {
		if f == nil || depth > 1 {
			return false
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Select:
					if slices.ContainsFunc(x.States, func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly && work(st.Chan) }) {
						return true
					}
				case *ssa.UnOp:
					if x.Op == token.ARROW && work(x.X) {
						return true
					}
				case *ssa.Call:
					if ssaflow.IsGroupWait(ssaflow.Callee(x.Common())) || waits(x.Common().StaticCallee(), depth+1) {
						return true
					}
				}
			}
		}
		return false
	}
	return waits(fn, 0)
}

// failureKept reports whether the failure branch fail leaves a value of its
// own to the block it jumps to (failed++, or ok = false: a phi there
// whose edge from fail differs from another edge): the worker keeps the
// failure, and may report it later (review 34-1/S1, 34-2/D1).
func failureKept(fail *ssa.BasicBlock) bool {
	for _, succ := range fail.Succs {
		k := slices.Index(succ.Preds, fail)
		for _, in := range succ.Instrs {
			phi, ok := in.(*ssa.Phi)
			if !ok {
				break
			}
			for i, e := range phi.Edges {
				if i != k && e != phi.Edges[k] {
					return true
				}
			}
		}
	}
	return false
}

// singleWorker marks the consumer's pool Single when it is its only
// pool, started by one go statement that runs once: outside a loop (or
// in the one loop of its function, running once: for range 1), in a
// function that runs once for the consumer. That is the function building
// it (each call builds a consumer of its own), main or an init, or a
// function called from one such by a single call outside a loop (a chain
// of helpers); not a function used as a value (an HTTP handler, a
// callback), not one other packages or the client call (a sarama
// ConsumeClaim, run per claim), not a closure.
func (g *gatherer) singleWorker() {
	var pools []*Launch
	for _, l := range g.ev.Launches {
		if l.Pool {
			pools = append(pools, l)
		}
	}
	if len(pools) != 1 || pools[0].goStmt == nil {
		return
	}
	gs := pools[0].goStmt
	if ssaflow.InLoop(gs.Block()) && !g.onlyLoopOnce(gs.Pos()) {
		return
	}
	// (Or once per claim, by the handler's ConsumeClaim, on a channel the
	// claim makes: one worker per partition, marking in the order it takes
	// them: fix-quality hunt 45x/D4, the tool's own one-worker fix output;
	// not workers of every claim on one channel, review 28-2.)
	if g.runsOnce(gs.Parent(), 0) || slices.ContainsFunc(g.c.Handlers, func(h *consumer.Handler) bool { return h.Consume == gs.Parent() }) && g.ownChannel(gs) {
		pools[0].Single = true
	}
}

// onlyLoopOnce reports whether the loops around pos in its function are
// one, running once (edit.SingleIteration).
func (g *gatherer) onlyLoopOnce(pos token.Pos) bool {
	loops := 0
	for _, n := range edit.Path(g.pass, pos) {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops++
		case *ast.FuncDecl, *ast.FuncLit:
			return loops == 1 && edit.SingleIteration(g.pass, pos)
		}
	}
	return false
}

// runsOnce reports whether fn runs once for the consumer (singleWorker).
func (g *gatherer) runsOnce(fn *ssa.Function, depth int) bool {
	if fn.Parent() != nil || depth > ssaflow.MaxCallDepth || g.usedAsValue(fn) {
		return false
	}
	if g.c.Site != nil && g.c.Site.Parent() == fn {
		return true // each call builds a consumer of its own
	}
	if fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main" && fn.Name() == "main" || fn.Name() == "init" && fn.Signature.Recv() == nil {
		return true
	}
	callers := g.m.Flow.Callers(fn)
	if len(callers) != 1 || ssaflow.InLoop(callers[0].Block()) {
		return false
	}
	return g.runsOnce(callers[0].Parent(), depth+1)
}

// queuedAway returns the first call, on the consumer's fetch path, that
// hands a record's data (recordData) to a function of another package
// that only queues it for goroutines started elsewhere (a handsoff.Fact;
// not a send helper given the channel, whose receiver may be the
// consumer's): the records are processed by goroutines the row cannot
// classify, as for a channel nothing here receives from.
func (g *gatherer) queuedAway() (token.Pos, *types.Func) {
	ho := g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result)
	for _, fn := range sortedFuncs(g.fetchPath()) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				cc := call.Common()
				fact, callee := ho.Call(cc)
				if fact == nil || callee.Pkg() == g.pass.Pkg || handsoff.TakesChannel(callee) || answersUsed(call) {
					continue
				}
				if fact.Started && !g.positionBeforeJoin(call) {
					continue // its goroutines are waited for before the commit (review 37-1/D11)
				}
				if slices.ContainsFunc(fact.Params, func(p int) bool { a := ssaflow.Arg(cc, p); return a != nil && g.recordData(a) }) {
					return call.Pos(), callee
				}
			}
		}
	}
	return token.NoPos, nil
}

// positionBeforeJoin reports whether a position call of the consumer in
// in's function (a commit, a mark, a store) is reachable from in without
// passing a wait for a group of goroutines.
func (g *gatherer) positionBeforeJoin(in ssa.Instruction) bool {
	wait := func(x ssa.Instruction) bool {
		c, ok := x.(*ssa.Call)
		return ok && g.m.Flow.IsGroupWait(ssaflow.Callee(c.Common()))
	}
	for _, call := range g.ownCalls() {
		switch call.Role {
		case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
		default:
			continue
		}
		if call.Fn == in.Parent() && call.Instr != nil && ssaflow.ReachesStopping(in, call.Instr, wait) {
			return true
		}
	}
	return false
}

// answersUsed reports whether the caller uses a result of call other
// than an error (a reply channel it receives from: <-svc.Submit(p)): it
// may wait for the work through it.
func answersUsed(call ssa.CallInstruction) bool {
	v := call.Value()
	if v == nil || v.Referrers() == nil {
		return false
	}
	for _, ref := range *v.Referrers() {
		x, isExtract := ref.(*ssa.Extract)
		if !isExtract {
			return !isError(v.Type())
		}
		if !isError(x.Type()) && x.Referrers() != nil && len(*x.Referrers()) > 0 {
			return true
		}
	}
	return false
}

// pollsRepeatedly reports whether fn, or a function literal of it (the
// poll loop an errgroup's Go runs), fetches from the consumer in a loop,
// or calls in a loop a function of the package that fetches.
func (g *gatherer) pollsRepeatedly(fn *ssa.Function) bool {
	for _, call := range g.ownCalls() {
		if call.Role != clientmodel.Fetch && call.Role != clientmodel.FetchCommit {
			continue
		}
		if ssaflow.Within(call.Fn, fn) && ssaflow.InLoop(call.Instr.Block()) {
			return true
		}
		if slices.ContainsFunc(g.m.Flow.Callers(call.Fn), func(site ssa.CallInstruction) bool {
			return ssaflow.Within(site.Parent(), fn) && ssaflow.InLoop(site.Block())
		}) {
			return true
		}
	}
	return false
}

// waitsInLoop reports whether fn, or a function literal of it, waits for
// a group of goroutines (ssaflow.IsGroupWait) inside a loop.
func waitsInLoop(flow *ssaflow.Flow, fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if call, ok := in.(*ssa.Call); ok && ssaflow.InLoop(b) && flow.IsGroupWait(ssaflow.Callee(call.Common())) {
				return true
			}
		}
	}
	return slices.ContainsFunc(fn.AnonFuncs, func(lit *ssa.Function) bool { return waitsInLoop(flow, lit) })
}

// send is a channel send: a send statement, or a send case of a select.
type send struct {
	ch, x ssa.Value
	pos   token.Pos
}

// sendsOf returns the sends in makes.
func sendsOf(in ssa.Instruction) []send {
	switch x := in.(type) {
	case *ssa.Send:
		return []send{{x.Chan, x.X, x.Pos()}}
	case *ssa.Select:
		var out []send
		for _, st := range x.States {
			if st.Dir == types.SendOnly {
				out = append(out, send{st.Chan, st.Send, st.Pos})
			}
		}
		return out
	}
	return nil
}

// sentRecord reports whether s sends a record's data (recordData), not
// an error made from one: a failure reported, not a record handed on
// (audit 37c/D2; h.errs <- err, trial 40a/D6).
func (g *gatherer) sentRecord(s send) bool {
	return !isError(s.x.Type()) && g.recordData(s.x)
}

// sentAway returns the first send, on the consumer's fetch path, of a
// record's data (recordData) on a channel that nothing in the consumer's
// code receives from (a pipeline of another package, or workers started
// elsewhere, drain it), or nil. A receive counts only in code the
// analysis follows from the fetch path or from a goroutine it sees
// started: a receiver of the consumer's code started elsewhere (workers a
// partition-assigned callback of the wiring starts: trial 38a/D3) runs
// when the analysis cannot say, and it is returned as by.
func (g *gatherer) sentAway() (away *send, by *ssa.Function) {
	var sends []send
	path := g.fetchPath()
	for _, fn := range sortedFuncs(path) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, s := range sendsOf(in) {
					if g.sentRecord(s) && !g.sentInTxn(s, fn) {
						sends = append(sends, s)
					}
				}
			}
		}
	}
	if len(sends) == 0 {
		return nil, nil
	}
	tied := g.tied(path)
	var received []ssa.Value
	var untied []ssa.Value
	untiedBy := map[ssa.Value]*ssa.Function{}
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, ch := range receivesFrom(in) {
					roots := g.m.Flow.Roots(ch)
					if tied[fn] {
						received = append(received, roots...)
						continue
					}
					for _, r := range roots {
						untied = append(untied, r)
						if untiedBy[r] == nil {
							untiedBy[r] = fn
						}
					}
				}
			}
		}
	}
	for i, s := range sends {
		roots := g.m.Flow.Roots(s.ch)
		// A receiver out of sight first: one in sight besides it (a
		// drain deferred by the fetch loop) does not make it known
		// (review 39-1/D10).
		for _, r := range roots {
			if fn := untiedBy[r]; fn != nil {
				return &sends[i], fn
			}
		}
		if !ssaflow.Intersects(roots, received) {
			return &sends[i], nil
		}
	}
	return nil, nil
}

// tied returns the functions of the consumer's code whose goroutine the
// analysis knows: the fetch path and what it reaches, the functions
// calling or starting it and what they call, the function building the
// consumer, the functions of its code starting goroutines, and what those
// goroutines run.
func (g *gatherer) tied(path map[*ssa.Function]bool) map[*ssa.Function]bool {
	set := map[*ssa.Function]bool{}
	for fn := range path {
		g.m.Flow.Reach(fn, set)
	}
	for _, c := range g.ownCalls() {
		if c.Role != clientmodel.Fetch && c.Role != clientmodel.FetchCommit {
			continue
		}
		// Who calls or starts the fetching function, and what else it
		// calls (Run { go s.fetch(ctx); return s.process(ctx) }:
		// review 39-5/D1, D2).
		for _, site := range g.m.Flow.Callers(c.Fn) {
			g.m.Flow.Reach(site.Parent(), set)
		}
	}
	g.m.Flow.Reach(g.c.Fn, set)
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if f := funcOf(g.started(in)); f != nil {
					g.m.Flow.Reach(fn, set) // its own calls run in its goroutine (review 39-5/D1)
					g.m.Flow.Reach(f, set)
				}
			}
		}
	}
	return set
}

// started returns the function value in starts in a goroutine of its
// own: a go statement's, or a spawner's argument (Flow.Started); nil for
// any other instruction.
func (g *gatherer) started(in ssa.Instruction) ssa.Value {
	switch x := in.(type) {
	case *ssa.Go:
		if callee := x.Call.StaticCallee(); callee != nil {
			return callee
		}
		return x.Call.Value
	case *ssa.Call:
		return g.m.Flow.Started(x)
	}
	return nil
}

// receivesFrom returns the channels in receives from: a receive, or the
// receive cases of a select.
func receivesFrom(in ssa.Instruction) []ssa.Value {
	switch x := in.(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return []ssa.Value{x.X}
		}
	case *ssa.Select:
		var out []ssa.Value
		for _, st := range x.States {
			if st.Dir == types.RecvOnly {
				out = append(out, st.Chan)
			}
		}
		return out
	}
	return nil
}

// receiverOf names an exported function of the package, called by no
// code of it, that receives from ch (its roots): it drains the channel
// for callers of other packages. "" if none does.
func (g *gatherer) receiverOf(ch ssa.Value) string {
	roots := g.m.Flow.Roots(ch)
	receives := func(fn *ssa.Function) bool {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, v := range receivesFrom(in) {
					if ssaflow.Intersects(g.m.Flow.Roots(v), roots) {
						return true
					}
				}
			}
		}
		return false
	}
	for _, fn := range g.m.Flow.Funcs() {
		// First a function the package leaves to others: exported, not
		// a literal, called by no code of the package.
		if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() && fn.Parent() == nil && len(g.m.Flow.Callers(fn)) == 0 && receives(fn) {
			return consumer.DisplayName(fn)
		}
	}
	for _, fn := range g.m.Flow.Funcs() {
		// Then any (a worker a Run method of the package starts, apart
		// from the poll loop: trial 38a/D4).
		if receives(fn) {
			return consumer.DisplayName(fn)
		}
	}
	return ""
}

// sentInTxn reports whether s sends on a producer's input channel
// (sarama's AsyncProducer.Input()) in a function that commits the
// client's transaction with the consumed offsets added to it, and writes
// no position otherwise: the transaction's commit waits for what was sent
// (sarama's CommitTxn flushes it), so no goroutine of the application
// holds the record.
func (g *gatherer) sentInTxn(s send, fn *ssa.Function) bool {
	call, ok := s.ch.(*ssa.Call)
	if !ok {
		return false
	}
	if pr, ok := clientmodel.Default.Produce(ssaflow.Callee(call.Common())); !ok || pr.Record >= 0 {
		return false
	}
	// The transaction must carry the consumed offsets (AddMessageToTxn),
	// and the function write no position of its own (a mark the
	// auto-commit timer commits apart from the transaction).
	commits, adds := false, false
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			f := ssaflow.Callee(c.Common())
			if f == nil {
				continue
			}
			commits = commits || slices.Contains(g.c.Client.TxnCommit, f.FullName())
			if r, ok := clientmodel.Default.Result(f); ok && r.Swallow == clientmodel.SwallowResurfaces {
				adds = true
			}
			if ref, ok := clientmodel.Default.Call(f); ok && (ref.Role == clientmodel.Mark || ref.Role == clientmodel.Commit || ref.Role == clientmodel.Store) {
				return false
			}
		}
	}
	return commits && adds
}

// fetchPath returns the functions the consumer's records go through in
// the package: its handler's Consume method, those holding its fetches,
// the functions passed to their calls (a handler literal given to the
// loop), and what they reach.
func (g *gatherer) fetchPath() map[*ssa.Function]bool {
	set := map[*ssa.Function]bool{}
	for _, h := range g.c.Handlers {
		if h.Consume != nil {
			g.m.Flow.Reach(h.Consume, set) // sarama's ConsumeClaim
		}
	}
	for _, call := range g.ownCalls() {
		if call.Role != clientmodel.Fetch && call.Role != clientmodel.FetchCommit {
			continue
		}
		g.m.Flow.Reach(call.Fn, set)
		for _, site := range g.m.Flow.Callers(call.Fn) {
			for _, a := range site.Common().Args {
				if fn := funcOf(a); fn != nil {
					g.m.Flow.Reach(fn, set)
				}
			}
		}
	}
	// Functions passed as values by the functions on the path (a method
	// value given to the poll's iterator: fetches.EachRecord(p.push)),
	// and those function values called there run.
	for n := -1; n != len(set); {
		n = len(set)
		for _, fn := range sortedFuncs(set) {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					if ci, ok := in.(ssa.CallInstruction); ok {
						for _, a := range ci.Common().Args {
							if f := funcOf(a); f != nil {
								g.m.Flow.Reach(f, set)
							}
						}
						// A function value called: a func-valued field
						// set to a literal (h.fn(msg)).
						for _, f := range g.m.Flow.DynCallees(ci) {
							g.m.Flow.Reach(f, set)
						}
					}
				}
			}
		}
	}
	return set
}

// launch classifies what the goroutine started with call handles, or
// returns nil when it handles no records.
func (g *gatherer) launch(call *ssa.CallCommon) *Launch {
	fn := funcOf(call.Value)
	var vals []ssa.Value
	vals = append(vals, call.Args...)
	if mc, ok := call.Value.(*ssa.MakeClosure); ok {
		vals = append(vals, mc.Bindings...)
	}
	for _, v := range vals {
		ts := []types.Type{v.Type()}
		if p, ok := v.Type().Underlying().(*types.Pointer); ok {
			ts = append(ts, p.Elem()) // a captured variable
		}
		if _, basic := v.Type().Underlying().(*types.Basic); !basic && g.recordData(v) && !g.isRecordSlice(v.Type()) && !slices.ContainsFunc(ts, func(t types.Type) bool { return clientmodel.Default.Partition(t) != nil }) {
			if _, isChan := v.Type().Underlying().(*types.Chan); !isChan {
				return &Launch{} // a value decoded from a record: go save(order)
			}
		}
		for _, t := range ts {
			switch {
			case g.isRecord(t):
				return &Launch{}
			case g.isRecordSlice(t):
				return &Launch{Group: true}
			case clientmodel.Default.Partition(t) != nil:
				return &Launch{PerPartition: true}
			}
			if ch, ok := t.Underlying().(*types.Chan); ok && fn != nil && receives(fn) && (g.isRecord(ch.Elem()) || g.sentFromRecords(v)) {
				return &Launch{Pool: true}
			}
		}
	}
	// A worker receiving from a channel it reaches otherwise (a field of
	// a struct it captures: for m := range p.queue) on which the
	// consumer's code sends values computed from records.
	if fn != nil && g.receivesRecordData(fn) {
		return &Launch{Pool: true}
	}
	return nil
}

// receivesRecordData reports whether fn (or what it calls in the
// package) receives from a channel on which the consumer's code sends
// values computed from records.
func (g *gatherer) receivesRecordData(fn *ssa.Function) bool {
	set := map[*ssa.Function]bool{}
	g.m.Flow.Reach(fn, set)
	var chans []ssa.Value
	for _, f := range sortedFuncs(set) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.UnOp:
					if x.Op == token.ARROW {
						chans = append(chans, g.m.Flow.Roots(x.X)...)
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.RecvOnly {
							chans = append(chans, g.m.Flow.Roots(st.Chan)...)
						}
					}
				}
			}
		}
	}
	return len(chans) > 0 && g.recordsSentOn(chans)
}

// recordsSentOn reports whether the consumer's code sends values computed
// from records on a channel whose roots meet roots.
func (g *gatherer) recordsSentOn(roots []ssa.Value) bool {
	for _, fn := range g.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, s := range sendsOf(in) {
					if g.sentRecord(s) && ssaflow.Intersects(g.m.Flow.Roots(s.ch), roots) {
						return true
					}
				}
			}
		}
	}
	return false
}

// isRecordSlice reports whether t is a slice of records (or of pointers
// to records).
func (g *gatherer) isRecordSlice(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	// The record type as the client hands it out (franz-go's *Record),
	// or its pointer's element (sarama's *ConsumerMessage in a slice of
	// values).
	e := sl.Elem()
	if g.isRecord(e) {
		return true
	}
	if p, isPtr := e.Underlying().(*types.Pointer); isPtr {
		e = p.Elem()
	}
	return g.isRecord(e)
}

// sentFromRecords reports whether the consumer's code sends on channel ch
// (or the channel variable ch points to) values computed from records (a message's payload, msg.Value): workers
// receiving from it handle the records, whatever the element type.
func (g *gatherer) sentFromRecords(ch ssa.Value) bool {
	roots := g.m.Flow.Roots(ch)
	if _, ok := ch.Type().Underlying().(*types.Pointer); ok {
		roots = g.m.Flow.Loaded(ch) // a captured variable holding the channel
	}
	return g.recordsSentOn(roots)
}

// touchesRecords reports whether the goroutine call starts, or what it
// calls in the package, handles values of a record type (records, slices
// or channels of them) or makes position calls.
func (g *gatherer) touchesRecords(call *ssa.CallCommon) bool {
	set := map[*ssa.Function]bool{}
	if fn := funcOf(call.Value); fn != nil {
		g.m.Flow.Reach(fn, set)
	} else if callee := call.StaticCallee(); callee != nil {
		g.m.Flow.Reach(callee, set)
	} else if call.IsInvoke() {
		return false
	}
	if fn := call.StaticCallee(); fn != nil {
		g.m.Flow.Reach(fn, set)
	}
	touches := false
	for _, fn := range sortedFuncs(set) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if ci, ok := in.(ssa.CallInstruction); ok {
					if callee := ssaflow.Callee(ci.Common()); callee != nil {
						if ref, ok := clientmodel.Default.Call(callee); ok && (ref.Role == clientmodel.Fetch || ref.Role == clientmodel.FetchCommit) {
							return false // the poll loop itself runs in this goroutine
						}
					}
				}
				if v, ok := in.(ssa.Value); ok && carriesRecords(v.Type()) {
					touches = true
				}
			}
		}
	}
	return touches
}

// carriesRecords reports whether t is a record type, or a pointer, slice
// or channel of one.
func carriesRecords(t types.Type) bool {
	for i := 0; i < 3; i++ {
		if clientmodel.Default.Record(t) != nil {
			return true
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Chan:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// holdsRecords reports whether a value of type t carries records
// (carriesRecords), directly or in a field of a struct it is or points
// to (a job wrapping the message a worker receives), or of the elements
// of a slice it is (a batch of wrappers: audit 35a/D2).
func holdsRecords(t types.Type) bool {
	if carriesRecords(t) {
		return true
	}
	u := ssaflow.Deref(t).Underlying()
	if sl, ok := u.(*types.Slice); ok {
		u = ssaflow.Deref(sl.Elem()).Underlying() // a batch of wrappers: []message{value, raw}
	}
	st, ok := u.(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if carriesRecords(f.Type()) {
			return true
		}
		if _, ok := f.Type().Underlying().(*types.Struct); ok && f.Embedded() && holdsRecords(f.Type()) {
			return true // franz-go's FetchTopicPartition embeds FetchPartition
		}
	}
	return false
}

// receives reports whether fn receives from a channel.
func receives(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return true
				}
			case *ssa.Next:
				return true
			case *ssa.Range:
				if _, ok := x.X.Type().Underlying().(*types.Chan); ok {
					return true
				}
			}
		}
	}
	return false
}

// joins reports whether the function starting a goroutine at in waits
// for its goroutines with a WaitGroup or errgroup Wait that is not
// deferred: a Wait of that function, or of the function it is a closure
// of when in is not in a loop of its own (a loop in a closure, with the
// Wait after it in the enclosing function, waits only when the loop ends).
func (g *gatherer) joins(in ssa.Instruction) bool {
	fn := in.Parent()
	for f := fn; f != nil; f = f.Parent() {
		if f != fn && ssaflow.InLoop(in.Block()) {
			return false
		}
		if g.startedAsync(f) && !slices.ContainsFunc(g.ownCalls(), func(c *consumer.Call) bool { return c.Fn == f }) {
			// Its Wait joins its own goroutines inside a goroutine of its
			// own that is not the consume loop (go workers(...), workers
			// ending in wg.Wait()): nothing the consume loop waits for.
			return false
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				if g.m.Flow.IsGroupWait(ssaflow.Callee(call.Common())) {
					return true
				}
			}
		}
		if f.Parent() == nil && !ssaflow.InLoop(in.Block()) && g.waitedByCaller(f) {
			return true
		}
	}
	return false
}

// waitedByCaller reports whether a caller of f calls it in a loop and
// waits for a group in that loop's way back to the call (readOnce();
// wg.Wait()): each call's goroutines are joined before the next call.
func (g *gatherer) waitedByCaller(f *ssa.Function) bool {
	for _, site := range g.m.Flow.Callers(f) {
		if _, ok := site.(*ssa.Call); !ok || !ssaflow.InLoop(site.Block()) {
			continue
		}
		for b := range ssaflow.Reachable(site.Block()) {
			if !ssaflow.Reachable(b)[site.Block()] {
				continue
			}
			for i, in := range b.Instrs {
				if b == site.Block() && i <= slices.Index(b.Instrs, ssa.Instruction(site)) {
					continue
				}
				if c, ok := in.(*ssa.Call); ok && g.m.Flow.IsGroupWait(ssaflow.Callee(c.Common())) {
					return true
				}
			}
		}
	}
	return false
}

// countedJoined reports whether the function starting the goroutine at
// gs receives one answer from its workers for each record it hands them,
// in a loop over the batch it handed on (ssaflow.CountedJoin), gs among
// those workers.
func countedJoined(gs *ssa.Go) bool {
	for _, b := range gs.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && slices.Contains(ssaflow.CountedJoin(iff), gs) {
			return true
		}
	}
	return false
}

// answered reports whether the function starting the goroutine at gs
// receives, on every path from gs before it starts another or returns,
// from a channel the goroutine sends on (go func() { done <- deliver(m)
// }(); ok := <-done): it waits for the goroutine's answer.
func (g *gatherer) answered(gs *ssa.Go) bool {
	started := funcOf(gs.Call.Value)
	if started == nil {
		return false
	}
	var chans []ssa.Value
	for _, b := range started.Blocks {
		for _, in := range b.Instrs {
			if send, ok := in.(*ssa.Send); ok {
				chans = append(chans, g.m.Flow.Roots(send.Chan)...)
			}
		}
	}
	if len(chans) == 0 {
		return false
	}
	answer := func(in ssa.Instruction) bool {
		recv, ok := in.(*ssa.UnOp)
		return ok && recv.Op == token.ARROW && ssaflow.Intersects(g.m.Flow.Roots(recv.X), chans)
	}
	// The case of a select that receives the answer (select { case ok =
	// <-done: ...; case <-ctx.Done(): cancel(); ok = <-done }) starts
	// with it received; the select's other cases go on to be scanned.
	caseAnswered := map[*ssa.BasicBlock]bool{}
	for _, b := range gs.Parent().Blocks {
		for _, in := range b.Instrs {
			if sel, ok := in.(*ssa.Select); ok {
				for i, st := range sel.States {
					if st.Dir == types.RecvOnly && ssaflow.Intersects(g.m.Flow.Roots(st.Chan), chans) {
						for _, blk := range ssaflow.SelectCase(sel, i) {
							caseAnswered[blk] = true
						}
					}
				}
			}
		}
	}
	// scan walks b's instructions from i: waited when an answer comes
	// first, failed when gs or the block's end (a return) does.
	scan := func(b *ssa.BasicBlock, i int) (waited, failed bool) {
		if caseAnswered[b] {
			return true, false
		}
		for ; i < len(b.Instrs); i++ {
			switch in := b.Instrs[i]; {
			case answer(in):
				return true, false
			case in == ssa.Instruction(gs):
				return false, true
			}
		}
		// A panic (the one go/ssa puts after a blocking select's last
		// case, which no run reaches) ends the path without a commit.
		_, ret := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		_, panics := b.Instrs[len(b.Instrs)-1].(*ssa.Panic)
		return false, ret || len(b.Succs) == 0 && !panics
	}
	start := gs.Block()
	if waited, failed := scan(start, slices.Index(start.Instrs, ssa.Instruction(gs))+1); waited || failed {
		return waited
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := slices.Clone(start.Succs)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		waited, failed := scan(b, 0)
		if failed {
			return false
		}
		if !waited {
			work = append(work, b.Succs...)
		}
	}
	return true
}

// startedAsync reports whether f runs in a goroutine of its own: a go
// statement calls it (go workers(...)), or starts the closure it is.
func (g *gatherer) startedAsync(f *ssa.Function) bool {
	for _, site := range g.m.Flow.Callers(f) {
		if _, isGo := site.(*ssa.Go); isGo {
			return true
		}
	}
	if f.Parent() == nil {
		return false
	}
	for _, b := range f.Parent().Blocks {
		for _, in := range b.Instrs {
			if gs, ok := in.(*ssa.Go); ok && funcOf(gs.Call.Value) == f {
				return true
			}
		}
	}
	return false
}

// txnAndSink records transaction calls and offset rows in the consumer's
// own database.
func (g *gatherer) txnAndSink() {
	cl := g.c.Client
	if g.c.Site != nil && g.c.Ctor.Txn {
		g.ev.Txn = append(g.ev.Txn, clientmodel.ShortName(g.c.Ctor.Func))
		g.ev.Transactional = true
	}
	type exec struct {
		recv   ssa.Value
		offset bool
		pos    token.Pos
		model  *clientmodel.SQLExec
	}
	var execs []exec
	var commits, effects []ssa.CallInstruction
	calls(g.funcs(), func(ci ssa.CallInstruction, callee *types.Func) {
		if slices.Contains(cl.Txn, callee.FullName()) {
			g.ev.Txn = append(g.ev.Txn, callee.Name())
			if slices.Contains(cl.TxnCommit, callee.FullName()) {
				g.ev.Transactional = true
				commits = append(commits, ci)
			}
			return
		}
		ex, ok := clientmodel.SQLExecOf(callee.FullName())
		if !ok {
			return
		}
		q, _ := ssaflow.ConstString(ssaflow.Arg(ci.Common(), ex.Query))
		recv := ssaflow.Recv(ci.Common())
		offset := sqlrow.Writes(q)
		execs = append(execs, exec{recv: recv, offset: offset, pos: ci.Pos(), model: ex})
		if !offset {
			effects = append(effects, ci)
		}
	})
	slices.Sort(g.ev.Txn)
	g.ev.Txn = slices.Compact(g.ev.Txn)
	g.ev.AfterTxn = g.afterTxn(commits, effects)
	for _, e := range execs {
		if !e.offset {
			continue
		}
		s := &Sink{Pos: g.posn(e.pos), Store: e.model.Store}
		s.InTx = e.recv != nil && e.model.Tx
		if s.InTx {
			roots := g.m.Flow.Roots(e.recv)
			for _, o := range execs {
				if !o.offset && o.recv != nil && ssaflow.Intersects(g.m.Flow.Roots(o.recv), roots) {
					s.WithEffect = true
				}
			}
		}
		if g.ev.Sink == nil || s.WithEffect && !g.ev.Sink.WithEffect {
			g.ev.Sink = s
		}
	}
}

// AfterTxn is an effect that runs after a transaction commits (see
// Evidence.AfterTxn).
type AfterTxn struct {
	What string // "a database/sql write", "a goroutine"
	Pos  token.Position
}

// afterTxn returns the first effect outside Kafka that a transaction
// commit precedes in its function: a database write (effects), made there
// or in a function a later call reaches, a call of the application given
// a record, or a goroutine started there.
func (g *gatherer) afterTxn(commits, effects []ssa.CallInstruction) AfterTxn {
	for _, t := range commits {
		fn := t.Parent()
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if in == t || !ssaflow.Dominates(t, in) {
					continue
				}
				if _, ok := in.(*ssa.Go); ok {
					return AfterTxn{What: "a goroutine started", Pos: g.posn(in.Pos())}
				}
				ci, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				reach := map[*ssa.Function]bool{}
				g.m.Flow.Reach(ci.Common().StaticCallee(), reach)
				for _, e := range effects {
					if e == ci || reach[e.Parent()] {
						ex, _ := clientmodel.SQLExecOf(ssaflow.Callee(e.Common()).FullName())
						return AfterTxn{What: "a write to " + ex.Store, Pos: g.posn(ci.Pos())}
					}
				}
				// Any call of the application given a record (a file
				// appended, an API called: audit 35b/D9 said its
				// effects only repeat).
				if c, ok := ci.(*ssa.Call); ok && !isBuiltin(c) && g.appCall(c) && !logging(c.Common()) && actsOnly(c) && slices.ContainsFunc(c.Call.Args, g.handlerArg) {
					return AfterTxn{What: "a call of " + callName(c) + " given the record", Pos: g.posn(ci.Pos())}
				}
			}
		}
	}
	return AfterTxn{}
}

// funcOf returns the function a function value denotes; for a method
// value (s.revoked), the declared method rather than its bound wrapper.
func funcOf(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		if x.Synthetic != "" {
			if obj, ok := x.Object().(*types.Func); ok {
				if fn := x.Prog.FuncValue(obj); fn != nil {
					return fn
				}
			}
		}
		return x
	case *ssa.MakeClosure:
		return funcOf(x.Fn)
	case *ssa.MakeInterface:
		return funcOf(x.X)
	case *ssa.ChangeType:
		return funcOf(x.X)
	case *ssa.Convert:
		return funcOf(x.X)
	}
	return nil
}

func sortedFuncs(set map[*ssa.Function]bool) []*ssa.Function {
	var out []*ssa.Function
	for f := range set {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return int(a.Pos() - b.Pos()) })
	return out
}

// constStrs returns the constant strings of a string slice literal, or a
// single constant string.
func constStrs(v ssa.Value) []string {
	if s, ok := ssaflow.ConstString(v); ok {
		return []string{s}
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []string
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				if s, ok := ssaflow.ConstString(st.Val); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// recordData reports whether v carries a record's data: it is computed
// from records (fromRecords), or returned by a call given record data (a
// decoder: decode(msg.Value)), or read from a local a call given record
// data fills (json.Unmarshal(msg.Value, &order)), or a parameter of a
// function of the package every caller passes record data for (a
// buffer's Add(msg.Value)). A queue, a buffer or a pool fed such a value
// holds the record's work whatever its type. So does a value of the
// client's own holding records (franz-go's FetchTopicPartition handed to
// a partition's goroutine: trial 38a/D3).
func (g *gatherer) recordData(v ssa.Value) bool {
	return g.dataFrom(v, func(x ssa.Value) bool {
		return g.isRecord(x.Type()) || g.isRecordSlice(x.Type()) || clientHolder(x.Type())
	})
}

// clientHolder reports whether t is a type of a client's package (or a
// pointer to one) holding records in a field.
func clientHolder(t types.Type) bool {
	n, ok := types.Unalias(ssaflow.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && clientmodel.Default.IsClientPath(n.Obj().Pkg().Path()) && holdsRecords(n)
}

// payloadData is recordData for the data of a record's payload: its key,
// value or headers (not its partition or offset, which code keeps to
// track positions).
func (g *gatherer) payloadData(v ssa.Value) bool {
	return g.dataFrom(v, func(x ssa.Value) bool {
		owner, field, ok := ssaflow.FieldOf(x)
		if !ok {
			return false
		}
		// A FieldAddr's owner is a pointer: a value record's (kafka-go's
		// Message in a local) too.
		if !g.isRecord(owner.Type()) && !g.isRecord(ssaflow.Deref(owner.Type())) {
			return false
		}
		st, ok := ssaflow.Deref(owner.Type()).Underlying().(*types.Struct)
		if !ok || field >= st.NumFields() {
			return false
		}
		switch st.Field(field).Name() {
		case "Key", "Value", "Headers":
			return true
		}
		return false
	})
}

// dataFrom is recordData with hit saying which values are the record's.
func (g *gatherer) dataFrom(v ssa.Value, hit func(ssa.Value) bool) bool {
	seen := map[ssa.Value]bool{}
	var data func(v ssa.Value, depth int) bool
	data = func(v ssa.Value, depth int) bool {
		if v == nil || seen[v] || depth > ssaflow.MaxCallDepth {
			return false
		}
		seen[v] = true
		return ssaflow.Derives(v, func(x ssa.Value) bool {
			if hit(x) {
				return true
			}
			switch y := x.(type) {
			case *ssa.Extract:
				return data(y.Tuple, depth+1)
			case *ssa.Call:
				if _, builtin := y.Call.Value.(*ssa.Builtin); builtin {
					return false
				}
				return slices.ContainsFunc(y.Call.Args, func(a ssa.Value) bool { return data(a, depth+1) })
			case *ssa.Alloc:
				// the calls given its address (through an interface
				// conversion: json.Unmarshal(data, &order))
				refs := *y.Referrers()
				for i := 0; i < len(refs); i++ {
					switch r := refs[i].(type) {
					case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert:
						refs = append(refs, *r.(ssa.Value).Referrers()...)
					case ssa.CallInstruction:
						if slices.ContainsFunc(r.Common().Args, func(a ssa.Value) bool { return a != x && data(a, depth+1) }) {
							return true
						}
					}
				}
			case *ssa.Parameter:
				roots := g.m.Flow.Roots(y)
				if !slices.Contains(roots, ssa.Value(y)) {
					return slices.ContainsFunc(roots, func(r ssa.Value) bool { return data(r, depth+1) })
				}
				// A literal called as a function value: what its calls
				// pass (r.consumer(msg.Value), the field set to it).
				i := slices.Index(y.Parent().Params, y)
				return slices.ContainsFunc(g.m.Flow.DynCallers(y.Parent()), func(ci ssa.CallInstruction) bool {
					args := ci.Common().Args
					return i < len(args) && data(args[i], depth+1)
				})
			}
			return false
		})
	}
	return data(v, 0)
}

// actsOnly reports whether call returns nothing or only a failure (its
// last result an error, the others none): it is called for its effect,
// not for a value (age(r) computing time.Since: review 35-2/D4).
func actsOnly(call *ssa.Call) bool {
	if f := ssaflow.Callee(call.Common()); f != nil && f.Pkg() != nil {
		switch f.Pkg().Path() {
		case "fmt", "errors", "github.com/pkg/errors", "log", "log/slog":
			return false // an error made (fmt.Errorf), a line logged: no work done
		}
	}
	res := call.Call.Signature().Results()
	return res.Len() == 0 || res.Len() == 1 && isError(res.At(0).Type())
}

// isBuiltin reports a call of a builtin (len, append).
func isBuiltin(c *ssa.Call) bool {
	_, ok := c.Call.Value.(*ssa.Builtin)
	return ok
}
