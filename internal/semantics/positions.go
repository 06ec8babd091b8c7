package semantics

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// positions records the consumer's fetch, commit, mark and store calls.
// A call of the same client the model could not tie to a consumer (made on
// a client kept in a struct field or passed to a callback) is the
// consumer's when it lies in the consumer's functions only, or when the
// consumer is the package's only one of that client; a call no consumer's
// functions contain, in a package with several, makes the strategy unknown.
func (g *gatherer) positions() {
	revoke := g.revokeFuncs()
	own := g.ownCalls()
	n := 0
	for _, o := range g.others {
		if o.entry == "" && o.c.Client == g.c.Client {
			n++
		}
	}
	for _, call := range g.m.Calls {
		if call.Consumer != nil || call.Client != g.c.Client || call.Role == clientmodel.Fetch || g.claimed[call] ||
			slices.ContainsFunc(g.others, func(o *gatherer) bool { return o.restores(call) }) {
			continue
		}
		var in []*gatherer
		for _, o := range g.others {
			if o.entry == "" && o.c.Client == g.c.Client && o.extent[call.Fn] {
				in = append(in, o)
			}
		}
		switch {
		case len(in) == 1 && in[0] == g, len(in) == 0 && n == 1:
			own = append(own, call)
		case len(in) == 0:
			g.ev.Unbound = true
		}
	}
	for _, call := range own {
		name := call.Func[strings.LastIndex(call.Func, ".")+1:]
		if call.Role == clientmodel.Fetch || call.Role == clientmodel.FetchCommit {
			g.ev.Fetches = append(g.ev.Fetches, name)
			if g.ev.HeldAcrossPolls == "" {
				if in := g.heldAcrossPolls(call.Instr); in != "" {
					g.ev.HeldAcrossPolls, g.ev.HeldIn, g.ev.HeldPoll = name, in, g.posn(call.Pos())
				}
			}
			// Consumers built in a loop (one per goroutine, each started
			// by the same go statement) are not shared.
			if g.c.Site == nil || !ssaflow.InLoop(g.c.Site.Block()) {
				g.ev.SharedFetch = g.ev.SharedFetch || g.startedSeveral(call)
			}
			if g.c.Site == nil && g.ev.JoinsCaller == "" && takesWaitGroup(call.Fn) {
				g.ev.JoinsCaller = call.Fn.Name()
			}
		}
		if g.ev.PollLeaves == "" {
			g.ev.PollLeaves = g.pollLeaves(call.Instr, 0)
		}
		if call.Role == clientmodel.Fetch {
			if g.ev.PollDrop == nil {
				g.ev.PollDrop = g.pollDrop(call)
			}
			if g.c.Client.Timer == clientmodel.TimerPreviousPoll && g.ev.PollSkips == nil {
				g.pollSkips(call, name)
			}
			continue
		}
		if revoke[call.Fn] || g.restores(call) {
			continue // a revoke callback's commit; a restore hook's mark
		}
		g.ev.GroupCommits = g.ev.GroupCommits || call.GroupCommit
		g.ev.MemberCommits = g.ev.MemberCommits || call.Member
		pc := &PositionCall{Role: call.Role, Func: name, Pos: g.posn(call.Pos()), InGoroutine: g.inGoroutine(call.Fn), Within: within(call.Fn), noRecord: call.Record < 0,
			Handed: g.handed(call.Fn, 0), Returned: g.returnsPolled(call), FromCaller: g.fromCaller(call), LastWrite: call.Order == clientmodel.LastWrite}
		// (The consume loop's own select: not a goroutine of its own that
		// fetches nothing, trial 41e/D13.)
		pc.Ticked = ticked(call) && g.fetchesFrom(call.Fn)
		pc.Periodic = pc.Ticked || g.periodic(call)
		pc.Beside = call.Record < 0 && call.Role == clientmodel.Commit && g.besideLoop()[call.Fn]
		if call.Role == clientmodel.Commit || call.Role == clientmodel.Mark || call.Role == clientmodel.Store {
			pc.InTx = g.openTxAt(call.Instr, nil, 0)
		}
		if _, ok := call.Instr.(*ssa.Defer); ok && !g.perPoll(call.Fn) {
			// (Deferred by a helper handling each poll or batch: written
			// after each, hunt 47f/D8.)
			pc.Deferred = true
			if call.Record >= 0 {
				// defer sess.MarkMessage(msg, ""): written past the
				// record when its function returns, failed or not.
				pc.Skips, pc.pending = pendingApart(g.skippedFailures(call))
			}
		} else {
			pc.Grain, pc.Batch = g.grain(call)
			switch {
			case call.Record >= 0 && pc.Grain == GrainBatch:
				pc.Last = g.lastRecordOnly(ssaflow.Arg(call.Instr.Common(), call.Record))
				pc.Collected = pc.Last && element(ssaflow.Arg(call.Instr.Common(), call.Record))
			case call.Record < 0 && pc.Grain == GrainRecord && g.collectedAcrossPolls(call.Instr):
				// Commit() after writing the batch the loop collects: what
				// was polled (or stored, or marked) while it collected.
				pc.Grain, pc.Collected = GrainBatch, true
			}
			if _, x, ok := ssaflow.GuardOperand(call.Instr); ok && pc.Batch > 0 && g.fromRecords(x) {
				pc.OnOffset = true
			}
			pc.Flush = g.handlerMethod(call.Fn) && !ssaflow.InLoop(call.Instr.Block()) || g.shutdownFlush(call)
			if empty := ssaflow.EmptyGuard(call.Instr, g.isRecord); empty != nil {
				// Only while every batch the function's other position
				// calls write is that slice: another slice being empty
				// says nothing of them (an inserts batch tested, a
				// deletes batch passed).
				n, same := 0, 0
				for _, o := range g.ownCalls() {
					if o == call || o.Fn != call.Fn || o.Record < 0 || o.Role != clientmodel.Commit && o.Role != clientmodel.Mark && o.Role != clientmodel.Store {
						continue
					}
					n++
					if a := ssaflow.Arg(o.Instr.Common(), o.Record); a != nil && ssaflow.SameSlice(a, empty) {
						same++
					}
				}
				pc.WhileEmpty = n > 0 && same == n
			}
			if ssaflow.InLoop(call.Instr.Block()) || g.calledInLoops(call.Fn) {
				// (Or in a helper the loop calls per record:
				// handleMessage's `if !c.marking.After { mark }`, trial
				// 44a/D8.)
				pc.Setting = ssaflow.SettingGuard(call.Instr)
			}
			pc.Skips, pc.pending = pendingApart(g.skippedFailures(call))
			if call.Role == clientmodel.Mark || call.Role == clientmodel.Store || call.Role == clientmodel.Commit && call.Record >= 0 {
				pc.Queued = g.queuedBefore(call)
			}
		}
		g.ev.Calls = append(g.ev.Calls, pc)
	}
	slices.Sort(g.ev.Fetches)
	g.ev.Fetches = slices.Compact(g.ev.Fetches)
}

// queuedBefore returns where the function of mark, a mark or store, sends
// its record's data on a channel before it (the send reaching the mark
// with no receive or wait between), when no commit of the function sends
// the marks: they are committed elsewhere (a reader's Confirm after a
// batch taken from the queue), while records marked are still queued
// (erda's batch reader). For a commit of a record, a send reaching it so
// (in an earlier iteration of its loop: a filtered record committed at
// once while those before it wait in the queue, trial 33b/1) is one too.
// The zero position if not.
func (g *gatherer) queuedBefore(mark *consumer.Call) token.Position {
	for _, o := range g.ownCalls() {
		if mark.Role != clientmodel.Commit && o.Fn == mark.Fn && o.Role == clientmodel.Commit {
			return token.Position{}
		}
	}
	waits := func(in ssa.Instruction) bool {
		switch x := in.(type) {
		case *ssa.UnOp:
			return x.Op == token.ARROW
		case *ssa.Select:
			return slices.ContainsFunc(x.States, func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly })
		case ssa.CallInstruction:
			return g.m.Flow.IsJoin(ssaflow.Callee(x.Common()))
		}
		return false
	}
	// A commit reached from the send only through a new fetch commits
	// another record than those sent; one reached without commits the
	// records sent, which is what joins are for (counted answers).
	fetches := map[ssa.Instruction]bool{}
	for _, o := range g.ownCalls() {
		if o.Role == clientmodel.Fetch || o.Role == clientmodel.FetchCommit {
			fetches[o.Instr] = true
		}
	}
	withoutFetch := func(in ssa.Instruction) bool { return waits(in) || fetches[in] }
	for _, b := range mark.Fn.Blocks {
		for _, in := range b.Instrs {
			for _, s := range sendsOf(in) {
				if !g.sentRecord(s) || !ssaflow.ReachesStopping(in, mark.Instr, waits) {
					continue
				}
				if mark.Role == clientmodel.Commit && ssaflow.ReachesStopping(in, mark.Instr, withoutFetch) {
					continue
				}
				return g.posn(s.pos)
			}
		}
	}
	return token.Position{}
}

// handlerMethod reports whether fn is the Consume method of one of the
// consumer's handlers.
func (g *gatherer) handlerMethod(fn *ssa.Function) bool {
	for _, h := range g.c.Handlers {
		if h.Consume == fn {
			return true
		}
	}
	return false
}

// shutdownFlush reports whether call commits what was polled or marked
// so far (no position argument) once, at shutdown: outside any loop, in
// a function that fetches nothing and that nothing calls from a loop (a
// Close method), while the consumer is polled in a loop elsewhere. It
// does not say how often the consumer commits.
func (g *gatherer) shutdownFlush(call *consumer.Call) bool {
	if call.Record >= 0 || call.Role != clientmodel.Commit || ssaflow.InLoop(call.Instr.Block()) || g.calledInLoops(call.Fn) || g.inGoroutine(call.Fn) || g.besideLoop()[call.Fn] {
		return false // (not a hook running beside the loop: hunt 44f/D2)
	}
	if d, _ := deferOf(call); d != nil && d.Parent() != call.Fn && g.perPoll(d.Parent()) {
		return false // (deferred by a helper handling each poll: hunt 47f/D8)
	}
	if d, _ := g.deferredFrom(call.Fn, call.Instr.Block(), 0); d != nil && g.perPoll(d.Parent()) {
		return false // (a Close such a helper defers)
	}
	// A closure called through a variable (commit := func() {...}; a
	// ticker's case calling commit() in a goroutine's loop; trial 32a/5)
	// commits while the consumer runs.
	for _, site := range g.m.Flow.DynCallers(call.Fn) {
		if ssaflow.InLoop(site.Block()) {
			return false
		}
	}
	polledElsewhere := false
	for _, c := range g.ownCalls() {
		if c.Role == clientmodel.Fetch || c.Role == clientmodel.FetchCommit {
			if c.Fn == call.Fn {
				return false
			}
			polledElsewhere = polledElsewhere || ssaflow.InLoop(c.Instr.Block())
		}
	}
	return polledElsewhere
}

// inGoroutine reports whether fn is started by a go statement of the
// package (directly, or a closure thereof).
func (g *gatherer) inGoroutine(fn *ssa.Function) bool {
	seen := map[*ssa.Function]bool{}
	var in func(fn *ssa.Function, depth int) bool
	in = func(fn *ssa.Function, depth int) bool {
		for f := fn; f != nil; f = f.Parent() {
			if seen[f] {
				return false
			}
			seen[f] = true
			if g.goStarted(f) {
				return true
			}
			for _, site := range g.m.Flow.Callers(f) {
				if _, ok := site.(*ssa.Go); ok {
					return true
				}
				// a helper a goroutine calls (process, called by the
				// function an errgroup starts)
				if depth < ssaflow.MaxCallDepth && in(site.Parent(), depth+1) {
					return true
				}
			}
		}
		return false
	}
	return in(fn, 0)
}

// calledInPackage reports whether code of the package calls fn: a static
// call, or for a method, a call through an interface the receiver type
// implements (a wrapper reached through the package's own interface).
func (g *gatherer) calledInPackage(fn *ssa.Function) bool {
	if len(g.m.Flow.Callers(fn)) > 0 {
		return true
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return false
	}
	for _, f := range g.m.SSA.SrcFuncs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				ci, ok := in.(ssa.CallInstruction)
				if !ok || !ci.Common().IsInvoke() || ci.Common().Method.Name() != fn.Name() {
					continue
				}
				if iface, ok := ci.Common().Value.Type().Underlying().(*types.Interface); ok && types.Implements(recv.Type(), iface) {
					return true
				}
			}
		}
	}
	return false
}

// fromCaller names the exported function whose parameter the records or
// offsets call writes come from, when nothing in the package calls it (its
// callers are in other packages), or "".
func (g *gatherer) fromCaller(call *consumer.Call) string {
	if call.Record < 0 {
		return ""
	}
	arg := ssaflow.Arg(call.Instr.Common(), call.Record)
	if arg == nil {
		return ""
	}
	var roots []ssa.Value
	for _, v := range append([]ssa.Value{arg}, ssaflow.Elems(arg)...) {
		roots = append(roots, g.m.Flow.Roots(v)...)
	}
	for _, r := range roots {
		p, ok := r.(*ssa.Parameter)
		if !ok || !holdsRecords(p.Type()) {
			continue
		}
		if key, fn := consumer.EntryKey(p); key != "" && !g.calledInPackage(fn) {
			return consumer.DisplayName(fn)
		}
	}
	return ""
}

// returnsPolled reports whether the function making call returns, on a
// path through it, what it polled: records or fetches, or what a call
// makes of them (a decoded batch); errors and basic values do not count.
func (g *gatherer) returnsPolled(call *consumer.Call) bool {
	return g.returnsPolledAfter(call.Instr, 0)
}

// returnsPolledAfter is returnsPolled for the function holding at, after
// at; a helper's call (a commit wrapper) is followed to its in-package
// callers.
func (g *gatherer) returnsPolledAfter(at ssa.Instruction, depth int) bool {
	fn := at.Parent()
	if depth < ssaflow.MaxCallDepth {
		for _, site := range g.m.Flow.Callers(fn) {
			if _, isCall := site.(*ssa.Call); isCall && g.returnsPolledAfter(site, depth+1) {
				return true
			}
		}
	}
	return g.returnsPolledHere(at)
}

// pollLeaves names the exported function that returns what the fetch at
// polls (itself, or an in-package caller of the function making it, as
// returnsPolledAfter follows them) when nothing in the package calls it:
// a wrapper's func (c *Consumer) Fetch(ctx) kgo.Fetches, whose callers in
// other packages process the records out of this package's sight. "" if
// none.
func (g *gatherer) pollLeaves(at ssa.Instruction, depth int) string {
	fn := at.Parent()
	if depth < ssaflow.MaxCallDepth {
		for _, site := range g.m.Flow.Callers(fn) {
			if _, isCall := site.(*ssa.Call); isCall {
				if name := g.pollLeaves(site, depth+1); name != "" {
					return name
				}
			}
		}
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || !obj.Exported() || g.pass.Pkg.Name() == "main" || g.calledInPackage(fn) || g.usedAsValue(fn) {
		return "" // nothing outside calls it, or code here does
	}
	res := fn.Signature.Results()
	for i := range res.Len() {
		// What is returned holds records or a poll, not a summary of
		// them (a count, a struct of a topic's name).
		if t := res.At(i).Type(); holdsRecords(t) || clientType(t) {
			if g.returnsPolledHere(at) {
				return consumer.DisplayName(fn)
			}
			break
		}
	}
	return ""
}

// clientType reports whether t is a type of a client package (a poll's
// kgo.Fetches, a *kafka.Message), or a pointer or slice of one.
func clientType(t types.Type) bool {
	n, ok := clientmodel.Peel(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && clientmodel.Default.IsClientPath(n.Obj().Pkg().Path())
}

// usedAsValue reports whether a function of the package takes fn as a
// value (a method value c.Fetch handed to a loop): code here calls it.
func (g *gatherer) usedAsValue(fn *ssa.Function) bool {
	var ops []*ssa.Value
	for _, f := range g.m.SSA.SrcFuncs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands(ops[:0]) {
					if v, ok := (*op).(*ssa.Function); ok && (v == fn || v.Synthetic != "" && v.Object() == fn.Object()) {
						if ci, isCall := in.(ssa.CallInstruction); !isCall || ci.Common().Value != v {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// returnsPolledHere is returnsPolledAfter for at's own function alone.
func (g *gatherer) returnsPolledHere(at ssa.Instruction) bool {
	fn := at.Parent()
	polled := func(v ssa.Value) bool {
		return ssaflow.DerivedFromUnless(v, g.isRecord, numericField) ||
			slices.ContainsFunc(g.m.Flow.Roots(v), isPoll)
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || !ssaflow.Dominates(at, ret) {
			continue
		}
		for _, r := range ret.Results {
			if _, basic := r.Type().Underlying().(*types.Basic); basic || types.Implements(r.Type(), errorType) {
				continue
			}
			if polled(r) {
				return true
			}
			x := r
			if ex, ok := x.(*ssa.Extract); ok {
				x = ex.Tuple
			}
			if c, ok := x.(*ssa.Call); ok && slices.ContainsFunc(append(slices.Clone(c.Call.Args), c.Call.Value), polled) {
				return true
			}
		}
	}
	return false
}

// numericField reports a number read from a field of a client type (a
// record's offset or partition, a TopicPartition's offset): what is
// computed from it (a count, the batch's first offset) says where the
// records were, it is not the records (jitsu's bulker returns such
// counters after its commit).
func numericField(v ssa.Value) bool {
	x, _, ok := ssaflow.FieldOf(v)
	if !ok {
		return false
	}
	b, ok := ssaflow.Deref(v.Type()).Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsNumeric == 0 {
		return false
	}
	n, ok := ssaflow.Deref(x.Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && clientmodel.Default.IsClientPath(n.Obj().Pkg().Path())
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// handed reports whether fn runs only where code the analysis does not
// follow calls it: fn is handed on (handedOn), or every call of it in the
// package is made in functions that are (a method a handed-on literal
// calls: Ack: func() { h.ack(m) }, with h.ack marking), within
// MaxCallDepth calls.
func (g *gatherer) handed(fn *ssa.Function, depth int) bool {
	if g.literalHandedOn(fn) {
		return true
	}
	if depth >= ssaflow.MaxCallDepth || fn.Parent() != nil {
		return false
	}
	sites := g.m.Flow.Callers(fn)
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if _, ok := site.(*ssa.Call); !ok || !g.handed(site.Parent(), depth+1) {
			return false
		}
	}
	return true
}

// literalHandedOn reports whether fn, or a function literal enclosing
// it, is a function literal its enclosing function hands on as a value:
// stored in a struct, an array, a map or a global, sent on a channel,
// returned, or passed to a function of another package that decides when
// it runs (pipe.Handle(ctx, key, value, ack), where ack marks the record:
// the mark may come before the processing; audit 31c/1). A literal
// called, deferred, started, or passed to a function of the package, the
// client's, one of the standard library's that runs it in place, or one
// whose syntax shows it runs it in place (runsInPlace) is not.
func (g *gatherer) literalHandedOn(fn *ssa.Function) bool {
	for f := fn; f != nil && f.Parent() != nil; f = f.Parent() {
		for _, b := range f.Parent().Blocks {
			for _, in := range b.Instrs {
				v, ok := in.(ssa.Value)
				if !ok || funcOf(v) != f {
					continue
				}
				if _, ok := v.(*ssa.MakeClosure); !ok {
					continue
				}
				for _, ref := range *v.Referrers() {
					switch r := ref.(type) {
					case *ssa.Store:
						switch r.Addr.(type) {
						case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Global:
							return true
						}
					case *ssa.Send, *ssa.Return, *ssa.MapUpdate:
						return true
					case ssa.CallInstruction:
						if slices.Contains(r.Common().Args, v) && passedOut(r, f.Parent()) && !g.runsInPlace(r.Common(), v) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// inPlace are the standard library's packages whose functions taking a
// function run it before they return (sort.Slice, (*sync.Once).Do,
// pprof.Do, trace.WithRegion).
var inPlace = map[string]bool{"sync": true, "sort": true, "slices": true, "maps": true, "strings": true, "bytes": true,
	"runtime/pprof": true, "runtime/trace": true}

// passedOut reports whether call, made in fn, is a call of a function of
// another package that may run a function it is given at a moment of its
// own choosing: not the client's (the model says what it does), not one
// starting it as a goroutine (a launch), not one of inPlace.
func passedOut(call ssa.CallInstruction, fn *ssa.Function) bool {
	if ssaflow.Started(call) != nil {
		return false
	}
	callee := ssaflow.Callee(call.Common())
	if callee == nil || callee.Pkg() == nil || fn.Pkg != nil && callee.Pkg() == fn.Pkg.Pkg {
		return false
	}
	path := callee.Pkg().Path()
	return !clientmodel.Default.IsClientPath(path) && !inPlace[path]
}

// runsInPlace reports whether cc's callee runs lit, a function literal it
// is given, before it returns (handsoff.RunsFact: a tracing helper's
// obs.Span(ctx, "order", func(ctx) error { write; mark })), and is given
// nothing else a record's payload could be in: a context, constants, and
// strings, numbers or a receiver computed from no record's key, value or
// headers (a span named after the topic is). A callee also given the
// payload decides the order of its own work and the literal's
// (pipe.Handle(key, value, ack) calling ack before its write; audit
// 31c/1; w.Apply(ctx, ack) with the record in w).
func (g *gatherer) runsInPlace(cc *ssa.CallCommon, lit ssa.Value) bool {
	callee := ssaflow.Callee(cc)
	if callee == nil || cc.IsInvoke() {
		return false
	}
	at := -1
	recv := callee.Type().(*types.Signature).Recv() != nil
	for i, a := range cc.Args {
		switch {
		case a == lit:
			at = i
		case ssaflow.IsContext(a.Type()):
		case recv && i == 0:
			if g.fromRecords(a) || g.wrapsRecords(a, 2) {
				return false
			}
		default:
			if _, isConst := a.(*ssa.Const); isConst {
				continue
			}
			b, ok := a.Type().Underlying().(*types.Basic)
			if !ok || b.Info()&(types.IsString|types.IsNumeric|types.IsBoolean) == 0 || g.payloadData(a) {
				return false
			}
		}
	}
	if recv {
		at-- // RunsFact counts the signature's parameters, not the receiver
	}
	return at >= 0 && g.pass.ResultOf[handsoff.Analyzer].(*handsoff.Result).Runs(callee, at)
}

// takesWaitGroup reports whether fn, a function other packages call, has
// a *sync.WaitGroup parameter: its caller starts it as one of the
// goroutines it waits for.
func takesWaitGroup(fn *ssa.Function) bool {
	if obj, ok := fn.Object().(*types.Func); !ok || !obj.Exported() {
		return false
	}
	for _, p := range fn.Params {
		if n, ok := types.Unalias(ssaflow.Deref(p.Type())).(*types.Named); ok && n.Obj().Pkg() != nil &&
			n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "WaitGroup" {
			return true
		}
	}
	return false
}

// startedSeveral reports whether the fetch call's function (or a
// function literal enclosing it) may run in several goroutines at once
// on g's consumer: it is started, with the consumer as an argument or a
// captured variable (or the struct whose field the fetch loads it from:
// s for s.client), by a go statement in a loop or by more than one go
// statement of the package;
// or started once by a function called in a loop (or from several
// places) on a consumer built outside it (a service's reader: `for i :=
// range n { res := s.consume(ctx) }`, consume starting the fetching
// goroutine), the consumer's own constructor called once.
func (g *gatherer) startedSeveral(call *consumer.Call) bool {
	fn := call.Fn
	builtOnce := g.c.Site != nil && g.builtOnce(g.c.Site)
	calledSeveral := func(p *ssa.Function) bool {
		if !builtOnce || ssaflow.Within(g.c.Site.Parent(), p) {
			return false // a consumer each call builds for itself
		}
		callers := g.m.Flow.Callers(p)
		return len(callers) > 1 || len(callers) == 1 && ssaflow.InLoop(callers[0].Block())
	}
	// The struct the fetch loads the consumer from (s for s.client), as
	// each go statement binds it: one value for every goroutine, made
	// outside any loop, holds one consumer when its constructor runs once.
	holder := ssaflow.Holder(ssaflow.Receiver(call.Instr.Common()))
	held := map[*ssa.Go]ssa.Value{}
	holds := func(gs *ssa.Go) bool {
		f := funcOf(gs.Call.Value)
		if f != fn || holder == nil || holder.Parent() != f || !builtOnce {
			return false
		}
		var v ssa.Value
		switch h := holder.(type) {
		case *ssa.Parameter:
			// A method started with go (go s.run()) has its receiver as
			// argument 0, as it is its parameter 0.
			if i := slices.Index(f.Params, h); i >= 0 && i < len(gs.Call.Args) {
				v = gs.Call.Args[i]
			}
		case *ssa.FreeVar:
			if mc, ok := gs.Call.Value.(*ssa.MakeClosure); ok {
				if i := slices.Index(f.FreeVars, h); i >= 0 && i < len(mc.Bindings) {
					v = mc.Bindings[i]
				}
			}
		}
		if v == nil {
			return false
		}
		if in, ok := v.(ssa.Instruction); ok && in.Block() != nil && ssaflow.InLoop(in.Block()) {
			return false // a struct made in a loop: one per goroutine
		}
		held[gs] = v
		return true
	}
	passes := func(gs *ssa.Go) bool {
		if holds(gs) {
			return true
		}
		vs := slices.Clone(gs.Call.Args)
		if mc, ok := gs.Call.Value.(*ssa.MakeClosure); ok {
			vs = append(vs, mc.Bindings...)
		}
		return slices.ContainsFunc(vs, func(v ssa.Value) bool {
			if a, ok := v.(*ssa.Alloc); ok {
				// A captured variable: the values stored in it.
				for _, ref := range *a.Referrers() {
					if st, ok := ref.(*ssa.Store); ok && st.Addr == a && g.m.Is(g.c, st.Val) {
						return true
					}
				}
			}
			return g.m.Is(g.c, v)
		})
	}
	for f := fn; f != nil; f = f.Parent() {
		if g.c.Site != nil && g.builtBy(g.c.Site.Parent(), f, 0) {
			// Each goroutine running f builds a consumer of its own
			// (go consume(ctx, lane), consume calling NewClient, or a
			// constructor helper only it calls).
			return false
		}
		var all []*ssa.Go
		for _, site := range g.m.Flow.Callers(f) {
			if gs, ok := site.(*ssa.Go); ok {
				all = append(all, gs)
			}
		}
		if p := f.Parent(); p != nil {
			for _, b := range p.Blocks {
				for _, in := range b.Instrs {
					if gs, ok := in.(*ssa.Go); ok && funcOf(gs.Call.Value) == f && !slices.Contains(all, gs) {
						all = append(all, gs)
					}
				}
			}
		}
		// A go statement in a loop that waits for the goroutine before it
		// starts the next (a supervisor restarting the consume loop)
		// runs one at a time.
		sites := slices.DeleteFunc(slices.Clone(all), func(gs *ssa.Go) bool {
			return !passes(gs) || ssaflow.InLoop(gs.Block()) && g.closedAwaited(gs)
		})
		if len(sites) > 1 && len(held) == len(sites) {
			// Every goroutine reaches the consumer through the struct
			// its go statement binds: one consumer only if they bind one
			// struct (go a.run(); go b.run() are two).
			first := g.m.Flow.Roots(held[sites[0]])
			for _, gs := range sites[1:] {
				if !ssaflow.Intersects(g.m.Flow.Roots(held[gs]), first) {
					return false
				}
			}
		}
		if len(sites) > 1 || len(sites) == 1 && ssaflow.InLoop(sites[0].Block()) {
			return true
		}
		if slices.ContainsFunc(all, func(gs *ssa.Go) bool { return calledSeveral(gs.Parent()) }) {
			return true
		}
	}
	return false
}

// builtBy reports whether each run of f runs site, a function building
// the consumer: site is f or one of its literals, or a function whose
// every call is made in such a function (newClient called by the lane
// function only), a few calls deep.
func (g *gatherer) builtBy(site, f *ssa.Function, depth int) bool {
	if ssaflow.Within(site, f) {
		return true
	}
	callers := g.m.Flow.Callers(site)
	if depth >= 3 || len(callers) == 0 {
		return false
	}
	for _, c := range callers {
		if !g.builtBy(c.Parent(), f, depth+1) {
			return false
		}
	}
	return true
}

// pollSkips fills PollSkips and PollSkipAt for a client whose timer
// commits every poll before the latest (TimerPreviousPoll): the failures
// the loop making the fetch call (named name) goes on from, so that its
// next poll makes the failed record committable. A fetch made in a thin
// wrapper (fetchWrapperSites) is judged at the wrapper's calls.
func (g *gatherer) pollSkips(call *consumer.Call, name string) {
	sites := []*consumer.Call{call}
	at := name
	inLoop := ssaflow.InLoop(call.Instr.Block())
	if !inLoop {
		sites = g.fetchWrapperSites(call)
		at = name + " through " + call.Fn.Name()
		if f, ok := call.Fn.Object().(*types.Func); ok {
			at = name + " through " + ssaflow.ShortFunc(f)
		}
		if by, pending := g.restarts(call); by != nil || pending != "" {
			// (A function polling once, called again after it
			// returns a failure: trial 44a/D2's step.)
			sites, at = append(sites, call), name
		}
	}
	for _, site := range sites {
		if !ssaflow.InLoop(site.Instr.Block()) && site != call {
			continue
		}
		skips, pending := pendingApart(g.skippedFailures(site))
		pc := &PositionCall{Role: call.Role, Func: at, Pos: g.posn(site.Pos()), Skips: skips, pending: pending}
		if len(skips) > 0 {
			g.ev.PollSkips, g.ev.PollSkipAt = skips, pc
			return
		}
		if len(pending) > 0 && g.ev.pollPending == nil {
			g.ev.pollPending = pc
		}
	}
}

// pendingApart splits skips into those that hold and those pending on
// callers of other packages (Skip.Pending).
func pendingApart(skips []Skip) (now, pending []Skip) {
	for _, s := range skips {
		if s.Pending != "" {
			pending = append(pending, s)
		} else {
			now = append(now, s)
		}
	}
	return now, pending
}

// pollDrop returns the check of a poll's errors whose failure branch
// polls again without using the poll (PollDrop), nil if there is none.
func (g *gatherer) pollDrop(call *consumer.Call) *Skip {
	poll, ok := call.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	d := PollDrop(g.pass, g.m.Flow, poll, g.c.Client)
	if d == nil {
		return nil
	}
	s := &Skip{Call: ssaflow.ShortFunc(ssaflow.Callee(d.Err.Common())), Pos: g.posn(d.Err.Pos())}
	if d.Again != nil {
		s.In = consumer.DisplayName(d.Again.Parent())
	}
	return s
}

// A Dropped is a check of a poll's errors (franz-go's fetches.Err(),
// Errors(): client.FetchErrors) whose failure branch polls again without
// using the poll (no EachRecord): the records the poll holds beside the
// error are dropped, while the client already counts them as polled, so
// the next commit (or poll, under the default auto-commit) passes them.
type Dropped struct {
	Err *ssa.Call // the error call
	If  *ssa.If   // the if whose first successor is the failure branch
	// Again is the call of the poll's function that runs again after the
	// branch returns from it (a poll-once function called in a loop that
	// goes on from its error); nil when the poll's own loop polls again.
	Again ssa.CallInstruction
}

// PollDrop returns poll's Dropped error check, nil if there is none. The
// report's failure column and fencing's poll-error-skips-records finding
// both come from here.
func PollDrop(pass *analysis.Pass, flow *ssaflow.Flow, poll *ssa.Call, client *clientmodel.Client) *Dropped {
	if len(client.FetchErrors) == 0 {
		return nil
	}
	callOf := func(in ssa.Instruction, names []string) bool {
		c, ok := in.(*ssa.Call)
		if !ok {
			return false
		}
		fn := ssaflow.Callee(c.Common())
		return fn != nil && slices.Contains(names, fn.FullName()) && ssaflow.Recv(c.Common()) == ssa.Value(poll)
	}
	isErrCall := func(in ssa.Instruction) bool { return callOf(in, client.FetchErrors) }
	leaves := leaving(pass)
	// usesPoll: the poll used (its records processed) ends the failure
	// branch's way back to the poll.
	usesPoll := func(in ssa.Instruction) bool {
		if isErrCall(in) {
			return false
		}
		for _, op := range in.Operands(nil) {
			if op != nil && *op == ssa.Value(poll) {
				return true
			}
		}
		return false
	}
	stop := func(in ssa.Instruction) bool {
		_, ret := in.(*ssa.Return)
		return ret || leaves(in) || usesPoll(in)
	}
	// A use of the poll that can run between it and the error check has
	// handed its records out already (EachRecord, then the check): the
	// branch drops nothing.
	usedBefore := func(errCall ssa.Instruction) bool {
		return slices.ContainsFunc(*poll.Referrers(), func(use ssa.Instruction) bool {
			return !isErrCall(use) && !callOf(use, client.FetchInspect) &&
				ssaflow.ReachesStopping(use, errCall, func(x ssa.Instruction) bool { return x == ssa.Instruction(poll) })
		})
	}
	inLoop := ssaflow.InLoop(poll.Block())
	for _, ref := range *poll.Referrers() {
		var ifs []*ssa.If
		switch {
		case isErrCall(ref):
			ifs = failureIfs(ref.(*ssa.Call))
		case callOf(ref, []string{client.FetchEachError}):
			ifs = flagIfs(ref.(*ssa.Call))
		}
		if len(ifs) == 0 || usedBefore(ref) {
			continue
		}
		errCall := ref.(*ssa.Call)
		for _, iff := range ifs {
			tb := iff.Block().Succs[0]
			if len(tb.Instrs) == 0 {
				continue
			}
			if inLoop && !stop(tb.Instrs[0]) && (tb == poll.Block() || ssaflow.ReachesStopping(tb.Instrs[0], poll, stop)) {
				return &Dropped{Err: errCall, If: iff}
			}
			if returnsOnEvery(tb, func(in ssa.Instruction) bool { return leaves(in) || usesPoll(in) }) {
				if again := callsAgain(flow, poll.Parent(), leaves); again != nil {
					return &Dropped{Err: errCall, If: iff, Again: again}
				}
			}
		}
	}
	return nil
}

// flagIfs returns the ifs testing a flag that call's function literal
// (EachError's) sets to true, a variable of call's function it captures
// (fetches.EachError(func(...) { hasError = true }); if hasError {...}),
// the branch taken when it is set first.
func flagIfs(call *ssa.Call) []*ssa.If {
	var out []*ssa.If
	for _, a := range call.Call.Args {
		mc, ok := a.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		lit := mc.Fn.(*ssa.Function)
		for i, fv := range lit.FreeVars {
			if i >= len(mc.Bindings) || !setsTrue(fv) {
				continue
			}
			for _, ref := range *mc.Bindings[i].Referrers() {
				load, ok := ref.(*ssa.UnOp)
				if !ok || load.Op != token.MUL || load.Parent() != call.Parent() {
					continue
				}
				for _, r := range *load.Referrers() {
					if iff, ok := r.(*ssa.If); ok {
						out = append(out, iff)
					}
				}
			}
		}
	}
	return out
}

// setsTrue reports whether fv, a captured variable, is stored true.
func setsTrue(fv *ssa.FreeVar) bool {
	for _, ref := range *fv.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == ssa.Value(fv) {
			if k, ok := st.Val.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool && constant.BoolVal(k.Value) {
				return true
			}
		}
	}
	return false
}

// returnsOnEvery reports whether every path from the start of b returns
// from its function (the branch's last statement is a return) with no
// instruction for which stop is true on the way (a return carrying the
// poll uses it): an if returning only on a cancelled context, then
// processing the poll, is not judged.
func returnsOnEvery(b *ssa.BasicBlock, stop func(ssa.Instruction) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock) bool
	walk = func(b *ssa.BasicBlock) bool {
		if seen[b] {
			return true // a loop's back edge: its exit is walked on the other
		}
		seen[b] = true
		for _, in := range b.Instrs {
			if stop(in) {
				return false
			}
			if _, ok := in.(*ssa.Return); ok {
				return true
			}
		}
		if len(b.Succs) == 0 {
			return false
		}
		for _, s := range b.Succs {
			if !walk(s) {
				return false
			}
		}
		return true
	}
	return walk(b)
}

// leaving returns the test of an instruction that ends its function other
// than by returning: a panic, a call of a function that never returns
// (log.Fatal).
func leaving(pass *analysis.Pass) func(ssa.Instruction) bool {
	never := noreturn.Of(pass)
	return func(in ssa.Instruction) bool {
		switch in := in.(type) {
		case *ssa.Panic:
			return true
		case *ssa.Call:
			f := ssaflow.Callee(in.Common())
			return f != nil && never.Func(f)
		}
		return false
	}
}

// callsAgain returns a call of fn, by a function of the package, that
// runs again after fn returns an error: the call is in a loop whose
// failure branch for the error fn returns (or any path, when no result
// is read) reaches the call again without returning or leaving (leaves)
// on the way; nil if there is none. A caller that reads a result other
// than by testing the error is not judged: it may stop on it (a bool fn
// returns false on the failure, tested by the caller).
func callsAgain(flow *ssaflow.Flow, fn *ssa.Function, leaves func(ssa.Instruction) bool) ssa.CallInstruction {
	for _, ci := range flow.Callers(fn) {
		if site, ok := ci.(*ssa.Call); ok && againAt(site, leaves) {
			return site
		}
	}
	return nil
}

// againAt reports whether site, a call in a loop, runs again after its
// function returns an error (callsAgain's test at one call).
func againAt(site *ssa.Call, leaves func(ssa.Instruction) bool) bool {
	if !ssaflow.InLoop(site.Block()) {
		return false
	}
	stop := func(in ssa.Instruction) bool {
		_, ret := in.(*ssa.Return)
		return ret || leaves(in)
	}
	var ifs []*ssa.If
	for _, e := range errResults(site) {
		ifs = append(ifs, failureIfs(e)...)
	}
	if len(ifs) == 0 && len(*site.Referrers()) == 0 && ssaflow.ReachesStopping(site, site, stop) {
		return true
	}
	for _, iff := range ifs {
		tb := iff.Block().Succs[0]
		if len(tb.Instrs) > 0 && (tb.Instrs[0] == ssa.Instruction(site) || !stop(tb.Instrs[0]) && ssaflow.ReachesStopping(tb.Instrs[0], site, stop)) {
			return true
		}
	}
	return false
}

// errResults returns the error results of call: the call itself, or the
// extractions of its error results.
func errResults(call *ssa.Call) []ssa.Value {
	if isError(call.Type()) {
		return []ssa.Value{call}
	}
	var out []ssa.Value
	for _, ref := range *call.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok && isError(x.Type()) {
			out = append(out, x)
		}
	}
	return out
}

// failureIfs returns the ifs testing call, a call or one of its results,
// for a failure: err != nil, or len(errs) > 0 (or != 0), the failure
// branch first.
func failureIfs(call ssa.Value) []*ssa.If {
	var out []*ssa.If
	var tests []ssa.Value
	for _, ref := range *call.Referrers() {
		switch r := ref.(type) {
		case *ssa.BinOp:
			tests = append(tests, r)
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" {
				for _, rr := range *r.Referrers() {
					if bo, ok := rr.(*ssa.BinOp); ok {
						tests = append(tests, bo)
					}
				}
			}
		}
	}
	for _, t := range tests {
		bo := t.(*ssa.BinOp)
		if bo.Op != token.NEQ && bo.Op != token.GTR {
			continue
		}
		for _, ref := range *bo.Referrers() {
			if iff, ok := ref.(*ssa.If); ok {
				out = append(out, iff)
			}
		}
	}
	return out
}

// builtOnce reports whether the constructor call site is neither in a loop
// nor in a function called in one. (Two call sites, one on each side of a
// branch, still build one consumer: several sites alone prove nothing.)
func (g *gatherer) builtOnce(site ssa.CallInstruction) bool {
	return !ssaflow.InLoop(site.Block()) &&
		!slices.ContainsFunc(g.m.Flow.Callers(site.Parent()), func(c ssa.CallInstruction) bool { return ssaflow.InLoop(c.Block()) })
}

// closedAwaited reports whether the function starting the goroutine at gs
// receives, after it, from a channel the goroutine closes when it ends (go
// func() { defer close(done); ... }(); <-done): it waits for the
// goroutine's end. A close that is not deferred may be a start-up signal
// (close(ready) before the loop), after which the goroutine goes on.
func (g *gatherer) closedAwaited(gs *ssa.Go) bool {
	started := funcOf(gs.Call.Value)
	mc, ok := gs.Call.Value.(*ssa.MakeClosure)
	if started == nil || !ok {
		return false
	}
	closed := map[ssa.Value]bool{}
	for _, b := range started.Blocks {
		for _, in := range b.Instrs {
			d, ok := in.(*ssa.Defer)
			if !ok {
				continue
			}
			cc := &d.Call
			if bi, ok := cc.Value.(*ssa.Builtin); ok && bi.Name() == "close" && len(cc.Args) == 1 {
				ch := cc.Args[0]
				if ld, ok := ch.(*ssa.UnOp); ok && ld.Op == token.MUL {
					ch = ld.X // a captured variable
				}
				for i, fv := range started.FreeVars {
					if fv == ch && i < len(mc.Bindings) {
						closed[mc.Bindings[i]] = true
					}
				}
			}
		}
	}
	awaits := func(in ssa.Instruction) bool {
		rx, ok := in.(*ssa.UnOp)
		if !ok || rx.Op != token.ARROW {
			return false
		}
		if ld, ok := rx.X.(*ssa.UnOp); ok && ld.Op == token.MUL && closed[ld.X] {
			return true
		}
		return closed[rx.X]
	}
	after := false
	for _, in := range gs.Block().Instrs {
		after = after || in == ssa.Instruction(gs)
		if after && awaits(in) {
			return true
		}
	}
	for b := range ssaflow.Reachable(gs.Block()) {
		if b != gs.Block() && slices.ContainsFunc(b.Instrs, awaits) {
			return true
		}
	}
	return false
}

// goStarted reports whether an anonymous function is the operand of a go
// statement, or the function an errgroup's or a WaitGroup's Go starts.
func (g *gatherer) goStarted(f *ssa.Function) bool {
	if f.Parent() == nil {
		return false
	}
	for _, b := range f.Parent().Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Go:
				if funcOf(x.Call.Value) == f {
					return true
				}
			case *ssa.Call:
				if v := g.m.Flow.Started(x); v != nil && funcOf(v) == f {
					return true
				}
			}
		}
	}
	return false
}

// grain says how many records one execution of a position call covers.
func (g *gatherer) grain(call *consumer.Call) (Grain, int64) {
	if n, ok := ssaflow.CounterGuard(call.Instr); ok {
		return GrainBatch, n
	}
	cc := call.Instr.Common()
	if call.Record >= 0 {
		a := ssaflow.Arg(cc, call.Record)
		switch {
		case a == nil:
			return GrainUnknown, 0
		case g.isRecord(a.Type()) && g.lastOfLoop(a, call.Instr.Block()):
			return GrainBatch, 0
		case g.isRecord(a.Type()):
			return GrainRecord, 0
		}
		// A mark a tracker returns, with the record's topic and
		// partition (kafka.Message{Topic: m.Topic, ..., Offset: next - 1}).
		if ssaflow.Derives(a, g.isLowWater) {
			return GrainLowWater, 0
		}
		if g.computedBatch(a) {
			return GrainTracked, 0
		}
		if sl, ok := a.(*ssa.Slice); ok {
			if alloc, ok := sl.X.(*ssa.Alloc); ok {
				if arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array); ok && arr.Len() == 1 && g.isRecord(arr.Elem()) {
					// A variadic call with one record: the last of a
					// loop's covers them all.
					if els := ssaflow.Elems(sl); len(els) == 1 && g.lastOfLoop(els[0], call.Instr.Block()) {
						return GrainBatch, 0
					}
					return GrainRecord, 0
				}
			}
			if g.fromRecords(sl.X) {
				return GrainBatch, 0
			}
		}
		if g.fromRecords(a) {
			if isOneOffsetArg(a) || isOneOffsetMap(a) {
				return GrainRecord, 0
			}
			return GrainBatch, 0
		}
		if gr := g.clientOffsets(a, call.Instr.Block()); gr != GrainUnknown {
			return gr, 0
		}
		return GrainTracked, 0
	}
	// A call without a position argument commits what was polled, marked
	// or stored so far.
	if call.Client.FetchesBatches() {
		return GrainBatch, 0
	}
	if ssaflow.InLoop(call.Instr.Block()) || g.calledInLoops(call.Fn) {
		return GrainRecord, 0
	}
	return GrainUnknown, 0
}

// computedBatch reports whether the records a position call is given
// (a slice, built by appends) include one the code builds itself from
// something other than a fetched record (kafka.Message{Partition: p,
// Offset: off} over a tracker's map): a position the application
// computes, not the records it fetched (audit 31c/3: read as a batch
// committed after processing).
func (g *gatherer) computedBatch(a ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			return slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return walk(e, depth+1) })
		case *ssa.Slice:
			return walk(x.X, depth+1)
		case *ssa.Call:
			if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
				return slices.ContainsFunc(x.Call.Args, func(e ssa.Value) bool { return walk(e, depth+1) })
			}
		case *ssa.Alloc:
			// A variadic's backing array: its elements.
			for _, ref := range *x.Referrers() {
				ia, ok := ref.(*ssa.IndexAddr)
				if !ok {
					continue
				}
				for _, r := range *ia.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == ia && walk(st.Val, depth+1) {
						return true
					}
				}
			}
		case *ssa.UnOp:
			return x.Op == token.MUL && g.computedRecord(x)
		}
		return false
	}
	return walk(a, 0)
}

// computedRecord reports whether v is a composite literal of a record
// type (a load of a local whose fields the code writes) none of whose
// fields comes from a record, and some of whose fields a call computes (a
// tracker's Progress(), ranged over): a copy of positions the loop kept
// itself from the records it fetched is not (review 31-2).
func (g *gatherer) computedRecord(v *ssa.UnOp) bool {
	alloc, ok := v.X.(*ssa.Alloc)
	if !ok || !g.isRecord(v.Type()) {
		return false
	}
	called := false
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
			return false // a variable given a whole value (a fetched record)
		}
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, r := range *fa.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
				if g.fromRecords(st.Val) {
					return false
				}
				called = called || byCall(st.Val, 0)
			}
		}
	}
	return called
}

// byCall reports whether v is computed from the result of a call of a
// function (not a builtin), through fields, elements, ranges, lookups
// and arithmetic.
func byCall(v ssa.Value, depth int) bool {
	if v == nil || depth > ssaflow.MaxValueDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		_, builtin := x.Call.Value.(*ssa.Builtin)
		return !builtin
	case *ssa.Extract:
		return byCall(x.Tuple, depth+1)
	case *ssa.Next:
		return byCall(x.Iter, depth+1)
	case *ssa.Range:
		return byCall(x.X, depth+1)
	case *ssa.Lookup:
		return byCall(x.X, depth+1)
	case *ssa.UnOp:
		return byCall(x.X, depth+1)
	case *ssa.Field:
		return byCall(x.X, depth+1)
	case *ssa.FieldAddr:
		return byCall(x.X, depth+1)
	case *ssa.Convert:
		return byCall(x.X, depth+1)
	case *ssa.ChangeType:
		return byCall(x.X, depth+1)
	case *ssa.BinOp:
		return byCall(x.X, depth+1) || byCall(x.Y, depth+1)
	case *ssa.Phi:
		return slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return byCall(e, depth+1) })
	}
	return false
}

// lastOfLoop reports whether the record v, at a position call in block
// use, is the last of the records a loop fetched: a value the loop kept
// (a phi) that was made in a loop use is outside of (var last *Message;
// for ... { last = m }; Commit(last)). One call then covers every record
// the loop fetched.
//
// So is an element of the records at an index the loop kept (last = i;
// ...; CommitRecords(ctx, recs[last])): apm-queue's commit of a
// partition's last processed record.
func (g *gatherer) lastOfLoop(v ssa.Value, use *ssa.BasicBlock) bool {
	switch x := v.(type) {
	case *ssa.Phi:
		return keptByLoop(x, use, g.fromRecords) || carriedOver(x, use, g.fromRecords)
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL && g.fromRecords(ia.X) {
			return lastIndex(ia.Index, ia.X) || keptByLoop(ia.Index, use, func(ssa.Value) bool { return true })
		}
	case *ssa.Index:
		if g.fromRecords(x.X) {
			return keptByLoop(x.Index, use, func(ssa.Value) bool { return true })
		}
	}
	return false
}

// lastRecordOnly reports whether a batch commit's argument a is the
// position of one record (the last a loop kept): the record itself, a
// variadic call's one element, when the records are not all of one
// partition (a FetchTopicPartition's are): the call
// then commits that record's partition only.
func (g *gatherer) lastRecordOnly(a ssa.Value) bool {
	if a == nil {
		return false
	}
	rec := a
	if els := ssaflow.Elems(a); len(els) == 1 {
		rec = els[0]
	}
	if rec == nil || !g.isRecord(rec.Type()) {
		return false
	}
	onePartition := func(v ssa.Value) bool {
		// An element of a partition's records (p.Records[i]).
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if ia, ok := ld.X.(*ssa.IndexAddr); ok {
				v = ia.X
			}
		}
		return ssaflow.DerivedFrom(v, func(t types.Type) bool { return clientmodel.Default.Partition(t) != nil })
	}
	if p, ok := rec.(*ssa.Phi); ok {
		return !slices.ContainsFunc(p.Edges, func(e ssa.Value) bool { _, isConst := e.(*ssa.Const); return !isConst && onePartition(e) })
	}
	return !onePartition(rec)
}

// collectedAcrossPolls reports whether instr, in a loop, runs in an
// iteration of a loop that collects records across its iterations: a
// slice of records that the loop's header keeps (a phi) and that an
// append of a record in the loop feeds (batch = append(batch, m)).
func (g *gatherer) collectedAcrossPolls(instr ssa.Instruction) bool {
	b := instr.Block()
	after := ssaflow.Reachable(b)
	for _, h := range b.Parent().Blocks {
		if !after[h] || !h.Dominates(b) {
			continue // not the header of a loop around instr
		}
		for _, in := range h.Instrs {
			phi, ok := in.(*ssa.Phi)
			if !ok {
				break
			}
			sl, ok := phi.Type().Underlying().(*types.Slice)
			if ok && g.isRecord(sl.Elem()) && g.appendsRecord(phi, map[ssa.Value]bool{}) {
				return true
			}
		}
	}
	return false
}

// appendedTo returns the slice v appends records to, when v is an append
// of a record, or of the records of a slice (append(batch, m),
// append(batch, fs.Records()...)); nil otherwise.
func (g *gatherer) appendedTo(v ssa.Value) ssa.Value {
	x, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if bi, ok := x.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "append" || len(x.Call.Args) != 2 {
		return nil
	}
	els := ssaflow.Elems(x.Call.Args[1])
	if els == nil {
		els = []ssa.Value{x.Call.Args[1]}
	}
	if !slices.ContainsFunc(els, g.fromRecords) {
		return nil
	}
	return x.Call.Args[0]
}

// appendsRecord reports whether v, through phis, is an append of a
// record, or of the records of a slice, to a slice the loop keeps (a phi: batch = append(batch, m), not
// batch = append(batch[:0], m), a batch of one).
func (g *gatherer) appendsRecord(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] || len(seen) > 16 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Phi:
		return slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return g.appendsRecord(e, seen) })
	case *ssa.Call:
		_, kept := g.appendedTo(x).(*ssa.Phi)
		return kept
	}
	return false
}

// element reports whether a, or the one record a list a wraps holds,
// is an element of a slice (batch[i]).
func element(a ssa.Value) bool {
	if els := ssaflow.Elems(a); len(els) == 1 {
		a = els[0]
	}
	switch x := a.(type) {
	case *ssa.Index:
		return true
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.IndexAddr)
		return x.Op == token.MUL && ok
	}
	return false
}

// lastIndex reports whether i is len(s)-1, s the slice indexed (the
// records of a batch: batch[len(batch)-1]).
func lastIndex(i, s ssa.Value) bool {
	sub, ok := i.(*ssa.BinOp)
	if !ok || sub.Op != token.SUB {
		return false
	}
	if k, ok := sub.Y.(*ssa.Const); !ok || k.Int64() != 1 {
		return false
	}
	l, ok := sub.X.(*ssa.Call)
	if !ok {
		return false
	}
	if b, isBuiltin := l.Call.Value.(*ssa.Builtin); !isBuiltin || b.Name() != "len" || len(l.Call.Args) != 1 {
		return false
	}
	return l.Call.Args[0] == s
}

// keptByLoop reports whether v is a phi some of whose values (is them)
// are made in a loop that block use has left.
func keptByLoop(v ssa.Value, use *ssa.BasicBlock, is func(ssa.Value) bool) bool {
	if _, ok := v.(*ssa.Phi); !ok {
		return false
	}
	seen := map[ssa.Value]bool{}
	var left func(v ssa.Value, depth int) bool
	left = func(v ssa.Value, depth int) bool {
		if seen[v] || depth > 8 {
			return false
		}
		seen[v] = true
		if p, ok := v.(*ssa.Phi); ok {
			return slices.ContainsFunc(p.Edges, func(e ssa.Value) bool { return left(e, depth+1) })
		}
		in, ok := v.(ssa.Instruction)
		return ok && is(v) && ssaflow.LeftLoop(in.Block(), use)
	}
	return left(v, 0)
}

// carriedOver reports whether the phi v, at use in a loop, may hold a
// record an earlier iteration of that loop took: a value is(v) made in
// the loop in a block that does not dominate use (var last *Message; for
// { select { case <-tick.C: Commit(last); default: m := read(); ...;
// last = m } }). The call then covers every record the loop took since
// the previous one.
func carriedOver(v *ssa.Phi, use *ssa.BasicBlock, is func(ssa.Value) bool) bool {
	type key struct {
		v    ssa.Value
		back bool
	}
	seen := map[key]bool{}
	// back: the value came round a back edge of a loop (an edge into a
	// phi's block from a block that block dominates), not only joined
	// from two branches of one iteration.
	var carried func(v ssa.Value, back bool, depth int) bool
	carried = func(v ssa.Value, back bool, depth int) bool {
		if seen[key{v, back}] || depth > 8 {
			return false
		}
		seen[key{v, back}] = true
		if p, ok := v.(*ssa.Phi); ok {
			for i, e := range p.Edges {
				if i < len(p.Block().Preds) && carried(e, back || p.Block().Dominates(p.Block().Preds[i]), depth+1) {
					return true
				}
			}
			return false
		}
		in, ok := v.(ssa.Instruction)
		return ok && back && is(v) && ssaflow.InLoop(in.Block()) && !ssaflow.LeftLoop(in.Block(), use) && !in.Block().Dominates(use)
	}
	return carried(v, false, 0)
}

// calledInLoops reports whether fn is a helper of the package that is only
// called from loops (a maybeCommit called for each message).
func (g *gatherer) calledInLoops(fn *ssa.Function) bool {
	sites := g.m.Flow.Callers(fn)
	for _, site := range sites {
		if !ssaflow.InLoop(site.Block()) {
			return false
		}
	}
	return len(sites) > 0
}

// isLowWater reports whether v is a result of a function known to return a
// low-water mark (clientmodel.LowWater, or the Done of the tracker a fix
// declares, unchanged: edit.IsTracker), or a value ranged over in one.
func (g *gatherer) isLowWater(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.Extract:
			v = x.Tuple
			continue
		case *ssa.Next:
			v = x.Iter
			continue
		case *ssa.Range:
			v = x.X
			continue
		case *ssa.Call:
			callee := ssaflow.Callee(x.Common())
			if callee == nil {
				return false
			}
			if slices.Contains(clientmodel.LowWater, callee.FullName()) {
				return true
			}
			return callee.Name() == "Done" && edit.InTracker(g.pass, callee)
		}
		return false
	}
}

// clientOffsets returns the grain of positions a client function computes
// from what the client handed out (franz-go's kadm.OffsetsFromFetches(fs),
// OffsetsFromRecords(rs...), NewOffsetFromRecord(r)), or GrainUnknown when
// v is not such a call.
func (g *gatherer) clientOffsets(v ssa.Value, use *ssa.BasicBlock) Grain {
	call, ok := v.(*ssa.Call)
	if !ok {
		return GrainUnknown
	}
	fn := ssaflow.Callee(call.Common())
	if fn == nil || fn.Pkg() == nil || !clientmodel.Default.IsClientPath(fn.Pkg().Path()) {
		return GrainUnknown
	}
	for _, x := range call.Common().Args {
		switch {
		case g.isRecord(x.Type()) && g.lastOfLoop(x, use):
			return GrainBatch // the last record a loop processed
		case g.isRecord(x.Type()):
			return GrainRecord
		case g.fromRecords(x) || ssaflow.Derives(x, isPoll):
			return GrainBatch
		}
	}
	return GrainUnknown
}

// periodic reports whether call commits what is stored, marked or polled
// so far (no position argument) in a loop of a goroutine that fetches
// nothing itself, in the functions it reaches, or in a closure such a
// loop calls.
func (g *gatherer) periodic(call *consumer.Call) bool {
	if call.Record >= 0 || call.Role != clientmodel.Commit {
		return false
	}
	if ssaflow.InLoop(call.Instr.Block()) && g.inGoroutine(call.Fn) {
		return !g.fetchesFrom(call.Fn)
	}
	// A closure called through a variable from a goroutine's loop
	// (commit := func() {...}; case <-t.C: commit(); trial 32a/5).
	for _, site := range g.m.Flow.DynCallers(call.Fn) {
		if ssaflow.InLoop(site.Block()) && g.inGoroutine(site.Parent()) && !g.fetchesFrom(site.Parent()) {
			return true
		}
	}
	return false
}

// besideLoop returns the functions of the consumer's code that run on a
// goroutine of their own beside the consume loop, fetching nothing: the
// functions a go statement or a spawner starts, and the callbacks
// time.AfterFunc and context.AfterFunc run (a checkpoint timer, a
// shutdown hook: hunt 44f/D2, D3), with the functions they call.
func (g *gatherer) besideLoop() map[*ssa.Function]bool {
	if g.beside != nil {
		return g.beside
	}
	g.beside = map[*ssa.Function]bool{}
	// (Every function of the package: the one starting the hook may be
	// the loop's caller, out of the consumer's extent when the loop polls
	// in a helper, s.step(ctx): review 44-1/D7.)
	for _, fn := range g.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				started := g.started(in)
				if x, ok := in.(*ssa.Call); ok && started == nil {
					if callee := ssaflow.Callee(x.Common()); callee != nil && callee.Pkg() != nil && callee.Name() == "AfterFunc" && (callee.Pkg().Path() == "time" || callee.Pkg().Path() == "context") && len(x.Call.Args) == 2 {
						started = x.Call.Args[1]
					}
				}
				root := funcOf(started)
				if root == nil {
					continue
				}
				set := map[*ssa.Function]bool{}
				g.m.Flow.Reach(root, set)
				if !g.fetchesFrom(root) {
					maps.Copy(g.beside, set)
				}
			}
		}
	}
	return g.beside
}

// within returns the full name of the named function fn is or is a
// literal of ("" for none).
func within(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return obj.Origin().FullName()
	}
	return ""
}

// fetchesFrom reports whether fn reaches a fetch of the package.
func (g *gatherer) fetchesFrom(fn *ssa.Function) bool {
	set := map[*ssa.Function]bool{}
	g.m.Flow.Reach(fn, set)
	return slices.ContainsFunc(g.m.Calls, func(c *consumer.Call) bool {
		return set[c.Fn] && (c.Role == clientmodel.Fetch || c.Role == clientmodel.FetchCommit)
	})
}

// ticked reports whether call commits what is stored, marked or polled so
// far (no position argument) in the case of a select, in a loop, that
// receives from a ticker or timer (select { case <-tick.C: c.Commit();
// default: }): the consume loop commits when the ticker fires, not after
// each record it stores.
func ticked(call *consumer.Call) bool {
	if call.Record >= 0 || call.Role != clientmodel.Commit || !ssaflow.InLoop(call.Instr.Block()) {
		return false
	}
	for _, b := range call.Fn.Blocks {
		for _, in := range b.Instrs {
			sel, ok := in.(*ssa.Select)
			if !ok {
				continue
			}
			for i, st := range sel.States {
				if st.Dir == types.RecvOnly && ssaflow.IsTimerChan(st.Chan) {
					for _, blk := range ssaflow.SelectCase(sel, i) {
						if blk.Dominates(call.Instr.Block()) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// isPoll reports whether v is what a fetch call returns (a poll).
func isPoll(v ssa.Value) bool {
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	ref, ok := clientmodel.Default.Call(ssaflow.Callee(call.Common()))
	return ok && (ref.Role == clientmodel.Fetch || ref.Role == clientmodel.FetchCommit)
}

// isOneOffsetMap reports whether v is a map literal holding one offset
// (map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}}).
func isOneOffsetMap(v ssa.Value) bool {
	for range 3 {
		mm, ok := v.(*ssa.MakeMap)
		if !ok {
			return false
		}
		var updates []*ssa.MapUpdate
		for _, ref := range *mm.Referrers() {
			if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == mm {
				updates = append(updates, u)
			}
		}
		if len(updates) != 1 || ssaflow.InLoop(updates[0].Block()) && updates[0].Block() != mm.Block() {
			return false
		}
		if isOneOffsetArg(updates[0].Value) {
			return true
		}
		v = updates[0].Value
	}
	return false
}

// isOneOffsetArg reports whether v is a scalar (a raw offset argument).
func isOneOffsetArg(v ssa.Value) bool {
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (g *gatherer) isRecord(t types.Type) bool { return clientmodel.Default.Record(t) != nil }

// fromRecords reports whether v is computed from records handed out by the
// client (their fields, slices of them), rather than by application code.
func (g *gatherer) fromRecords(v ssa.Value) bool { return ssaflow.DerivedFrom(v, g.isRecord) }
